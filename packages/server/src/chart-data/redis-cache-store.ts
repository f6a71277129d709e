// The chart data cache on Redis (when NEZHA_REDIS_URL is set): JSON entries under a key prefix, kept with EX,
// shared by every Nezha process on that Redis. Sharing a run between identical requests stays in ChartCache.
import type { Redis } from 'ioredis';
import { isRedisDown } from '../errors/connection-loss.js';
import type { CacheEntry, ChartCacheStore } from './cache.js';

interface StoredEntry {
  value: unknown;
  storedAt: string;
}

function isStoredEntry(value: unknown): value is StoredEntry {
  if (value === null || typeof value !== 'object' || !('value' in value) || !('storedAt' in value)) return false;
  return typeof value.storedAt === 'string' && !Number.isNaN(Date.parse(value.storedAt));
}

export class RedisChartCacheStore<T> implements ChartCacheStore<T> {
  /**
   * @param prefix put before every cache key, e.g. `nezha:chart:`
   * @param onError a Redis failure is reported here and read as a miss (get) or a skipped write (set): charts
   *   still draw, from their databases, while the cache is down
   */
  constructor(
    private readonly redis: Redis,
    readonly prefix: string,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  async get(key: string): Promise<CacheEntry<T> | undefined> {
    // Known down: a miss now, rather than after waiting for a reconnection attempt.
    if (isRedisDown(this.redis)) return undefined;
    let text: string | null;
    try {
      text = await this.redis.get(this.prefix + key);
    } catch (error) {
      this.onError(error);
      return undefined;
    }
    if (text === null) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return undefined;
    }
    // Written by this class, so the value is a T; an entry of another shape (another version, a stray key) misses.
    if (!isStoredEntry(parsed)) return undefined;
    return { value: parsed.value as T, storedAt: new Date(parsed.storedAt) };
  }

  /** Redis bounds its own memory (maxmemory and its eviction policy), so `sizeBytes` is not used. */
  async set(key: string, entry: CacheEntry<T>, ttlSeconds: number, _sizeBytes: number): Promise<void> {
    if (isRedisDown(this.redis)) return;
    const text = JSON.stringify({ value: entry.value, storedAt: entry.storedAt.toISOString() } satisfies StoredEntry);
    try {
      if (ttlSeconds > 0) await this.redis.set(this.prefix + key, text, 'EX', Math.ceil(ttlSeconds));
      else await this.redis.set(this.prefix + key, text);
    } catch (error) {
      this.onError(error);
    }
  }
}
