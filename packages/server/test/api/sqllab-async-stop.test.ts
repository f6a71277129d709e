// Asynchronous runs and their results keys, stopping runs, and the SQL Lab timeout, on every engine.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULTS_TTL_MS } from '../../src/sqllab/execute-service.js';
import { type Session, startTestApp, type TestApp } from '../support/test-app.js';
import {
  createSqlLabUser,
  type EngineDatabases,
  execute,
  healthy,
  newClientId,
  recordByClientId,
  rison,
  run,
  SQLLAB_ENGINES,
  useEngineDatabases,
  waitFor,
} from './sqllab-harness.js';

/** The promise: a stopped run is over, in the record and in the database, within a second. */
const STOP_WITHIN_MS = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
});
afterAll(() => t?.close());

const queryRecord = async (session: Session, queryId: number) =>
  (await session.request({ method: 'GET', url: `/api/v1/query/${queryId}` })).json().result;
const results = (session: Session, q: Record<string, unknown>) =>
  session.request({ method: 'GET', url: `/api/v1/sqllab/results/?q=${rison(q)}` });
const stop = (session: Session, clientId: string) =>
  session.request({ method: 'POST', url: '/api/v1/query/stop', payload: { client_id: clientId } });

/** A marker unique to one long statement, so the database's list of running statements can be searched for it. */
const marker = () => `nzlong_${randomBytes(4).toString('hex')}`;

/** How many statements holding `mark` the database is running; null where it cannot tell. */
function runningCount(e: EngineDatabases, mark: string): Promise<number> | null {
  const count = e.engine.fixture.runningCount;
  return count && e.probe ? count(e.probe, mark) : null;
}

/** Waits until the long statement is running in the record and, where the engine shows it, in the database. */
async function whenRunning(e: EngineDatabases, clientId: string, mark: string): Promise<void> {
  const record = await waitFor(
    () => recordByClientId(admin, clientId),
    (r) => r?.state === 'running',
  );
  expect(record?.state).toBe('running');
  if (runningCount(e, mark)) {
    // At least one: MariaDB may list a probe's own finished count query (it holds the marker) for a moment.
    const count = await waitFor(
      () => runningCount(e, mark) as Promise<number>,
      (n) => n > 0,
    );
    expect(count).toBeGreaterThan(0);
  }
  await sleep(300);
}

/** Milliseconds from `since` until the engine no longer runs the statement (0 where the engine cannot show it). */
async function goneAfter(e: EngineDatabases, mark: string, since: number): Promise<number> {
  if (!runningCount(e, mark)) return 0;
  const left = await waitFor(
    () => runningCount(e, mark) as Promise<number>,
    (n) => n === 0,
    5000,
  );
  expect(left).toBe(0);
  return Date.now() - since;
}

for (const engine of SQLLAB_ENGINES) {
  describe.skipIf(!engine.available)(engine.title('SQL Lab async and stop'), () => {
    const e = useEngineDatabases(
      () => t,
      () => admin,
      engine,
    );
    let other: Session;
    const otherName = `other_${engine.name}_${randomBytes(2).toString('hex')}`;

    beforeAll(async () => {
      other = await createSqlLabUser(t, otherName, [e.db, e.dml]);
    });

    it('an async run answers 202 pending, ends in success, and its results are fetched by key', async () => {
      const call = await execute(admin, {
        database_id: e.db.id,
        sql: `SELECT n, label FROM ${e.nums} WHERE n <= 12 ORDER BY n`,
        runAsync: true,
        queryLimit: 100,
      });
      expect(call.status, call.response.body).toBe(202);
      const query = call.json().query;
      expect(query).toMatchObject({ id: call.clientId, state: 'pending', runAsync: true, progress: 0 });
      expect(call.json().data).toBeUndefined();
      const done = await waitFor(
        () => queryRecord(admin, query.queryId),
        (r) => r.state === 'success' || r.state === 'failed',
      );
      expect(done).toMatchObject({ state: 'success', rows: 12, progress: 100, limitingFactor: 'NOT_LIMITED' });
      expect(done.resultsKey).toMatch(/^[0-9a-f-]{36}$/);

      const all = await results(admin, { key: done.resultsKey });
      expect(all.statusCode, all.body).toBe(200);
      expect(all.json().data.map((row: { n: number }) => row.n)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      expect(all.json().columns.map((c: { name: string }) => c.name)).toEqual(['n', 'label']);
      expect(all.json().query).toMatchObject({ id: call.clientId, state: 'success', resultsKey: done.resultsKey });

      const cut = await results(admin, { key: done.resultsKey, rows: 5 });
      expect(cut.json().data).toHaveLength(5);
      expect(cut.json().displayLimitReached).toBe(true);
    });

    it('a sync run keeps its results under a key too, written after the answer', async () => {
      const call = await run(admin, e.db.id, `SELECT n FROM ${e.nums} WHERE n <= 4 ORDER BY n`);
      const record = await waitFor(
        () => queryRecord(admin, call.json().query_id),
        (r) => typeof r.resultsKey === 'string',
      );
      const stored = await results(admin, { key: record.resultsKey });
      expect(stored.statusCode).toBe(200);
      expect(stored.json().data).toEqual(call.json().data);
    });

    it("results keys: never issued 404, another user's 403, expired 410", async () => {
      const never = await results(admin, { key: randomUUID() });
      expect(never.statusCode).toBe(404);
      expect(never.json().errors[0].error_type).toBe('RESULTS_BACKEND_ERROR');
      expect((await results(admin, { key: 'not-a-key' })).statusCode).toBe(404);

      const mine = await execute(admin, { database_id: e.db.id, sql: 'SELECT 1 AS one', runAsync: true });
      const done = await waitFor(
        () => queryRecord(admin, mine.json().query.queryId),
        (r) => r.state === 'success',
      );
      const foreign = await results(other, { key: done.resultsKey });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().errors[0].error_type).toBe('QUERY_SECURITY_ACCESS_ERROR');
      expect(foreign.body).not.toContain('"one"');
      // The same user reads their own key: the 403 was about ownership, not about the key.
      const theirs = await execute(other, { database_id: e.db.id, sql: 'SELECT 2 AS two', runAsync: true });
      expect(theirs.status, theirs.response.body).toBe(202);
      const theirsDone = await waitFor(
        () => queryRecord(other, theirs.json().query.queryId),
        (r) => r.state === 'success',
      );
      expect((await results(other, { key: theirsDone.resultsKey })).json().data).toEqual([{ two: 2 }]);

      const expiredKey = randomUUID();
      const adminId = (await queryRecord(admin, mine.json().query.queryId)).userId as number;
      await t.ctx.results.put(expiredKey, { expiresAt: Date.now() - 1000, userId: adminId, payload: '{"data":[]}' });
      const expired = await results(admin, { key: expiredKey });
      expect(expired.statusCode).toBe(410);
      expect(expired.json().errors[0].message).toContain('re-run the original query');
      await t.ctx.results.put(expiredKey, { expiresAt: Date.now() + RESULTS_TTL_MS, userId: adminId, payload: '{}' });
      expect((await results(admin, { key: randomUUID() })).statusCode).toBe(404);
    });

    it('stopping a sync run: the request answers "stopped", the record and the database within a second', async () => {
      const mark = marker();
      const clientId = newClientId();
      const pending = execute(admin, {
        client_id: clientId,
        database_id: e.db.id,
        sql: engine.fixture.longQuery(mark),
      });
      await whenRunning(e, clientId, mark);

      const started = Date.now();
      const stopped = await stop(admin, clientId);
      expect(stopped.statusCode, stopped.body).toBe(200);
      const record = await waitFor(
        () => recordByClientId(admin, clientId),
        (r) => r?.state === 'stopped',
        STOP_WITHIN_MS,
      );
      const recordMs = Date.now() - started;
      const answer = await pending;
      const answerMs = Date.now() - started;
      const goneMs = await goneAfter(e, mark, started);

      expect(record).toMatchObject({ state: 'stopped', resultsKey: null });
      expect(answer.status).toBe(400);
      expect(answer.json().errors[0]).toMatchObject({
        error_type: 'GENERIC_DB_ENGINE_ERROR',
        message: 'Query was stopped.',
      });
      const timings = JSON.stringify({ recordMs, answerMs, goneMs });
      expect(Math.max(recordMs, answerMs, goneMs), timings).toBeLessThan(STOP_WITHIN_MS);
      expect(await healthy(admin)).toBe(200);
      await run(admin, e.db.id, 'SELECT 1 AS after_stop');
    });

    it('stopping an async run: stopped within a second, and it stays stopped', async () => {
      const mark = marker();
      const call = await execute(admin, { database_id: e.db.id, sql: engine.fixture.longQuery(mark), runAsync: true });
      expect(call.status).toBe(202);
      await whenRunning(e, call.clientId, mark);

      const started = Date.now();
      expect((await stop(admin, call.clientId)).statusCode).toBe(200);
      await waitFor(
        () => queryRecord(admin, call.json().query.queryId),
        (r) => r.state === 'stopped',
        STOP_WITHIN_MS,
      );
      const recordMs = Date.now() - started;
      const goneMs = await goneAfter(e, mark, started);
      // The run's own ending must not overwrite the stop.
      await waitFor(
        async () => t.ctx.running.size,
        (size) => size === 0,
      );
      expect(t.ctx.running.size).toBe(0);
      expect(await queryRecord(admin, call.json().query.queryId)).toMatchObject({ state: 'stopped', resultsKey: null });
      expect(Math.max(recordMs, goneMs), JSON.stringify({ recordMs, goneMs })).toBeLessThan(STOP_WITHIN_MS);
    });

    it('a stop for a finished run answers OK and changes nothing (as Superset); an unknown client_id a 404', async () => {
      const done = await run(admin, e.db.id, `SELECT n FROM ${e.nums} WHERE n <= 2`);
      // The results key is added after the answer; the record is final once it is there.
      const before = await waitFor(
        () => queryRecord(admin, done.json().query_id),
        (r) => typeof r.resultsKey === 'string',
      );
      expect(before).toMatchObject({ state: 'success', rows: 2 });
      await sleep(5);
      const late = await stop(admin, done.clientId);
      expect(late.statusCode).toBe(200);
      expect(late.json()).toEqual({ result: 'OK' });
      expect(await queryRecord(admin, done.json().query_id)).toEqual(before);
      expect((await stop(admin, newClientId())).statusCode).toBe(404);
    });

    it("stopping someone else's run is a 403 and the run goes on", async () => {
      const mark = marker();
      const call = await execute(admin, { database_id: e.db.id, sql: engine.fixture.longQuery(mark), runAsync: true });
      await whenRunning(e, call.clientId, mark);
      const refused = await stop(other, call.clientId);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errors[0].error_type).toBe('QUERY_SECURITY_ACCESS_ERROR');
      expect((await queryRecord(admin, call.json().query.queryId)).state).toBe('running');
      if (runningCount(e, mark)) expect(await runningCount(e, mark)).toBeGreaterThan(0);
      expect((await stop(admin, call.clientId)).statusCode).toBe(200);
      await goneAfter(e, mark, Date.now());
    });
  });
}

describe('SQL Lab timeouts (SQLLAB_TIMEOUT=1, SQLLAB_ASYNC_TIME_LIMIT_SEC=1)', () => {
  let slow: TestApp;
  let slowAdmin: Session;

  beforeAll(async () => {
    slow = await startTestApp({ env: { SQLLAB_TIMEOUT: '1', SQLLAB_ASYNC_TIME_LIMIT_SEC: '1' } });
    slowAdmin = await slow.login();
  });
  afterAll(() => slow?.close());

  for (const engine of SQLLAB_ENGINES) {
    describe.skipIf(!engine.available)(engine.title('SQL Lab timeout'), () => {
      // No fixture tables: their DDL runs under the same 1 s timeout and may pass it on a busy machine.
      const e = useEngineDatabases(
        () => slow,
        () => slowAdmin,
        engine,
        { fixtureTables: false },
      );

      it('a run past the timeout answers 408 SQLLAB_TIMEOUT_ERROR and its record ends timed_out', async () => {
        const mark = marker();
        const started = Date.now();
        const call = await execute(slowAdmin, { database_id: e.db.id, sql: engine.fixture.longQuery(mark) });
        const elapsed = Date.now() - started;
        expect(call.status, call.response.body).toBe(408);
        expect(call.json().errors[0]).toMatchObject({
          error_type: 'SQLLAB_TIMEOUT_ERROR',
          message: 'The query exceeded the 1 seconds timeout.',
        });
        expect(elapsed).toBeGreaterThanOrEqual(1000);
        expect(elapsed).toBeLessThan(5000);
        const record = await recordByClientId(slowAdmin, call.clientId);
        expect(record).toMatchObject({ state: 'timed_out', errorMessage: 'The query exceeded the 1 seconds timeout.' });
        await goneAfter(e, mark, Date.now());
        expect(await healthy(slowAdmin)).toBe(200);
      });

      it('an async run past SQLLAB_ASYNC_TIME_LIMIT_SEC ends timed_out on the job queue', async () => {
        const mark = marker();
        const call = await execute(slowAdmin, {
          database_id: e.db.id,
          sql: engine.fixture.longQuery(mark),
          runAsync: true,
        });
        expect(call.status, call.response.body).toBe(202);
        const record = await waitFor(
          () => recordByClientId(slowAdmin, call.clientId),
          (r) => r?.state === 'timed_out',
          20_000,
        );
        expect(record).toMatchObject({ state: 'timed_out', errorMessage: 'The query exceeded the 1 seconds timeout.' });
        await goneAfter(e, mark, Date.now());
      });
    });
  }
});
