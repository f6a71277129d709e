// Async job events (spec §4 "Async job event", Superset's async_events): what a finished background job tells the
// browser session that started it. Kept per channel behind two calls so a Redis stream (XADD / XRANGE) can hold them.
import type { NezhaErrorPayload } from '@nezha/core';

export type AsyncJobStatus = 'pending' | 'running' | 'done' | 'error';

/** Superset's job metadata: what a 202 answers (status pending) and each event repeats with its outcome. */
export interface AsyncJob {
  channel_id: string;
  job_id: string;
  user_id: number;
  status: AsyncJobStatus;
  errors: NezhaErrorPayload[];
  result_url: string | null;
}

/** An event as stored and read back: the job's metadata at its end plus the stream id. */
export interface AsyncEvent extends AsyncJob {
  /** Redis stream id form, `<milliseconds>-<sequence>`; ids grow in append order within a channel. */
  id: string;
}

export interface AsyncEventStore {
  append(job: AsyncJob): Promise<AsyncEvent>;
  /** Events of the channel after `lastId` (all kept ones when null), oldest first. */
  readAfter(channelId: string, lastId: string | null): Promise<AsyncEvent[]>;
}

/** A stream id as Redis writes it; the route refuses anything else as `last_id`. */
export const EVENT_ID_PATTERN = /^\d{1,15}-\d{1,15}$/;

/** Compares two stream ids by time, then sequence (what XRANGE's order is). */
export function compareEventIds(a: string, b: string): number {
  const [aTime = 0, aSeq = 0] = a.split('-').map(Number);
  const [bTime = 0, bSeq = 0] = b.split('-').map(Number);
  return aTime - bTime || aSeq - bSeq;
}
