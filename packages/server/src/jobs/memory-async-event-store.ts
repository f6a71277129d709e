// The in-process async event store: a bounded list per channel, oldest events and least recently written channels
// dropped first (Superset caps each Redis stream the same way, GLOBAL_ASYNC_QUERIES_REDIS_STREAM_LIMIT).
import { compareAsyncEventIds } from '@nezha/core';
import type { AsyncEvent, AsyncEventStore, AsyncJob } from './async-event-store.js';

export class MemoryAsyncEventStore implements AsyncEventStore {
  private readonly channels = new Map<string, AsyncEvent[]>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private lastTime = 0;
  private sequence = 0;

  constructor(
    private readonly maxPerChannel = 1000,
    private readonly maxChannels = 10_000,
    private readonly clock: () => number = Date.now,
  ) {}

  async append(job: AsyncJob): Promise<AsyncEvent> {
    const event: AsyncEvent = { ...job, id: this.nextId() };
    const events = this.channels.get(job.channel_id) ?? [];
    // Re-inserting keeps the map in order of last write, so the channel dropped below is the stalest.
    this.channels.delete(job.channel_id);
    events.push(event);
    if (events.length > this.maxPerChannel) events.splice(0, events.length - this.maxPerChannel);
    this.channels.set(job.channel_id, events);
    for (const channel of this.channels.keys()) {
      if (this.channels.size <= this.maxChannels) break;
      this.channels.delete(channel);
    }
    for (const listener of this.listeners.get(job.channel_id) ?? []) listener();
    return event;
  }

  async subscribe(channelId: string, onAppend: () => void): Promise<() => void> {
    // A wrapper per call, so the same function subscribed twice is two subscriptions.
    const listener = () => onAppend();
    const set = this.listeners.get(channelId) ?? new Set();
    set.add(listener);
    this.listeners.set(channelId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(channelId) === set) this.listeners.delete(channelId);
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }

  async readAfter(channelId: string, lastId: string | null): Promise<AsyncEvent[]> {
    const events = this.channels.get(channelId) ?? [];
    if (lastId === null) return [...events];
    return events.filter((event) => compareAsyncEventIds(event.id, lastId) > 0);
  }

  /** Ids never go backwards, even when the clock does. */
  private nextId(): string {
    const now = this.clock();
    if (now > this.lastTime) {
      this.lastTime = now;
      this.sequence = 0;
    } else {
      this.sequence += 1;
    }
    return `${this.lastTime}-${this.sequence}`;
  }
}
