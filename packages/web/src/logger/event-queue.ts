// A debounced queue that hands log events to a sender in batches (pure: timers are injected).

export interface Timers {
  set: (callback: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

export interface EventQueueOptions<T> {
  send: (batch: T[]) => void;
  maxBatch: number;
  delayMs: number;
  /** Events with different keys go in different sends (they go to different endpoints). */
  keyOf?: (event: T) => string;
  timers?: Timers;
}

const defaultTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The leading run of events that share the first one's key, at most `max` of them. */
export function takeBatch<T>(events: readonly T[], max: number, keyOf?: (event: T) => string): [T[], T[]] {
  if (events.length === 0) return [[], []];
  let end = Math.min(events.length, max);
  if (keyOf) {
    const key = keyOf(events[0] as T);
    let index = 1;
    while (index < end && keyOf(events[index] as T) === key) index += 1;
    end = index;
  }
  return [events.slice(0, end), events.slice(end)];
}

export class EventQueue<T> {
  private queue: T[] = [];
  private timer: unknown;
  private readonly timers: Timers;

  constructor(private readonly options: EventQueueOptions<T>) {
    this.timers = options.timers ?? defaultTimers;
  }

  get size(): number {
    return this.queue.length;
  }

  /** Adds an event and restarts the debounce: a burst of events leaves in one send. */
  append(event: T): void {
    this.queue.push(event);
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = this.timers.set(() => {
      this.timer = undefined;
      this.flush();
    }, this.options.delayMs);
  }

  /** Sends everything queued now, in as many batches as needed. */
  flush(): void {
    if (this.timer !== undefined) {
      this.timers.clear(this.timer);
      this.timer = undefined;
    }
    while (this.queue.length > 0) {
      const [batch, rest] = takeBatch(this.queue, this.options.maxBatch, this.options.keyOf);
      this.queue = rest;
      this.options.send(batch);
    }
  }

  /** Hands every queued event to `take` instead of the sender (a caller that sends them its own way). */
  drainInto(take: (event: T) => void): void {
    const events = this.queue;
    this.clear();
    for (const event of events) take(event);
  }

  /** Forgets queued events without sending them. */
  clear(): void {
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
    this.queue = [];
  }
}
