// Where async job events wait for the browser session that started the job (Superset's async_events): kept per
// channel behind a few calls, so a Redis stream (XADD with MAXLEN / XRANGE, PUBLISH) can take the in-memory list's
// place.
import type { AsyncEvent, AsyncJob } from '@nezha/core';

export type { AsyncEvent, AsyncJob };

export interface AsyncEventStore {
  /** Stores the event under a new id, greater than every id the store gave before. */
  append(job: AsyncJob): Promise<AsyncEvent>;
  /** Events of the channel after `lastId` (all kept ones when null), oldest first. */
  readAfter(channelId: string, lastId: string | null): Promise<AsyncEvent[]>;
  /**
   * Calls `onAppend` after each append to the channel (from any process sharing the store), until the returned
   * function is called. It says only that something was appended: the listener reads what it has not seen with
   * readAfter, so a notice that arrives twice or late loses nothing. Resolves once notices are being delivered.
   */
  subscribe(channelId: string, onAppend: () => void): Promise<() => void>;
  /** Stops delivering notices and lets go of what delivering them held. */
  close(): Promise<void>;
}
