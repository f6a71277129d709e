// How many large SQL Lab results this process streams at once. A run past the cap is refused with 503 and
// Retry-After instead of waiting in a queue nobody bounds.
import { NezhaError } from '../errors/nezha-error.js';

export const LARGE_RESULTS_BUSY_MESSAGE =
  'The server is already sending as many large results as it can. Try again in a moment.';

export class LargeResultSlots {
  private taken = 0;

  constructor(
    readonly capacity: number,
    /** Seconds a refused client is told to wait. */
    readonly retryAfterSeconds = 5,
  ) {}

  /** A release function when a slot was free, else null. */
  tryAcquire(): (() => void) | null {
    if (this.taken >= this.capacity) return null;
    this.taken += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.taken -= 1;
    };
  }

  get inUse(): number {
    return this.taken;
  }

  busyError(): NezhaError {
    return new NezhaError({
      type: 'GENERIC_BACKEND_ERROR',
      status: 503,
      level: 'warning',
      message: LARGE_RESULTS_BUSY_MESSAGE,
      headers: { 'Retry-After': String(this.retryAfterSeconds) },
    });
  }
}
