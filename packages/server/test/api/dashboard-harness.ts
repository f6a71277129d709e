// The dashboard suites' harness: an app on each metadata store (optionally with feature flags), a DuckDB shop with
// orders and customers datasets, charts on them, users with and without access, and layout helpers.
import {
  emptyLayout,
  GRID_ID,
  type LayoutComponent,
  newComponent,
  objectPermissionName,
  serializeLayout,
  withParents,
} from '@nezha/core';
import { afterAll, beforeAll } from 'vitest';
import { addDatabaseVia, addUser, create, ORDERS_DDL, runOn } from '../support/dataset-fixtures.js';
import type { StoreBackend } from '../support/sqllab-fixtures.js';
import { dataUri, type Session, startTestApp, type TestApp } from '../support/test-app.js';
import { ok } from './chart-harness.js';

export { ok, rison, STORE_BACKENDS, title } from './chart-harness.js';

export interface DashboardWorld {
  t: TestApp;
  admin: Session;
  adminId: number;
  dbId: number;
  ordersId: number;
  customersId: number;
  /** Charts on orders (two) and on customers (one), owned by the admin. */
  charts: { orders: number; ordersByTotal: number; customers: number };
  /** Gamma with datasource_access on orders only. */
  gamma: { id: number; session: Session };
  /** Another Gamma user with the same grants. */
  peer: { id: number; session: Session };
  /** Gamma without any data access. */
  outsider: { id: number; session: Session };
}

export const tableParams = (datasetId: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    datasource: `${datasetId}__table`,
    viz_type: 'table',
    groupby: ['customer'],
    metrics: ['count'],
    ...extra,
  });

async function addChart(session: Session, name: string, datasetId: number, params: string): Promise<number> {
  const payload = { slice_name: name, viz_type: 'table', datasource_id: datasetId, datasource_type: 'table', params };
  return ok(await session.request({ method: 'POST', url: '/api/v1/chart/', payload }), 201).id as number;
}

/** Registers beforeAll/afterAll building the world on `backend`; read it inside tests. */
export function useDashboardWorld(backend: StoreBackend, env: Record<string, string> = {}): DashboardWorld {
  const world = {} as DashboardWorld;
  let drop: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    const opened = await backend.open();
    drop = opened.drop;
    const t = await startTestApp({ ...(opened.storeUrl ? { storeUrl: opened.storeUrl } : {}), env });
    const admin = await t.login();
    const adminId = (await admin.request({ method: 'GET', url: '/api/v1/me/' })).json().result.id as number;
    const dbId = await addDatabaseVia(admin, 'shop', dataUri('duckdb', 'shop.duckdb'));
    await runOn(t, dbId, [
      ...ORDERS_DDL,
      'CREATE TABLE customers (id INTEGER, name VARCHAR)',
      "INSERT INTO customers VALUES (1, 'ann'), (2, 'bob')",
    ]);
    const ordersId = (await create(admin, { database: dbId, schema: 'main', table_name: 'orders' })).json().id;
    const customersId = (await create(admin, { database: dbId, schema: 'main', table_name: 'customers' })).json().id;
    const charts = {
      orders: await addChart(admin, 'Orders by customer', ordersId, tableParams(ordersId)),
      ordersByTotal: await addChart(admin, 'Orders by total', ordersId, tableParams(ordersId, { groupby: ['total'] })),
      customers: await addChart(admin, 'Customers', customersId, tableParams(customersId, { groupby: ['name'] })),
    };
    const grants: Array<[string, string]> = [
      ['datasource_access', objectPermissionName.datasource('shop', 'orders', ordersId)],
    ];
    Object.assign(world, {
      t,
      admin,
      adminId,
      dbId,
      ordersId,
      customersId,
      charts,
      gamma: await addUser(t, 'gamma', ['Gamma'], grants),
      peer: await addUser(t, 'peer', ['Gamma'], grants),
      outsider: await addUser(t, 'outsider', ['Gamma']),
    });
  });
  afterAll(async () => {
    await world.t?.close();
    await drop();
  });
  return world;
}

/** A position_json placing the charts in rows of three, built with core's layout functions. */
export function layoutWith(chartIds: number[], title = 'Dashboard'): Record<string, unknown> {
  const layout = emptyLayout(title);
  let row: LayoutComponent | null = null;
  chartIds.forEach((chartId, index) => {
    if (index % 3 === 0) {
      row = newComponent('ROW');
      layout[row.id] = row;
      layout[GRID_ID] = { ...layout[GRID_ID]!, children: [...layout[GRID_ID]!.children, row.id] };
    }
    const chart = newComponent('CHART', { meta: { chartId, width: 4, height: 50 } });
    layout[chart.id] = chart;
    const current = layout[(row as LayoutComponent).id]!;
    layout[current.id] = { ...current, children: [...current.children, chart.id] };
  });
  return serializeLayout(withParents(layout));
}

/** Chart ids the stored layout places, in the order of its components. */
export function layoutChartIds(positionJson: string | null): number[] {
  const layout = JSON.parse(positionJson ?? '{}') as Record<string, { type?: string; meta?: { chartId?: number } }>;
  return Object.values(layout)
    .filter((component) => component?.type === 'CHART' && typeof component.meta?.chartId === 'number')
    .map((component) => component.meta?.chartId as number);
}

export async function createDashboard(session: Session, payload: Record<string, unknown>): Promise<number> {
  return ok(await session.request({ method: 'POST', url: '/api/v1/dashboard/', payload }), 201).id as number;
}

export async function readDashboard(session: Session, idOrSlug: number | string) {
  return ok(await session.request({ method: 'GET', url: `/api/v1/dashboard/${idOrSlug}` })).result as Record<
    string,
    unknown
  > & { position_json: string | null; json_metadata: string | null };
}

/** The chart ids linked to the dashboard in the store (dashboard_slices). */
export async function linkedCharts(t: TestApp, dashboardId: number): Promise<number[]> {
  const rows = await t.ctx.store.db
    .selectFrom('dashboard_slices')
    .select('slice_id')
    .where('dashboard_id', '=', dashboardId)
    .orderBy('slice_id')
    .execute();
  return rows.map((row) => Number(row.slice_id));
}
