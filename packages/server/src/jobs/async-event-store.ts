// Where async job events wait for the browser session that started the job (Superset's async_events): kept per
// channel behind two calls, so a Redis stream (XADD with MAXLEN / XRANGE) can take the in-memory list's place.
import type { AsyncEvent, AsyncJob } from '@nezha/core';

export type { AsyncEvent, AsyncJob };

export interface AsyncEventStore {
  /** Stores the event under a new id, greater than every id the store gave before. */
  append(job: AsyncJob): Promise<AsyncEvent>;
  /** Events of the channel after `lastId` (all kept ones when null), oldest first. */
  readAfter(channelId: string, lastId: string | null): Promise<AsyncEvent[]>;
}
