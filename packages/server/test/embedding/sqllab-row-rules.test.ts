// RLS_IN_SQLLAB on every engine: a Gamma user under a row rule reads only the rule's rows through every way SQL Lab
// runs a query (sync, async, CTAS, estimate, templates) and every way a statement names the table; the numbers are
// checked against SQL run here with the clause applied by hand. With the setting off, nothing changes.
import { encodeRison, objectPermissionName } from '@nezha/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineByName } from '../../src/engines/registry.js';
import { runScheduledQueryJob } from '../../src/reports/scheduled-queries.js';
import { getDatabase } from '../../src/store/databases.js';
import { createRole } from '../../src/store/permissions.js';
import { execute, waitFor } from '../api/sqllab-harness.js';
import { type ChartEngine, CORRECTNESS_ENGINES } from '../chart-data/chart-fixtures.js';
import { addUser, runOn } from '../support/dataset-fixtures.js';
import { suiteTitle } from '../support/services.js';
import { type Session, startTestApp, type TestApp } from '../support/test-app.js';

const SALES = [
  ['east', 'apple', 10],
  ['east', 'pear', 20],
  ['west', 'apple', 40],
  ['north', 'apple', 160],
  ['south', 'plum', 320],
] as const;
const CLAUSE = "region = 'east'";

function engineSuite(engine: ChartEngine) {
  describe.skipIf(!engine.url)(
    suiteTitle(`row rules in SQL Lab on ${engine.title}`, engine.url, engine.variable),
    () => {
      let t: TestApp;
      let admin: Session;
      let east: Session;
      let drop: () => Promise<void>;
      let dbId: number;
      let schema: string;
      const quote = (name: string) => engineByName(engine.name).dialect.quoteIdentifier(name);

      /** The engine's own answer, for the numbers SQL Lab must give. */
      async function scalar(text: string): Promise<number> {
        const row = await getDatabase(t.ctx.store.db, dbId);
        if (!row) throw new Error('no database');
        const connection = await t.ctx.connections.forDatabase(row);
        return Number((await connection.execute(text)).rows[0]?.[0]);
      }

      /** The one value a sync SQL Lab run answers. */
      async function lab(session: Session, sql: string, extra: Record<string, unknown> = {}): Promise<number> {
        const call = await execute(session, { database_id: dbId, sql, runAsync: false, schema, ...extra });
        expect(call.status, `${sql}\n${call.response.body.slice(0, 400)}`).toBe(200);
        const row = call.json().data[0] as Record<string, unknown>;
        return Number(Object.values(row)[0]);
      }

      const narrowed = `(SELECT * FROM sales WHERE ${CLAUSE})`;

      beforeAll(async () => {
        const opened = await engine.open();
        drop = opened.drop;
        schema = opened.schema;
        // One delivery attempt: the scheduled query's mail has no SMTP server here, only its row count is checked.
        t = await startTestApp({ env: { NEZHA_FEATURE_RLS_IN_SQLLAB: 'true', NEZHA_REPORTS_DELIVERY_ATTEMPTS: '1' } });
        admin = await t.login();
        const created = await admin.request({
          method: 'POST',
          url: '/api/v1/database/',
          payload: {
            database_name: 'shop',
            sqlalchemy_uri: opened.uri,
            expose_in_sqllab: true,
            allow_run_async: true,
            allow_ctas: true,
          },
        });
        expect(created.statusCode, created.body).toBe(201);
        dbId = created.json().id as number;
        const { text } = engine.types;
        const options = engine.tableSuffix ?? '';
        await runOn(t, dbId, [
          'DROP TABLE IF EXISTS sales',
          'DROP TABLE IF EXISTS stock',
          `CREATE TABLE sales (region ${text}, product ${text}, amount INTEGER)${options}`,
          `INSERT INTO sales VALUES ${SALES.map(([r, p, a]) => `('${r}', '${p}', ${a})`).join(', ')}`,
          `CREATE TABLE stock (region ${text}, amount INTEGER)${options}`,
          "INSERT INTO stock VALUES ('east', 1), ('west', 2), ('north', 4)",
        ]);
        const dataset = await admin.request({
          method: 'POST',
          url: '/api/v1/dataset/',
          payload: { database: dbId, schema, table_name: 'sales' },
        });
        expect(dataset.statusCode, dataset.body).toBe(201);
        const eastRole = await createRole(t.ctx.store.db, 'east_role');
        const rule = await admin.request({
          method: 'POST',
          url: '/api/v1/rowlevelsecurity/',
          payload: {
            name: 'east only',
            filter_type: 'Regular',
            tables: [dataset.json().id],
            roles: [eastRole],
            clause: CLAUSE,
          },
        });
        expect(rule.statusCode, rule.body).toBe(201);
        east = (
          await addUser(
            t,
            'east_user',
            ['Gamma', 'sql_lab', 'east_role'],
            [['database_access', objectPermissionName.database('shop', dbId)]],
          )
        ).session;
      });
      afterAll(async () => {
        await t?.close();
        await drop?.();
      });

      it('narrows a plain, aliased, quoted and schema-qualified read of the table', async () => {
        const expected = await scalar(`SELECT SUM(amount) FROM sales WHERE ${CLAUSE}`);
        expect(expected).toBe(30);
        expect(await lab(east, 'SELECT SUM(amount) FROM sales')).toBe(expected);
        expect(await lab(east, 'SELECT SUM(s.amount) FROM sales AS s')).toBe(expected);
        expect(await lab(east, `SELECT SUM(x.amount) FROM ${quote(schema)}.${quote('sales')} x`)).toBe(expected);
        expect(await lab(east, `SELECT SUM(sales.amount) FROM ${quote('sales')}`)).toBe(expected);
        // SQLite takes a string where a table goes for the table's name.
        if (engine.name === 'sqlite') expect(await lab(east, "SELECT SUM(amount) FROM 'sales'")).toBe(expected);
        // The admin holds no role the Regular rule names: every row.
        expect(await lab(admin, 'SELECT SUM(amount) FROM sales')).toBe(await scalar('SELECT SUM(amount) FROM sales'));
      });

      it('narrows joins, sub-queries and CTEs, and a CTE named like the table cannot read around the rule', async () => {
        const join = 'SELECT COUNT(*) FROM stock k JOIN sales s ON s.region = k.region';
        expect(await lab(east, join)).toBe(
          await scalar(`SELECT COUNT(*) FROM stock k JOIN ${narrowed} s ON s.region = k.region`),
        );
        const sub = 'SELECT SUM(amount) FROM stock WHERE region IN (SELECT region FROM sales)';
        expect(await lab(east, sub)).toBe(
          await scalar(`SELECT SUM(amount) FROM stock WHERE region IN (SELECT region FROM ${narrowed} s)`),
        );
        const ctes = [
          'WITH x AS (SELECT * FROM sales) SELECT SUM(amount) AS total FROM x',
          'WITH sales AS (SELECT * FROM sales) SELECT SUM(amount) AS total FROM sales',
          'WITH sales AS (SELECT 1 AS amount) SELECT SUM(amount) AS total FROM sales',
        ];
        if (engine.name === 'clickhouse') {
          // ClickHouse 18.16 has no common table expressions (WITH name AS (SELECT …) came in 20.x): each is a
          // syntax error from the database, and none reads a row.
          for (const sql of ctes) {
            const call = await execute(east, { database_id: dbId, sql, runAsync: false, schema });
            expect(call.status, call.response.body).toBe(400);
            expect(call.json().errors[0].error_type).toBe('SYNTAX_ERROR');
          }
        } else {
          expect(await lab(east, ctes[0] as string)).toBe(30);
          // The CTE's body reads the table, narrowed; SQLite takes the name as the CTE itself and refuses the cycle.
          const shadow = await execute(east, { database_id: dbId, sql: ctes[1], runAsync: false, schema });
          if (engine.name === 'sqlite') expect(shadow.status).toBe(400);
          else expect(Number(shadow.json().data[0].total), shadow.response.body).toBe(30);
          expect(await lab(east, ctes[2] as string)).toBe(1);
        }
        expect(await lab(east, 'SELECT (SELECT SUM(amount) FROM sales) AS total')).toBe(30);
      });

      it('narrows a templated query after rendering, an async run, and a CTAS', async () => {
        expect(await lab(east, "SELECT SUM(amount) FROM {{ 'sales' }}")).toBe(30);

        const call = await execute(east, {
          database_id: dbId,
          sql: 'SELECT SUM(amount) AS total FROM sales',
          runAsync: true,
          schema,
        });
        expect(call.status, call.response.body).toBe(202);
        const queryId = call.json().query.queryId as number;
        const done = await waitFor(
          async () =>
            (await east.request({ method: 'GET', url: `/api/v1/query/${queryId}` })).json().result as {
              state: string;
              resultsKey: string;
            },
          (r) => r.state === 'success' || r.state === 'failed',
        );
        expect(done.state).toBe('success');
        const results = await east.request({
          method: 'GET',
          url: `/api/v1/sqllab/results/?q=${encodeRison({ key: done.resultsKey })}`,
        });
        expect(Number(results.json().data[0].total)).toBe(30);

        const ctas = await execute(east, {
          database_id: dbId,
          sql: 'SELECT * FROM sales',
          runAsync: false,
          schema,
          select_as_cta: true,
          ctas_method: 'TABLE',
          tmp_table_name: 'east_copy',
        });
        expect(ctas.status, ctas.response.body).toBe(200);
        expect(await scalar('SELECT SUM(amount) FROM east_copy')).toBe(30);
      });

      it('refuses what the rewrite cannot follow, and estimates the narrowed query', async () => {
        const broken = await execute(east, { database_id: dbId, sql: 'SELECT * FROM (sales', runAsync: false, schema });
        expect(broken.status).toBe(400);
        expect(broken.json().errors[0].error_type).toBe('QUERY_SECURITY_ACCESS_ERROR');
        const async = await execute(east, { database_id: dbId, sql: 'SELECT * FROM (sales', runAsync: true, schema });
        expect(async.status).toBe(400);
        const estimate = await east.request({
          method: 'POST',
          url: '/api/v1/sqllab/estimate/',
          payload: { database_id: dbId, schema, sql: 'SELECT * FROM sales' },
        });
        if (engine.name === 'clickhouse') {
          // ClickHouse 18.16 has no EXPLAIN: the narrowed query passes the guard, then the engine says it cannot.
          expect(estimate.statusCode, estimate.body).toBe(400);
          expect(estimate.json().errors[0].message).toMatch(/^Database does not support cost estimation/);
        } else {
          expect(estimate.statusCode, estimate.body).toBe(200);
        }
        const refused = await east.request({
          method: 'POST',
          url: '/api/v1/sqllab/estimate/',
          payload: { database_id: dbId, schema, sql: 'SELECT * FROM (sales' },
        });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().errors[0].error_type).toBe('QUERY_SECURITY_ACCESS_ERROR');
      });

      it("runs a scheduled saved query as its author, under the author's rules", async () => {
        const saved = await east.request({
          method: 'POST',
          url: '/api/v1/saved_query/',
          payload: {
            db_id: dbId,
            schema,
            label: 'east rows',
            sql: 'SELECT * FROM sales s JOIN stock k USING (region)',
          },
        });
        expect(saved.statusCode, saved.body).toBe(201);
        const id = saved.json().id as number;
        await runScheduledQueryJob(t.ctx, {
          id: `scheduled-${id}`,
          kind: 'scheduled-query',
          data: { savedQueryId: id },
          attempt: 1,
          signal: new AbortController().signal,
        });
        const row = await t.ctx.store.db
          .selectFrom('saved_query')
          .select('rows')
          .where('id', '=', id)
          .executeTakeFirst();
        expect(row?.rows).toBe(await scalar(`SELECT COUNT(*) FROM ${narrowed} s JOIN stock k USING (region)`));
      });

      it('changes nothing with the setting off', async () => {
        t.ctx.config.features.RLS_IN_SQLLAB = false;
        try {
          expect(await lab(east, 'SELECT SUM(amount) FROM sales')).toBe(await scalar('SELECT SUM(amount) FROM sales'));
        } finally {
          t.ctx.config.features.RLS_IN_SQLLAB = true;
        }
      });
    },
  );
}

for (const engine of CORRECTNESS_ENGINES) engineSuite(engine);
