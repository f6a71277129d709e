// Issue #11: a lost connection never ends the server. Backends of the metadata store and of data databases are killed
// (pg_terminate_backend, MariaDB KILL) and a private Redis is stopped: each affected request fails cleanly, the rest go
// on, nothing acknowledged is lost, and everything works again once the service is back.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import mysql2 from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineByName } from '../../src/engines/registry.js';
import type { EngineConnection } from '../../src/engines/types.js';
import { NezhaError } from '../../src/errors/nezha-error.js';
import { execute, rison, run, waitFor } from '../api/sqllab-harness.js';
import { addDatabaseVia, create, ORDERS_DDL, runOn } from '../support/dataset-fixtures.js';
import { createTempPostgresDatabase } from '../support/postgres-database.js';
import { closedPort } from '../support/redis-keys.js';
import { REDIS_SERVER, startRedis, stopRedis } from '../support/redis-server.js';
import { MYSQL_URL, POSTGRES_URL, suiteTitle } from '../support/services.js';
import { dataUri, type Session, startTestApp, type TestApp } from '../support/test-app.js';

/** A clean refusal: the status, a JSON body of the catalogue, no driver text or stack trace. */
function expectCleanFailure(response: LightMyRequestResponse, status: number, errorType: string): void {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as { message: string; errors: Array<{ error_type: string }> };
  expect(body.errors[0]?.error_type).toBe(errorType);
  expect(response.body).not.toMatch(/terminating connection|ECONNREFUSED|Connection is closed|\bat \S+ \(/);
}

const TERMINATE_OTHERS =
  'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()';

/** Waits until the backends terminated so far have exited (and said so to their clients): the pool has seen it. */
async function waitForTerminated(killer: pg.Client, pids: readonly number[]): Promise<void> {
  const left = await waitFor(
    async () => (await killer.query('SELECT 1 FROM pg_stat_activity WHERE pid = ANY($1::int[])', [pids])).rowCount,
    (count) => count === 0,
  );
  expect(left, 'terminated backends still listed').toBe(0);
}

describe.skipIf(!POSTGRES_URL)(
  suiteTitle(
    'a server on a PostgreSQL metadata store whose connections are killed',
    POSTGRES_URL,
    'NEZHA_TEST_POSTGRES_URL',
  ),
  () => {
    let store: { url: string; drop(): Promise<void> };
    let t: TestApp;
    let admin: Session;
    let dbId: number;

    beforeAll(async () => {
      // A database of its own: the storm below kills every other connection to it, and to nothing else.
      store = await createTempPostgresDatabase(POSTGRES_URL as string);
      t = await startTestApp({ storeUrl: store.url });
      admin = await t.login();
      dbId = await addDatabaseVia(admin, 'warehouse', dataUri('sqlite', 'warehouse.db'));
    }, 60_000);

    afterAll(async () => {
      await t?.close();
      await store?.drop();
    });

    it('answers every save with 2xx or a clean 503 while backends are terminated, and keeps every 2xx save', async () => {
      const killer = new pg.Client({ connectionString: store.url });
      killer.on('error', () => undefined);
      await killer.connect();
      const saved: Array<{ id: number; label: string }> = [];
      const refused: LightMyRequestResponse[] = [];
      let storming = true;
      let killed = 0;
      let lastRound: number[] = [];
      // Kills again each time another save got through: the storm goes on for the whole loop and still lets it advance.
      const storm = (async () => {
        while (storming) {
          const seen = saved.length;
          const round = await killer.query<{ pid: number }>(TERMINATE_OTHERS.replace('SELECT ', 'SELECT pid, '));
          killed += round.rowCount ?? 0;
          lastRound = round.rows.map((row) => row.pid);
          await waitFor(
            async () => saved.length > seen || !storming,
            (advanced) => advanced,
            60_000,
          );
        }
      })();

      // Four clients at once, so the pool holds several connections when they die.
      const worker = async (w: number) => {
        for (let i = 0; i < 50; i += 1) {
          const label = `storm ${w}-${i}`;
          const response = await admin.request({
            method: 'POST',
            url: '/api/v1/saved_query/',
            payload: { label, db_id: dbId, schema: 'main', sql: `SELECT ${i}`, description: '' },
          });
          if (response.statusCode >= 200 && response.statusCode < 300) saved.push({ id: response.json().id, label });
          else refused.push(response);
        }
      };
      await Promise.all([0, 1, 2, 3].map(worker));
      storming = false;
      await storm;
      await waitForTerminated(killer, lastRound);
      await killer.end();

      console.log(`storm: ${killed} backends terminated, ${saved.length} saves answered 2xx, ${refused.length} 503`);
      expect(killed, 'the storm terminated backends of the store').toBeGreaterThan(0);
      expect(saved.length + refused.length).toBe(200);
      expect(saved.length, 'some saves got through').toBeGreaterThan(0);
      for (const response of refused) expectCleanFailure(response, 503, 'METADATA_STORE_UNAVAILABLE_ERROR');
      for (const response of refused) expect(response.json().errors[0].extra).toEqual({ service: 'metadata' });

      // After the storm: a read, then the store's own rows: every acknowledged save is there, once.
      const list = await admin.request({ method: 'GET', url: '/api/v1/saved_query/' });
      expect(list.statusCode, list.body).toBe(200);
      const rows = await t.ctx.store.db.selectFrom('saved_query').select(['id', 'label']).execute();
      const byId = new Map(rows.map((row) => [row.id, row.label]));
      for (const save of saved) expect(byId.get(save.id), `saved query ${save.id}`).toBe(save.label);
      const labels = rows.map((row) => row.label);
      expect(new Set(labels).size, 'no save was written twice').toBe(labels.length);
      const health = await admin.request({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({ status: 'ok', checks: { metadata: 'ok' }, down: [] });
    }, 120_000);

    it('answers a read whose connection was terminated while idle', async () => {
      const killer = new pg.Client({ connectionString: store.url });
      killer.on('error', () => undefined);
      await killer.connect();
      // Every pooled connection of the server dies while idle; the next reads reconnect.
      const round = await killer.query<{ pid: number }>(TERMINATE_OTHERS.replace('SELECT ', 'SELECT pid, '));
      expect(round.rowCount, 'the server held idle connections').toBeGreaterThan(0);
      await waitForTerminated(
        killer,
        round.rows.map((row) => row.pid),
      );
      await killer.end();
      for (let i = 0; i < 3; i += 1) {
        const me = await admin.request({ method: 'GET', url: '/api/v1/me/' });
        expect(me.statusCode, me.body).toBe(200);
      }
    });
  },
);

// ------------------------------------------------------------------------------------------------- data databases

interface KillableEngine {
  name: 'postgresql' | 'mysql';
  url: string | undefined;
  variable: string;
  /** The id of the session a query runs on. */
  sessionIdSql: string;
  /** A statement that runs until it is killed. */
  longSql: string;
  /** Kills a session from outside; resolves once the database no longer lists it. */
  kill(url: string, id: number): Promise<void>;
  /** True while the session runs `longSql`. */
  running(url: string, id: number): Promise<boolean>;
}

async function onPostgres<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

async function onMysql<T>(url: string, use: (connection: mysql2.Connection) => Promise<T>): Promise<T> {
  const connection = await mysql2.createConnection(url);
  connection.on('error', () => undefined);
  try {
    return await use(connection);
  } finally {
    await connection.end();
  }
}

const ENGINES: KillableEngine[] = [
  {
    name: 'postgresql',
    url: POSTGRES_URL,
    variable: 'NEZHA_TEST_POSTGRES_URL',
    sessionIdSql: 'SELECT pg_backend_pid()',
    longSql: 'SELECT pg_sleep(60)',
    kill: (url, id) =>
      onPostgres(url, async (client) => {
        await client.query('SELECT pg_terminate_backend($1)', [id]);
        await waitFor(
          async () => (await client.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [id])).rowCount,
          (count) => count === 0,
        );
      }),
    running: (url, id) =>
      onPostgres(
        url,
        async (client) =>
          ((
            await client.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND state = 'active' AND query LIKE $2", [
              id,
              '%pg_sleep%',
            ])
          ).rowCount ?? 0) > 0,
      ),
  },
  {
    name: 'mysql',
    url: MYSQL_URL,
    variable: 'NEZHA_TEST_MYSQL_URL',
    sessionIdSql: 'SELECT CONNECTION_ID()',
    longSql: 'SELECT SLEEP(60)',
    kill: (url, id) =>
      onMysql(url, async (connection) => {
        await connection.query(`KILL ${Number(id)}`);
        await waitFor(
          async () => {
            const [rows] = await connection.query('SELECT 1 FROM information_schema.PROCESSLIST WHERE ID = ?', [id]);
            return (rows as unknown[]).length;
          },
          (count) => count === 0,
        );
      }),
    running: (url, id) =>
      onMysql(url, async (connection) => {
        const [rows] = await connection.query(
          "SELECT 1 FROM information_schema.PROCESSLIST WHERE ID = ? AND INFO LIKE '%SLEEP(60)%'",
          [id],
        );
        return (rows as unknown[]).length > 0;
      }),
  },
];

for (const fixture of ENGINES) {
  describe.skipIf(!fixture.url)(
    suiteTitle(`engine ${fixture.name} whose connection is killed`, fixture.url, fixture.variable),
    () => {
      const workDir = mkdtempSync(path.join(tmpdir(), 'nezha-lost-'));
      let db: EngineConnection;
      const url = fixture.url as string;

      beforeAll(async () => {
        // One pooled connection: the session the test kills is the one the next query gets.
        db = await engineByName(fixture.name).connect({ uri: url, baseDir: workDir, poolSize: 1 });
      });
      afterAll(async () => {
        await db?.close();
        rmSync(workDir, { recursive: true, force: true });
      });

      const sessionId = async () => Number((await db.execute(fixture.sessionIdSql)).rows[0]?.[0]);

      it('runs the next query after its idle pooled connection was killed', async () => {
        const before = await sessionId();
        await fixture.kill(url, before);
        const after = await db.execute('SELECT 41 + 1');
        expect(after.rows).toEqual([[42]]);
        expect(await sessionId()).not.toBe(before);
      });

      it('fails a query whose connection is killed mid-query with a clean 503, then runs the next', async () => {
        const id = await sessionId();
        const long = db.execute(fixture.longSql).then(
          () => undefined,
          (error: unknown) => error,
        );
        await waitFor(
          () => fixture.running(url, id),
          (yes) => yes,
        );
        await fixture.kill(url, id);
        const failure = await long;
        expect(failure).toBeInstanceOf(NezhaError);
        const error = failure as NezhaError;
        expect(error.status).toBe(503);
        expect(error.type).toBe('GENERIC_DB_ENGINE_ERROR');
        expect(error.extra).toMatchObject({ connection_lost: true });
        expect(error.message).toMatch(/connection to .* was lost/);
        expect((await db.execute('SELECT 41 + 1')).rows).toEqual([[42]]);
      });

      it('ends a stream whose connection is killed mid-read with a clean 503, then runs the next query', async () => {
        const id = await sessionId();
        const read = (async () => {
          for await (const _batch of db.stream(fixture.longSql)) {
            // nothing arrives before the kill
          }
        })().then(
          () => undefined,
          (error: unknown) => error,
        );
        await waitFor(
          () => fixture.running(url, id),
          (yes) => yes,
        );
        await fixture.kill(url, id);
        const failure = await read;
        expect(failure).toBeInstanceOf(NezhaError);
        expect((failure as NezhaError).status).toBe(503);
        expect((await db.execute('SELECT 41 + 1')).rows).toEqual([[42]]);
      });
    },
  );
}

// ------------------------------------------------------------------------------------------------- Redis

describe.skipIf(!REDIS_SERVER)(
  REDIS_SERVER ? 'a server whose Redis stops' : 'a server whose Redis stops (skipped: redis-server not found)',
  () => {
    let port: number;
    let redis: ChildProcess;
    let t: TestApp;
    let admin: Session;
    let dbId: number;
    let ordersId: number;

    beforeAll(async () => {
      port = await closedPort();
      redis = await startRedis(port);
      t = await startTestApp({ env: { NEZHA_REDIS_URL: `redis://127.0.0.1:${port}/0` } });
      admin = await t.login();
      dbId = await addDatabaseVia(admin, 'shop', dataUri('duckdb', 'shop.duckdb'));
      await t.ctx.store.db.updateTable('dbs').set({ allow_run_async: 1 }).where('id', '=', dbId).execute();
      await runOn(t, dbId, ORDERS_DDL);
      ordersId = (await create(admin, { database: dbId, schema: 'main', table_name: 'orders' })).json().id;
    }, 60_000);

    afterAll(async () => {
      await t?.close();
      if (redis) await stopRedis(redis);
    });

    const resultsKeyOf = async (sql: string) => {
      const call = await run(admin, dbId, sql);
      const record = await waitFor(
        async () =>
          (await admin.request({ method: 'GET', url: `/api/v1/query/${call.json().query_id}` })).json().result,
        (r) => typeof r?.resultsKey === 'string',
      );
      expect(record.resultsKey).toEqual(expect.any(String));
      return record.resultsKey as string;
    };
    const results = (key: string) =>
      admin.request({ method: 'GET', url: `/api/v1/sqllab/results/?q=${rison({ key })}` });
    const events = () => admin.request({ method: 'GET', url: '/api/v1/async_event/' });
    const health = () => admin.request({ method: 'GET', url: '/health' });
    const chart = () =>
      admin.request({
        method: 'POST',
        url: '/api/v1/chart/data',
        payload: {
          datasource: { id: ordersId, type: 'table' },
          queries: [{ columns: ['customer'], metrics: ['count'], orderby: [['customer', true]] }],
        },
      });

    it('answers 503 on what needs Redis while it is down, says so on /health, and recovers when it is back', async () => {
      const key = await resultsKeyOf('SELECT id FROM orders WHERE id <= 2 ORDER BY id');
      expect((await results(key)).statusCode).toBe(200);
      expect((await events()).statusCode).toBe(200);
      const up = await health();
      expect(up.statusCode).toBe(200);
      expect(up.json()).toMatchObject({ status: 'ok', checks: { metadata: 'ok', redis: 'ok' }, down: [] });

      await stopRedis(redis);
      const down = await waitFor(health, (response) => response.statusCode === 503);
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ status: 'degraded', checks: { metadata: 'ok', redis: 'down' } });
      expect(down.json().down).toEqual(['redis']);
      // Readiness follows: a load balancer stops sending traffic; liveness does not (a restart brings no Redis back).
      expect((await admin.request({ method: 'GET', url: '/health/ready' })).statusCode).toBe(503);
      expect((await admin.request({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
      // An async run cannot be queued: a clean 503, and its record says it failed rather than waiting forever.
      const queued = await execute(admin, { database_id: dbId, sql: 'SELECT 2', runAsync: true });
      expectCleanFailure(queued.response, 503, 'GENERIC_BACKEND_ERROR');
      expectCleanFailure(await results(key), 503, 'RESULTS_BACKEND_ERROR');
      expectCleanFailure(await events(), 503, 'GENERIC_BACKEND_ERROR');
      // The chart cache reads a Redis outage as a miss: the chart is computed again.
      const computed = await chart();
      expect(computed.statusCode, computed.body).toBe(200);
      expect(computed.json().result[0]).toMatchObject({ is_cached: false });
      // The metadata store is not Redis: SQL Lab still runs queries.
      expect((await run(admin, dbId, 'SELECT 1 AS one')).json().data).toEqual([{ one: 1 }]);

      redis = await startRedis(port);
      const back = await waitFor(health, (response) => response.statusCode === 200);
      expect(back.json()).toMatchObject({ status: 'ok', checks: { metadata: 'ok', redis: 'ok' }, down: [] });
      // Redis came back empty (no persistence): the key acknowledged before is gone, and says so with 410, not 404.
      expectCleanFailure(await results(key), 410, 'RESULTS_BACKEND_ERROR');
      // A new run keeps and serves its results again.
      const fresh = await resultsKeyOf('SELECT id FROM orders WHERE id = 3');
      const served = await results(fresh);
      expect(served.statusCode, served.body).toBe(200);
      expect(served.json().data).toEqual([{ id: 3 }]);
      expect((await events()).statusCode).toBe(200);
    }, 60_000);
  },
);
