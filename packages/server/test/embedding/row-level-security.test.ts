// Row-level security on every engine: the API in Superset's shapes, Superset's RLS cases as facts (Regular filters
// ORed within a group key and ANDed across groups, Base filters for everyone but their roles), and every data path
// (chart data, drill to detail, CSV, XLSX, samples, filter values) narrowed, with the numbers checked against SQL run here.
import { objectPermissionName } from '@nezha/core';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDatabase } from '../../src/store/databases.js';
import { createRole } from '../../src/store/permissions.js';
import { CHART_ENGINES, type ChartEngine } from '../chart-data/chart-fixtures.js';
import { addDatabaseVia, addUser, runOn } from '../support/dataset-fixtures.js';
import { suiteTitle } from '../support/services.js';
import { type Session, startTestApp, type TestApp } from '../support/test-app.js';

const SALES = [
  ['east', 'apple', 10],
  ['east', 'pear', 20],
  ['west', 'apple', 40],
  ['west', 'pear', 80],
  ['north', 'apple', 160],
  ['south', 'plum', 320],
] as const;

function engineSuite(engine: ChartEngine) {
  describe.skipIf(!engine.url)(suiteTitle(`row-level security on ${engine.title}`, engine.url, engine.variable), () => {
    let t: TestApp;
    let admin: Session;
    let drop: () => Promise<void>;
    let dbId: number;
    let datasetId: number;
    let otherId: number;
    const roles: Record<string, number> = {};
    const users: Record<string, Session> = {};

    /** The engine's own answer, for the numbers the API must give. */
    async function sql(text: string): Promise<unknown[][]> {
      const row = await getDatabase(t.ctx.store.db, dbId);
      if (!row) throw new Error('no database');
      const connection = await t.ctx.connections.forDatabase(row);
      return (await connection.execute(text)).rows as unknown[][];
    }

    async function rule(payload: Record<string, unknown>): Promise<number> {
      const response = await admin.request({ method: 'POST', url: '/api/v1/rowlevelsecurity/', payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as number;
    }

    function chartData(session: Session, extra: Record<string, unknown> = {}, query: Record<string, unknown> = {}) {
      return session.request({
        method: 'POST',
        url: '/api/v1/chart/data',
        payload: {
          datasource: { id: datasetId, type: 'table' },
          queries: [
            {
              columns: ['region'],
              metrics: [
                { label: 'total', expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'amount' } },
              ],
              orderby: [
                [
                  { label: 'total', expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'amount' } },
                  false,
                ],
              ],
              row_limit: 100,
              ...query,
            },
          ],
          result_format: 'json',
          result_type: 'full',
          ...extra,
        },
      });
    }

    async function totals(session: Session): Promise<Record<string, number>> {
      const response = await chartData(session);
      expect(response.statusCode, response.body).toBe(200);
      const data = response.json().result[0].data as Array<{ region: string; total: number }>;
      return Object.fromEntries(data.map((row) => [row.region, Number(row.total)]));
    }

    async function expected(where: string): Promise<Record<string, number>> {
      const rows = await sql(`SELECT region, SUM(amount) FROM sales WHERE ${where} GROUP BY region`);
      return Object.fromEntries(rows.map(([region, total]) => [String(region), Number(total)]));
    }

    beforeAll(async () => {
      const opened = await engine.open();
      drop = opened.drop;
      t = await startTestApp();
      admin = await t.login();
      dbId = await addDatabaseVia(admin, 'shop', opened.uri);
      const { text } = engine.types;
      await runOn(t, dbId, [
        `CREATE TABLE sales (region ${text}, product ${text}, amount INTEGER)`,
        `INSERT INTO sales VALUES ${SALES.map(([r, p, a]) => `('${r}', '${p}', ${a})`).join(', ')}`,
        `CREATE TABLE stock (region ${text}, amount INTEGER)`,
        "INSERT INTO stock VALUES ('east', 1), ('west', 2)",
      ]);
      const create = async (table: string) => {
        const response = await admin.request({
          method: 'POST',
          url: '/api/v1/dataset/',
          payload: { database: dbId, schema: opened.schema, table_name: table },
        });
        expect(response.statusCode, response.body).toBe(201);
        return response.json().id as number;
      };
      datasetId = await create('sales');
      otherId = await create('stock');
      const enable = await admin.request({
        method: 'PUT',
        url: `/api/v1/dataset/${datasetId}`,
        payload: { filter_select_enabled: true },
      });
      expect(enable.statusCode, enable.body).toBe(200);
      for (const name of ['east_role', 'west_role', 'apple_role', 'all_seeing']) {
        roles[name] = await createRole(t.ctx.store.db, name);
      }
      const grants: Array<[string, string]> = [
        ['datasource_access', objectPermissionName.datasource('shop', 'sales', datasetId)],
        ['datasource_access', objectPermissionName.datasource('shop', 'stock', otherId)],
      ];
      users.east = (await addUser(t, 'east_user', ['Gamma', 'east_role'], grants)).session;
      users.eastwest = (await addUser(t, 'eastwest_user', ['Gamma', 'east_role', 'west_role'], grants)).session;
      users.eastApple = (await addUser(t, 'east_apple_user', ['Gamma', 'east_role', 'apple_role'], grants)).session;
      users.plain = (await addUser(t, 'plain_user', ['Gamma'], grants)).session;
      users.seeing = (await addUser(t, 'seeing_user', ['Gamma', 'all_seeing'], grants)).session;
    });
    afterAll(async () => {
      await t?.close();
      await drop?.();
    });

    it('keeps a rule in Superset shapes and answers it by list and by id', async () => {
      const id = await rule({
        name: 'east only',
        description: 'East sees east',
        filter_type: 'Regular',
        tables: [datasetId],
        roles: [roles.east_role],
        group_key: 'region',
        clause: "region = 'east'",
      });
      const shown = await admin.request({ method: 'GET', url: `/api/v1/rowlevelsecurity/${id}` });
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json()).toMatchObject({
        id,
        result: {
          name: 'east only',
          description: 'East sees east',
          filter_type: 'Regular',
          tables: [{ id: datasetId, table_name: 'sales' }],
          roles: [{ id: roles.east_role, name: 'east_role' }],
          group_key: 'region',
          clause: "region = 'east'",
        },
      });
      const list = await admin.request({ method: 'GET', url: '/api/v1/rowlevelsecurity/' });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json()).toMatchObject({ count: 1, ids: [id] });
      expect(list.json().result[0]).toMatchObject({
        name: 'east only',
        changed_by: { first_name: expect.any(String) },
      });
    });

    it('refuses what is not a predicate, unknown tables and roles, a taken name, and non-admins', async () => {
      const base = { name: 'bad', filter_type: 'Regular', tables: [datasetId], roles: [] };
      const post = (payload: Record<string, unknown>) =>
        admin.request({ method: 'POST', url: '/api/v1/rowlevelsecurity/', payload });
      for (const clause of [
        "region = 'east'; DROP TABLE sales",
        'amount IN (SELECT amount FROM stock)',
        "region = 'east') OR (1 = 1",
        'no_such_column = 1',
      ]) {
        const response = await post({ ...base, clause });
        expect(response.statusCode, clause).toBe(400);
        expect(response.body).not.toContain('stack');
      }
      expect((await post({ ...base, clause: '1 = 1', tables: [] })).statusCode).toBe(400);
      expect((await post({ ...base, clause: '1 = 1', filter_type: 'Other' })).statusCode).toBe(400);
      expect((await post({ ...base, clause: '1 = 1', tables: [999999] })).json()).toEqual({
        message: 'Datasource does not exist',
      });
      expect((await post({ ...base, clause: '1 = 1', roles: [999999] })).json()).toEqual({
        message: 'Some roles do not exist',
      });
      expect((await post({ ...base, name: 'east only', clause: '1 = 1' })).statusCode).toBe(422);
      const gamma = await users.east?.request({
        method: 'POST',
        url: '/api/v1/rowlevelsecurity/',
        payload: { ...base, clause: '1 = 1' },
      });
      expect(gamma?.statusCode).toBe(403);
      const listed = await users.east?.request({ method: 'GET', url: '/api/v1/rowlevelsecurity/' });
      expect(listed?.statusCode).toBe(403);
      expect((await admin.request({ method: 'GET', url: '/api/v1/rowlevelsecurity/' })).json().count).toBe(1);
    });

    it('applies a Regular filter to its roles only; the admin, outside it, sees every row', async () => {
      expect(await totals(users.east as Session)).toEqual(await expected("region = 'east'"));
      expect(await totals(users.plain as Session)).toEqual(await expected('1 = 1'));
      expect(await totals(admin)).toEqual(await expected('1 = 1'));
    });

    it('ORs filters of one group key and ANDs groups (Superset get_sqla_row_level_filters)', async () => {
      await rule({
        name: 'west only',
        filter_type: 'Regular',
        tables: [datasetId],
        roles: [roles.west_role],
        group_key: 'region',
        clause: "region = 'west'",
      });
      await rule({
        name: 'apples',
        filter_type: 'Regular',
        tables: [datasetId],
        roles: [roles.apple_role],
        group_key: 'product',
        clause: "product = 'apple'",
      });
      expect(await totals(users.eastwest as Session)).toEqual(await expected("region = 'east' OR region = 'west'"));
      expect(await totals(users.eastApple as Session)).toEqual(await expected("region = 'east' AND product = 'apple'"));
    });

    it('applies a Base filter to everyone but its roles, on the tables it names only', async () => {
      const id = await rule({
        name: 'no south',
        filter_type: 'Base',
        tables: [datasetId],
        roles: [roles.all_seeing],
        clause: "region <> 'south'",
      });
      expect(await totals(users.plain as Session)).toEqual(await expected("region <> 'south'"));
      expect(await totals(admin)).toEqual(await expected("region <> 'south'"));
      expect(await totals(users.seeing as Session)).toEqual(await expected('1 = 1'));
      expect(await totals(users.east as Session)).toEqual(await expected("region = 'east' AND region <> 'south'"));
      const stock = await (users.plain as Session).request({
        method: 'POST',
        url: '/api/v1/chart/data',
        payload: {
          datasource: { id: otherId, type: 'table' },
          queries: [{ columns: ['region'], metrics: ['count'], row_limit: 10 }],
        },
      });
      expect(stock.json().result[0].rowcount).toBe(2);
      const removed = await admin.request({ method: 'DELETE', url: `/api/v1/rowlevelsecurity/${id}` });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(await totals(users.plain as Session)).toEqual(await expected('1 = 1'));
    });

    it('never shares a cached answer across clauses: the same request answers each caller its own rows', async () => {
      const first = await chartData(users.east as Session, {}, { row_limit: 99 });
      const second = await chartData(users.plain as Session, {}, { row_limit: 99 });
      const again = await chartData(users.east as Session, {}, { row_limit: 99 });
      expect(first.json().result[0].cache_key).not.toBe(second.json().result[0].cache_key);
      expect(second.json().result[0].is_cached).toBe(false);
      expect(second.json().result[0].data).toHaveLength(4);
      expect(first.json().result[0].data).toEqual([{ region: 'east', total: 30 }]);
      expect(again.json().result[0].is_cached).toBe(true);
    });

    it('narrows drill to detail, CSV, XLSX, samples and filter values, and cannot be widened by the viewer', async () => {
      const east = users.east as Session;
      const drill = await chartData(east, { result_type: 'drill_detail' }, { metrics: [], columns: [] });
      expect(drill.statusCode, drill.body).toBe(200);
      const regions = (drill.json().result[0].data as Array<{ region: string }>).map((row) => row.region);
      expect(regions.length).toBe(Number((await sql("SELECT COUNT(*) FROM sales WHERE region = 'east'"))[0]?.[0]));
      expect(new Set(regions)).toEqual(new Set(['east']));

      const csv = await chartData(east, { result_format: 'csv' });
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.body).toContain('east');
      expect(csv.body).not.toMatch(/west|north|south/);

      const xlsx = await chartData(east, { result_format: 'xlsx' });
      expect(xlsx.statusCode).toBe(200);
      const sheet = strFromU8(
        unzipSync(new Uint8Array(xlsx.rawPayload))['xl/worksheets/sheet1.xml'] ?? new Uint8Array(),
      );
      expect(sheet).toContain('east');
      expect(sheet).not.toMatch(/west|north|south/);

      const samples = await east.request({
        method: 'POST',
        url: `/datasource/samples?force=true&datasource_type=table&datasource_id=${datasetId}`,
        payload: {},
      });
      expect(samples.statusCode, samples.body).toBe(200);
      const sampled = samples.json().result.data as Array<{ region: string }>;
      expect(new Set(sampled.map((row) => row.region))).toEqual(new Set(['east']));

      const values = await east.request({ method: 'GET', url: `/nezha/filter/table/${datasetId}/region/ZQ/100/0/` });
      expect(values.statusCode, values.body).toBe(200);
      expect(values.json().result).toEqual(['east']);
      const all = await (users.plain as Session).request({
        method: 'GET',
        url: `/nezha/filter/table/${datasetId}/region/ZQ/100/0/`,
      });
      expect(all.json().result.sort()).toEqual(['east', 'west']);

      // The shared distinct-value count is never counted under a caller's rules (nor shown as all rows' count).
      const warm = (session: Session) =>
        session.request({
          method: 'POST',
          url: '/api/v1/query/column_values/caching/',
          payload: { datasource_id: datasetId, column_name: 'region' },
        });
      expect((await warm(east)).json().result.card).toBeNull();
      expect((await warm(users.plain as Session)).json().result.card).toBe(4);

      // An OR in the viewer's own WHERE text stays inside its parentheses, below the rule.
      const widened = await chartData(east, {}, { extras: { where: "1 = 1 OR region = 'west'" } });
      expect(widened.statusCode, widened.body).toBe(200);
      expect(widened.json().result[0].data).toEqual([{ region: 'east', total: 30 }]);
    });

    it("renders Jinja in a clause with the viewer's own values, which cannot widen it", async () => {
      const named = await createRole(t.ctx.store.db, 'named_role');
      await rule({
        name: 'own product',
        filter_type: 'Regular',
        tables: [datasetId],
        roles: [named],
        clause: "product = '{{ current_username() }}'",
      });
      const grants: Array<[string, string]> = [
        ['datasource_access', objectPermissionName.datasource('shop', 'sales', datasetId)],
      ];
      const apple = (await addUser(t, 'apple', ['Gamma', 'named_role'], grants)).session;
      expect(await totals(apple)).toEqual(await expected("product = 'apple'"));
      // A quote in the username stays inside the clause's string literal: no row is named so.
      const sly = (await addUser(t, "pear' OR '1' = '1", ['Gamma', 'named_role'], grants)).session;
      expect(await totals(sly)).toEqual({});
    });

    it("narrows a cohort's sub-query too: its members come from the viewer's rows only", async () => {
      const created = await admin.request({
        method: 'POST',
        url: '/api/v1/cohort/',
        payload: {
          datasource_id: datasetId,
          datasource_type: 'table',
          viz_type: 'cohort',
          cohort_name: 'Big sellers',
          dimensions: ['product'],
          params: {
            adhoc_filters: [
              {
                expressionType: 'SIMPLE',
                clause: 'WHERE',
                subject: 'amount',
                operatorId: 'GREATER_THAN_OR_EQUAL',
                comparator: 40,
              },
            ],
          },
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const cohort = created.json().id as number;
      const withCohort = (session: Session) =>
        chartData(
          session,
          {},
          {
            cohort_filters: [{ expressionType: 'COHORT', clause: 'WHERE', cohort, cohortOperatorId: 'IN' }],
          },
        );
      const east = await withCohort(users.east as Session);
      expect(east.statusCode, east.body).toBe(200);
      // East's own rows hold no sale of 40 or more, so its cohort is empty; unnarrowed it would be apples and pears.
      const eastExpected = await expected(
        "region = 'east' AND product IN (SELECT product FROM sales WHERE region = 'east' AND amount >= 40)",
      );
      expect(eastExpected).toEqual({});
      expect(east.json().result[0].data).toEqual([]);
      const plain = await withCohort(users.plain as Session);
      const data = plain.json().result[0].data as Array<{ region: string; total: number }>;
      expect(Object.fromEntries(data.map((row) => [row.region, Number(row.total)]))).toEqual(
        await expected('product IN (SELECT product FROM sales WHERE amount >= 40)'),
      );
    });
  });
}

for (const engine of CHART_ENGINES) engineSuite(engine);
