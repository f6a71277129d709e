// /api/v1/dashboard/{id}/filter_state: native filter values kept under a key for the dashboard URL's
// native_filters_key — read by anyone who sees the dashboard, changed only by their creator, gone after 90 days.
import { describe, expect, it } from 'vitest';
import { createDashboard, layoutWith, ok, STORE_BACKENDS, title, useDashboardWorld } from './dashboard-harness.js';

const mask = (values: string[]) =>
  JSON.stringify({
    'NATIVE_FILTER-1': {
      id: 'NATIVE_FILTER-1',
      extraFormData: { filters: [{ col: 'customer', op: 'IN', val: values }] },
      filterState: { value: values },
    },
  });

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.url)(title('dashboard filter state', backend), () => {
    const w = useDashboardWorld(backend);

    const createState = async (id: number, values = ['ann']) =>
      ok(
        await w.admin.request({
          method: 'POST',
          url: `/api/v1/dashboard/${id}/filter_state`,
          payload: { value: mask(values) },
        }),
        201,
      ) as { key: string };

    const publishedDashboard = () =>
      createDashboard(w.admin, {
        dashboard_title: 'Filtered',
        published: true,
        position_json: JSON.stringify(layoutWith([w.charts.orders])),
      });

    it('keeps the data mask under a key, and its creator changes it', async () => {
      const id = await publishedDashboard();
      const created = ok(
        await w.admin.request({
          method: 'POST',
          url: `/api/v1/dashboard/${id}/filter_state?tab_id=3`,
          payload: { value: mask(['ann']) },
        }),
        201,
      );
      expect(created.key).toMatch(/^[\w-]{16,}$/);
      const url = `/api/v1/dashboard/${id}/filter_state/${created.key}`;
      expect(ok(await w.admin.request({ method: 'GET', url }))).toEqual({ value: mask(['ann']) });

      const updated = ok(await w.admin.request({ method: 'PUT', url, payload: { value: mask(['bob']) } }));
      expect(updated).toEqual({ key: created.key, message: 'Value updated successfully.' });
      expect(ok(await w.admin.request({ method: 'GET', url })).value).toBe(mask(['bob']));

      expect(ok(await w.admin.request({ method: 'DELETE', url }))).toEqual({ message: 'Deleted successfully' });
      expect((await w.admin.request({ method: 'GET', url })).statusCode).toBe(404);
    });

    it('others who see the dashboard read the entry but cannot change or delete it', async () => {
      const id = await publishedDashboard();
      const { key } = await createState(id);
      const url = `/api/v1/dashboard/${id}/filter_state/${key}`;
      expect(ok(await w.peer.session.request({ method: 'GET', url })).value).toBe(mask(['ann']));
      const put = await w.peer.session.request({ method: 'PUT', url, payload: { value: mask(['bob']) } });
      expect(put.statusCode).toBe(404);
      expect((await w.peer.session.request({ method: 'DELETE', url })).statusCode).toBe(404);
      expect(ok(await w.admin.request({ method: 'GET', url })).value).toBe(mask(['ann']));

      // A user who cannot see the dashboard learns nothing of it or of the entry.
      expect((await w.outsider.session.request({ method: 'GET', url })).statusCode).toBe(404);
      const outsiderPost = await w.outsider.session.request({
        method: 'POST',
        url: `/api/v1/dashboard/${id}/filter_state`,
        payload: { value: mask(['x']) },
      });
      expect(outsiderPost.statusCode).toBe(404);
      // The peer keeps a state of their own.
      const own = ok(
        await w.peer.session.request({
          method: 'POST',
          url: `/api/v1/dashboard/${id}/filter_state`,
          payload: { value: mask(['bob']) },
        }),
        201,
      );
      expect(own.key).not.toBe(key);
    });

    it('a key belongs to its dashboard, and a missing key is not found', async () => {
      const id = await publishedDashboard();
      const other = await publishedDashboard();
      const { key } = await createState(id);
      const elsewhere = await w.admin.request({ method: 'GET', url: `/api/v1/dashboard/${other}/filter_state/${key}` });
      expect(elsewhere.statusCode).toBe(404);
      const missing = await w.admin.request({ method: 'GET', url: `/api/v1/dashboard/${id}/filter_state/nope` });
      expect(missing.statusCode).toBe(404);
      const put = await w.admin.request({
        method: 'PUT',
        url: `/api/v1/dashboard/${id}/filter_state/nope`,
        payload: { value: mask(['bob']) },
      });
      expect(put.statusCode).toBe(404);
    });

    it('refuses a value that is not the JSON text of an object, and an anonymous caller', async () => {
      const id = await publishedDashboard();
      for (const value of ['not json', '[1,2]', '"text"']) {
        const response = await w.admin.request({
          method: 'POST',
          url: `/api/v1/dashboard/${id}/filter_state`,
          payload: { value },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().message.value).toEqual(['Must be the JSON text of an object.']);
      }
      const anonymous = await w.t.app.inject({
        method: 'POST',
        url: `/api/v1/dashboard/${id}/filter_state`,
        payload: { value: mask(['ann']) },
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('an entry not written or read for 90 days is gone', async () => {
      const id = await publishedDashboard();
      const { key } = await createState(id);
      const url = `/api/v1/dashboard/${id}/filter_state/${key}`;
      const age = async (days: number) => {
        const changedOn = new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
        await w.t.ctx.store.db
          .updateTable('permalinks')
          .set({ changed_on: changedOn })
          .where('key', '=', key)
          .execute();
      };
      await age(89);
      expect((await w.admin.request({ method: 'GET', url })).statusCode).toBe(200);
      // That read started its 90 days again.
      const row = await w.t.ctx.store.db
        .selectFrom('permalinks')
        .select('changed_on')
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      expect(Date.now() - Date.parse(row.changed_on)).toBeLessThan(60_000);
      await age(91);
      expect((await w.admin.request({ method: 'GET', url })).statusCode).toBe(404);
      expect((await w.admin.request({ method: 'PUT', url, payload: { value: mask(['bob']) } })).statusCode).toBe(404);
    });
  });
}
