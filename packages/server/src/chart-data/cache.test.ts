// The LRU store and the chart cache: bounds, timeouts, shared runs, failures never kept, order-free keys.
import { describe, expect, it } from 'vitest';
import { CacheMissError, ChartCache, cacheKey, LruStore } from './cache.js';

const size = (value: string) => value.length;

describe('LruStore', () => {
  it('evicts the least recently used entry past the entry bound', async () => {
    const store = new LruStore<string>(2, 1000);
    const entry = (value: string) => ({ value, storedAt: new Date(0) });
    await store.set('a', entry('A'), 0, 1);
    await store.set('b', entry('B'), 0, 1);
    await store.get('a');
    await store.set('c', entry('C'), 0, 1);
    expect(await store.get('b')).toBeUndefined();
    expect((await store.get('a'))?.value).toBe('A');
    expect((await store.get('c'))?.value).toBe('C');
  });

  it('evicts past the byte bound and never keeps an entry larger than the whole cache', async () => {
    const store = new LruStore<string>(100, 10);
    await store.set('a', { value: 'aaaaaa', storedAt: new Date(0) }, 0, 6);
    await store.set('b', { value: 'bbbbbb', storedAt: new Date(0) }, 0, 6);
    expect(await store.get('a')).toBeUndefined();
    await store.set('huge', { value: 'x', storedAt: new Date(0) }, 0, 11);
    expect(await store.get('huge')).toBeUndefined();
    expect(store.size).toBe(1);
  });

  it('forgets an entry once its timeout has passed', async () => {
    let now = 0;
    const store = new LruStore<string>(10, 1000, () => now);
    await store.set('a', { value: 'A', storedAt: new Date(0) }, 60, 1);
    now = 59_999;
    expect(await store.get('a')).toBeDefined();
    now = 60_000;
    expect(await store.get('a')).toBeUndefined();
  });
});

describe('ChartCache', () => {
  it('answers from the store after the first run, and runs again when forced', async () => {
    const cache = new ChartCache<string>(new LruStore(), size);
    let runs = 0;
    const compute = async () => `answer ${++runs}`;
    const first = await cache.fetch('k', { force: false, ttlSeconds: 60 }, compute);
    const second = await cache.fetch('k', { force: false, ttlSeconds: 60 }, compute);
    expect(first).toMatchObject({ value: 'answer 1', isCached: false, cachedAt: null });
    expect(second).toMatchObject({ value: 'answer 1', isCached: true });
    const forced = await cache.fetch('k', { force: true, ttlSeconds: 60 }, compute);
    expect(forced).toMatchObject({ value: 'answer 2', isCached: false });
    expect((await cache.fetch('k', { force: false, ttlSeconds: 60 }, compute)).value).toBe('answer 2');
  });

  it('runs identical requests that overlap once', async () => {
    const cache = new ChartCache<string>(new LruStore(), size);
    let runs = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const compute = async () => {
      runs += 1;
      await gate;
      return 'shared';
    };
    const one = cache.fetch('k', { force: false, ttlSeconds: 60 }, compute);
    const two = cache.fetch('k', { force: false, ttlSeconds: 60 }, compute);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(cache.inFlight).toBe(1);
    release();
    expect((await one).value).toBe('shared');
    expect((await two).value).toBe('shared');
    expect(runs).toBe(1);
    expect(cache.inFlight).toBe(0);
  });

  it('keeps no failure: the next request runs again', async () => {
    const store = new LruStore<string>();
    const cache = new ChartCache<string>(store, size);
    await expect(
      cache.fetch('k', { force: false, ttlSeconds: 60 }, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(store.size).toBe(0);
    expect((await cache.fetch('k', { force: false, ttlSeconds: 60 }, async () => 'ok')).isCached).toBe(false);
  });

  it('does not keep an answer whose timeout is negative', async () => {
    const store = new LruStore<string>();
    const cache = new ChartCache<string>(store, size);
    await cache.fetch('k', { force: false, ttlSeconds: -1 }, async () => 'once');
    expect(store.size).toBe(0);
  });

  it('stops the run when every caller has gone, but not while one still waits', async () => {
    const cache = new ChartCache<string>(new LruStore(), size);
    let signal: AbortSignal | undefined;
    const compute = (given: AbortSignal) => {
      signal = given;
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => resolve('late'), 200);
        given.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new Error('stopped'));
        });
      });
    };
    const a = new AbortController();
    const b = new AbortController();
    const first = cache.fetch('k', { force: false, ttlSeconds: 60, signal: a.signal }, compute);
    const second = cache.fetch('k', { force: false, ttlSeconds: 60, signal: b.signal }, compute);
    a.abort();
    await expect(first).rejects.toThrow();
    expect(signal?.aborted).toBe(false);
    b.abort();
    await expect(second).rejects.toThrow();
    expect(signal?.aborted).toBe(true);
  });
});

describe('cacheKey', () => {
  it('does not depend on the order of object keys', () => {
    expect(cacheKey({ a: 1, b: { c: [1, 2], d: null } })).toBe(cacheKey({ b: { d: null, c: [1, 2] }, a: 1 }));
    expect(cacheKey({ a: [1, 2] })).not.toBe(cacheKey({ a: [2, 1] }));
  });
});

describe('ChartCache cached-only fetches', () => {
  it('answers a kept entry and throws CacheMissError, running nothing, for a missing or forced one', async () => {
    const cache = new ChartCache<number>(new LruStore<number>(), () => 1);
    let runs = 0;
    const compute = async () => {
      runs += 1;
      return 42;
    };
    await expect(cache.fetch('k', { force: false, ttlSeconds: 0, cachedOnly: true }, compute)).rejects.toBeInstanceOf(
      CacheMissError,
    );
    expect(runs).toBe(0);
    await cache.fetch('k', { force: false, ttlSeconds: 0 }, compute);
    const hit = await cache.fetch('k', { force: false, ttlSeconds: 0, cachedOnly: true }, compute);
    expect(hit).toMatchObject({ value: 42, isCached: true });
    await expect(cache.fetch('k', { force: true, ttlSeconds: 0, cachedOnly: true }, compute)).rejects.toThrow(
      'not in the cache',
    );
    expect(runs).toBe(1);
  });
});
