// Typed fetch wrapper: same-origin cookies, CSRF header on writes, one retry on a stale CSRF token,
// errors normalised by @nezha/core, and a hook that sends the user to the login page on any 401.
import { normalizeError } from '@nezha/core';
import { ApiError } from './api-error';
import { clearCsrfToken, getCsrfToken, peekCsrfToken } from './csrf';
import { getGuestToken } from './guest-token';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON. */
  json?: unknown;
  signal?: AbortSignal;
  /** Abort the call after this many milliseconds with the spec's "Request timed out" error. */
  timeoutMs?: number;
  /** False for calls where 401 is an expected answer (the login form itself). */
  redirectOnUnauthorized?: boolean;
  /** False for the few writes that need no CSRF token (login). */
  csrf?: boolean;
  /** The Accept header; JSON unless a call says otherwise. */
  accept?: string;
  /**
   * Another origin of the same server to send the call to (domain sharding, `chart-data/domain-sharding.ts`): the
   * call then carries its cookies across (CORS with credentials), which the server allows for its configured hosts.
   */
  origin?: string | null;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The app decides where a 401 goes (it knows the router); the client only reports it. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function isCsrfFailure(status: number, body: unknown): boolean {
  if (status !== 400) return false;
  return (typeof body === 'string' ? body : JSON.stringify(body ?? '')).includes('CSRF token');
}

async function send(path: string, options: RequestOptions, method: HttpMethod): Promise<Response> {
  const headers: Record<string, string> = { Accept: options.accept ?? 'application/json' };
  if (options.json !== undefined) headers['Content-Type'] = 'application/json';
  const guest = getGuestToken();
  // A guest (the embedded page) has no session: the token header is its credential, and needs no CSRF token.
  if (guest) headers['X-GuestToken'] = guest;
  // A token already known is used at once: awaiting even a settled promise yields to whatever React queued, and the
  // request then waits for that render (explore's chart query waited for the whole page to draw).
  else if (method !== 'GET' && options.csrf !== false)
    headers['X-CSRFToken'] = peekCsrfToken() ?? (await getCsrfToken());
  const init: RequestInit = { method, headers, credentials: options.origin ? 'include' : 'same-origin' };
  if (options.origin) init.mode = 'cors';
  if (options.json !== undefined) init.body = JSON.stringify(options.json);
  if (options.signal) init.signal = options.signal;
  return fetch(options.origin ? `${options.origin}${path}` : path, init);
}

async function sendWithTimeout(path: string, options: RequestOptions, method: HttpMethod): Promise<Response> {
  if (!options.timeoutMs) return send(path, options, method);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  options.signal?.addEventListener('abort', () => controller.abort(), { once: true });
  try {
    return await send(path, { ...options, signal: controller.signal }, method);
  } catch (error) {
    if (controller.signal.aborted && !options.signal?.aborted) {
      throw new ApiError(normalizeError({ timeout: true, timeoutMs: options.timeoutMs }));
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** A successful answer with its status, for the calls where 200 and 202 mean different things (chart data). */
export interface ApiResponse<T> {
  status: number;
  body: T;
}

/** Performs one call and resolves to its parsed JSON body; rejects with ApiError. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await requestWithStatus<T>(path, options)).body;
}

/** `request`, also telling which success status answered. */
export async function requestWithStatus<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const answer = await requestOrStream<T>(path, options, null);
  if ('stream' in answer) throw new Error('unreachable: no stream type was asked for');
  return answer;
}

/** A successful answer whose body the caller reads as it arrives. */
export interface StreamedAnswer {
  status: number;
  stream: ReadableStream<Uint8Array>;
  headers: Headers;
}

/**
 * `requestWithStatus`, except that a successful answer of `streamType` is handed over unread, for the caller to
 * read as it arrives; any other answer (an error, a JSON body) is read and checked as `request` does.
 */
export function requestStream<T>(
  path: string,
  streamType: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T> | StreamedAnswer> {
  return requestOrStream<T>(path, options, streamType);
}

async function requestOrStream<T>(
  path: string,
  options: RequestOptions,
  streamType: string | null,
): Promise<ApiResponse<T> | StreamedAnswer> {
  const method = options.method ?? (options.json === undefined ? 'GET' : 'POST');
  let response: Response;
  let body: unknown;
  let retried = false;
  for (;;) {
    try {
      response = await sendWithTimeout(path, options, method);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(normalizeError({ networkError: true }));
    }
    const type = response.headers.get('content-type') ?? '';
    if (streamType !== null && response.ok && response.body && type.includes(streamType)) {
      return { status: response.status, stream: response.body, headers: response.headers };
    }
    body = await readBody(response);
    // A token can go stale when the session changes under us: fetch a fresh one once, then give up.
    if (!retried && method !== 'GET' && options.csrf !== false && isCsrfFailure(response.status, body)) {
      retried = true;
      clearCsrfToken();
      continue;
    }
    break;
  }
  if (response.ok) return { status: response.status, body: body as T };
  if (response.status === 401 && options.redirectOnUnauthorized !== false) onUnauthorized();
  throw new ApiError(normalizeError({ status: response.status, statusText: response.statusText, body }));
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'json'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, json?: unknown, options?: Omit<RequestOptions, 'method' | 'json'>) =>
    request<T>(path, { ...options, method: 'POST', json: json ?? {} }),
  put: <T>(path: string, json: unknown, options?: Omit<RequestOptions, 'method' | 'json'>) =>
    request<T>(path, { ...options, method: 'PUT', json }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'json'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};
