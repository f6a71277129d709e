// `nezha worker` (the built CLI, a real process) says at start when the Chromium that PNG and PDF reports need is
// missing, and keeps running the other jobs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer, type NezhaProcess, runCli, startProcess, stopProcess } from '../cluster/cluster-processes.js';
import { dropKeysUnder, testKeyPrefix, testRedis } from '../support/redis-keys.js';
import { REDIS_URL, suiteTitle } from '../support/services.js';

const prefix = testKeyPrefix();
const storeDir = mkdtempSync(path.join(tmpdir(), 'nezha-worker-store-'));

describe.skipIf(!REDIS_URL)(suiteTitle('nezha worker and Chromium', REDIS_URL, 'NEZHA_TEST_REDIS_URL'), () => {
  let worker: NezhaProcess | undefined;
  afterAll(async () => {
    if (worker) await stopProcess(worker, 'SIGKILL');
    const redis = testRedis(REDIS_URL as string);
    await dropKeysUnder(redis, prefix);
    redis.disconnect();
    rmSync(storeDir, { recursive: true, force: true });
  });

  it('prints that Chromium is missing and still starts', async () => {
    buildServer();
    const env = {
      NEZHA_REDIS_URL: REDIS_URL as string,
      NEZHA_REDIS_KEY_PREFIX: prefix,
      NEZHA_SECRET_KEY: 'worker-secret-key',
      NEZHA_CHROMIUM_PATH: '/nonexistent/chromium',
      NEZHA_HOST: '127.0.0.1',
      NEZHA_DATABASE_URL: `sqlite:///${path.join(storeDir, 'nezha.db')}`,
      NEZHA_ADMIN_PASSWORD: 'worker-admin-password-1',
    };
    const init = runCli({ ...env, NEZHA_HOME: storeDir }, ['init']);
    expect(init.status, init.output).toBe(0);
    worker = await startProcess('worker-chromium', env, (port) => ['worker', '--health-port', String(port)]);
    expect(worker.output()).toContain('Chromium is missing at /nonexistent/chromium: PNG and PDF reports will fail.');
    expect(worker.output()).toContain('report, scheduled-query jobs');
  }, 180_000);
});
