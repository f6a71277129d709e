// Superset's tests/integration_tests/charts/api_tests.py (CRUD, validation, ownership, _info, related) ported onto
// our fixtures: each case's input and the status and payload facts Superset asserts, on every metadata store.
import { describe, expect, it } from 'vitest';
import { addDashboard, ok, rison, STORE_BACKENDS, title, useWorld } from '../api/chart-harness.js';
import type { Session } from '../support/test-app.js';

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.url)(title('Superset charts/api_tests.py', backend), () => {
    const w = useWorld(backend);

    async function chart(session: Session, extra: Record<string, unknown> = {}): Promise<number> {
      const payload = { slice_name: 'title', datasource_id: w.ordersId, datasource_type: 'table', ...extra };
      return ok(await session.request({ method: 'POST', url: '/api/v1/chart/', payload }), 201).id as number;
    }
    const read = (session: Session, id: number) => session.request({ method: 'GET', url: `/api/v1/chart/${id}` });
    const post = (payload: Record<string, unknown>) =>
      w.admin.request({ method: 'POST', url: '/api/v1/chart/', payload });
    const put = (session: Session, id: number, payload: Record<string, unknown>) =>
      session.request({ method: 'PUT', url: `/api/v1/chart/${id}`, payload });
    const owners = async (id: number) =>
      (ok(await read(w.admin, id)).result.owners as Array<{ id: number }>).map((owner) => owner.id).sort();

    it('test_delete_bulk_charts_bad_request: ids [1, "a"] is a 400', async () => {
      const response = await w.admin.request({ method: 'DELETE', url: `/api/v1/chart/?q=${rison([1, 'a'])}` });
      expect(response.statusCode).toBe(400);
    });

    it('test_delete_not_found_chart: 404', async () => {
      const response = await w.admin.request({ method: 'DELETE', url: '/api/v1/chart/999999' });
      expect(response.statusCode).toBe(404);
    });

    it('test_delete_bulk_charts_not_found: 404, nothing deleted', async () => {
      const id = await chart(w.admin);
      const response = await w.admin.request({
        method: 'DELETE',
        url: `/api/v1/chart/?q=${rison([id, 999998, 999999])}`,
      });
      expect(response.statusCode).toBe(404);
      expect((await read(w.admin, id)).statusCode).toBe(200);
    });

    it('test_delete_chart_admin_not_owned: an admin deletes a gamma chart', async () => {
      const id = await chart(w.gamma.session);
      expect(ok(await w.admin.request({ method: 'DELETE', url: `/api/v1/chart/${id}` }))).toEqual({ message: 'OK' });
      expect((await read(w.admin, id)).statusCode).toBe(404);
    });

    it('test_delete_bulk_chart_admin_not_owned: "Deleted 4 charts", all gone', async () => {
      const ids = [];
      for (let i = 0; i < 4; i += 1) ids.push(await chart(w.gamma.session, { slice_name: `title${i}` }));
      const response = await w.admin.request({ method: 'DELETE', url: `/api/v1/chart/?q=${rison(ids)}` });
      expect(ok(response)).toEqual({ message: 'Deleted 4 charts' });
      for (const id of ids) expect((await read(w.admin, id)).statusCode).toBe(404);
    });

    it('test_delete_chart_not_owned: 403, the chart stays', async () => {
      const id = await chart(w.gamma.session);
      const response = await w.peer.session.request({ method: 'DELETE', url: `/api/v1/chart/${id}` });
      expect(response.statusCode).toBe(403);
      expect((await read(w.admin, id)).statusCode).toBe(200);
    });

    it('test_delete_bulk_chart_not_owned: 403 for not owned, and for owned plus not owned nothing is deleted', async () => {
      const notOwned = [await chart(w.gamma.session), await chart(w.gamma.session)];
      const owned = await chart(w.peer.session);
      const first = await w.peer.session.request({ method: 'DELETE', url: `/api/v1/chart/?q=${rison(notOwned)}` });
      expect(first.statusCode).toBe(403);
      const mixed = await w.peer.session.request({
        method: 'DELETE',
        url: `/api/v1/chart/?q=${rison([...notOwned, owned])}`,
      });
      expect(mixed.statusCode).toBe(403);
      for (const id of [...notOwned, owned]) expect((await read(w.admin, id)).statusCode).toBe(200);
    });

    it('test_create_chart: every field, linked to dashboards, 201', async () => {
      const dashboards = [await addDashboard(w.t, 'world_health', [w.adminId]), await addDashboard(w.t, 'births', [])];
      const response = await post({
        slice_name: 'name1',
        description: 'description1',
        owners: [w.adminId],
        viz_type: 'viz_type1',
        params: '{"a": 1}',
        cache_timeout: 1000,
        datasource_id: w.ordersId,
        datasource_type: 'table',
        dashboards,
      });
      const id = ok(response, 201).id as number;
      const result = ok(await read(w.admin, id)).result;
      expect(result).toMatchObject({
        slice_name: 'name1',
        description: 'description1',
        viz_type: 'viz_type1',
        cache_timeout: 1000,
      });
      expect((result.dashboards as Array<{ id: number }>).map((d) => d.id).sort()).toEqual([...dashboards].sort());
    });

    it('test_create_simple_chart: name, datasource id and type are enough', async () => {
      const response = await post({ slice_name: 'title1', datasource_id: w.ordersId, datasource_type: 'table' });
      expect(ok(response, 201).id).toEqual(expect.any(Number));
    });

    it('test_create_chart_validate_owners: owners [1000] → 422 "Owners are invalid"', async () => {
      const response = await post({
        slice_name: 'title1',
        datasource_id: w.ordersId,
        datasource_type: 'table',
        owners: [1000],
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: { owners: ['Owners are invalid'] } });
    });

    it('test_create_chart_validate_params: params that are not JSON → 400', async () => {
      const response = await post({
        slice_name: 'title1',
        datasource_id: w.ordersId,
        datasource_type: 'table',
        params: '{"A:"a"}',
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().message)).toEqual(['params']);
    });

    it('test_create_chart_validate_datasource: unknown type → 400 "Must be one of", id 0 → 422', async () => {
      const unknownType = await post({ slice_name: 'title1', datasource_id: w.ordersId, datasource_type: 'unknown' });
      expect(unknownType.statusCode).toBe(400);
      expect(unknownType.json()).toEqual({
        message: { datasource_type: ['Must be one of: table, query, dataset, sl_table, saved_query.'] },
      });
      const noDataset = await post({ slice_name: 'title1', datasource_id: 0, datasource_type: 'table' });
      expect(noDataset.statusCode).toBe(422);
      expect(noDataset.json()).toEqual({ message: { datasource_id: ['Datasource does not exist'] } });
    });

    it('a dashboard id that does not exist in the payload → 422 "Dashboards do not exist"', async () => {
      const response = await post({
        slice_name: 'title1',
        datasource_id: w.ordersId,
        datasource_type: 'table',
        dashboards: [999999],
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: { dashboards: ['Dashboards do not exist'] } });
    });

    it('slice_name longer than 250 → 400 "Length must be between 1 and 250."; missing → required', async () => {
      const long = await post({ slice_name: 'a'.repeat(251), datasource_id: w.ordersId, datasource_type: 'table' });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toEqual({ message: { slice_name: ['Length must be between 1 and 250.'] } });
      const missing = await post({ datasource_id: w.ordersId, datasource_type: 'table' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ message: { slice_name: ['Missing data for required field.'] } });
      const nulled = await post({ slice_name: null, datasource_id: w.ordersId, datasource_type: 'table' });
      expect(nulled.json()).toEqual({ message: { slice_name: ['Field may not be null.'] } });
    });

    it('test_update_chart: every field written, owners replaced by the admin, dashboard linked', async () => {
      const id = await chart(w.admin);
      const dashboard = await addDashboard(w.t, 'births', []);
      const response = await put(w.admin, id, {
        slice_name: 'title1_changed',
        description: 'description1',
        owners: [w.gamma.id],
        viz_type: 'viz_type1',
        params: '{"a": 1}',
        cache_timeout: 1000,
        datasource_id: w.ordersId,
        datasource_type: 'table',
        dashboards: [dashboard],
      });
      expect(response.statusCode).toBe(200);
      const result = ok(await read(w.admin, id)).result;
      expect(result).toMatchObject({
        slice_name: 'title1_changed',
        description: 'description1',
        viz_type: 'viz_type1',
        params: '{"a": 1}',
        cache_timeout: 1000,
      });
      expect(await owners(id)).toEqual([w.gamma.id]);
      expect((result.dashboards as Array<{ id: number }>).map((d) => d.id)).toEqual([dashboard]);
    });

    it('test_update_chart_new_owner_not_admin: the caller stays an owner beside the new one', async () => {
      const id = await chart(w.gamma.session);
      expect((await put(w.gamma.session, id, { slice_name: 'title1_changed', owners: [w.peer.id] })).statusCode).toBe(
        200,
      );
      expect(await owners(id)).toEqual([w.gamma.id, w.peer.id].sort());
    });

    it('test_update_chart_new_owner_admin: the admin hands the chart over and drops out', async () => {
      const id = await chart(w.admin);
      expect((await put(w.admin, id, { slice_name: 'title1_changed', owners: [w.gamma.id] })).statusCode).toBe(200);
      expect(await owners(id)).toEqual([w.gamma.id]);
    });

    it('test_update_chart_new_dashboards / test_not_update_chart_none_dashboards', async () => {
      const original = await addDashboard(w.t, 'original', [w.adminId]);
      const next = await addDashboard(w.t, 'next', [w.adminId]);
      const id = await chart(w.admin, { dashboards: [original] });
      const dashboardsOf = async () =>
        (ok(await read(w.admin, id)).result.dashboards as Array<{ id: number }>).map((d) => d.id);
      expect((await put(w.admin, id, { slice_name: 'title1_changed', dashboards: [next] })).statusCode).toBe(200);
      expect(await dashboardsOf()).toEqual([next]);
      expect((await put(w.admin, id, { slice_name: 'title1_changed_again' })).statusCode).toBe(200);
      expect(await dashboardsOf()).toEqual([next]);
    });

    it('test_update_chart_not_owned: 403, the name unchanged', async () => {
      const id = await chart(w.gamma.session);
      expect((await put(w.peer.session, id, { slice_name: 'title1_changed' })).statusCode).toBe(403);
      expect(ok(await read(w.admin, id)).result.slice_name).toBe('title');
    });

    it('test_update_chart_validate_datasource: unknown type → 400, id 0 → 422', async () => {
      const id = await chart(w.admin);
      const unknownType = await put(w.admin, id, { datasource_id: w.ordersId, datasource_type: 'unknown' });
      expect(unknownType.statusCode).toBe(400);
      expect(Object.keys(unknownType.json().message)).toEqual(['datasource_type']);
      const noDataset = await put(w.admin, id, { datasource_id: 0, datasource_type: 'table' });
      expect(noDataset.statusCode).toBe(422);
      expect(noDataset.json()).toEqual({ message: { datasource_id: ['Datasource does not exist'] } });
    });

    it('test_update_chart_validate_owners: owners [1000] → 422 "Owners are invalid"', async () => {
      const id = await chart(w.admin);
      const response = await put(w.admin, id, { owners: [1000] });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: { owners: ['Owners are invalid'] } });
    });

    it('test_get_chart: Superset’s fields, owners without usernames', async () => {
      const id = await chart(w.admin);
      const result = ok(await read(w.admin, id)).result;
      expect(result).toMatchObject({
        cache_timeout: null,
        dashboards: [],
        description: null,
        slice_name: 'title',
        owners: [{ id: w.adminId, first_name: expect.any(String), last_name: expect.any(String) }],
      });
    });

    it('test_get_chart_not_found: 404', async () => {
      expect((await read(w.admin, 999999)).statusCode).toBe(404);
    });

    it('test_get_chart_no_data_access: a chart on a dataset the caller cannot read is a 404', async () => {
      const id = await chart(w.admin, { datasource_id: w.customersId });
      expect((await read(w.gamma.session, id)).statusCode).toBe(404);
    });

    it('test_get_charts_no_data_access: a user without data access lists none', async () => {
      await chart(w.admin);
      const response = await w.outsider.session.request({ method: 'GET', url: '/api/v1/chart/' });
      expect(ok(response).count).toBe(0);
    });

    it('test_get_charts_filter: slice_name sw counts the matching charts only', async () => {
      await chart(w.admin, { slice_name: 'Gxyz one' });
      await chart(w.admin, { slice_name: 'Gxyz two' });
      const q = rison({ filters: [{ col: 'slice_name', opr: 'sw', value: 'Gxyz' }] });
      const body = ok(await w.admin.request({ method: 'GET', url: `/api/v1/chart/?q=${q}` }));
      expect(body.count).toBe(2);
      expect((body.result as Array<{ slice_name: string }>).map((c) => c.slice_name).sort()).toEqual([
        'Gxyz one',
        'Gxyz two',
      ]);
    });

    it('test_get_charts_page: page_size and page cut the list', async () => {
      const total = ok(await w.admin.request({ method: 'GET', url: '/api/v1/chart/' })).count as number;
      const page = ok(
        await w.admin.request({ method: 'GET', url: `/api/v1/chart/?q=${rison({ page_size: 3, page: 0 })}` }),
      );
      expect(page.result).toHaveLength(Math.min(3, total));
      expect(page.count).toBe(total);
    });

    it('test_info_chart / test_info_security_chart: _info is not shadowed by /{id}', async () => {
      const info = ok(await w.admin.request({ method: 'GET', url: '/api/v1/chart/_info' }));
      expect(Object.keys(info).sort()).toEqual(
        ['add_columns', 'add_title', 'edit_columns', 'edit_title', 'filters', 'permissions'].sort(),
      );
      expect(info.add_columns).toContainEqual({ name: 'slice_name', required: true });
      expect(info.filters.slice_name).toContainEqual({ name: 'Starts with', operator: 'sw' });
      const security = ok(
        await w.admin.request({ method: 'GET', url: `/api/v1/chart/_info?q=${rison({ keys: ['permissions'] })}` }),
      );
      expect(security).toEqual({ permissions: ['can_read', 'can_write'] });
    });

    it('test_get_related_owners / a related column that does not exist is a 404', async () => {
      const related = ok(await w.admin.request({ method: 'GET', url: '/api/v1/chart/related/owners' }));
      expect(related.count).toBeGreaterThanOrEqual(4);
      expect((related.result as Array<{ value: number }>).map((r) => r.value)).toContain(w.gamma.id);
      expect((await w.admin.request({ method: 'GET', url: '/api/v1/chart/related/owner' })).statusCode).toBe(404);
    });

    it('test_get_related_created_by / changed_by: the list filters’ user pickers, filtered by name', async () => {
      for (const resource of ['chart', 'dashboard', 'dataset']) {
        for (const column of ['created_by', 'changed_by']) {
          const url = `/api/v1/${resource}/related/${column}?q=${rison({ filter: 'peer' })}`;
          const body = ok(await w.gamma.session.request({ method: 'GET', url }));
          expect(body, url).toEqual({ count: 1, result: [expect.objectContaining({ value: w.peer.id })] });
        }
      }
    });
  });
}
