// Stop requests reach the process that runs the query: locally, or through Redis pub/sub to every process.
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalCancelChannel, RedisCancelChannel } from '../../src/jobs/cancel-channel.js';
import { RunningQueries } from '../../src/sqllab/running-queries.js';
import { waitFor } from '../api/sqllab-harness.js';
import { dropKeysUnder, testKeyPrefix, testRedis } from '../support/redis-keys.js';
import { REDIS_URL, suiteTitle } from '../support/services.js';

describe('the local cancel channel', () => {
  it('aborts a run of this process with the reason, and ignores unknown ids', async () => {
    const running = new RunningQueries();
    const controller = running.start('abc');
    const channel = new LocalCancelChannel(running);
    await channel.cancel('nope', 'stopped by the user');
    expect(controller.signal.aborted).toBe(false);
    await channel.cancel('abc', 'stopped by the user');
    expect(controller.signal.aborted).toBe(true);
    expect((controller.signal.reason as Error).message).toBe('stopped by the user');
  });
});

describe.skipIf(!REDIS_URL)(suiteTitle('the cancel channel on Redis', REDIS_URL, 'NEZHA_TEST_REDIS_URL'), () => {
  const prefix = testKeyPrefix();
  let a: Redis;
  let b: Redis;
  let other: Redis;
  beforeAll(() => {
    a = testRedis(REDIS_URL as string);
    b = testRedis(REDIS_URL as string);
    other = testRedis(REDIS_URL as string);
  });
  afterAll(async () => {
    await dropKeysUnder(a, prefix);
    await Promise.all([a.quit(), b.quit(), other.quit()]);
  });

  it('a stop entered on one process aborts the run on another, and not on an installation with another prefix', async () => {
    const here = new RunningQueries();
    const there = new RunningQueries();
    const elsewhere = new RunningQueries();
    const sender = new RedisCancelChannel(a, prefix, here);
    const receiver = new RedisCancelChannel(b, prefix, there);
    const stranger = new RedisCancelChannel(other, `${prefix}other:`, elsewhere);
    await receiver.listen();
    await stranger.listen();
    const run = there.start('q1');
    const foreign = elsewhere.start('q1');
    await sender.cancel('q1', 'stopped by the user');
    expect(
      await waitFor(
        async () => run.signal.aborted,
        (aborted) => aborted,
      ),
    ).toBe(true);
    expect((run.signal.reason as Error).message).toBe('stopped by the user');
    // Another prefix is another channel: nothing published here reaches it.
    expect(foreign.signal.aborted).toBe(false);
    await Promise.all([sender.close(), receiver.close(), stranger.close()]);
  });
});
