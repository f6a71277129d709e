// GET /api/v1/log/recent_activity/ (Superset's LogRestApi.recent_activity): the caller's own views of dashboards and
// charts, newest first, titled and linked; never another user's, never an object the caller may not open.
import { describe, expect, it } from 'vitest';
import type { Session } from '../support/test-app.js';
import {
  createDashboard,
  layoutWith,
  ok,
  rison,
  STORE_BACKENDS,
  title,
  useDashboardWorld,
} from './dashboard-harness.js';

interface Item {
  action: string;
  item_type: string;
  item_url: string;
  item_title: string;
  time: number;
  time_delta_humanized: string;
}

/** Sends a mount event the way the browser's logger does (a JSON body with the source's id). */
async function view(session: Session, kind: 'dashboard' | 'explore', id: number, ts: number): Promise<void> {
  const event = {
    event_name: kind === 'dashboard' ? 'mount_dashboard' : 'mount_explorer',
    source: kind,
    source_id: id,
    ts,
    event_type: 'user',
  };
  const param = kind === 'dashboard' ? `dashboard_id=${id}` : `slice_id=${id}`;
  ok(
    await session.request({ method: 'POST', url: `/nezha/log/?explode=events&${param}`, payload: { events: [event] } }),
  );
}

async function recent(session: Session, q: Record<string, unknown> = {}): Promise<Item[]> {
  const url = `/api/v1/log/recent_activity/${Object.keys(q).length ? `?q=${rison(q)}` : ''}`;
  return ok(await session.request({ method: 'GET', url })).result as Item[];
}

const HOUR = 3600_000;

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.url)(title('recent activity', backend), () => {
    const w = useDashboardWorld(backend);

    it("lists the caller's views newest first, one per object, with Superset's fields, as the log holds them", async () => {
      const sales = await createDashboard(w.admin, {
        dashboard_title: 'Sales board',
        slug: 'sales-board',
        published: true,
        position_json: JSON.stringify(layoutWith([w.charts.orders])),
      });
      const base = Date.now() - 5 * HOUR;
      await view(w.admin, 'explore', w.charts.orders, base);
      await view(w.admin, 'dashboard', sales, base + HOUR);
      await view(w.admin, 'explore', w.charts.customers, base + 2 * HOUR);
      await view(w.admin, 'explore', w.charts.orders, base + 3 * HOUR);

      // What the store holds for the admin, read by the test: the latest time per object, newest first.
      const rows = await w.t.ctx.store.db
        .selectFrom('logs')
        .select(['dashboard_id', 'slice_id', 'dttm'])
        .where('user_id', '=', w.adminId)
        .where('action', 'in', ['mount_dashboard', 'mount_explorer'])
        .execute();
      const latest = new Map<string, number>();
      for (const row of rows) {
        const key = row.dashboard_id !== null ? `d${row.dashboard_id}` : `s${row.slice_id}`;
        latest.set(key, Math.max(latest.get(key) ?? 0, Date.parse(row.dttm)));
      }
      const expected = [...latest.entries()].sort((a, b) => b[1] - a[1]);

      const items = await recent(w.admin);
      expect(items.map((item) => item.time)).toEqual(expected.map(([, time]) => time));
      expect(items).toEqual([
        {
          action: 'mount_explorer',
          item_type: 'slice',
          item_url: `/explore/?slice_id=${w.charts.orders}`,
          item_title: 'Orders by customer',
          time: base + 3 * HOUR,
          time_delta_humanized: '2 hours ago',
        },
        {
          action: 'mount_explorer',
          item_type: 'slice',
          item_url: `/explore/?slice_id=${w.charts.customers}`,
          item_title: 'Customers',
          time: base + 2 * HOUR,
          time_delta_humanized: '3 hours ago',
        },
        {
          action: 'mount_dashboard',
          item_type: 'dashboard',
          item_url: '/nezha/dashboard/sales-board/',
          item_title: 'Sales board',
          time: base + HOUR,
          time_delta_humanized: '4 hours ago',
        },
      ]);

      // Not distinct: every event, newest first; paging walks them.
      const all = await recent(w.admin, { distinct: false });
      expect(all.map((item) => item.time)).toEqual([base + 3 * HOUR, base + 2 * HOUR, base + HOUR, base]);
      const second = await recent(w.admin, { distinct: false, page: 1, page_size: 3 });
      expect(second.map((item) => item.time)).toEqual([base]);
      // Only the actions asked for.
      const dashboards = await recent(w.admin, { actions: ['mount_dashboard'] });
      expect(dashboards.map((item) => item.item_title)).toEqual(['Sales board']);
    });

    it("never answers another user's activity: each caller sees only their own views", async () => {
      await view(w.peer.session, 'explore', w.charts.ordersByTotal, Date.now() - HOUR);
      const peers = await recent(w.peer.session);
      expect(peers.map((item) => item.item_title)).toEqual(['Orders by total']);
      // The admin never opened it: it is not on the admin's list, though the admin may open it.
      expect((await recent(w.admin)).map((item) => item.item_title)).not.toContain('Orders by total');
      // A user with no views has an empty list.
      expect(await recent(w.outsider.session)).toEqual([]);
      expect((await w.t.app.inject({ method: 'GET', url: '/api/v1/log/recent_activity/' })).statusCode).toBe(401);
    });

    it('a logged view of an object the caller may not open does not reveal its title', async () => {
      const draft = await createDashboard(w.admin, {
        dashboard_title: 'Secret board',
        published: false,
        position_json: JSON.stringify(layoutWith([w.charts.orders])),
      });
      // The gamma user forges events naming objects they cannot reach: a draft and a chart on customers.
      await view(w.gamma.session, 'dashboard', draft, Date.now() - 2 * HOUR);
      await view(w.gamma.session, 'explore', w.charts.customers, Date.now() - HOUR);
      await view(w.gamma.session, 'explore', w.charts.orders, Date.now() - 3 * HOUR);
      const response = await w.gamma.session.request({
        method: 'GET',
        url: `/api/v1/log/recent_activity/?q=${rison({ distinct: false })}`,
      });
      expect(response.body).not.toContain('Secret board');
      expect(response.body).not.toContain('Customers');
      expect((response.json().result as Item[]).map((item) => item.item_title)).toEqual(['Orders by customer']);
      // The dashboard's owner, who may open it, sees their own view of it.
      await view(w.admin, 'dashboard', draft, Date.now());
      expect((await recent(w.admin))[0]?.item_title).toBe('Secret board');
    });

    it("checks Superset's query: page sizes outside 1..100 read as 100, a malformed q is a 400", async () => {
      expect(await recent(w.outsider.session, { page_size: 0 })).toEqual([]);
      const bad = await w.admin.request({ method: 'GET', url: '/api/v1/log/recent_activity/?q=(page:-1)' });
      expect(bad.statusCode).toBe(400);
      const notRison = await w.admin.request({ method: 'GET', url: '/api/v1/log/recent_activity/?q=(((' });
      expect(notRison.statusCode).toBe(400);
    });
  });
}
