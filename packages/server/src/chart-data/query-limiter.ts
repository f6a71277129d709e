// A cap on chart statements running at once against each database, so that a 50-chart dashboard queues on the
// server instead of flooding the warehouse (the config's maxQueriesPerDatabase, NEZHA_MAX_QUERIES_PER_DATABASE).
import type { AppContext } from '../app/context.js';

interface Waiter {
  grant: () => void;
}

/** Counting semaphores keyed by database id; waiters are served first come, first served. */
export class KeyedSemaphore {
  private readonly running = new Map<number, number>();
  private readonly waiting = new Map<number, Waiter[]>();

  constructor(readonly limit: number) {}

  /** Resolves with the release function once a slot is free; rejects if the signal fires first. */
  acquire(key: number, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.release(key);
    };
    const count = this.running.get(key) ?? 0;
    if (count < this.limit) {
      this.running.set(key, count + 1);
      return Promise.resolve(release);
    }
    return new Promise((resolve, reject) => {
      const queue = this.waiting.get(key) ?? [];
      const onAbort = () => {
        const index = queue.indexOf(waiter);
        if (index >= 0) queue.splice(index, 1);
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
      };
      queue.push(waiter);
      this.waiting.set(key, queue);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** A freed slot passes straight to the next waiter, so the count never dips below the limit while some wait. */
  private release(key: number): void {
    const next = this.waiting.get(key)?.shift();
    if (next) {
      next.grant();
      return;
    }
    const count = (this.running.get(key) ?? 1) - 1;
    if (count <= 0) this.running.delete(key);
    else this.running.set(key, count);
  }

  active(key: number): number {
    return this.running.get(key) ?? 0;
  }
}

const limiters = new WeakMap<AppContext, KeyedSemaphore>();

/** One limiter per running app, shared by every chart data request. */
export function queryLimiterOf(ctx: AppContext): KeyedSemaphore {
  let limiter = limiters.get(ctx);
  if (!limiter) {
    limiter = new KeyedSemaphore(ctx.config.maxQueriesPerDatabase);
    limiters.set(ctx, limiter);
  }
  return limiter;
}
