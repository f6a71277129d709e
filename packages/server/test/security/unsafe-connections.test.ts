// Connections the API refuses: Nezha's own files however they are named (relative, `..`, symlinks, hard links),
// the examples database under another name or repointed, SQLite and DuckDB with external access by default.
import { existsSync, linkSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEZHA_HOME_MESSAGE } from '../../src/databases/connection-safety.js';
import { EXAMPLES_URI, registerExamplesDatabase } from '../../src/examples/register.js';
import { createDatabase } from '../../src/store/databases.js';
import { execute } from '../api/sqllab-harness.js';
import { type Session, startTestApp, type TestApp } from '../support/test-app.js';

const SQLITE_MESSAGE = 'SQLiteDialect_pysqlite cannot be used as a data source for security reasons.';
const DUCKDB_MESSAGE = 'DuckDB with enable_external_access cannot be used as a data source for security reasons.';

const externalAccess = (key = 'enable_external_access', value: unknown = true) =>
  JSON.stringify({ engine_params: { connect_args: { config: { [key]: value } } } });

async function databaseRows(t: TestApp) {
  return t.ctx.store.db.selectFrom('dbs').select(['id', 'database_name', 'sqlalchemy_uri', 'extra']).execute();
}

/** POST create and test_connection both answer Superset's 400 field error, and nothing is stored. */
async function expectRefused(t: TestApp, admin: Session, uri: string, message: string, extra?: string) {
  const before = await databaseRows(t);
  const payload = { database_name: `refused ${uri}`, sqlalchemy_uri: uri, ...(extra ? { extra } : {}) };
  const created = await admin.request({ method: 'POST', url: '/api/v1/database/', payload });
  expect(created.statusCode, `${uri} ${created.body}`).toBe(400);
  expect(created.json(), uri).toEqual({ message: { sqlalchemy_uri: [message] } });
  const tested = await admin.request({ method: 'POST', url: '/api/v1/database/test_connection/', payload });
  expect(tested.statusCode, uri).toBe(400);
  expect(tested.json(), uri).toEqual({ message: { sqlalchemy_uri: [message] } });
  expect(await databaseRows(t)).toEqual(before);
}

describe('unsafe connections with the default settings', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    // Empty means unset: the default setting, whatever the test app's own is, and a secret key generated into home.
    t = await startTestApp({ env: { NEZHA_PREVENT_UNSAFE_DB_CONNECTIONS: '', NEZHA_SECRET_KEY: '' } });
    admin = await t.login();
  });
  afterAll(() => t?.close());

  it('defaults to preventing unsafe connections; the secret key is a file in home', () => {
    expect(t.ctx.config.preventUnsafeDbConnections).toBe(true);
    expect(existsSync(path.join(t.home, 'secret_key'))).toBe(true);
  });

  it('refuses the metadata store and the secret key, by relative, absolute and `..` paths', async () => {
    await expectRefused(t, admin, 'sqlite:///nezha.db', NEZHA_HOME_MESSAGE);
    await expectRefused(t, admin, `sqlite:///${path.join(t.home, 'nezha.db')}`, NEZHA_HOME_MESSAGE);
    await expectRefused(t, admin, `duckdb:///${t.dataDir}/../home/secret_key`, NEZHA_HOME_MESSAGE);
    await expectRefused(t, admin, 'duckdb:///../home/./secret_key', NEZHA_HOME_MESSAGE);
    await expectRefused(t, admin, `duckdb:///${path.join(t.home, 'results', 'x.duckdb')}`, NEZHA_HOME_MESSAGE);
  });

  it('refuses the secret key through a symlink to it, a symlink to home, and a hard link', async () => {
    symlinkSync(path.join(t.home, 'secret_key'), path.join(t.dataDir, 'key.duckdb'));
    symlinkSync(t.home, path.join(t.dataDir, 'home-link'));
    linkSync(path.join(t.home, 'secret_key'), path.join(t.dataDir, 'hard.duckdb'));
    await expectRefused(t, admin, `duckdb:///${path.join(t.dataDir, 'key.duckdb')}`, NEZHA_HOME_MESSAGE);
    await expectRefused(t, admin, `duckdb:///${path.join(t.dataDir, 'home-link', 'secret_key')}`, NEZHA_HOME_MESSAGE);
    await expectRefused(t, admin, `duckdb:///${path.join(t.dataDir, 'home-link', 'new.duckdb')}`, NEZHA_HOME_MESSAGE);
    await expectRefused(t, admin, `duckdb:///${path.join(t.dataDir, 'hard.duckdb')}`, NEZHA_HOME_MESSAGE);
    // The refusal comes before DuckDB opens anything: no file was made in home.
    expect(existsSync(path.join(t.home, 'new.duckdb'))).toBe(false);
  });

  it('refuses a second connection to the examples database and any new file in home', async () => {
    await expectRefused(t, admin, EXAMPLES_URI, NEZHA_HOME_MESSAGE);
    await expectRefused(t, admin, `duckdb:///${path.join(t.home, 'examples.duckdb')}`, NEZHA_HOME_MESSAGE);
    await expectRefused(t, admin, 'duckdb:///scratch.duckdb', NEZHA_HOME_MESSAGE);
    expect(existsSync(path.join(t.home, 'scratch.duckdb'))).toBe(false);
  });

  it('refuses SQLite anywhere, as Superset does, and DuckDB with external access', async () => {
    await expectRefused(t, admin, `sqlite:///${path.join(t.dataDir, 'shop.db')}`, SQLITE_MESSAGE);
    await expectRefused(t, admin, 'sqlite://', SQLITE_MESSAGE);
    const outside = `duckdb:///${path.join(t.dataDir, 'open.duckdb')}`;
    await expectRefused(t, admin, outside, DUCKDB_MESSAGE, externalAccess());
    await expectRefused(t, admin, outside, DUCKDB_MESSAGE, externalAccess('ENABLE_EXTERNAL_ACCESS', 'true'));
    await expectRefused(t, admin, 'duckdb:///:memory:', DUCKDB_MESSAGE, externalAccess());
    expect(existsSync(path.join(t.dataDir, 'open.duckdb'))).toBe(false);
  });

  it('a DuckDB file outside home is accepted, and cannot be repointed into home or opened up later', async () => {
    const created = await admin.request({
      method: 'POST',
      url: '/api/v1/database/',
      payload: { database_name: 'outside', sqlalchemy_uri: `duckdb:///${path.join(t.dataDir, 'ok.duckdb')}` },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const before = await databaseRows(t);
    const repoint = await admin.request({
      method: 'PUT',
      url: `/api/v1/database/${id}`,
      payload: { sqlalchemy_uri: 'duckdb:///../home/secret_key' },
    });
    expect(repoint.statusCode).toBe(400);
    expect(repoint.json()).toEqual({ message: { sqlalchemy_uri: [NEZHA_HOME_MESSAGE] } });
    const opened = await admin.request({
      method: 'PUT',
      url: `/api/v1/database/${id}`,
      payload: { extra: externalAccess() },
    });
    expect(opened.statusCode).toBe(400);
    expect(opened.json()).toEqual({ message: { sqlalchemy_uri: [DUCKDB_MESSAGE] } });
    expect(await databaseRows(t)).toEqual(before);
  });

  it('a connection to the metadata store saved before these checks cannot be opened: SQL Lab reads no user', async () => {
    const id = await createDatabase(t.ctx.store.db, {
      database_name: 'legacy store',
      sqlalchemy_uri: 'sqlite:///nezha.db',
      password: null,
      backend: 'sqlite',
      expose_in_sqllab: 1,
      allow_run_async: 0,
      allow_dml: 0,
      allow_ctas: 0,
      allow_cvas: 0,
      allow_file_upload: 0,
      disable_data_preview: 0,
      force_ctas_schema: null,
      cache_timeout: null,
      extra: '{}',
      created_by_fk: null,
      changed_by_fk: null,
    });
    const call = await execute(admin, {
      database_id: id,
      sql: 'SELECT username, password FROM ab_user',
      runAsync: false,
    });
    expect(call.status).toBeGreaterThanOrEqual(400);
    expect(call.status).toBeLessThan(500);
    expect(call.response.body).not.toContain('scrypt');
    expect(call.response.body).toContain(NEZHA_HOME_MESSAGE);
    const tables = await admin.request({ method: 'GET', url: `/api/v1/database/${id}/schemas/` });
    expect(tables.statusCode).toBe(403);
    expect(tables.body).not.toContain('ab_user');
  });

  it('the examples database keeps its file in home but cannot be repointed', async () => {
    const { id } = await registerExamplesDatabase(t.ctx.store);
    const before = await databaseRows(t);
    for (const uri of [`duckdb:///${path.join(t.dataDir, 'elsewhere.duckdb')}`, 'duckdb:///nezha.db']) {
      const moved = await admin.request({
        method: 'PUT',
        url: `/api/v1/database/${id}`,
        payload: { sqlalchemy_uri: uri },
      });
      expect(moved.statusCode, uri).toBe(400);
      expect(moved.json().message.sqlalchemy_uri, uri).toEqual([
        'The examples database cannot be pointed at another file.',
      ]);
    }
    const opened = await admin.request({
      method: 'PUT',
      url: `/api/v1/database/${id}`,
      payload: { extra: externalAccess() },
    });
    expect(opened.statusCode).toBe(400);
    expect(await databaseRows(t)).toEqual(before);
    // The edit dialog sends the URI back unchanged with its other fields: that is still an edit of the same file.
    const kept = await admin.request({
      method: 'PUT',
      url: `/api/v1/database/${id}`,
      payload: { sqlalchemy_uri: EXAMPLES_URI, expose_in_sqllab: true },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await databaseRows(t)).find((row) => row.id === id)?.sqlalchemy_uri).toBe(EXAMPLES_URI);
  });
});

describe('unsafe connections allowed by NEZHA_PREVENT_UNSAFE_DB_CONNECTIONS=false', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await startTestApp({ env: { NEZHA_PREVENT_UNSAFE_DB_CONNECTIONS: 'false' } });
    admin = await t.login();
  });
  afterAll(() => t?.close());

  it('SQLite and DuckDB with external access are accepted outside home, never in it', async () => {
    for (const [name, uri, extra] of [
      ['lite', `sqlite:///${path.join(t.dataDir, 'lite.db')}`, undefined],
      ['open', `duckdb:///${path.join(t.dataDir, 'open.duckdb')}`, externalAccess()],
    ] as const) {
      const created = await admin.request({
        method: 'POST',
        url: '/api/v1/database/',
        payload: { database_name: name, sqlalchemy_uri: uri, ...(extra ? { extra } : {}) },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    await expectRefused(t, admin, 'sqlite:///nezha.db', NEZHA_HOME_MESSAGE);
    await expectRefused(t, admin, 'duckdb:///../home/secret_key', NEZHA_HOME_MESSAGE, externalAccess());
  });
});
