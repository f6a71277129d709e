// The per-database query cap: slots per key, first come first served, and waiters that give up.
import { describe, expect, it } from 'vitest';
import { KeyedSemaphore } from './query-limiter.js';

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('KeyedSemaphore', () => {
  it('grants the limit at once per key, queues the rest in order and hands a freed slot to the next', async () => {
    const limiter = new KeyedSemaphore(2);
    const order: string[] = [];
    const first = await limiter.acquire(1);
    const second = await limiter.acquire(1);
    const otherKey = await limiter.acquire(2);
    const granted = async (name: string) => {
      const release = await limiter.acquire(1);
      order.push(name);
      return release;
    };
    const third = granted('third');
    const fourth = granted('fourth');
    await settled();
    expect(order).toEqual([]);
    expect(limiter.active(1)).toBe(2);
    first();
    first(); // Releasing twice frees one slot only.
    await settled();
    expect(order).toEqual(['third']);
    second();
    await settled();
    expect(order).toEqual(['third', 'fourth']);
    (await third)();
    (await fourth)();
    otherKey();
    expect(limiter.active(1)).toBe(0);
    expect(limiter.active(2)).toBe(0);
  });

  it('drops a waiter whose signal fires, so that the slot goes to the one behind it', async () => {
    const limiter = new KeyedSemaphore(1);
    const held = await limiter.acquire(7);
    const controller = new AbortController();
    const gaveUp = limiter.acquire(7, controller.signal);
    const next = limiter.acquire(7);
    controller.abort(new Error('client left'));
    await expect(gaveUp).rejects.toThrow('client left');
    held();
    const release = await next;
    expect(limiter.active(7)).toBe(1);
    release();
    expect(limiter.active(7)).toBe(0);
    await expect(limiter.acquire(7, AbortSignal.abort(new Error('already gone')))).rejects.toThrow('already gone');
  });
});
