// The chart cache store on Redis: hits and misses, EX expiry, no expiry for timeout 0, unreadable entries miss,
// a Redis failure reads as a miss, and ChartCache over it still shares one run between identical requests.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChartCache, type ChartCacheStore } from '../../src/chart-data/cache.js';
import { RedisChartCacheStore } from '../../src/chart-data/redis-cache-store.js';
import { closedPort, dropKeysUnder, testKeyPrefix, testRedis } from '../support/redis-keys.js';
import { REDIS_URL, suiteTitle } from '../support/services.js';

interface Answer {
  rows: number[][];
  label: string;
}

const answer = (label: string): Answer => ({
  rows: [
    [1, 2],
    [3, 4],
  ],
  label,
});

describe.skipIf(!REDIS_URL)(suiteTitle('chart cache store on Redis', REDIS_URL, 'NEZHA_TEST_REDIS_URL'), () => {
  let redis: Redis;
  let store: RedisChartCacheStore<Answer>;
  const prefix = testKeyPrefix();
  beforeAll(() => {
    redis = testRedis(REDIS_URL as string);
    store = new RedisChartCacheStore<Answer>(redis, `${prefix}chart:`);
  });
  afterAll(async () => {
    await dropKeysUnder(redis, prefix);
    await redis.quit();
  });

  it('misses an unknown key and hits a stored one, with its value and storedAt', async () => {
    expect(await store.get('nothing-here')).toBeUndefined();
    const storedAt = new Date('2024-05-06T07:08:09.123Z');
    await store.set('k1', { value: answer('one'), storedAt }, 3600, 10);
    expect(await store.get('k1')).toEqual({ value: answer('one'), storedAt });
    const stored = JSON.parse((await redis.get(`${prefix}chart:k1`)) ?? 'null');
    expect(stored).toEqual({ value: answer('one'), storedAt: '2024-05-06T07:08:09.123Z' });
    const ttl = await redis.ttl(`${prefix}chart:k1`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(3600);
  });

  it('keeps an entry with timeout 0 without an expiry', async () => {
    await store.set('forever', { value: answer('f'), storedAt: new Date() }, 0, 10);
    expect(await redis.ttl(`${prefix}chart:forever`)).toBe(-1);
    expect((await store.get('forever'))?.value).toEqual(answer('f'));
  });

  it('misses once a short timeout has passed', async () => {
    await store.set('short', { value: answer('s'), storedAt: new Date() }, 1, 10);
    expect(await store.get('short')).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await store.get('short')).toBeUndefined();
  });

  it('reads an entry that does not parse, or has another shape, as a miss', async () => {
    await redis.set(`${prefix}chart:broken`, '{"value": [1, 2');
    expect(await store.get('broken')).toBeUndefined();
    await redis.set(`${prefix}chart:no-date`, JSON.stringify({ value: answer('x') }));
    expect(await store.get('no-date')).toBeUndefined();
    await redis.set(`${prefix}chart:bad-date`, JSON.stringify({ value: answer('x'), storedAt: 'yesterday' }));
    expect(await store.get('bad-date')).toBeUndefined();
    await redis.set(`${prefix}chart:array`, '[]');
    expect(await store.get('array')).toBeUndefined();
  });

  it('under ChartCache: identical requests arriving together run once, a later one is a hit from Redis', async () => {
    let lookups = 0;
    const counting: ChartCacheStore<Answer> = {
      get: async (key) => {
        const found = await store.get(key);
        lookups += 1;
        return found;
      },
      set: (key, entry, ttl, size) => store.set(key, entry, ttl, size),
    };
    const cache = new ChartCache<Answer>(counting, () => 10);
    let runs = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const compute = async () => {
      runs += 1;
      await gate;
      return answer('shared');
    };
    const first = cache.fetch('shared', { force: false, ttlSeconds: 60 }, compute);
    const second = cache.fetch('shared', { force: false, ttlSeconds: 60 }, compute);
    // Both callers are past their store lookup, so joined to the run, before it is let go.
    while (lookups < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(cache.inFlight).toBe(1);
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(runs).toBe(1);
    expect([a.isCached, b.isCached]).toEqual([false, false]);
    expect(b.value).toEqual(answer('shared'));

    // A second cache on the same Redis (another process) finds the answer without running it.
    const elsewhere = new ChartCache<Answer>(new RedisChartCacheStore<Answer>(redis, `${prefix}chart:`), () => 10);
    const later = await elsewhere.fetch('shared', { force: false, ttlSeconds: 60 }, compute);
    expect(later).toMatchObject({ isCached: true, value: answer('shared') });
    expect(later.cachedAt).toBeInstanceOf(Date);
    expect(runs).toBe(1);
  });
});

describe('chart cache store on an unreachable Redis', () => {
  it('reads as a miss and skips the write, reporting the failure', async () => {
    const port = await closedPort();
    const down = new Redis(`redis://127.0.0.1:${port}/0`, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    down.on('error', () => undefined);
    const errors: unknown[] = [];
    const store = new RedisChartCacheStore<Answer>(down, 'nezha:chart:', (error) => errors.push(error));
    try {
      expect(await store.get('k')).toBeUndefined();
      await store.set('k', { value: answer('k'), storedAt: new Date() }, 60, 10);
      expect(errors).toHaveLength(2);
    } finally {
      down.disconnect();
    }
  });
});
