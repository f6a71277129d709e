// The async event store contract on memory and on Redis: growing ids, reads after an id per channel, a bounded
// channel, notices of appends to subscribers; and on Redis, the stream and its expiry as they are kept, and notices
// across processes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AsyncEventStore, AsyncJob } from '../../src/jobs/async-event-store.js';
import { MemoryAsyncEventStore } from '../../src/jobs/memory-async-event-store.js';
import { RedisAsyncEventStore } from '../../src/jobs/redis-async-event-store.js';
import { dropKeysUnder, keysUnder, testKeyPrefix, testRedis } from '../support/redis-keys.js';
import { REDIS_URL, suiteTitle } from '../support/services.js';

const job = (channel: string, jobId: string, status: AsyncJob['status'] = 'done'): AsyncJob => ({
  channel_id: channel,
  job_id: jobId,
  user_id: 7,
  status,
  errors:
    status === 'error' ? [{ message: 'Boom', error_type: 'GENERIC_DB_ENGINE_ERROR', level: 'error', extra: {} }] : [],
  result_url: status === 'done' ? `/api/v1/chart/data/${jobId}` : null,
});

/** A subscriber that records what it hears, and a promise of the next notice. */
function hearing(store: AsyncEventStore, channel: string, heard: string[]) {
  let wake: () => void = () => undefined;
  const next = () => new Promise<void>((resolve) => (wake = resolve));
  return {
    next,
    stop: store.subscribe(channel, () => {
      heard.push(channel);
      wake();
    }),
  };
}

function contract(name: string, make: (maxPerChannel: number) => AsyncEventStore) {
  describe(name, () => {
    it('tells the subscribers of a channel of each append there, until they unsubscribe', async () => {
      const store = make(100);
      const heard: string[] = [];
      const mine = hearing(store, 'mine', heard);
      const theirs = hearing(store, 'theirs', heard);
      const stopMine = await mine.stop;
      await theirs.stop;
      let heardMine = mine.next();
      await store.append(job('mine', 'a'));
      await heardMine;
      heardMine = mine.next();
      await store.append(job('mine', 'b'));
      await heardMine;
      expect(heard).toEqual(['mine', 'mine']);
      stopMine();
      // Notices arrive in the order of the appends: had 'mine' still been heard, it would come before 'theirs'.
      const heardTheirs = theirs.next();
      await store.append(job('mine', 'c'));
      await store.append(job('theirs', 'd'));
      await heardTheirs;
      expect(heard).toEqual(['mine', 'mine', 'theirs']);
      await store.close();
    });

    it('reads the events of one channel after the last id, oldest first, as they were appended', async () => {
      const store = make(100);
      const first = await store.append(job('mine', 'a'));
      await store.append(job('theirs', 'b'));
      const third = await store.append(job('mine', 'c', 'error'));
      expect((await store.readAfter('mine', null)).map((event) => event.job_id)).toEqual(['a', 'c']);
      expect(await store.readAfter('mine', first.id)).toEqual([third]);
      expect(third).toMatchObject({ channel_id: 'mine', status: 'error', result_url: null, user_id: 7 });
      expect(third.errors[0]?.message).toBe('Boom');
      expect(await store.readAfter('mine', third.id)).toEqual([]);
      expect(await store.readAfter('nobody', null)).toEqual([]);
    });

    it('gives ids that grow with every append', async () => {
      const store = make(100);
      const ids: string[] = [];
      for (const name of ['a', 'b', 'c', 'd']) ids.push((await store.append(job('x', name))).id);
      const asPairs = ids.map((id) => id.split('-').map(Number) as [number, number]);
      for (let at = 1; at < asPairs.length; at += 1) {
        const [time, sequence] = asPairs[at] as [number, number];
        const [before, beforeSequence] = asPairs[at - 1] as [number, number];
        expect(time > before || (time === before && sequence > beforeSequence)).toBe(true);
      }
    });
  });
}

contract('MemoryAsyncEventStore', (max) => new MemoryAsyncEventStore(max));

describe.skipIf(!REDIS_URL)(suiteTitle('RedisAsyncEventStore', REDIS_URL, 'NEZHA_TEST_REDIS_URL'), () => {
  const redis = REDIS_URL ? testRedis(REDIS_URL) : null;
  const prefix = testKeyPrefix();
  beforeAll(async () => {
    await redis?.ping();
  });
  afterAll(async () => {
    if (!redis) return;
    await dropKeysUnder(redis, prefix);
    redis.disconnect();
  });

  contract('on Redis', (max) => new RedisAsyncEventStore(redis!, `${prefix}${Math.random()}:`, max));

  it('keeps a stream per channel that expires, capped near its length', async () => {
    const channelPrefix = `${prefix}capped:`;
    const store = new RedisAsyncEventStore(redis!, channelPrefix, 10);
    for (let at = 0; at < 300; at += 1) await store.append(job('busy', `job-${at}`));
    expect(await keysUnder(redis!, channelPrefix)).toEqual([`${channelPrefix}busy`]);
    expect(await redis!.type(`${channelPrefix}busy`)).toBe('stream');
    const ttl = await redis!.ttl(`${channelPrefix}busy`);
    expect(ttl).toBeGreaterThan(0);
    // MAXLEN ~ trims whole nodes: the stream stays far below what was written, and the newest are kept.
    const kept = await store.readAfter('busy', null);
    expect(kept.length).toBeLessThan(300);
    expect(kept.at(-1)?.job_id).toBe('job-299');
  });

  it('tells a subscriber of an append made through another connection, as another process would', async () => {
    const channelPrefix = `${prefix}shared:`;
    const listening = new RedisAsyncEventStore(redis!, channelPrefix);
    const writerRedis = testRedis(REDIS_URL!);
    const writer = new RedisAsyncEventStore(writerRedis, channelPrefix);
    const heard: string[] = [];
    const subscriber = hearing(listening, 'c', heard);
    await subscriber.stop;
    const next = subscriber.next();
    const event = await writer.append(job('c', 'elsewhere'));
    await next;
    expect(heard).toEqual(['c']);
    expect(await listening.readAfter('c', null)).toEqual([event]);
    await listening.close();
    await writer.close();
    writerRedis.disconnect();
  });

  it('skips an entry that is not an event instead of failing the read', async () => {
    const channelPrefix = `${prefix}odd:`;
    const store = new RedisAsyncEventStore(redis!, channelPrefix);
    await redis!.xadd(`${channelPrefix}c`, '*', 'event', '{not json');
    const good = await store.append(job('c', 'fine'));
    expect(await store.readAfter('c', null)).toEqual([good]);
  });
});
