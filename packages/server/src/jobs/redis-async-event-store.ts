// Async job events on Redis (as Superset keeps them): a stream per channel, capped at a length with XADD MAXLEN and
// read with XRANGE after the last id; a channel left alone expires, so the store cannot grow without bound.
import type { Redis } from 'ioredis';
import type { AsyncEvent, AsyncEventStore, AsyncJob } from './async-event-store.js';

/** A channel nobody wrote to for this long is dropped (a browser session does not poll for a week). */
const CHANNEL_TTL_SECONDS = 7 * 24 * 3600;

/** The event's fields as one JSON value: the stream entry stays one field, whatever the event holds. */
const FIELD = 'event';

function parseEntry(id: string, fields: string[]): AsyncEvent | null {
  const at = fields.indexOf(FIELD);
  const text = at >= 0 ? fields[at + 1] : undefined;
  if (text === undefined) return null;
  try {
    const job = JSON.parse(text) as AsyncJob;
    return { ...job, id };
  } catch {
    return null;
  }
}

export class RedisAsyncEventStore implements AsyncEventStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly maxPerChannel = 1000,
  ) {}

  private key(channelId: string): string {
    return `${this.prefix}${channelId}`;
  }

  async append(job: AsyncJob): Promise<AsyncEvent> {
    const key = this.key(job.channel_id);
    const [[addError, id], [expireError]] = (await this.redis
      .multi()
      .xadd(key, 'MAXLEN', '~', String(this.maxPerChannel), '*', FIELD, JSON.stringify(job))
      .expire(key, CHANNEL_TTL_SECONDS)
      .exec()) as [[Error | null, string], [Error | null, unknown]];
    if (addError) throw addError;
    if (expireError) throw expireError;
    return { ...job, id };
  }

  async readAfter(channelId: string, lastId: string | null): Promise<AsyncEvent[]> {
    // An exclusive start ('(' id) reads strictly after the id the browser last saw.
    const entries = await this.redis.xrange(this.key(channelId), lastId === null ? '-' : `(${lastId}`, '+');
    return entries.flatMap(([id, fields]) => {
      const event = parseEntry(id, fields);
      return event ? [event] : [];
    });
  }
}
