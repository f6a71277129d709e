// The CSRF token of the session, fetched once and shared by every write until the session changes.
import { normalizeError } from '@nezha/core';
import { ApiError } from './api-error';

export const CSRF_TOKEN_PATH = '/api/v1/security/csrf_token/';

let pending: Promise<string> | undefined;
/** The token once it has arrived, for a request that must start without waiting a turn of the event loop. */
let known: string | undefined;

async function fetchCsrfToken(): Promise<string> {
  let response: Response;
  try {
    response = await fetch(CSRF_TOKEN_PATH, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  } catch {
    throw new ApiError(normalizeError({ networkError: true }));
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep the text for the error below
  }
  const token = typeof body === 'object' && body !== null ? (body as { result?: unknown }).result : undefined;
  if (!response.ok || typeof token !== 'string') {
    throw new ApiError(normalizeError({ status: response.status, statusText: response.statusText, body }));
  }
  return token;
}

/** The token if it has already arrived. */
export function peekCsrfToken(): string | undefined {
  return known;
}

export function getCsrfToken(): Promise<string> {
  if (!pending) {
    const request = fetchCsrfToken();
    pending = request;
    request.then(
      (token) => {
        if (pending === request) known = token;
      },
      // A failed fetch must not poison later calls.
      () => {
        if (pending === request) pending = undefined;
      },
    );
  }
  return pending;
}

/** Forget the token: after login, logout, or a CSRF failure. */
export function clearCsrfToken(): void {
  pending = undefined;
  known = undefined;
}
