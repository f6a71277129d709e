// A server with NEZHA_REDIS_URL: chart data answers and SQL Lab results live in Redis under the configured
// prefix; a server whose Redis cannot be reached does not start, and says which Redis it tried.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisChartCacheStore } from '../../src/chart-data/redis-cache-store.js';
import { startServer } from '../../src/cli/serve.js';
import { loadConfig } from '../../src/config/config.js';
import { RedisResultsBackend } from '../../src/jobs/redis-results-backend.js';
import { addDatabaseVia, create, ORDERS_DDL, runOn } from '../support/dataset-fixtures.js';
import { closedPort, dropKeysUnder, keysUnder, testKeyPrefix, testRedis } from '../support/redis-keys.js';
import { REDIS_URL, suiteTitle } from '../support/services.js';
import { dataUri, type Session, startTestApp, type TestApp } from '../support/test-app.js';
import { rison, run, waitFor } from './sqllab-harness.js';

describe.skipIf(!REDIS_URL)(suiteTitle('a server on Redis', REDIS_URL, 'NEZHA_TEST_REDIS_URL'), () => {
  const prefix = testKeyPrefix();
  let redis: Redis;
  let t: TestApp;
  let admin: Session;
  let dbId: number;
  let ordersId: number;

  beforeAll(async () => {
    redis = testRedis(REDIS_URL as string);
    t = await startTestApp({ env: { NEZHA_REDIS_URL: REDIS_URL as string, NEZHA_REDIS_KEY_PREFIX: prefix } });
    admin = await t.login();
    dbId = await addDatabaseVia(admin, 'shop', dataUri('duckdb', 'shop.duckdb'));
    await runOn(t, dbId, ORDERS_DDL);
    ordersId = (await create(admin, { database: dbId, schema: 'main', table_name: 'orders' })).json().id;
  });
  afterAll(async () => {
    await t?.close();
    if (redis) {
      await dropKeysUnder(redis, prefix);
      await redis.quit();
    }
  });

  it('chooses the Redis chart cache and results backend', () => {
    expect(t.ctx.chartStore).toBeInstanceOf(RedisChartCacheStore);
    expect(t.ctx.results).toBeInstanceOf(RedisResultsBackend);
  });

  it('answers the second identical chart data request from the entry it keeps in Redis', async () => {
    const request = () =>
      admin.request({
        method: 'POST',
        url: '/api/v1/chart/data',
        payload: {
          datasource: { id: ordersId, type: 'table' },
          queries: [{ columns: ['customer'], metrics: ['count'], orderby: [['customer', true]] }],
        },
      });
    const first = await request();
    expect(first.statusCode, first.body).toBe(200);
    const a = first.json().result[0];
    expect(a).toMatchObject({ is_cached: false, cached_dttm: null });
    expect(a.data).toEqual([
      { customer: 'ann', count: 2 },
      { customer: 'bob', count: 2 },
      { customer: "o'brien", count: 1 },
    ]);

    const second = await request();
    expect(second.statusCode, second.body).toBe(200);
    const b = second.json().result[0];
    expect(b).toMatchObject({ is_cached: true, cache_key: a.cache_key, data: a.data });

    const key = `${prefix}chart:${a.cache_key}`;
    const stored = JSON.parse((await redis.get(key)) ?? 'null') as { value: { data: unknown }; storedAt: string };
    expect(stored.value.data).toEqual(a.data);
    // cached_dttm is the stored time to the second.
    expect(`${stored.storedAt.slice(0, 19)}`).toBe(b.cached_dttm);
    const ttl = await redis.ttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(a.cache_timeout);
  });

  it('keeps a SQL Lab run’s results in Redis and serves them by key', async () => {
    const call = await run(admin, dbId, 'SELECT id FROM orders WHERE id <= 2 ORDER BY id');
    const record = await waitFor(
      async () => (await admin.request({ method: 'GET', url: `/api/v1/query/${call.json().query_id}` })).json().result,
      (r) => typeof r?.resultsKey === 'string',
    );
    expect(await keysUnder(redis, `${prefix}results:${record.resultsKey}`)).toHaveLength(1);
    const stored = await admin.request({
      method: 'GET',
      url: `/api/v1/sqllab/results/?q=${rison({ key: record.resultsKey })}`,
    });
    expect(stored.statusCode).toBe(200);
    expect(stored.json().data).toEqual([{ id: 1 }, { id: 2 }]);
  });
});

describe('a server whose Redis cannot be reached', () => {
  it('does not start, and names the Redis URL without its password', async () => {
    const port = await closedPort();
    const home = mkdtempSync(path.join(tmpdir(), 'nezha-test-'));
    const config = loadConfig({
      NEZHA_HOME: home,
      NEZHA_SECRET_KEY: 'test-secret-key',
      NEZHA_REDIS_URL: `redis://:s3cret@127.0.0.1:${port}/0`,
      NEZHA_PORT: String(await closedPort()),
    });
    const failure = await startServer(config).then(
      () => undefined,
      (error: unknown) => error,
    );
    rmSync(home, { recursive: true, force: true });
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(
      `Cannot reach Redis at redis://:***@127.0.0.1:${port}/0 (NEZHA_REDIS_URL): connect ECONNREFUSED 127.0.0.1:${port}`,
    );
  });
});
