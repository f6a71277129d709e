// Superset's /superset/ paths (superset/views/core.py: fetch_datasource_metadata, explore_json, explore, dashboard,
// sqllab) and the welcome page as old clients and bookmarks call them: the same answers and access as our own paths.
import { describe, expect, it } from 'vitest';
import { ok, rison, STORE_BACKENDS, title, useWorld } from '../api/chart-harness.js';

const [sqliteStore] = STORE_BACKENDS;

describe.skipIf(!sqliteStore?.url)(title('Superset legacy /superset/ paths', sqliteStore!), () => {
  const w = useWorld(sqliteStore!);

  it('/superset/fetch_datasource_metadata answers exactly as /nezha/fetch_datasource_metadata', async () => {
    const key = `datasourceKey=${w.ordersId}__table`;
    const ours = ok(await w.admin.request({ method: 'GET', url: `/nezha/fetch_datasource_metadata?${key}` }));
    const theirs = ok(await w.admin.request({ method: 'GET', url: `/superset/fetch_datasource_metadata?${key}` }));
    expect(theirs).toEqual(ours);
    expect(theirs.table_name ?? theirs.name).toBeTruthy();
  });

  it('the legacy path keeps the access rule: no dataset access, no metadata; no login, 401', async () => {
    const url = `/superset/fetch_datasource_metadata?datasourceKey=${w.customersId}__table`;
    const refused = await w.gamma.session.request({ method: 'GET', url });
    expect([403, 404]).toContain(refused.statusCode);
    expect((await w.t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('/superset/explore_json/ answers the same rows as /nezha/explore_json/', async () => {
    const formData = encodeURIComponent(
      JSON.stringify({
        viz_type: 'table',
        datasource: `${w.ordersId}__table`,
        query_mode: 'raw',
        all_columns: ['id'],
        order_by_cols: ['["id", true]'],
        row_limit: 10,
      }),
    );
    const ours = ok(await w.admin.request({ method: 'GET', url: `/nezha/explore_json/?form_data=${formData}` }));
    const theirs = ok(await w.admin.request({ method: 'GET', url: `/superset/explore_json/?form_data=${formData}` }));
    expect(theirs.data).toEqual(ours.data);
    expect(theirs.data.records ?? theirs.data).toBeTruthy();
  });

  it('every resource’s _info answers (not its /{id} route), with its required fields and the caller’s permissions', async () => {
    const required: Record<string, string> = {
      chart: 'slice_name',
      dashboard: '',
      dataset: 'table_name',
      database: 'database_name',
      saved_query: 'db_id',
    };
    for (const [resource, field] of Object.entries(required)) {
      const info = ok(await w.admin.request({ method: 'GET', url: `/api/v1/${resource}/_info` }));
      const requiredNames = (info.add_columns as Array<{ name: string; required: boolean }>)
        .filter((column) => column.required)
        .map((column) => column.name);
      if (field) expect(requiredNames, resource).toContain(field);
      else expect(requiredNames, resource).toEqual([]);
      expect(info.permissions, resource).toEqual(['can_read', 'can_write']);
    }
    // Gamma reads databases but does not write them (Superset's READ_ONLY_MODEL_VIEWS).
    const gamma = ok(
      await w.gamma.session.request({
        method: 'GET',
        url: `/api/v1/database/_info?q=${rison({ keys: ['permissions'] })}`,
      }),
    );
    expect(gamma).toEqual({ permissions: ['can_read'] });
    const unknownKey = await w.admin.request({
      method: 'GET',
      url: `/api/v1/chart/_info?q=${rison({ keys: ['nope'] })}`,
    });
    expect(unknownKey.statusCode).toBe(400);
  });

  it('the Home page is the web app at /superset/welcome/ itself, not a redirect', async () => {
    const response = await w.admin.request({
      method: 'GET',
      url: '/superset/welcome/',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });

  it('page paths redirect to ours with the query string: sqllab, explore, explore permalink', async () => {
    const cases: Array<[string, string]> = [
      ['/superset/sqllab/?dbid=1', '/sqllab/?dbid=1'],
      ['/superset/sqllab', '/sqllab/'],
      ['/superset/explore/?slice_id=7', '/explore/?slice_id=7'],
      ['/superset/explore/p/abc123/', '/explore/p/abc123/'],
      ['/superset/dashboard/p/xyz/', '/nezha/dashboard/p/xyz/'],
      ['/superset/dashboard/12/?standalone=1', '/nezha/dashboard/12/?standalone=1'],
    ];
    for (const [from, to] of cases) {
      const response = await w.admin.request({ method: 'GET', url: from });
      expect(response.statusCode, from).toBe(302);
      expect(response.headers.location, from).toBe(to);
    }
  });
});
