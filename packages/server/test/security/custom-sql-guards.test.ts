// Issue #11: custom SQL fragments cannot reach other tables, catalogs or files, in every place that takes one.
import { objectPermissionName, SUB_QUERY_MESSAGE } from '@nezha/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineName } from '../../src/engines/types.js';
import { CHART_ENGINES, type ChartEngine, chartRequest } from '../chart-data/chart-fixtures.js';
import { addDatabaseVia, addUser, runOn } from '../support/dataset-fixtures.js';
import { suiteTitle } from '../support/services.js';
import { type Session, startTestApp, type TestApp } from '../support/test-app.js';

/** The other table's name and the one value in it: neither may ever appear in an answer. */
const VAULT = 'nz_vault';
const VAULT_TOKEN = 'vault-token-7c1e9d';

/** Fragments every engine must refuse: sub-queries, set operations, VALUES, WITH, EXISTS. */
const COMMON_BYPASSES = [
  `(SELECT max(token) FROM ${VAULT})`,
  `num IN (SELECT id FROM ${VAULT})`,
  `EXISTS (SELECT 1 FROM ${VAULT})`,
  'num IN (VALUES (1), (2))',
  `(WITH v AS (SELECT token FROM ${VAULT}) SELECT max(token) FROM v)`,
  `name = 'a' UNION SELECT token FROM ${VAULT}`,
  `name = 'a' INTERSECT SELECT token FROM ${VAULT}`,
  `name = 'a' EXCEPT SELECT token FROM ${VAULT}`,
  `num > 0 /* hidden */ AND (SELECT count(*) FROM ${VAULT}) > 0`,
];

/** Each engine's own ways to name a relation, a catalog or a file without SELECT … FROM. */
const ENGINE_BYPASSES: Record<EngineName, string[]> = {
  // This suite runs on CHART_ENGINES, which do not include ClickHouse yet.
  clickhouse: [],
  duckdb: [
    `(FROM ${VAULT} SELECT max(token))`,
    `num IN (FROM ${VAULT} SELECT id)`,
    `query_table('${VAULT}') IS NOT NULL`,
    `len(query('SELECT token FROM ${VAULT}')) > 0`,
    '(SELECT count(*) FROM duckdb_tables()) > 0',
    'duckdb_columns() IS NOT NULL',
    "read_csv('/etc/passwd') IS NULL",
    "glob('*') IS NOT NULL",
    'information_schema.tables.table_name IS NULL',
  ],
  sqlite: [
    '(SELECT max(name) FROM sqlite_master)',
    'sqlite_master.sql IS NULL',
    `pragma_table_info('${VAULT}') IS NULL`,
    `num IN ${VAULT}`,
    `num IN pragma_table_info('${VAULT}')`,
  ],
  postgresql: [
    '(SELECT max(tablename) FROM pg_catalog.pg_tables)',
    '(SELECT max(table_name) FROM information_schema.tables)',
    "pg_catalog.current_setting('server_version') IS NOT NULL",
    'generate_series(1, 2) > 0',
    `query_to_xml('select * from ${VAULT}', true, true, '') IS NOT NULL`,
    "pg_read_file('/etc/passwd') IS NOT NULL",
  ],
  mysql: [
    '(SELECT max(table_name) FROM information_schema.tables)',
    '`information_schema`.`tables`.`table_name` IS NULL',
    'mysql.user.authentication_string IS NULL',
    "load_file('/etc/passwd') IS NOT NULL",
  ],
};

/** Expressions that must keep working, with a check of the answer; `not` lists engines without the syntax. */
const LEGITIMATE: Array<{ what: string; metric: string; where?: string; column?: string; not?: EngineName[] }> = [
  { what: 'EXTRACT(YEAR FROM ds)', metric: 'MAX(EXTRACT(YEAR FROM ds))', not: ['sqlite'] },
  { what: 'CASE WHEN', metric: "SUM(CASE WHEN name = 'ann' THEN num ELSE 0 END)" },
  { what: 'CAST', metric: 'SUM(CAST(num AS DECIMAL(10, 2)))' },
  { what: 'COUNT(DISTINCT x)', metric: 'COUNT(DISTINCT name)' },
  { what: 'a string literal holding a query', metric: 'COUNT(*)', where: "name <> 'select * from t'" },
  { what: 'comments', metric: 'COUNT(*) -- select * from nz_vault', where: 'num > 0 /* union select */' },
  { what: 'IS DISTINCT FROM', metric: 'COUNT(*)', where: "name IS DISTINCT FROM 'zed'", not: ['mysql'] },
  { what: 'a window over the aggregate', metric: 'SUM(SUM(num)) OVER (PARTITION BY name)' },
  { what: 'SUBSTRING … FROM … FOR', metric: 'COUNT(*)', column: 'SUBSTRING(name FROM 1 FOR 2)', not: ['sqlite'] },
];

interface Env {
  t: TestApp;
  admin: Session;
  gamma: Session;
  datasetId: number;
  savedColumnId: number;
  measureId: number;
  drop(): Promise<void>;
}

const COUNT = { expressionType: 'SQL' as const, sqlExpression: 'COUNT(*)', label: 'n' };
const sqlMetric = (sql: string, label = 'm') => ({ expressionType: 'SQL' as const, sqlExpression: sql, label });

/** Every place that takes a custom fragment, as the request a user would send. */
const PLACES: Array<{ name: string; send: (env: Env, sql: string) => Promise<LightMyRequestResponse> }> = [
  {
    name: 'chart data adhoc SQL metric',
    send: (env, sql) => chartRequest(env.gamma, env.datasetId, [{ columns: ['name'], metrics: [sqlMetric(sql)] }]),
  },
  {
    name: 'chart data adhoc column',
    send: (env, sql) =>
      chartRequest(env.gamma, env.datasetId, [
        { columns: [{ expressionType: 'SQL', sqlExpression: sql, label: 'c' }], metrics: [COUNT] },
      ]),
  },
  {
    name: 'chart data extras.where',
    send: (env, sql) =>
      chartRequest(env.gamma, env.datasetId, [{ columns: ['name'], metrics: [COUNT], extras: { where: sql } }]),
  },
  {
    name: 'chart data extras.having',
    send: (env, sql) =>
      chartRequest(env.gamma, env.datasetId, [{ columns: ['name'], metrics: [COUNT], extras: { having: sql } }]),
  },
  {
    name: 'chart data orderby',
    send: (env, sql) =>
      chartRequest(env.gamma, env.datasetId, [
        { columns: ['name'], metrics: [COUNT], orderby: [[sqlMetric(sql, 'o'), false]] },
      ]),
  },
  {
    name: 'chart data series_limit_metric',
    send: (env, sql) =>
      chartRequest(env.gamma, env.datasetId, [
        {
          columns: ['name'],
          metrics: [COUNT],
          series_columns: ['name'],
          series_limit: 2,
          series_limit_metric: sqlMetric(sql, 's'),
        },
      ]),
  },
  {
    name: 'chart data filter group SQL leaf',
    send: (env, sql) =>
      chartRequest(env.gamma, env.datasetId, [
        {
          columns: ['name'],
          metrics: [COUNT],
          filter_groups: [
            { operator: 'AND', filters: [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: sql }], groups: [] },
          ],
        },
      ]),
  },
  {
    name: 'saved column create',
    send: (env, sql) =>
      env.gamma.request({
        method: 'POST',
        url: '/api/v1/dataset/saved_column/',
        payload: {
          table_id: env.datasetId,
          column_name: `c_${Math.random().toString(36).slice(2, 8)}`,
          expression: sql,
        },
      }),
  },
  {
    name: 'saved column update',
    send: (env, sql) =>
      env.gamma.request({
        method: 'PUT',
        url: `/api/v1/dataset/saved_column/${env.savedColumnId}/`,
        payload: { expression: sql },
      }),
  },
  {
    name: 'measure create',
    send: (env, sql) =>
      env.gamma.request({
        method: 'POST',
        url: '/api/v1/measure/',
        payload: {
          datasource_id: env.datasetId,
          datasource_type: 'table',
          viz_type: 'measure',
          measure_name: `m_${Math.random().toString(36).slice(2, 8)}`,
          params: { metrics: [sqlMetric(sql, `d_${Math.random().toString(36).slice(2, 8)}`)] },
        },
      }),
  },
  {
    name: 'measure update',
    send: (env, sql) =>
      env.gamma.request({
        method: 'PUT',
        url: `/api/v1/measure/${env.measureId}`,
        payload: { params: { metrics: [sqlMetric(sql)] } },
      }),
  },
  {
    name: 'cohort SQL filter',
    send: (env, sql) =>
      env.gamma.request({
        method: 'POST',
        url: '/api/v1/cohort/',
        payload: {
          datasource_id: env.datasetId,
          datasource_type: 'table',
          viz_type: 'cohort',
          cohort_name: `k_${Math.random().toString(36).slice(2, 8)}`,
          params: { adhoc_filters: [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: sql }] },
        },
      }),
  },
];

async function openEnv(engine: ChartEngine): Promise<Env> {
  const opened = await engine.open();
  const t = await startTestApp();
  const admin = await t.login();
  const databaseName = `guards-${engine.name}`;
  const databaseId = await addDatabaseVia(admin, databaseName, opened.uri);
  const { text, timestamp } = engine.types;
  await runOn(t, databaseId, [
    `CREATE TABLE sales (ds ${timestamp}, name ${text}, num INTEGER, secret_code ${text})`,
    "INSERT INTO sales VALUES ('2024-01-01 00:00:00', 'ann', 1, 's1'), ('2024-02-01 00:00:00', 'bob', 2, 's2')",
    `CREATE TABLE ${VAULT} (id INTEGER, token ${text})`,
    `INSERT INTO ${VAULT} VALUES (1, '${VAULT_TOKEN}')`,
  ]);
  const created = await admin.request({
    method: 'POST',
    url: '/api/v1/dataset/',
    payload: { database: databaseId, schema: opened.schema, table_name: 'sales' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const datasetId = created.json().id as number;
  const gamma = await addUser(
    t,
    `gamma_guards_${engine.name}`,
    ['Gamma'],
    [['datasource_access', objectPermissionName.datasource(databaseName, 'sales', datasetId)]],
  );
  // An owner of the dataset: only owners add saved columns and measures to it.
  const put = await admin.request({
    method: 'PUT',
    url: `/api/v1/dataset/${datasetId}`,
    payload: { sensitive_columns: ['secret_code'], owners: [gamma.id] },
  });
  expect(put.statusCode, put.body).toBe(200);
  const column = await gamma.session.request({
    method: 'POST',
    url: '/api/v1/dataset/saved_column/',
    payload: { table_id: datasetId, column_name: 'double_num', expression: 'num * 2' },
  });
  expect(column.statusCode, column.body).toBe(201);
  const measure = await gamma.session.request({
    method: 'POST',
    url: '/api/v1/measure/',
    payload: {
      datasource_id: datasetId,
      datasource_type: 'table',
      viz_type: 'measure',
      measure_name: 'Total num',
      params: { metrics: [sqlMetric('SUM(num)')] },
    },
  });
  expect(measure.statusCode, measure.body).toBe(201);
  return {
    t,
    admin,
    gamma: gamma.session,
    datasetId,
    savedColumnId: column.json().id as number,
    measureId: measure.json().id as number,
    async drop() {
      await t.close();
      await opened.drop();
    },
  };
}

for (const engine of CHART_ENGINES) {
  describe.skipIf(engine.url === undefined)(
    suiteTitle(`custom SQL guards on ${engine.title}`, engine.url, engine.variable),
    () => {
      let env: Env;
      beforeAll(async () => {
        env = await openEnv(engine);
      }, 120_000);
      afterAll(() => env?.drop());

      const bypasses = [...COMMON_BYPASSES, ...ENGINE_BYPASSES[engine.name]];
      for (const place of PLACES) {
        it.each(bypasses)(`${place.name} refuses %j with a 400 and leaks nothing`, async (sql) => {
          const response = await place.send(env, sql);
          expect(response.statusCode, response.body).toBe(400);
          expect(response.body).toContain(SUB_QUERY_MESSAGE);
          expect(response.body).not.toContain(VAULT_TOKEN);
          expect(response.body).not.toContain(VAULT);
          expect(response.body).not.toMatch(/sqlite_master|pg_tables|ab_user|information_schema/);
        });
      }

      it('dataset calculated columns and saved metrics refuse every bypass; ordinary ones save', async () => {
        const detail = async () =>
          (await env.admin.request({ method: 'GET', url: `/api/v1/dataset/${env.datasetId}` })).json().result;
        const current = await detail();
        const keep = {
          columns: current.columns.map((c: { id: number; column_name: string }) => ({
            id: c.id,
            column_name: c.column_name,
          })),
          metrics: current.metrics.map((m: { id: number; metric_name: string; expression: string }) => ({
            id: m.id,
            metric_name: m.metric_name,
            expression: m.expression,
          })),
        };
        const put = (payload: Record<string, unknown>) =>
          env.admin.request({ method: 'PUT', url: `/api/v1/dataset/${env.datasetId}`, payload });
        for (const sql of bypasses) {
          const column = await put({
            ...keep,
            columns: [...keep.columns, { column_name: 'nz_leak', expression: sql }],
          });
          expect(column.statusCode, `${sql}: ${column.body}`).toBe(400);
          expect(column.body).toContain(SUB_QUERY_MESSAGE);
          const metric = await put({
            ...keep,
            metrics: [...keep.metrics, { metric_name: 'nz_leak', expression: sql }],
          });
          expect(metric.statusCode, `${sql}: ${metric.body}`).toBe(400);
          expect(metric.body).toContain(SUB_QUERY_MESSAGE);
        }
        const after = await detail();
        expect(after.columns.map((c: { column_name: string }) => c.column_name)).not.toContain('nz_leak');
        expect(after.metrics.map((m: { metric_name: string }) => m.metric_name)).not.toContain('nz_leak');
        const ordinary = await put({
          columns: [...keep.columns, { column_name: 'num_plus', expression: 'num + 1' }],
          metrics: [...keep.metrics, { metric_name: 'sum_num', expression: 'SUM(num)' }],
        });
        expect(ordinary.statusCode, ordinary.body).toBe(200);
        const answer = await chartRequest(env.admin, env.datasetId, [
          { columns: ['num_plus'], metrics: ['sum_num'], orderby: [['num_plus', true]] },
        ]);
        expect(answer.statusCode, answer.body).toBe(200);
        expect(
          (answer.json().result[0].data as Array<Record<string, unknown>>).map((r) => [
            Number(r.num_plus),
            Number(r.sum_num),
          ]),
        ).toEqual([
          [2, 1],
          [3, 2],
        ]);
      });

      it('every place still names a sensitive column as such', async () => {
        for (const place of PLACES) {
          const response = await place.send(env, 'MAX(secret_code)');
          expect(response.statusCode, `${place.name}: ${response.body}`).toBe(400);
          expect(response.body).toContain('Custom SQL cannot contain sensitive column \\"secret_code\\"');
          expect(response.body).not.toMatch(/"s1"|"s2"/);
        }
      });

      it('the saved column and the measure are unchanged after the refused updates', async () => {
        const column = await env.gamma.request({
          method: 'GET',
          url: `/nezha/filter/saved_column/${env.savedColumnId}/`,
        });
        expect(column.json().result.expression).toBe('num * 2');
        const measure = await env.gamma.request({ method: 'GET', url: `/api/v1/measure/${env.measureId}` });
        expect(measure.json().result.saved_measures[0]).toMatchObject({ expression: 'SUM(num)' });
      });

      it.each(LEGITIMATE.filter((c) => !c.not?.includes(engine.name)))(
        '$what still works',
        async ({ metric, where, column }) => {
          const response = await chartRequest(env.gamma, env.datasetId, [
            {
              columns: [column ? { expressionType: 'SQL', sqlExpression: column, label: 'c' } : 'name'],
              metrics: [sqlMetric(metric)],
              ...(where ? { extras: { where } } : {}),
              orderby: [[column ? 'c' : 'name', true]],
            },
          ]);
          expect(response.statusCode, response.body).toBe(200);
          const rows = response.json().result[0].data as Array<Record<string, unknown>>;
          expect(rows.length).toBeGreaterThan(0);
          expect(rows.every((row) => row.m !== null && row.m !== undefined)).toBe(true);
        },
      );

      it('a saved column and a measure with ordinary SQL are accepted and compute', async () => {
        const response = await chartRequest(env.gamma, env.datasetId, [
          {
            columns: ['name'],
            metrics: ['Total num'],
            filters: [{ col: 'double_num', op: '>', val: 0 }],
            orderby: [['name', true]],
          },
        ]);
        expect(response.statusCode, response.body).toBe(200);
        expect(
          (response.json().result[0].data as Array<Record<string, unknown>>).map((r) => [
            r.name,
            Number(r['Total num']),
          ]),
        ).toEqual([
          ['ann', 1],
          ['bob', 2],
        ]);
      });
    },
  );
}
