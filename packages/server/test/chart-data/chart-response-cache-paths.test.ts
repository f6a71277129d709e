// A saved chart's data (GET /api/v1/chart/{id}/data/) and a dashboard's chart batch answer a repeated request from
// the kept bytes, yet two callers under different row-level clauses (two users of two roles, two guest tokens of
// one name) never get each other's rows, however often the first one asked before.
import path from 'node:path';
import { objectPermissionName } from '@nezha/core';
import SQLite from 'better-sqlite3';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseCacheOf } from '../../src/chart-data/response-cache.js';
import { createRole } from '../../src/store/permissions.js';
import { addDatabaseVia, addUser } from '../support/dataset-fixtures.js';
import { dataUri, type Session, startTestApp, type TestApp } from '../support/test-app.js';

const REGIONS = ['north', 'south', 'east', 'west'];
const SALES = Array.from({ length: 200 }, (_, i) => [i, REGIONS[i % 4], (i % 89) * 2.5]);

type Rows = Array<{ region: string; count: number }>;

const chartQuery = (datasetId: number, chartId?: number, dashboardId?: number) => ({
  datasource: { id: datasetId, type: 'table' },
  queries: [{ columns: ['region'], metrics: ['count'], orderby: [['count', false]], row_limit: 100 }],
  ...(chartId === undefined ? {} : { form_data: { slice_id: chartId, dashboardId } }),
  result_format: 'json',
  result_type: 'full',
});

const sorted = (rows: Rows) => [...rows].sort((a, b) => a.region.localeCompare(b.region));

let t: TestApp;
let file: string;
let admin: Session;
let datasetId: number;
let chartId: number;
let dashboardId: number;
let uuid: string;
const users: Record<'north' | 'south', Session> = {} as Record<'north' | 'south', Session>;

/** The counts by region the test computes itself, under `where`. */
function expected(where: string): Rows {
  const db = new SQLite(file, { readonly: true });
  const rows = db.prepare(`SELECT region, COUNT(*) AS count FROM sales WHERE ${where} GROUP BY region`).all() as Rows;
  db.close();
  return sorted(rows);
}

beforeAll(async () => {
  t = await startTestApp();
  file = path.join(t.dataDir, 'sales-paths.db');
  const db = new SQLite(file);
  db.exec('CREATE TABLE sales (id INTEGER, region TEXT, amount REAL)');
  const insert = db.prepare('INSERT INTO sales VALUES (?, ?, ?)');
  for (const row of SALES) insert.run(...row);
  db.close();
  admin = await t.login();
  const databaseId = await addDatabaseVia(admin, 'pathsdb', dataUri('sqlite', 'sales-paths.db'));
  const dataset = await admin.request({
    method: 'POST',
    url: '/api/v1/dataset/',
    payload: { database: databaseId, table_name: 'sales' },
  });
  expect(dataset.statusCode, dataset.body).toBe(201);
  datasetId = dataset.json().id as number;
  const dashboard = await admin.request({
    method: 'POST',
    url: '/api/v1/dashboard/',
    payload: { dashboard_title: 'regions', published: true },
  });
  expect(dashboard.statusCode, dashboard.body).toBe(201);
  dashboardId = dashboard.json().id as number;
  const chart = await admin.request({
    method: 'POST',
    url: '/api/v1/chart/',
    payload: {
      slice_name: 'by region',
      viz_type: 'table',
      datasource_id: datasetId,
      datasource_type: 'table',
      params: JSON.stringify({ viz_type: 'table', datasource: `${datasetId}__table`, groupby: ['region'] }),
      query_context: JSON.stringify(chartQuery(datasetId)),
      dashboards: [dashboardId],
    },
  });
  expect(chart.statusCode, chart.body).toBe(201);
  chartId = chart.json().id as number;
  const embedded = await admin.request({
    method: 'POST',
    url: `/api/v1/dashboard/${dashboardId}/embedded`,
    payload: { allowed_domains: [] },
  });
  expect(embedded.statusCode, embedded.body).toBe(200);
  uuid = embedded.json().result.uuid as string;

  const grant: Array<[string, string]> = [
    ['datasource_access', objectPermissionName.datasource('pathsdb', 'sales', datasetId)],
  ];
  for (const region of ['north', 'south'] as const) {
    const roleId = await createRole(t.ctx.store.db, `${region}_role`);
    const rule = await admin.request({
      method: 'POST',
      url: '/api/v1/rowlevelsecurity/',
      payload: {
        name: `${region} only`,
        filter_type: 'Regular',
        tables: [datasetId],
        roles: [roleId],
        clause: `region = '${region}'`,
      },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    users[region] = (await addUser(t, `${region}_user`, ['Gamma', `${region}_role`], grant)).session;
  }
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/v1/chart/{id}/data/ from the kept bytes', () => {
  const saved = (session: Session, headers: Record<string, string> = {}) =>
    session.request({ method: 'GET', url: `/api/v1/chart/${chartId}/data/`, headers });
  const rowsOf = (body: string) =>
    sorted((JSON.parse(body) as { result: Array<{ data: Rows }> }).result[0]?.data ?? []);

  it('keeps the second answer, serves the third as the same bytes and 304 on its tag', async () => {
    const cache = responseCacheOf(t.ctx.store.generation);
    const before = cache.size;
    const first = await saved(users.north);
    expect(first.statusCode, first.body).toBe(200);
    expect(rowsOf(first.body)).toEqual(expected("region = 'north'"));
    expect(first.headers.etag).toBeUndefined();
    const second = await saved(users.north);
    expect(JSON.parse(second.body).result[0].is_cached).toBe(true);
    expect(cache.size).toBe(before + 1);
    const third = await saved(users.north);
    expect(third.body).toBe(second.body);
    expect(third.headers.etag).toBe(second.headers.etag);
    const notModified = await saved(users.north, { 'if-none-match': second.headers.etag as string });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    const forced = await users.north.request({ method: 'GET', url: `/api/v1/chart/${chartId}/data/?force=true` });
    expect(forced.statusCode).toBe(200);
    expect(forced.headers.etag).toBeUndefined();
  });

  it("never sends one role's rows to a user under another row-level clause", async () => {
    await saved(users.north);
    const kept = await saved(users.north);
    expect(rowsOf(kept.body)).toEqual(expected("region = 'north'"));
    for (const headers of [{}, { 'if-none-match': kept.headers.etag as string }] as Array<Record<string, string>>) {
      const other = await saved(users.south, headers);
      expect(other.statusCode, other.body).toBe(200);
      expect(rowsOf(other.body)).toEqual(expected("region = 'south'"));
      expect(other.headers.etag).not.toBe(kept.headers.etag);
    }
  });
});

describe('a dashboard chart batch from the kept bytes', () => {
  type Send = (options: InjectOptions) => Promise<LightMyRequestResponse>;
  const batch = (send: Send) =>
    send({
      method: 'POST',
      url: `/api/v1/dashboard/${dashboardId}/chart_data`,
      payload: { queries: [{ key: 'c1', payload: chartQuery(datasetId, chartId, dashboardId) }] },
    });
  const lineOf = (body: string) => {
    const lines = body.trim().split('\n');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0] ?? '{}') as { key: string; status: number; result: Array<{ data: Rows }> };
    expect(line.key).toBe('c1');
    expect(line.status).toBe(200);
    return line;
  };
  const rowsOf = (body: string) => sorted(lineOf(body).result[0]?.data ?? []);
  const asUser =
    (session: Session): Send =>
    (options) =>
      session.request(options);
  const guestToken = async (rls: Array<{ clause: string }>) => {
    const granted = await admin.request({
      method: 'POST',
      url: '/api/v1/security/guest_token/',
      payload: { user: { username: 'visitor' }, resources: [{ type: 'dashboard', id: uuid }], rls },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    return granted.json().token as string;
  };
  const asGuest =
    (token: string): Send =>
    (options) =>
      t.app.inject({ ...options, headers: { 'x-guesttoken': token } });

  it('answers a repeated chart with the very line a fresh run wrote', async () => {
    const cache = responseCacheOf(t.ctx.store.generation);
    const first = await batch(asUser(users.north));
    expect(first.statusCode, first.body).toBe(200);
    expect(rowsOf(first.body)).toEqual(expected("region = 'north'"));
    const second = await batch(asUser(users.north));
    expect(lineOf(second.body).result[0]).toMatchObject({ is_cached: true });
    const size = cache.size;
    const third = await batch(asUser(users.north));
    expect(cache.size).toBe(size);
    expect(third.body).toBe(second.body);
  });

  it("never sends one role's rows to a user under another row-level clause", async () => {
    for (let i = 0; i < 3; i += 1) expect(rowsOf((await batch(asUser(users.north))).body)).toHaveLength(1);
    const other = await batch(asUser(users.south));
    expect(rowsOf(other.body)).toEqual(expected("region = 'south'"));
  });

  it("never sends one guest token's rows to a guest of the same name under another clause", async () => {
    const wide = await guestToken([]);
    const narrow = await guestToken([{ clause: "region = 'east'" }]);
    for (let i = 0; i < 3; i += 1) {
      const answer = await batch(asGuest(wide));
      expect(answer.statusCode, answer.body).toBe(200);
      expect(rowsOf(answer.body)).toEqual(expected('1 = 1'));
    }
    const narrowed = await batch(asGuest(narrow));
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect(rowsOf(narrowed.body)).toEqual(expected("region = 'east'"));
    // Asked again under the wide token, its own kept answer is still all regions.
    expect(rowsOf((await batch(asGuest(wide))).body)).toEqual(expected('1 = 1'));
  });
});
