// Chart data answers kept as bytes: a repeated request is served from memory (plain, gzip, brotli, 304 on its ETag),
// never to another user, and a revoked permission, an edited dataset or a logout takes effect on the next request,
// in one process and across two processes sharing a PostgreSQL store and Redis.
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinCluster } from '../../src/app/create-context.js';
import { responseCacheOf } from '../../src/chart-data/response-cache.js';
import { findRoleByName } from '../../src/store/permissions.js';
import { addDatabaseVia, addUser } from '../support/dataset-fixtures.js';
import { createTempPostgresDatabase } from '../support/postgres-database.js';
import { dropKeysUnder, testKeyPrefix, testRedis } from '../support/redis-keys.js';
import { POSTGRES_URL, REDIS_URL } from '../support/services.js';
import { dataUri, type Session, startTestApp, type TestApp } from '../support/test-app.js';

const gunzipAsync = promisify(gunzip);
const brotliAsync = promisify(brotliDecompress);

const SALES = Array.from({ length: 400 }, (_, i) => [i, ['north', 'south', 'east', 'west'][i % 4], (i % 97) * 1.5]);

/** The data file every app reads; the expected answers come from SQL the test runs on it itself. */
function writeSales(dataDir: string): string {
  const file = path.join(dataDir, 'sales-cache.db');
  const db = new SQLite(file);
  db.exec('DROP TABLE IF EXISTS sales; CREATE TABLE sales (id INTEGER, region TEXT, amount REAL)');
  const insert = db.prepare('INSERT INTO sales VALUES (?, ?, ?)');
  for (const row of SALES) insert.run(...row);
  db.close();
  return file;
}

type Rows = Array<{ id: number; region: string; count: number }>;

function expected(file: string, where: string): Rows {
  const db = new SQLite(file, { readonly: true });
  const rows = db
    .prepare(`SELECT id, region, COUNT(*) AS count FROM sales WHERE ${where} GROUP BY id, region ORDER BY id`)
    .all() as Rows;
  db.close();
  return rows;
}

const chartBody = (datasetId: number) => ({
  datasource: { id: datasetId, type: 'table' },
  queries: [{ columns: ['id', 'region'], metrics: ['count'], orderby: [['count', false]], row_limit: 1000 }],
  result_format: 'json',
  result_type: 'full',
});

function rowsOf(body: string): Rows {
  const result = (JSON.parse(body) as { result: Array<{ data: Rows }> }).result[0];
  return [...(result?.data ?? [])].sort((a, b) => a.id - b.id);
}

async function chart(session: Session, datasetId: number, headers: Record<string, string> = {}) {
  return session.request({ method: 'POST', url: '/api/v1/chart/data', payload: chartBody(datasetId), headers });
}

interface World {
  file: string;
  datasetId: number;
  admin: Session;
  reader: Session;
  readerRoleId: number;
  outsider: Session;
}

/** A virtual dataset over the sales table, a reader granted it through a role of its own, an outsider without. */
async function buildWorld(t: TestApp, name: string): Promise<World> {
  const file = writeSales(t.dataDir);
  const admin = await t.login();
  const databaseId = await addDatabaseVia(admin, name, dataUri('sqlite', 'sales-cache.db'));
  const created = await admin.request({
    method: 'POST',
    url: '/api/v1/dataset/',
    payload: { database: databaseId, table_name: 'recent_sales', sql: 'SELECT * FROM sales WHERE amount > 0' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const datasetId = created.json().id as number;
  const reader = await addUser(
    t,
    `reader_${name}`,
    ['Gamma'],
    [['datasource_access', `[${name}].[recent_sales](id:${datasetId})`]],
  );
  const outsider = await addUser(t, `outsider_${name}`, ['Gamma']);
  const role = await findRoleByName(t.ctx.store.db, `reader_${name}_grants`);
  if (!role) throw new Error('no reader role');
  return { file, datasetId, admin, reader: reader.session, readerRoleId: role.id, outsider: outsider.session };
}

describe('chart data answers kept as bytes (one process)', () => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await startTestApp();
    w = await buildWorld(t, 'salesdb');
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves a repeated request from memory, plain, gzip, brotli and 304, all the same rows', async () => {
    const want = expected(w.file, 'amount > 0');
    const first = await chart(w.reader, w.datasetId);
    expect(first.statusCode, first.body).toBe(200);
    expect(rowsOf(first.body)).toEqual(want);
    // The second answer comes from the chart cache; that one is kept as bytes.
    const second = await chart(w.reader, w.datasetId);
    expect(JSON.parse(second.body).result[0].is_cached).toBe(true);
    const etag = second.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    // One answer, kept under the request it parses to and under the text it was sent as.
    expect(responseCacheOf(t.ctx.store.generation).size).toBe(2);

    const plain = await chart(w.reader, w.datasetId);
    expect(plain.headers.etag).toBe(etag);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(second.body);
    const gz = await chart(w.reader, w.datasetId, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect((await gunzipAsync(gz.rawPayload)).toString()).toBe(second.body);
    const br = await chart(w.reader, w.datasetId, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect((await brotliAsync(br.rawPayload)).toString()).toBe(second.body);
    const refused = await chart(w.reader, w.datasetId, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();

    const notModified = await chart(w.reader, w.datasetId, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    const stale = await chart(w.reader, w.datasetId, { 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
    expect(rowsOf(stale.body)).toEqual(want);
  });

  it('finds a repeat sent as other text (keys reordered, spaces) by the request it parses to', async () => {
    const kept = await chart(w.reader, w.datasetId);
    expect(kept.statusCode, kept.body).toBe(200);
    const body = chartBody(w.datasetId);
    const reordered = JSON.stringify(
      {
        result_type: body.result_type,
        queries: body.queries,
        result_format: body.result_format,
        datasource: body.datasource,
      },
      null,
      2,
    );
    const other = await w.reader.request({
      method: 'POST',
      url: '/api/v1/chart/data',
      payload: reordered,
      headers: { 'content-type': 'application/json' },
    });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.headers.etag).toBe(kept.headers.etag);
    expect(other.body).toBe(kept.body);
    // A text the server never answered, and a slice id in the query string, are not the kept text.
    const sliced = await w.reader.request({
      method: 'POST',
      url: `/api/v1/chart/data?form_data=${encodeURIComponent(JSON.stringify({ slice_id: 999_999 }))}`,
      payload: chartBody(w.datasetId),
    });
    expect(rowsOf(sliced.body)).toEqual(expected(w.file, 'amount > 0'));
  });

  it('never gives one user the answer kept for another: an outsider asking the same is refused', async () => {
    await chart(w.reader, w.datasetId);
    await chart(w.reader, w.datasetId);
    const kept = await chart(w.reader, w.datasetId);
    const etag = kept.headers.etag as string;
    for (const headers of [{}, { 'if-none-match': etag }, { 'accept-encoding': 'br' }] as Array<
      Record<string, string>
    >) {
      const attack = await chart(w.outsider, w.datasetId, headers);
      expect(attack.statusCode).toBe(403);
      expect(attack.body).not.toContain('north');
      expect(attack.headers.etag).toBeUndefined();
    }
  });

  it('refuses the next request once the permission is revoked, and serves it again once granted back', async () => {
    await chart(w.reader, w.datasetId);
    const kept = await chart(w.reader, w.datasetId);
    expect(kept.statusCode).toBe(200);
    const role = await w.admin.request({ method: 'GET', url: `/api/v1/security/roles/${w.readerRoleId}` });
    const permissionIds = (role.json().result.permissions as Array<{ id: number }>).map((p) => p.id);
    expect(permissionIds.length).toBeGreaterThan(0);
    const revoke = await w.admin.request({
      method: 'PUT',
      url: `/api/v1/security/roles/${w.readerRoleId}`,
      payload: { permission_ids: [] },
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    for (const headers of [{}, { 'if-none-match': kept.headers.etag as string }] as Array<Record<string, string>>) {
      const after = await chart(w.reader, w.datasetId, headers);
      expect(after.statusCode).toBe(403);
      expect(after.body).not.toContain('north');
    }
    const grant = await w.admin.request({
      method: 'PUT',
      url: `/api/v1/security/roles/${w.readerRoleId}`,
      payload: { permission_ids: permissionIds },
    });
    expect(grant.statusCode, grant.body).toBe(200);
    expect((await chart(w.reader, w.datasetId)).statusCode).toBe(200);
  });

  it('answers from the edited dataset on the next request', async () => {
    await chart(w.reader, w.datasetId);
    const before = await chart(w.reader, w.datasetId);
    expect(rowsOf(before.body)).toEqual(expected(w.file, 'amount > 0'));
    const edit = await w.admin.request({
      method: 'PUT',
      url: `/api/v1/dataset/${w.datasetId}`,
      payload: { sql: 'SELECT * FROM sales WHERE amount > 100' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await chart(w.reader, w.datasetId, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(rowsOf(after.body)).toEqual(expected(w.file, 'amount > 100'));
    const restore = await w.admin.request({
      method: 'PUT',
      url: `/api/v1/dataset/${w.datasetId}`,
      payload: { sql: 'SELECT * FROM sales WHERE amount > 0' },
    });
    expect(restore.statusCode, restore.body).toBe(200);
  });

  it('ends a session at logout even though it was kept in memory', async () => {
    const user = await addUser(
      t,
      'leaver',
      ['Gamma'],
      [['datasource_access', `[salesdb].[recent_sales](id:${w.datasetId})`]],
    );
    await chart(user.session, w.datasetId);
    expect((await chart(user.session, w.datasetId)).statusCode).toBe(200);
    const logout = await user.session.request({ method: 'POST', url: '/logout/' });
    expect(logout.statusCode).toBeLessThan(400);
    const after = await chart(user.session, w.datasetId);
    expect(after.statusCode).toBe(401);
    expect(after.body).not.toContain('north');
  });

  it('does not keep a forced answer or one computed just now', async () => {
    const cache = responseCacheOf(t.ctx.store.generation);
    const fresh = await startTestApp();
    try {
      const world = await buildWorld(fresh, 'freshdb');
      const fresher = responseCacheOf(fresh.ctx.store.generation);
      await chart(world.reader, world.datasetId);
      expect(fresher.size).toBe(0);
      const forced = await world.reader.request({
        method: 'POST',
        url: '/api/v1/chart/data?force=true',
        payload: chartBody(world.datasetId),
      });
      expect(forced.statusCode).toBe(200);
      expect(forced.headers.etag).toBeUndefined();
      expect(fresher.size).toBe(0);
    } finally {
      await fresh.close();
    }
    expect(cache).toBe(responseCacheOf(t.ctx.store.generation));
  });
});

const cluster = POSTGRES_URL && REDIS_URL;
describe.skipIf(!cluster)('chart data answers kept as bytes (two processes on one store and Redis)', () => {
  let store: { url: string; drop(): Promise<void> };
  let a: TestApp;
  let b: TestApp;
  let w: World;
  let readerOnB: Session;
  let adminOnB: Session;
  const prefix = testKeyPrefix();
  beforeAll(async () => {
    store = await createTempPostgresDatabase(POSTGRES_URL as string);
    const env = { NEZHA_REDIS_URL: REDIS_URL as string, NEZHA_REDIS_KEY_PREFIX: prefix };
    a = await startTestApp({ storeUrl: store.url, env });
    b = await startTestApp({ storeUrl: store.url, env });
    await joinCluster(a.ctx);
    await joinCluster(b.ctx);
    w = await buildWorld(a, 'clusterdb');
    // Both apps read the same data file: the database URI names it relative to each one's home.
    writeSales(b.dataDir);
    readerOnB = await b.login('reader_clusterdb', 'reader_clusterdb-password');
    adminOnB = await b.login();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    const redis = testRedis(REDIS_URL as string);
    await dropKeysUnder(redis, prefix);
    await redis.quit();
    await store?.drop();
  });

  it('a permission revoked through one process refuses the next request on the other', async () => {
    await chart(readerOnB, w.datasetId);
    await chart(readerOnB, w.datasetId);
    const kept = await chart(readerOnB, w.datasetId);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(responseCacheOf(b.ctx.store.generation).size).toBe(2);
    const role = await w.admin.request({ method: 'GET', url: `/api/v1/security/roles/${w.readerRoleId}` });
    const permissionIds = (role.json().result.permissions as Array<{ id: number }>).map((p) => p.id);
    const revoke = await w.admin.request({
      method: 'PUT',
      url: `/api/v1/security/roles/${w.readerRoleId}`,
      payload: { permission_ids: [] },
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    const after = await chart(readerOnB, w.datasetId, { 'if-none-match': kept.headers.etag as string });
    expect(after.statusCode).toBe(403);
    expect(after.body).not.toContain('north');
    // Granted back through the other process: the first one serves again.
    const grant = await adminOnB.request({
      method: 'PUT',
      url: `/api/v1/security/roles/${w.readerRoleId}`,
      payload: { permission_ids: permissionIds },
    });
    expect(grant.statusCode, grant.body).toBe(200);
    const readerOnA = w.reader;
    expect((await chart(readerOnA, w.datasetId)).statusCode).toBe(200);
  });

  it('a dataset edited through one process answers from the new definition on the other', async () => {
    await chart(readerOnB, w.datasetId);
    const before = await chart(readerOnB, w.datasetId);
    expect(rowsOf(before.body)).toEqual(expected(w.file, 'amount > 0'));
    const edit = await w.admin.request({
      method: 'PUT',
      url: `/api/v1/dataset/${w.datasetId}`,
      payload: { sql: 'SELECT * FROM sales WHERE amount > 100' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await chart(readerOnB, w.datasetId, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(rowsOf(after.body)).toEqual(expected(w.file, 'amount > 100'));
  });
});
