// A sliding-window counter per key, kept in the process: how many hits a key had in the last window.
import type { Rate } from '../config/rate.js';

/** Keys kept at most; beyond it the key idle longest goes, so a flood of made-up usernames cannot grow memory. */
const DEFAULT_MAX_KEYS = 10_000;

export class SlidingWindowLimiter {
  /** Hit times per key, oldest first; a Map keeps insertion order, which makes the eviction below cheap. */
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly rate: Rate,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = DEFAULT_MAX_KEYS,
  ) {}

  /** Milliseconds until `key` may be hit again; 0 when it may now. */
  waitMs(key: string): number {
    const times = this.live(key);
    if (times.length < this.rate.limit) return 0;
    // The hit that must leave the window before one more fits.
    const blocking = times[times.length - this.rate.limit] ?? 0;
    return Math.max(1, blocking + this.rate.windowMs - this.now());
  }

  /** Counts a hit now and returns its time, so it can be taken back. */
  hit(key: string): number {
    const at = this.now();
    const times = this.live(key);
    times.push(at);
    // Re-inserting moves the key to the end: the first key is always the one idle longest.
    this.hits.delete(key);
    this.hits.set(key, times);
    if (this.hits.size > this.maxKeys) {
      const oldest = this.hits.keys().next().value;
      if (oldest !== undefined) this.hits.delete(oldest);
    }
    return at;
  }

  /** Takes back one hit made at `at` (an attempt that turned out not to count). */
  forget(key: string, at: number): void {
    const times = this.hits.get(key);
    if (!times) return;
    const index = times.indexOf(at);
    if (index >= 0) times.splice(index, 1);
    if (times.length === 0) this.hits.delete(key);
  }

  private live(key: string): number[] {
    const times = this.hits.get(key);
    if (!times) return [];
    const since = this.now() - this.rate.windowMs;
    while (times.length > 0 && (times[0] ?? 0) <= since) times.shift();
    if (times.length === 0) this.hits.delete(key);
    return times;
  }
}
