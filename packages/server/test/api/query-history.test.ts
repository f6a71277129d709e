// The Query history list (GET /api/v1/query/ with Superset's filters) and its pickers, with owners kept apart.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../support/sqllab-fixtures.js';
import { type Session, startTestApp, type TestApp } from '../support/test-app.js';
import { createSqlLabUser, execute, rison, runSettled, SQLLAB_ENGINES, useEngineDatabases } from './sqllab-harness.js';

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
});
afterAll(() => t?.close());

interface Row {
  id: string;
  queryId: number;
  sql: string;
  state: string;
  start_time: number;
  user: { id: number; first_name: string };
  database: { id: number; database_name: string };
}

type Filter = { col: string; opr: string; value: unknown };

async function list(session: Session, filters: Filter[], extra: Record<string, unknown> = {}) {
  const q = rison({ filters, order_column: 'start_time', order_direction: 'desc', page: 0, page_size: 25, ...extra });
  return session.request({ method: 'GET', url: `/api/v1/query/?q=${q}` });
}

async function rows(session: Session, filters: Filter[]): Promise<Row[]> {
  const response = await list(session, filters);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { count: number; result: Row[] };
  expect(body.count).toBe(body.result.length);
  return body.result;
}

const engine = SQLLAB_ENGINES.find((candidate) => candidate.name === 'sqlite');

describe.skipIf(!engine?.available)('Query history list', () => {
  const e = useEngineDatabases(
    () => t,
    () => admin,
    engine as NonNullable<typeof engine>,
  );
  const tag = randomBytes(3).toString('hex');
  const mark = `qh_${tag}`;
  const bySql = { col: 'sql', opr: 'ct', value: mark };
  let analyst: Session;
  let analystId: number;
  let adminId: number;
  let auditor: Session;

  beforeAll(async () => {
    analyst = await createSqlLabUser(t, `hist_analyst_${tag}`, [e.db]);
    auditor = await createSqlLabUser(t, `hist_auditor_${tag}`, [e.db], [['all_query_access', 'all_query_access']]);
    await runSettled(admin, e.db.id, `SELECT '${mark}' AS tag, 1 AS k`);
    await runSettled(analyst, e.db.id, `SELECT '${mark}' AS tag, 2 AS k`);
    const failed = await execute(analyst, { database_id: e.db.id, sql: `SELECT nz_missing FROM ${e.nums} -- ${mark}` });
    expect(failed.status).toBe(400);
    const me = async (session: Session) =>
      (await session.request({ method: 'GET', url: '/api/v1/me/' })).json().result.id as number;
    analystId = await me(analyst);
    adminId = await me(admin);
  });

  it("filters by state, user, database, time range and SQL text, Superset's filter shapes", async () => {
    const all = await rows(admin, [bySql]);
    expect(all.map((row) => row.state).sort()).toEqual(['failed', 'success', 'success']);
    expect((await rows(admin, [bySql, { col: 'status', opr: 'eq', value: 'failed' }])).map((r) => r.sql)).toEqual([
      `SELECT nz_missing FROM ${e.nums} -- ${mark}`,
    ]);
    const analysts = await rows(admin, [bySql, { col: 'user', opr: 'rel_o_m', value: analystId }]);
    expect(analysts).toHaveLength(2);
    expect(analysts.every((row) => row.user.id === analystId)).toBe(true);
    expect(await rows(admin, [bySql, { col: 'database', opr: 'rel_o_m', value: e.dml.id }])).toEqual([]);
    expect(await rows(admin, [bySql, { col: 'database', opr: 'rel_o_m', value: e.db.id }])).toHaveLength(3);

    const times = all.map((row) => row.start_time).sort((a, b) => a - b);
    const first = times[0] as number;
    const last = times[2] as number;
    const inRange = (from: number | null, to: number | null) =>
      rows(admin, [bySql, { col: 'start_time', opr: 'between', value: [from, to] }]);
    expect(await inRange(first, last)).toHaveLength(3);
    expect(await inRange(last + 1, null)).toEqual([]);
    expect(await inRange(null, first)).toHaveLength(times.filter((time) => time === first).length);
    // ISO texts work too.
    expect(await inRange(null, null)).toHaveLength(3);
    const iso = await rows(admin, [
      bySql,
      { col: 'start_time', opr: 'between', value: [new Date(first).toISOString(), new Date(last + 1).toISOString()] },
    ]);
    expect(iso).toHaveLength(3);
  });

  it("a user without all_query_access never sees another user's runs, whatever the filter", async () => {
    const own = await rows(analyst, [bySql]);
    expect(own).toHaveLength(2);
    expect(own.every((row) => row.user.id === analystId)).toBe(true);
    // Asking for the admin's runs by user filter finds nothing.
    expect(await rows(analyst, [bySql, { col: 'user', opr: 'rel_o_m', value: adminId }])).toEqual([]);
    expect(await rows(analyst, [{ col: 'user_id', opr: 'eq', value: adminId }])).toEqual([]);
    const body = (await list(analyst, [])).json() as { result: Row[] };
    expect(body.result.every((row) => row.user.id === analystId)).toBe(true);
    // The user picker offers only themselves; an auditor's offers everyone.
    const picker = (await analyst.request({ method: 'GET', url: '/api/v1/query/related/user' })).json();
    expect(picker).toEqual({ count: 1, result: [expect.objectContaining({ value: analystId })] });
    const wide = (await auditor.request({ method: 'GET', url: '/api/v1/query/related/user' })).json();
    expect(wide.result.map((option: { value: number }) => option.value)).toEqual(
      expect.arrayContaining([analystId, adminId]),
    );
    expect(await rows(auditor, [bySql])).toHaveLength(3);
  });

  it("lists the tables each query read, as Superset's sql_tables, from the SQL the user wrote", async () => {
    const sql = `WITH picked AS (SELECT n FROM ${e.nums} WHERE n > 1) SELECT p.n, '${mark}' AS tables_tag FROM picked p JOIN main.${e.nums} AS again ON again.n = p.n`;
    await runSettled(analyst, e.db.id, sql);
    await runSettled(analyst, e.db.id, `SELECT 1 AS k, '${mark}' AS no_table`);
    const listed = (await rows(analyst, [bySql])) as (Row & { sql_tables: unknown })[];
    const tablesOf = (text: string) => listed.find((row) => row.sql.includes(text))?.sql_tables;
    // The fixture's name is a quoted identifier; the list gives names unquoted, qualified as written.
    const table = JSON.parse(e.nums) as string;
    expect(tablesOf('tables_tag')).toEqual([
      { table, schema: null, catalog: null },
      { table, schema: 'main', catalog: null },
    ]);
    expect(tablesOf('no_table')).toEqual([]);
  });

  it('the database picker lists the databases the caller may reach', async () => {
    const picker = (await analyst.request({ method: 'GET', url: '/api/v1/query/related/database' })).json();
    expect(picker.result).toEqual([{ value: e.db.id, text: e.db.name, extra: {} }]);
    const everything = (await admin.request({ method: 'GET', url: '/api/v1/query/related/database' })).json();
    expect(everything.result.map((option: { value: number }) => option.value)).toEqual(
      expect.arrayContaining([e.db.id, e.dml.id]),
    );
  });

  it('orders by database and user name, and refuses bad filters with 400', async () => {
    for (const column of ['database.database_name', 'user.first_name', 'rows', 'tab_name']) {
      expect((await list(admin, [bySql], { order_column: column })).statusCode).toBe(200);
    }
    const bad: Filter[] = [
      { col: 'user', opr: 'rel_o_m', value: 'someone' },
      { col: 'start_time', opr: 'between', value: 'yesterday' },
      { col: 'sql', opr: 'between', value: [1, 2] },
      { col: 'secret', opr: 'eq', value: 1 },
    ];
    for (const filter of bad) {
      const response = await list(admin, [filter]);
      expect(response.statusCode, JSON.stringify(filter)).toBe(400);
    }
  });

  it('a user without can_read on Query gets 403 from the list and its pickers', async () => {
    const gamma = (await addUser(t, `hist_gamma_${tag}`, ['Gamma'])).session;
    for (const url of ['/api/v1/query/', '/api/v1/query/related/user', '/api/v1/query/related/database']) {
      expect((await gamma.request({ method: 'GET', url })).statusCode, url).toBe(403);
    }
  });
});
