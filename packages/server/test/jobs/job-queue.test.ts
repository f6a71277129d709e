// The job queue contract, run on both implementations: in-process (the embedded default) and BullMQ on Redis.
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BullJobQueue } from '../../src/jobs/bullmq-job-queue.js';
import { InProcessJobQueue, type JobQueue, type JobRun, ProcessStopping } from '../../src/jobs/job-queue.js';
import { waitFor } from '../api/sqllab-harness.js';
import { dropKeysUnder, testKeyPrefix, testRedis } from '../support/redis-keys.js';
import { REDIS_URL, suiteTitle } from '../support/services.js';

/** A promise to resolve from outside: jobs wait on it, so the test decides when they end. */
function gate(): { promise: Promise<void>; open: () => void } {
  const opener: { open: () => void } = { open: () => undefined };
  const promise = new Promise<void>((resolve) => {
    opener.open = resolve;
  });
  return { promise, open: () => opener.open() };
}

interface Implementation {
  name: string;
  url: string | undefined;
  /** A queue as another process would open it: same backing store, its own handlers. */
  open(): JobQueue;
  cleanup(): Promise<void>;
}

const prefix = testKeyPrefix();
let redis: Redis | undefined;

const IMPLEMENTATIONS: Implementation[] = [
  {
    name: 'the in-process queue',
    url: 'in-process',
    open: () => new InProcessJobQueue(),
    cleanup: async () => undefined,
  },
  {
    name: 'the BullMQ queue on Redis',
    url: REDIS_URL,
    open: () => new BullJobQueue({ url: REDIS_URL as string, prefix: `${prefix}jobs`, heartbeatMs: 500 }),
    cleanup: async () => {
      redis ??= testRedis(REDIS_URL as string);
      await dropKeysUnder(redis, prefix);
    },
  },
];

afterAll(async () => {
  await redis?.quit();
});

for (const impl of IMPLEMENTATIONS) {
  describe.skipIf(!impl.url)(suiteTitle(`job queue contract: ${impl.name}`, impl.url, 'NEZHA_TEST_REDIS_URL'), () => {
    const opened: JobQueue[] = [];
    const open = () => {
      const queue = impl.open();
      opened.push(queue);
      return queue;
    };
    beforeAll(() => impl.cleanup());
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((queue) => queue.close(0)));
      await impl.cleanup();
    });

    it('runs each job once with its data as JSON keeps it, and drain waits for the end', async () => {
      const queue = open();
      const seen: JobRun[] = [];
      queue.handle('sqllab', async (run) => {
        seen.push(run);
      });
      queue.consume(['sqllab'], 2);
      const when = new Date('2024-05-01T00:00:00Z');
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        ids.push(await queue.enqueue('sqllab', { n: i, when: when.toISOString(), nested: { list: [1, 'a', null] } }));
      }
      await queue.drain();
      expect(seen.map((run) => run.data.n).sort()).toEqual([0, 1, 2, 3, 4]);
      expect(seen.map((run) => run.id).sort()).toEqual([...ids].sort());
      expect(seen[0]?.data.nested).toEqual({ list: [1, 'a', null] });
      expect(seen.every((run) => run.attempt === 1 && run.kind === 'sqllab')).toBe(true);
    });

    it('keeps the id it is given', async () => {
      const queue = open();
      const ids: string[] = [];
      queue.handle('chart-data', async (run) => {
        ids.push(run.id);
      });
      queue.consume(['chart-data'], 1);
      expect(await queue.enqueue('chart-data', {}, { id: 'query-42' })).toBe('query-42');
      await queue.drain();
      expect(ids).toEqual(['query-42']);
    });

    it('runs at most `concurrency` jobs at once', async () => {
      const queue = open();
      const release = gate();
      let running = 0;
      let peak = 0;
      let done = 0;
      queue.handle('sqllab', async () => {
        running += 1;
        peak = Math.max(peak, running);
        await release.promise;
        running -= 1;
        done += 1;
      });
      queue.consume(['sqllab'], 2);
      for (let i = 0; i < 5; i += 1) await queue.enqueue('sqllab', { i });
      expect(
        await waitFor(
          async () => running,
          (n) => n === 2,
        ),
      ).toBe(2);
      release.open();
      await queue.drain();
      expect(done).toBe(5);
      expect(peak).toBe(2);
    });

    it('runs only the kinds it consumes; a job of another kind waits for a process that consumes it', async () => {
      const sqlOnly = open();
      const ran: string[] = [];
      sqlOnly.handle('sqllab', async () => {
        ran.push('sqllab');
      });
      sqlOnly.handle('chart-data', async () => {
        ran.push('chart-data (wrong process)');
      });
      sqlOnly.consume(['sqllab'], 1);
      await sqlOnly.enqueue('sqllab', {});
      await sqlOnly.drain();
      expect(ran).toEqual(['sqllab']);
      if (impl.name.includes('Redis')) {
        // Another process consuming chart-data takes the job entered here.
        await sqlOnly.enqueue('chart-data', { from: 'web' });
        const charts = open();
        const got: unknown[] = [];
        charts.handle('chart-data', async (run) => {
          got.push(run.data.from);
        });
        charts.consume(['chart-data'], 1);
        expect(
          await waitFor(
            async () => got.length,
            (n) => n === 1,
          ),
        ).toBe(1);
        expect(got).toEqual(['web']);
        expect(ran).toEqual(['sqllab']);
      }
    });

    it('a handler that throws does not stop the queue', async () => {
      const queue = open();
      const ok: number[] = [];
      queue.handle('sqllab', async (run) => {
        if (run.data.fail) throw new Error('boom');
        ok.push(run.data.n as number);
      });
      queue.consume(['sqllab'], 1);
      await queue.enqueue('sqllab', { fail: true });
      await queue.enqueue('sqllab', { n: 1 });
      await queue.drain();
      expect(ok).toEqual([1]);
    });

    it('on close, a job still running at the deadline is aborted with ProcessStopping', async () => {
      const queue = open();
      let started = false;
      let reason: unknown;
      queue.handle('sqllab', async (run) => {
        started = true;
        await new Promise<void>((resolve) => run.signal.addEventListener('abort', () => resolve(), { once: true }));
        reason = run.signal.reason;
      });
      queue.consume(['sqllab'], 1);
      await queue.enqueue('sqllab', {});
      await waitFor(
        async () => started,
        (s) => s,
      );
      await queue.close(50);
      expect(run(reason)).toBe(true);
    });
  });
}

/** In-process, the reason is the ProcessStopping error; BullMQ passes its own cancel reason (the same message). */
function run(reason: unknown): boolean {
  if (reason instanceof ProcessStopping) return true;
  const text = reason instanceof Error ? reason.message : String(reason);
  return text.includes(new ProcessStopping().message);
}

describe.skipIf(!REDIS_URL)(suiteTitle('the BullMQ queue hands jobs back', REDIS_URL, 'NEZHA_TEST_REDIS_URL'), () => {
  const own = testKeyPrefix();
  const queues: BullJobQueue[] = [];
  const open = () => {
    const queue = new BullJobQueue({ url: REDIS_URL as string, prefix: `${own}jobs`, heartbeatMs: 500 });
    queues.push(queue);
    return queue;
  };
  afterAll(async () => {
    await Promise.all(queues.map((queue) => queue.close(0)));
    const client = testRedis(REDIS_URL as string);
    await dropKeysUnder(client, own);
    await client.quit();
  });

  it('a job safe to re-run that its process could not finish runs again, to its end, on another', async () => {
    const first = open();
    let startedOnFirst = false;
    first.handle(
      'chart-data',
      async (run) => {
        startedOnFirst = true;
        await new Promise<void>((resolve) => run.signal.addEventListener('abort', () => resolve(), { once: true }));
        throw new Error('aborted');
      },
      { safeToRerun: true },
    );
    first.consume(['chart-data'], 1);
    await first.enqueue('chart-data', { n: 7 }, { id: 'handed-back' });
    await waitFor(
      async () => startedOnFirst,
      (s) => s,
    );
    await first.close(50);

    const second = open();
    const finished: JobRun[] = [];
    second.handle(
      'chart-data',
      async (run) => {
        finished.push(run);
      },
      { safeToRerun: true },
    );
    second.consume(['chart-data'], 1);
    await waitFor(
      async () => finished.length,
      (n) => n === 1,
    );
    expect(finished[0]?.id).toBe('handed-back');
    expect(finished[0]?.data.n).toBe(7);
    expect(finished[0]?.attempt).toBeGreaterThan(1);
  });
});
