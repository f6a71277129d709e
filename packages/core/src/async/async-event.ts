// Async job events (spec §4 "Async job event", §9 Async constants): the shape the server appends and the browser
// receives (websocket or polling), their ids (Redis stream ids, `<milliseconds>-<sequence>`) and how they order.
import type { NezhaErrorPayload } from '../errors/error-types.js';

export type AsyncJobStatus = 'pending' | 'running' | 'done' | 'error';

/** Superset's async job metadata: what a 202 answers (status pending) and each event repeats with the outcome. */
export interface AsyncJob {
  channel_id: string;
  job_id: string;
  user_id: number;
  status: AsyncJobStatus;
  errors: NezhaErrorPayload[];
  result_url: string | null;
}

export interface AsyncEvent extends AsyncJob {
  id: string;
}

/** Default delay between two polls of GET /api/v1/async_event/. */
export const ASYNC_POLLING_DELAY_MS = 500;
/** An event whose job has no listener yet is tried again this many times, 100 ms times the attempt apart. */
export const ASYNC_LISTENER_RETRIES = 6;
export const ASYNC_LISTENER_RETRY_DELAY_MS = 100;
/** A closed websocket is opened again this many times, this long apart, before the page falls back to polling. */
export const ASYNC_WS_RECONNECT_LIMIT = 6;
export const ASYNC_WS_RECONNECT_DELAY_MS = 2500;

/** How the browser learns of async events (Superset's GLOBAL_ASYNC_QUERIES_TRANSPORT). */
export const ASYNC_TRANSPORTS = ['ws', 'polling'] as const;
export type AsyncTransport = (typeof ASYNC_TRANSPORTS)[number];

export const ASYNC_EVENT_ID_PATTERN = /^\d{1,15}-\d{1,15}$/;

export function isAsyncEventId(value: unknown): value is string {
  return typeof value === 'string' && ASYNC_EVENT_ID_PATTERN.test(value);
}

/** Orders two event ids by time, then sequence, as a Redis stream does. */
export function compareAsyncEventIds(a: string, b: string): number {
  const [aTime = 0, aSeq = 0] = a.split('-').map(Number);
  const [bTime = 0, bSeq = 0] = b.split('-').map(Number);
  return aTime - bTime || aSeq - bSeq;
}
