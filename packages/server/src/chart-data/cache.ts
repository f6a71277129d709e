// The chart data cache: answers kept by key for their timeout (in-process LRU by default), force refresh,
// and one run shared by identical requests that arrive while it is under way. Failures are never kept.
import { createHash } from 'node:crypto';

export interface CacheEntry<T> {
  value: T;
  /** When the answer was computed (Superset's cached_dttm). */
  storedAt: Date;
}

/** Where answers are kept. A Redis store (when NEZHA_REDIS_URL is set) would implement the same two calls. */
export interface ChartCacheStore<T> {
  get(key: string): Promise<CacheEntry<T> | undefined>;
  /** `ttlSeconds` 0 keeps the entry until it is evicted. */
  set(key: string, entry: CacheEntry<T>, ttlSeconds: number, sizeBytes: number): Promise<void>;
}

interface LruItem<T> {
  entry: CacheEntry<T>;
  expiresAt: number;
  size: number;
}

/** Least recently used entries go first once either bound is passed. */
export class LruStore<T> implements ChartCacheStore<T> {
  private readonly items = new Map<string, LruItem<T>>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = 1000,
    private readonly maxBytes = 256 * 1024 * 1024,
    private readonly clock: () => number = Date.now,
  ) {}

  async get(key: string): Promise<CacheEntry<T> | undefined> {
    const item = this.items.get(key);
    if (!item) return undefined;
    this.items.delete(key);
    if (item.expiresAt <= this.clock()) {
      this.bytes -= item.size;
      return undefined;
    }
    this.items.set(key, item);
    return item.entry;
  }

  async set(key: string, entry: CacheEntry<T>, ttlSeconds: number, sizeBytes: number): Promise<void> {
    const previous = this.items.get(key);
    if (previous) {
      this.items.delete(key);
      this.bytes -= previous.size;
    }
    // An answer larger than the whole cache would only push everything else out.
    if (sizeBytes > this.maxBytes) return;
    const expiresAt = ttlSeconds > 0 ? this.clock() + ttlSeconds * 1000 : Number.POSITIVE_INFINITY;
    this.items.set(key, { entry, expiresAt, size: sizeBytes });
    this.bytes += sizeBytes;
    for (const [oldest, item] of this.items) {
      if (this.items.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.items.delete(oldest);
      this.bytes -= item.size;
    }
  }

  get size(): number {
    return this.items.size;
  }
}

export interface FetchOptions {
  /** Skip the stored answer (a run under way is still joined: it is as fresh as a new one). */
  force: boolean;
  /** Seconds to keep the answer; negative: do not keep it. */
  ttlSeconds: number;
  /** The caller gave up (its request closed); the run stops when every caller has. */
  signal?: AbortSignal | undefined;
  /** Answer from the store or not at all (Superset's force_cached): a miss throws CacheMissError, nothing runs. */
  cachedOnly?: boolean | undefined;
}

/** A cached-only fetch found nothing kept under its key (never computed, expired, evicted, or forced). */
export class CacheMissError extends Error {
  override name = 'CacheMissError';
  constructor(readonly key: string) {
    super('The answer is not in the cache.');
  }
}

export interface FetchResult<T> {
  value: T;
  isCached: boolean;
  cachedAt: Date | null;
}

interface Flight<T> {
  promise: Promise<CacheEntry<T>>;
  controller: AbortController;
  waiters: number;
}

function abortError(): Error {
  return new DOMException('The request was closed', 'AbortError');
}

export class ChartCache<T> {
  private readonly flights = new Map<string, Flight<T>>();

  constructor(
    readonly store: ChartCacheStore<T>,
    private readonly sizeOf: (value: T) => number,
  ) {}

  /** Runs under way, for tests and diagnostics. */
  get inFlight(): number {
    return this.flights.size;
  }

  async fetch(
    key: string,
    options: FetchOptions,
    compute: (signal: AbortSignal) => Promise<T>,
  ): Promise<FetchResult<T>> {
    if (!options.force) {
      const hit = await this.store.get(key);
      if (hit) return { value: hit.value, isCached: true, cachedAt: hit.storedAt };
    }
    if (options.cachedOnly) throw new CacheMissError(key);
    const running = this.flights.get(key);
    // A run every caller has left is winding down with a cancellation; a new caller needs a new run.
    const flight =
      running && !running.controller.signal.aborted ? running : this.start(key, options.ttlSeconds, compute);
    const entry = await this.join(flight, options.signal);
    return { value: entry.value, isCached: false, cachedAt: null };
  }

  private start(key: string, ttlSeconds: number, compute: (signal: AbortSignal) => Promise<T>): Flight<T> {
    const controller = new AbortController();
    const promise = (async () => {
      const value = await compute(controller.signal);
      const entry: CacheEntry<T> = { value, storedAt: new Date() };
      if (ttlSeconds >= 0) await this.store.set(key, entry, ttlSeconds, this.sizeOf(value));
      return entry;
    })();
    const flight: Flight<T> = { promise, controller, waiters: 0 };
    this.flights.set(key, flight);
    const done = () => {
      if (this.flights.get(key) === flight) this.flights.delete(key);
    };
    promise.then(done, done);
    return flight;
  }

  private join(flight: Flight<T>, signal: AbortSignal | undefined): Promise<CacheEntry<T>> {
    flight.waiters += 1;
    if (!signal) return flight.promise;
    if (signal.aborted) {
      this.leave(flight);
      return Promise.reject(abortError());
    }
    return new Promise<CacheEntry<T>>((resolve, reject) => {
      const onAbort = () => {
        this.leave(flight);
        reject(abortError());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      flight.promise.then(
        (entry) => {
          signal.removeEventListener('abort', onAbort);
          resolve(entry);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }

  private leave(flight: Flight<T>): void {
    flight.waiters -= 1;
    if (flight.waiters <= 0) flight.controller.abort();
  }
}

/** JSON with object keys sorted at every level, so equal query objects give equal keys. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item) || item instanceof Date) return item;
    return Object.fromEntries(
      Object.keys(item)
        .sort()
        .map((name) => [name, (item as Record<string, unknown>)[name]]),
    );
  });
}

export function cacheKey(parts: unknown): string {
  return createHash('sha256').update(stableStringify(parts)).digest('hex');
}
