// Async job events on Redis (as Superset keeps them): a stream per channel, capped at a length with XADD MAXLEN and
// read with XRANGE after the last id; a channel left alone expires, so the store cannot grow without bound. Each append
// is PUBLISHed on a pub/sub channel of the same name, so a websocket held by any process sharing the Redis hears of it.
import type { Redis } from 'ioredis';
import { onRedis } from '../errors/connection-loss.js';
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

interface Subscription {
  listeners: Set<() => void>;
  /** Settles when Redis has confirmed the SUBSCRIBE. */
  ready: Promise<unknown>;
}

export class RedisAsyncEventStore implements AsyncEventStore {
  /** A connection in subscriber mode can run no other command: one more, opened at the first subscribe. */
  private subscriber: Redis | null = null;
  private readonly subscriptions = new Map<string, Subscription>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly maxPerChannel = 1000,
  ) {}

  private key(channelId: string): string {
    return `${this.prefix}${channelId}`;
  }

  /** Redis down answers 503: the events are kept, they cannot be written or read now. */
  append(job: AsyncJob): Promise<AsyncEvent> {
    return onRedis(this.redis, 'GENERIC_BACKEND_ERROR', () => this.appendNow(job));
  }

  readAfter(channelId: string, lastId: string | null): Promise<AsyncEvent[]> {
    return onRedis(this.redis, 'GENERIC_BACKEND_ERROR', () => this.readAfterNow(channelId, lastId));
  }

  private async appendNow(job: AsyncJob): Promise<AsyncEvent> {
    const key = this.key(job.channel_id);
    const [[addError, id], [expireError], [publishError]] = (await this.redis
      .multi()
      .xadd(key, 'MAXLEN', '~', String(this.maxPerChannel), '*', FIELD, JSON.stringify(job))
      .expire(key, CHANNEL_TTL_SECONDS)
      .publish(key, 'appended')
      .exec()) as [[Error | null, string], [Error | null, unknown], [Error | null, unknown]];
    if (addError) throw addError;
    if (expireError) throw expireError;
    if (publishError) throw publishError;
    return { ...job, id };
  }

  subscribe(channelId: string, onAppend: () => void): Promise<() => void> {
    return onRedis(this.redis, 'GENERIC_BACKEND_ERROR', () => this.subscribeNow(channelId, onAppend));
  }

  private async subscribeNow(channelId: string, onAppend: () => void): Promise<() => void> {
    const name = this.key(channelId);
    const listener = () => onAppend();
    let subscription = this.subscriptions.get(name);
    if (!subscription) {
      const subscriber = this.subscriberConnection();
      subscription = { listeners: new Set(), ready: subscriber.subscribe(name) };
      this.subscriptions.set(name, subscription);
    }
    const current = subscription;
    current.listeners.add(listener);
    const unsubscribe = () => {
      current.listeners.delete(listener);
      if (current.listeners.size > 0 || this.subscriptions.get(name) !== current) return;
      this.subscriptions.delete(name);
      // Commands on one connection run in order, so a later SUBSCRIBE of the same channel still holds.
      this.subscriber?.unsubscribe(name).catch(() => undefined);
    };
    try {
      await current.ready;
    } catch (error) {
      unsubscribe();
      throw error;
    }
    return unsubscribe;
  }

  async close(): Promise<void> {
    this.subscriptions.clear();
    this.subscriber?.disconnect();
    this.subscriber = null;
  }

  private subscriberConnection(): Redis {
    if (this.subscriber) return this.subscriber;
    const subscriber = this.redis.duplicate();
    // The main connection reports outages; this one reconnects and subscribes again by itself.
    subscriber.on('error', () => undefined);
    subscriber.on('message', (name: string) => {
      for (const listener of this.subscriptions.get(name)?.listeners ?? []) listener();
    });
    this.subscriber = subscriber;
    return subscriber;
  }

  private async readAfterNow(channelId: string, lastId: string | null): Promise<AsyncEvent[]> {
    // An exclusive start ('(' id) reads strictly after the id the browser last saw.
    const entries = await this.redis.xrange(this.key(channelId), lastId === null ? '-' : `(${lastId}`, '+');
    return entries.flatMap(([id, fields]) => {
      const event = parseEntry(id, fields);
      return event ? [event] : [];
    });
  }
}
