// The dashboard chart menu's permissions on the server (spec §6): "Explore chart" needs can_explore, "Share" (a
// permalink focusing one chart) can_share_chart, "Export to .CSV" and Excel can_csv, all on Superset, as Superset
// names them; the built-in Gamma role holds all three. And the schema approver role, which counts as admin in one
// check only: editing a dashboard it does not own.
import { builtinRolePermissions, objectPermissionName } from '@nezha/core';
import { describe, expect, it } from 'vitest';
import { createRole } from '../../src/store/permissions.js';
import { addUser } from '../support/dataset-fixtures.js';
import type { Session } from '../support/test-app.js';
import {
  createDashboard,
  layoutWith,
  ok,
  readDashboard,
  STORE_BACKENDS,
  title,
  useDashboardWorld,
} from './dashboard-harness.js';

const MENU_PERMISSIONS = ['can_explore', 'can_share_chart', 'can_csv'];

const backend = STORE_BACKENDS[0]!;

describe(title('dashboard chart menu permissions', backend), () => {
  const w = useDashboardWorld(backend);
  let narrow: Session;
  let dashboardId = 0;

  const explore = (session: Session) =>
    session.request({ method: 'GET', url: `/api/v1/explore/?slice_id=${w.charts.orders}` });
  const share = (session: Session, focused: boolean) =>
    session.request({
      method: 'POST',
      url: `/api/v1/dashboard/${dashboardId}/permalink`,
      payload: { urlParams: focused ? [['focused_chart', String(w.charts.orders)]] : [] },
    });
  const exportData = (session: Session, format: 'csv' | 'xlsx') =>
    session.request({
      method: 'POST',
      url: '/api/v1/chart/data',
      payload: {
        datasource: { id: w.ordersId, type: 'table' },
        queries: [{ columns: ['customer'], metrics: ['count'], orderby: [['customer', true]] }],
        result_format: format,
        result_type: 'full',
      },
    });

  it('Gamma holds can_explore, can_share_chart and can_csv on Superset, as in Superset', () => {
    const gamma = builtinRolePermissions('Gamma');
    for (const permission of MENU_PERMISSIONS) expect(gamma).toContainEqual([permission, 'Superset']);
  });

  it('without them the server refuses explore, a chart share link and the CSV and Excel exports', async () => {
    const grants: Array<[string, string]> = [
      ...builtinRolePermissions('Gamma')
        .filter(([permission]) => !MENU_PERMISSIONS.includes(permission))
        .map(([permission, view]): [string, string] => [permission, view]),
      ['datasource_access', objectPermissionName.datasource('shop', 'orders', w.ordersId)],
    ];
    narrow = (await addUser(w.t, 'narrow', [], grants)).session;
    dashboardId = await createDashboard(w.admin, {
      dashboard_title: 'Menus',
      published: true,
      position_json: JSON.stringify(layoutWith([w.charts.orders])),
    });

    // The same user with Gamma passes each, so what the refusals test is the permission alone.
    expect(ok(await explore(w.gamma.session)).result.slice.slice_id).toBe(w.charts.orders);
    const link = ok(await share(w.gamma.session, true), 201);
    expect(link.key).toEqual(expect.any(String));
    const csv = await exportData(w.gamma.session, 'csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toContain('customer');

    const refusedExplore = await explore(narrow);
    expect(refusedExplore.statusCode).toBe(403);
    expect(refusedExplore.body).not.toContain('Orders by customer');
    const refusedShare = await share(narrow, true);
    expect(refusedShare.statusCode).toBe(403);
    expect(refusedShare.json().key).toBeUndefined();
    for (const format of ['csv', 'xlsx'] as const) {
      const refused = await exportData(narrow, format);
      expect(refused.statusCode).toBe(403);
      // No row of the orders table in the refusal.
      expect(refused.body).not.toMatch(/ann|bob/);
    }
    // The dashboard's own link (no focused chart) is not a chart share: it is not refused.
    expect(ok(await share(narrow, false), 201).key).toEqual(expect.any(String));
    // The refused share stored nothing: the narrow user's only link is the dashboard's own.
    const narrowId = (await narrow.request({ method: 'GET', url: '/api/v1/me/' })).json().result.id as number;
    const stored = await w.t.ctx.store.db
      .selectFrom('permalinks')
      .select('value')
      .where('created_by_fk', '=', narrowId)
      .execute();
    expect(stored.map((row) => row.value.includes('focused_chart'))).toEqual([false]);
  });

  it('a schema approver edits a dashboard it does not own; the same user without the role may not', async () => {
    const id = await createDashboard(w.admin, {
      dashboard_title: 'Approve me',
      published: true,
      position_json: JSON.stringify(layoutWith([w.charts.orders])),
    });
    const grants: Array<[string, string]> = [
      ['datasource_access', objectPermissionName.datasource('shop', 'orders', w.ordersId)],
    ];
    await createRole(w.t.ctx.store.db, 'Schema Approver');
    const approver = await addUser(w.t, 'approver', ['Gamma', 'Schema Approver'], grants);
    const plain = await addUser(w.t, 'plain', ['Gamma'], grants);

    expect((await readDashboard(approver.session, id)).dash_edit_perm).toBe(true);
    expect((await readDashboard(plain.session, id)).dash_edit_perm).toBe(false);
    const refused = await plain.session.request({
      method: 'PUT',
      url: `/api/v1/dashboard/${id}`,
      payload: { dashboard_title: 'Plain was here' },
    });
    expect(refused.statusCode).toBe(403);
    expect((await readDashboard(w.admin, id)).dashboard_title).toBe('Approve me');
    ok(
      await approver.session.request({
        method: 'PUT',
        url: `/api/v1/dashboard/${id}`,
        payload: { dashboard_title: 'Approved' },
      }),
    );
    expect((await readDashboard(w.admin, id)).dashboard_title).toBe('Approved');
    // Admin elsewhere it is not: the users list stays closed to it.
    expect((await approver.session.request({ method: 'GET', url: '/api/v1/security/users/' })).statusCode).not.toBe(
      200,
    );
  });
});
