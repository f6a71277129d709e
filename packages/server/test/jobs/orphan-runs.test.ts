// On start, runs left active by a process that died are finished as failed; with Redis, only those whose owner is gone.
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinCluster } from '../../src/app/create-context.js';
import { WORKER_STOPPED_MESSAGE } from '../../src/jobs/job-queue.js';
import { finishOrphanedRuns } from '../../src/jobs/orphan-runs.js';
import { ProcessRegistry } from '../../src/jobs/process-registry.js';
import { findQueryByClientId, insertQuery } from '../../src/store/queries.js';
import { dropKeysUnder, testKeyPrefix, testRedis } from '../support/redis-keys.js';
import { REDIS_URL, suiteTitle } from '../support/services.js';
import { addDatabase, newClientId } from '../support/sqllab-fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** An active run as a process leaves it, started `ageMs` ago. */
async function activeRun(t: TestApp, databaseId: number, status: 'running' | 'pending', ageMs: number) {
  return insertQuery(t.ctx.store.db, {
    client_id: newClientId(),
    database_id: databaseId,
    user_id: 1,
    status,
    tab_name: 'Untitled Query',
    sql: 'SELECT 1',
    limiting_factor: 'UNKNOWN',
    select_as_cta: 0,
    select_as_cta_used: 0,
    progress: 0,
    run_async: status === 'pending' ? 1 : 0,
    start_time: Date.now() - ageMs,
    extra_json: '{}',
  });
}

const statusOf = async (t: TestApp, clientId: string) => {
  const row = await findQueryByClientId(t.ctx.store.db, clientId);
  return { status: row?.status, message: row?.error_message, extra: JSON.parse(row?.extra_json ?? '{}') };
};

describe('finishing orphaned runs in a one-process install', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('fails every active run, with the message the user sees, and leaves finished ones alone', async () => {
    const { id } = await addDatabase(t, 'orphans');
    const running = await activeRun(t, id, 'running', 60_000);
    const pending = await activeRun(t, id, 'pending', 60_000);
    expect(await finishOrphanedRuns(t.ctx)).toBe(2);
    for (const run of [running, pending]) {
      const after = await statusOf(t, run.client_id);
      expect(after.status).toBe('failed');
      expect(after.message).toBe(WORKER_STOPPED_MESSAGE);
      expect(after.extra.errors[0]).toMatchObject({
        message: WORKER_STOPPED_MESSAGE,
        error_type: 'GENERIC_BACKEND_ERROR',
      });
    }
    expect(await finishOrphanedRuns(t.ctx)).toBe(0);
  });
});

describe.skipIf(!REDIS_URL)(
  suiteTitle('finishing orphaned runs among many processes', REDIS_URL, 'NEZHA_TEST_REDIS_URL'),
  () => {
    const prefix = testKeyPrefix();
    let t: TestApp;
    let redis: Redis;
    beforeAll(async () => {
      redis = testRedis(REDIS_URL as string);
      t = await startTestApp({ env: { NEZHA_REDIS_URL: REDIS_URL as string, NEZHA_REDIS_KEY_PREFIX: prefix } });
      await joinCluster(t.ctx);
    });
    afterAll(async () => {
      await t?.close();
      await dropKeysUnder(redis, prefix);
      await redis.quit();
    });

    it("fails the runs of a dead process, never a live process's, nor a run too young to be claimed", async () => {
      const { id } = await addDatabase(t, 'orphans-redis');
      const live = new ProcessRegistry(redis, prefix, 'worker', 60_000);
      await live.start();
      // A process that claimed its run and died: its key was never refreshed (here: never written).
      const dead = new ProcessRegistry(redis, prefix, 'worker', 60_000);
      const ofLive = await activeRun(t, id, 'running', 60_000);
      const ofDead = await activeRun(t, id, 'running', 60_000);
      const unclaimed = await activeRun(t, id, 'running', 60_000);
      const young = await activeRun(t, id, 'running', 0);
      await live.claim(ofLive.client_id);
      await dead.claim(ofDead.client_id);

      expect(await finishOrphanedRuns(t.ctx)).toBe(2);
      expect((await statusOf(t, ofLive.client_id)).status).toBe('running');
      expect((await statusOf(t, young.client_id)).status).toBe('running');
      expect(await statusOf(t, ofDead.client_id)).toMatchObject({ status: 'failed', message: WORKER_STOPPED_MESSAGE });
      expect((await statusOf(t, unclaimed.client_id)).status).toBe('failed');

      // The live process stops: its run is an orphan now.
      await live.stop();
      expect(await finishOrphanedRuns(t.ctx)).toBe(1);
      expect((await statusOf(t, ofLive.client_id)).status).toBe('failed');
    });

    it('lists the live processes with their role, and this one among them', async () => {
      const alive = await t.ctx.processes.alive();
      expect(alive.map((p) => p.id)).toContain(t.ctx.processes.id);
      expect(alive.find((p) => p.id === t.ctx.processes.id)).toMatchObject({ role: 'web', pid: process.pid });
    });
  },
);
