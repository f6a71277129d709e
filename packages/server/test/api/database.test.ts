// /api/v1/database/: CRUD, passwords at rest, connection errors, introspection, access.

import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/security/passwords.js';
import { findRoleByName } from '../../src/store/permissions.js';
import { createUser } from '../../src/store/users.js';
import { POSTGRES_URL, suiteTitle } from '../support/services.js';
import { dataUri, type Session, startTestApp, type TestApp } from '../support/test-app.js';

describe('database API', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login();
    const instance = await DuckDBInstance.create(path.join(t.dataDir, 'shop.duckdb'));
    const connection = await instance.connect();
    await connection.run(`CREATE TABLE customers (id INTEGER PRIMARY KEY, "Full Name" VARCHAR NOT NULL, joined DATE)`);
    await connection.run(
      `CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id), total DECIMAL(10,2))`,
    );
    await connection.run(`CREATE VIEW big_orders AS SELECT * FROM orders WHERE total > 100`);
    connection.closeSync();
    instance.closeSync();
  });
  afterAll(() => t.close());

  const count = async () => (await admin.request({ method: 'GET', url: '/api/v1/database/' })).json().count as number;

  it('creates, lists, reads, updates and deletes a DuckDB connection', async () => {
    const created = await admin.request({
      method: 'POST',
      url: '/api/v1/database/',
      payload: {
        database_name: 'shop',
        sqlalchemy_uri: dataUri('duckdb', 'shop.duckdb'),
        allow_dml: true,
        extra: '{"x": 1}',
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect(created.json().result).toMatchObject({
      database_name: 'shop',
      backend: 'duckdb',
      allow_dml: true,
      expose_in_sqllab: true,
    });

    const list = await admin.request({
      method: 'GET',
      url: '/api/v1/database/?q=(filters:!((col:database_name,opr:ct,value:SHO)),order_column:changed_on,order_direction:desc)',
    });
    expect(list.json()).toMatchObject({ count: 1, ids: [id] });
    expect(list.json().result[0].changed_on_delta_humanized).toBe('a few seconds ago');

    const updated = await admin.request({
      method: 'PUT',
      url: `/api/v1/database/${id}`,
      payload: { database_name: 'shop2', allow_dml: false },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().result).toMatchObject({ database_name: 'shop2', allow_dml: false });

    const schemas = await admin.request({ method: 'GET', url: `/api/v1/database/${id}/schemas/` });
    expect(schemas.json().result).toContain('main');
    const tables = await admin.request({ method: 'GET', url: `/api/v1/database/${id}/tables/?q=(schema_name:main)` });
    expect(tables.json().result).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ value: 'customers', type: 'table' }),
        expect.objectContaining({ value: 'big_orders', type: 'view' }),
      ]),
    );
    const meta = await admin.request({
      method: 'GET',
      url: `/api/v1/database/${id}/table_metadata/?name=orders&schema=main`,
    });
    expect(meta.statusCode).toBe(200);
    const body = meta.json();
    expect(body.columns.map((c: { name: string }) => c.name)).toEqual(['id', 'customer_id', 'total']);
    expect(body.primaryKey.column_names).toEqual(['id']);
    expect(body.foreignKeys[0]).toMatchObject({ referred_table: 'customers', column_names: ['customer_id'] });
    const customers = await admin.request({
      method: 'GET',
      url: `/api/v1/database/${id}/table_metadata/?name=customers&schema=main`,
    });
    expect(customers.json().selectStar).toContain('"Full Name"');
    const extra = await admin.request({
      method: 'GET',
      url: `/api/v1/database/${id}/table_metadata/extra/?name=orders&schema=main`,
    });
    expect(extra.statusCode).toBe(200);

    const removed = await admin.request({ method: 'DELETE', url: `/api/v1/database/${id}` });
    expect(removed.statusCode).toBe(200);
    expect((await admin.request({ method: 'GET', url: `/api/v1/database/${id}` })).statusCode).toBe(404);
  });

  it('a missing table answers with the catalogue error, not a crash', async () => {
    const created = await admin.request({
      method: 'POST',
      url: '/api/v1/database/',
      payload: { database_name: 'shop-meta', sqlalchemy_uri: dataUri('duckdb', 'shop.duckdb') },
    });
    const id = created.json().id as number;
    const meta = await admin.request({
      method: 'GET',
      url: `/api/v1/database/${id}/table_metadata/?name=nope&schema=main`,
    });
    expect(meta.statusCode).toBeGreaterThanOrEqual(400);
    expect(meta.statusCode).toBeLessThan(500);
    expect(meta.json().errors[0].error_type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
    expect((await admin.request({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });

  it('refuses malformed URIs, unknown drivers and unreachable hosts, storing nothing', async () => {
    const before = await count();
    const cases: Array<[string, number, string]> = [
      ['not a uri', 400, ''],
      ['oracle://scott:tiger@127.0.0.1/orcl', 400, 'GENERIC_DB_ENGINE_ERROR'],
      ['postgresql://u@127.0.0.1:1/x', 422, 'CONNECTION_PORT_CLOSED_ERROR'],
      ['postgresql://u@nonexistent.invalid:5432/x', 422, 'CONNECTION_INVALID_HOSTNAME_ERROR'],
    ];
    for (const [uri, status, type] of cases) {
      const response = await admin.request({
        method: 'POST',
        url: '/api/v1/database/',
        payload: { database_name: `bad ${uri}`, sqlalchemy_uri: uri },
      });
      expect(response.statusCode, uri).toBe(status);
      if (type) expect(response.json().errors[0].error_type, uri).toBe(type);
      expect(typeof response.json().message, uri).not.toBe('undefined');
      const test = await admin.request({
        method: 'POST',
        url: '/api/v1/database/test_connection/',
        payload: { sqlalchemy_uri: uri },
      });
      expect(test.statusCode, uri).toBe(status);
    }
    expect(await count()).toBe(before);
  });

  it('a duplicate name is a 422 and invalid extra JSON a 400', async () => {
    await admin.request({
      method: 'POST',
      url: '/api/v1/database/',
      payload: { database_name: 'twice', sqlalchemy_uri: dataUri('sqlite', 'twice.db') },
    });
    const dup = await admin.request({
      method: 'POST',
      url: '/api/v1/database/',
      payload: { database_name: 'twice', sqlalchemy_uri: dataUri('sqlite', 'twice.db') },
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().message.database_name[0]).toBe('A database with the same name already exists.');
    const extra = await admin.request({
      method: 'POST',
      url: '/api/v1/database/',
      payload: { database_name: 'x', sqlalchemy_uri: dataUri('sqlite', 'x.db'), extra: '[1' },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message.extra).toBeDefined();
  });

  it('a user without database access sees no databases and gets 404 on one', async () => {
    const gamma = await findRoleByName(t.ctx.store.db, 'Gamma');
    await createUser(t.ctx.store.db, {
      username: 'viewer',
      first_name: 'V',
      last_name: 'W',
      email: 'viewer@example.com',
      active: true,
      roleIds: [gamma!.id],
      passwordHash: await hashPassword('viewer-password'),
    });
    const viewer = await t.login('viewer', 'viewer-password');
    const list = await viewer.request({ method: 'GET', url: '/api/v1/database/' });
    expect(list.statusCode).toBe(200);
    expect(list.json().count).toBe(0);
    const anyId = (await admin.request({ method: 'GET', url: '/api/v1/database/' })).json().ids[0] as number;
    expect((await viewer.request({ method: 'GET', url: `/api/v1/database/${anyId}/schemas/` })).statusCode).toBe(404);
  });

  describe.skipIf(!POSTGRES_URL)(
    suiteTitle('database API on PostgreSQL', POSTGRES_URL, 'NEZHA_TEST_POSTGRES_URL'),
    () => {
      it('keeps the password encrypted at rest and masked in answers', async () => {
        const url = new URL(POSTGRES_URL as string);
        url.password = 's3cr3t-pass';
        const created = await admin.request({
          method: 'POST',
          url: '/api/v1/database/',
          payload: { database_name: 'pg', sqlalchemy_uri: url.toString() },
        });
        expect(created.statusCode).toBe(201);
        const id = created.json().id as number;
        const row = await t.ctx.store.db.selectFrom('dbs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        expect(JSON.stringify(row)).not.toContain('s3cr3t-pass');
        expect(row.password).toMatch(/^v1:/);
        const read = await admin.request({ method: 'GET', url: `/api/v1/database/${id}` });
        expect(read.json().result.sqlalchemy_uri).toContain('XXXXXXXXXX');
        expect(read.body).not.toContain('s3cr3t-pass');
        // Sending the masked URI back keeps the stored password.
        const kept = await admin.request({
          method: 'PUT',
          url: `/api/v1/database/${id}`,
          payload: { sqlalchemy_uri: read.json().result.sqlalchemy_uri },
        });
        expect(kept.statusCode).toBe(200);
        const after = await t.ctx.store.db
          .selectFrom('dbs')
          .select('password')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(after.password).not.toBeNull();
        const test = await admin.request({
          method: 'POST',
          url: '/api/v1/database/test_connection/',
          payload: { sqlalchemy_uri: read.json().result.sqlalchemy_uri, database_name: 'pg' },
        });
        expect(test.statusCode).toBe(200);
        const schemas = await admin.request({ method: 'GET', url: `/api/v1/database/${id}/schemas/` });
        expect(schemas.json().result).toContain('public');
      });
    },
  );
});
