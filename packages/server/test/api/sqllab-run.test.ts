// POST /api/v1/sqllab/execute/ on every engine: result shape, row limits, scripts, templates, estimate, format.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, startTestApp, type TestApp } from '../support/test-app.js';
import { execute, run, SQLLAB_ENGINES, useEngineDatabases } from './sqllab-harness.js';

const SQL_MAX_ROW = 25;
const DEFAULT_SQLLAB_LIMIT = 10;

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await startTestApp({
    env: { SQL_MAX_ROW: String(SQL_MAX_ROW), DEFAULT_SQLLAB_LIMIT: String(DEFAULT_SQLLAB_LIMIT) },
  });
  admin = await t.login();
});
afterAll(() => t?.close());

for (const engine of SQLLAB_ENGINES) {
  describe.skipIf(!engine.available)(engine.title('SQL Lab run'), () => {
    const e = useEngineDatabases(
      () => t,
      () => admin,
      engine,
    );

    it('a sync run answers 200 with rows as objects, typed columns and the finished record', async () => {
      const call = await execute(admin, {
        database_id: e.db.id,
        sql: `SELECT n, label, day FROM ${e.nums} WHERE n <= 3 ORDER BY n`,
        runAsync: false,
        queryLimit: 100,
        tab: 'Untitled Query 1',
      });
      expect(call.status, call.response.body).toBe(200);
      const body = call.json();
      expect(body.status).toBe('success');
      expect(body.data.map((row: { n: number; label: string }) => [row.n, row.label])).toEqual([
        [1, 'n1'],
        [2, 'n2'],
        [3, 'n3'],
      ]);
      expect(String(body.data[0].day)).toMatch(/^2024-01-01/);
      expect(body.columns.map((c: { column_name: string }) => c.column_name)).toEqual(['n', 'label', 'day']);
      expect(body.columns[0]).toMatchObject({ column_name: 'n', name: 'n', type_generic: 0, is_dttm: false });
      expect(body.columns[1]).toMatchObject({ name: 'label', type_generic: 1, is_dttm: false });
      expect(body.columns[2]).toMatchObject({ name: 'day', type_generic: 2, is_dttm: true });
      expect(typeof body.columns[0].type).toBe('string');
      expect(body.selected_columns).toEqual(body.columns);
      expect(body.expanded_columns).toEqual([]);
      expect(body.query).toMatchObject({
        id: call.clientId,
        dbId: e.db.id,
        state: 'success',
        rows: 3,
        progress: 100,
        limitingFactor: 'NOT_LIMITED',
        tab: 'Untitled Query 1',
        runAsync: false,
        user: 'admin User',
      });
      expect(body.query_id).toBe(body.query.queryId);
      expect(body.query.endDttm).toBeGreaterThanOrEqual(body.query.startDttm);

      const record = await admin.request({ method: 'GET', url: `/api/v1/query/${body.query_id}` });
      expect(record.statusCode).toBe(200);
      expect(record.json().result).toMatchObject({ id: call.clientId, state: 'success', rows: 3 });
    });

    it('repeated column names come back unique: a, a__1', async () => {
      if (engine.name === 'clickhouse') {
        // ClickHouse refuses one alias for two expressions, plainly; the same expression twice repeats the name.
        const refused = await execute(admin, {
          database_id: e.db.id,
          sql: `SELECT n AS a, label AS a FROM ${e.nums} WHERE n = 2`,
        });
        expect(refused.status, refused.response.body).toBe(400);
        expect(refused.json().errors[0].message).toContain('Different expressions with the same alias a');
      }
      const call = await execute(admin, {
        database_id: e.db.id,
        sql:
          engine.name === 'clickhouse'
            ? `SELECT label AS a, label AS a FROM ${e.nums} WHERE n = 2`
            : `SELECT n AS a, label AS a FROM ${e.nums} WHERE n = 2`,
      });
      expect(call.status, call.response.body).toBe(200);
      expect(call.json().columns.map((c: { name: string }) => c.name)).toEqual(['a', 'a__1']);
      expect(call.json().data).toEqual([engine.name === 'clickhouse' ? { a: 'n2', a__1: 'n2' } : { a: 2, a__1: 'n2' }]);
    });

    // [SQL tail, queryLimit, rows shown, limitingFactor, the run's limit]; one more row than the limit is read.
    const LIMIT_CASES: Array<[string, number | null, number, string, number]> = [
      ['ORDER BY n', 5, 5, 'DROPDOWN', 5],
      ['ORDER BY n LIMIT 3', 5, 3, 'QUERY', 3],
      ['ORDER BY n LIMIT 5', 5, 5, 'QUERY_AND_DROPDOWN', 5],
      ['ORDER BY n LIMIT 8', 5, 5, 'DROPDOWN', 5],
      ['WHERE n <= 4 ORDER BY n', 5, 4, 'NOT_LIMITED', 5],
      ['ORDER BY n', null, DEFAULT_SQLLAB_LIMIT, 'DROPDOWN', DEFAULT_SQLLAB_LIMIT],
      ['ORDER BY n', 1000, SQL_MAX_ROW, 'DROPDOWN', SQL_MAX_ROW],
      ['ORDER BY n LIMIT 100', 1000, SQL_MAX_ROW, 'DROPDOWN', SQL_MAX_ROW],
    ];

    it.each(LIMIT_CASES)(
      '"… %s" with queryLimit %s shows %s rows, limited by %s',
      async (tail, queryLimit, rows, factor, limit) => {
        const call = await execute(admin, {
          database_id: e.db.id,
          sql: `SELECT n FROM ${e.nums} ${tail}`,
          ...(queryLimit === null ? {} : { queryLimit }),
        });
        expect(call.status, call.response.body).toBe(200);
        const body = call.json();
        expect(body.data.map((row: { n: number }) => row.n)).toEqual(Array.from({ length: rows }, (_, i) => i + 1));
        expect(body.query).toMatchObject({ rows, limitingFactor: factor, limit });
        expect(body.query.executedSql).toMatch(new RegExp(`LIMIT ${limit}\\s*$`));
      },
    );

    it("runs several statements in order and returns the last one's rows", async () => {
      const table = e.table('script');
      const call = await execute(admin, {
        database_id: e.dml.id,
        sql: [
          `CREATE TABLE ${table} (x INTEGER)${e.tableOptions}`,
          `INSERT INTO ${table} (x) VALUES (3), (1), (2)`,
          `SELECT count(*) AS c FROM ${table}`,
          `SELECT x FROM ${table} ORDER BY x`,
        ].join(';\n'),
      });
      expect(call.status, call.response.body).toBe(200);
      expect(call.json().data).toEqual([{ x: 1 }, { x: 2 }, { x: 3 }]);
      expect(call.json().query.rows).toBe(3);
      const executed = call.json().query.executedSql as string;
      expect(executed.indexOf('CREATE TABLE')).toBeLessThan(executed.indexOf('INSERT INTO'));
      expect(executed.indexOf('INSERT INTO')).toBeLessThan(executed.indexOf('ORDER BY x'));

      const readOnly = await execute(admin, { database_id: e.db.id, sql: 'SELECT 1 AS a; SELECT 2 AS b;' });
      expect(readOnly.status, readOnly.response.body).toBe(200);
      expect(readOnly.json().data).toEqual([{ b: 2 }]);
    });

    it('renders templates: current_username(), templateParams as JSON text', async () => {
      const who = await execute(admin, { database_id: e.db.id, sql: "SELECT '{{ current_username() }}' AS who" });
      expect(who.status, who.response.body).toBe(200);
      expect(who.json().data).toEqual([{ who: 'admin' }]);

      const picked = await execute(admin, {
        database_id: e.db.id,
        sql: `SELECT n FROM ${e.nums} WHERE n IN ({{ picks | join(', ') }}) AND label = '{{ label }}'`,
        templateParams: JSON.stringify({ picks: [7, 9], label: 'n9' }),
      });
      expect(picked.status, picked.response.body).toBe(200);
      expect(picked.json().data).toEqual([{ n: 9 }]);
      expect(picked.json().query.executedSql).toContain("n IN (7, 9) AND label = 'n9'");
    });

    it('a missing template parameter is a 400 MISSING_TEMPLATE_PARAMS_ERROR and the record ends failed', async () => {
      const call = await execute(admin, {
        database_id: e.db.id,
        sql: `SELECT n FROM ${e.nums} WHERE n = {{ wanted }}`,
        templateParams: '{"other": 1}',
      });
      expect(call.status).toBe(400);
      expect(call.json().errors[0].error_type).toBe('MISSING_TEMPLATE_PARAMS_ERROR');
      expect(call.json().errors[0].message).toContain('wanted');
      const q = await admin.request({
        method: 'GET',
        url: `/api/v1/query/?q=(filters:!((col:client_id,opr:eq,value:'${call.clientId}')))`,
      });
      expect(q.json().result[0]).toMatchObject({ state: 'failed', errorMessage: call.json().errors[0].message });
    });

    it(
      engine.fixture.estimates === false
        ? 'cannot estimate the cost and says so: 400, not supported'
        : 'estimates the cost with at least one figure',
      async () => {
        const response = await admin.request({
          method: 'POST',
          url: '/api/v1/sqllab/estimate/',
          payload: {
            database_id: e.db.id,
            sql: `SELECT n FROM ${e.nums} WHERE n > {{ floor }}`,
            template_params: { floor: 3 },
          },
        });
        if (engine.fixture.estimates === false) {
          // ClickHouse 18.16 has no EXPLAIN: Superset's answer for an engine without cost estimation.
          expect(response.statusCode, response.body).toBe(400);
          expect(response.json().errors[0]).toMatchObject({ error_type: 'GENERIC_DB_ENGINE_ERROR' });
          expect(response.json().errors[0].message).toMatch(/^Database does not support cost estimation/);
          return;
        }
        expect(response.statusCode, response.body).toBe(200);
        const result = response.json().result as Array<Record<string, unknown>>;
        expect(result.length).toBeGreaterThan(0);
        expect(result[0]).toHaveProperty(engine.fixture.estimateKey);
        expect(String(result[0]?.[engine.fixture.estimateKey])).toMatch(/\d/);
      },
    );

    it('an estimate in a schema the database does not have is a 400, not a server error', async () => {
      // A NUL byte ends a C string: DuckDB would read the SET statement cut short.
      for (const schema of ['no_such_schema_here', 'no\u0000such']) {
        const response = await admin.request({
          method: 'POST',
          url: '/api/v1/sqllab/estimate/',
          payload: { database_id: e.db.id, schema, sql: `SELECT n FROM ${e.nums}` },
        });
        // SQLite has one schema per file and estimates without looking at it; a NUL is refused for every engine
        // where every route's input is checked.
        const expected = engine.name === 'sqlite' && !schema.includes('\u0000') ? 200 : 400;
        expect(response.statusCode, response.body).toBe(expected);
      }
    });

    it("formats SQL in the database's dialect and by engine name", async () => {
      const sql = `select n, label from ${e.nums} where n = 1 and label = 'n1'`;
      const byDatabase = await admin.request({
        method: 'POST',
        url: '/api/v1/sqllab/format_sql/',
        payload: { sql, database_id: e.db.id },
      });
      expect(byDatabase.statusCode, byDatabase.body).toBe(200);
      const formatted = byDatabase.json().result as string;
      // ClickHouse's names are case-sensitive and the formatter counts n among its keywords: words keep their case.
      expect(formatted).toMatch(
        engine.name === 'clickhouse'
          ? /^select\n\s+n,\n\s+label\nfrom\n\s+\S+\nwhere\n\s+n = 1\n\s+and label = 'n1'$/
          : /^SELECT\n\s+n,\n\s+label\nFROM\n\s+\S+\nWHERE\n\s+n = 1\n\s+AND label = 'n1'$/,
      );
      // The formatted SQL still reads the same row.
      expect((await run(admin, e.db.id, formatted)).json().data).toEqual([{ n: 1, label: 'n1' }]);
      const byEngine = await admin.request({
        method: 'POST',
        url: '/api/v1/sqllab/format_sql/',
        payload: { sql, engine: engine.name },
      });
      expect(byEngine.statusCode).toBe(200);
      expect(byEngine.json().result).toBe(formatted);
    });

    // Only the embedded engines run in the server's process and could read its files: DuckDB through its file
    // functions (here), SQLite through ATTACH (below). PostgreSQL and MySQL read files on their own hosts only.
    if (engine.name === 'duckdb') {
      it("cannot read the server's files: read_text of the secret key fails", async () => {
        const secretFile = path.join(t.home, 'secret_key');
        writeFileSync(secretFile, 'do-not-leak-this-secret\n');
        for (const database of [e.db, e.dml]) {
          const call = await execute(admin, {
            database_id: database.id,
            sql: `SELECT * FROM read_text('${secretFile}')`,
          });
          expect(call.status, call.response.body).toBe(400);
          expect(call.response.body).not.toContain('do-not-leak-this-secret');
          expect(call.json().errors[0].error_type).toBe('DATABASE_SECURITY_ACCESS_ERROR');
          expect(call.json().errors[0].message).toMatch(/disabled by configuration/i);
        }
      });
    }

    if (engine.name === 'sqlite') {
      it('refuses ATTACH of the metadata store, even with DML allowed', async () => {
        for (const database of [e.db, e.dml]) {
          const call = await execute(admin, {
            database_id: database.id,
            sql: `ATTACH DATABASE '${path.join(t.home, 'nezha.db')}' AS meta; SELECT * FROM meta.ab_user`,
          });
          expect(call.status).toBe(400);
          expect(call.json().errors[0].error_type).toBe('DML_NOT_ALLOWED_ERROR');
          expect(call.response.body).not.toContain('admin-password');
        }
        await run(admin, e.db.id, 'SELECT 1 AS still_serving');
      });
    }
  });
}
