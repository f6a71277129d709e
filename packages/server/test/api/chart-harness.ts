// The chart and semantic-layer suites' harness: an app on each metadata store, a DuckDB shop with an orders
// table (ssn sensitive), datasets on it, and users with and without access to them.
import { encodeRison, objectPermissionName } from '@nezha/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { addDatabaseVia, addUser, create, ORDERS_DDL, runOn } from '../support/dataset-fixtures.js';
import { suiteTitle } from '../support/services.js';
import { STORE_BACKENDS, type StoreBackend } from '../support/sqllab-fixtures.js';
import { dataUri, type Session, startTestApp, type TestApp } from '../support/test-app.js';

export { STORE_BACKENDS, type StoreBackend };

export const title = (suite: string, backend: StoreBackend) =>
  suiteTitle(`${suite} on ${backend.name}`, backend.url, backend.variable);

export interface World {
  t: TestApp;
  admin: Session;
  adminId: number;
  dbId: number;
  /** main.orders, with `ssn` sensitive. */
  ordersId: number;
  /** main.customers: nobody but admins and alpha may read it. */
  customersId: number;
  /** A virtual dataset over orders. */
  virtualId: number;
  /** Gamma with datasource_access on orders and the virtual dataset, and an owner of both (so it may add measures). */
  gamma: { id: number; session: Session };
  /** A second Gamma user with the same grants and ownership, to own charts the first one does not. */
  peer: { id: number; session: Session };
  /** Gamma without any data access. */
  outsider: { id: number; session: Session };
}

/** Registers beforeAll/afterAll building the world on `backend`; read it inside tests. `env` adds settings. */
export function useWorld(backend: StoreBackend, env: Record<string, string> = {}): World {
  const world = {} as World;
  let drop: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    const opened = await backend.open();
    drop = opened.drop;
    const t = await startTestApp(opened.storeUrl ? { storeUrl: opened.storeUrl, env } : { env });
    const admin = await t.login();
    const adminId = (await admin.request({ method: 'GET', url: '/api/v1/me/' })).json().result.id as number;
    const dbId = await addDatabaseVia(admin, 'shop', dataUri('duckdb', 'shop.duckdb'));
    await runOn(t, dbId, [...ORDERS_DDL, 'CREATE TABLE customers (id INTEGER, name VARCHAR)']);
    const ordersId = (await create(admin, { database: dbId, schema: 'main', table_name: 'orders' })).json().id;
    const customersId = (await create(admin, { database: dbId, schema: 'main', table_name: 'customers' })).json().id;
    const virtualId = (
      await create(admin, {
        database: dbId,
        schema: 'main',
        table_name: 'big_orders',
        sql: 'SELECT * FROM orders WHERE total > 20',
      })
    ).json().id;
    const put = await admin.request({
      method: 'PUT',
      url: `/api/v1/dataset/${ordersId}`,
      payload: { sensitive_columns: ['ssn'] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const grants: Array<[string, string]> = [
      ['datasource_access', objectPermissionName.datasource('shop', 'orders', ordersId)],
      ['datasource_access', objectPermissionName.datasource('shop', 'big_orders', virtualId)],
    ];
    const gamma = await addUser(t, 'gamma', ['Gamma'], grants);
    const peer = await addUser(t, 'peer', ['Gamma'], grants);
    // Saved columns, measures and cohorts alter their dataset: only its owners (and admins) may add them.
    for (const id of [ordersId, virtualId]) {
      const owned = await admin.request({
        method: 'PUT',
        url: `/api/v1/dataset/${id}`,
        payload: { owners: [adminId, gamma.id, peer.id] },
      });
      expect(owned.statusCode, owned.body).toBe(200);
    }
    Object.assign(world, {
      t,
      admin,
      adminId,
      dbId,
      ordersId,
      customersId,
      virtualId,
      gamma,
      peer,
      outsider: await addUser(t, 'outsider', ['Gamma']),
    });
  });
  afterAll(async () => {
    await world.t?.close();
    await drop();
  });
  return world;
}

export const rison = (value: unknown) => encodeURIComponent(encodeRison(value));

export function ok(response: LightMyRequestResponse, status = 200) {
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}

/** A dashboard row, straight into the store (the dashboards API is another issue's). */
export async function addDashboard(t: TestApp, title: string, ownerIds: number[]): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await t.ctx.store.db
    .insertInto('dashboards')
    .values({
      uuid: crypto.randomUUID(),
      dashboard_title: title,
      slug: null,
      position_json: null,
      json_metadata: '{}',
      css: null,
      description: null,
      published: 1,
      certified_by: null,
      certification_details: null,
      created_on: now,
      changed_on: now,
      created_by_fk: null,
      changed_by_fk: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (ownerIds.length > 0) {
    await t.ctx.store.db
      .insertInto('dashboard_owners')
      .values(ownerIds.map((user_id) => ({ dashboard_id: id, user_id })))
      .execute();
  }
  return id;
}
