// /api/v1/tag/: Superset's tags on each metadata store — create, list, bulk tag, tag and untag one object, the
// objects of a tag, list filters by tag, deletes that take the links along, bad input, and what a tag must not leak.
import { describe, expect, it } from 'vitest';
import { createDashboard, ok, rison, STORE_BACKENDS, title, useDashboardWorld } from './dashboard-harness.js';

const BASE = '/api/v1/tag/';

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.url)(title('Tags API', backend), () => {
    const w = useDashboardWorld(backend);
    const db = () => w.t.ctx.store.db;
    /** The (type, id) pairs carrying the tag, straight from the store. */
    const linksOf = async (tagId: number) =>
      (
        await db()
          .selectFrom('tagged_object')
          .select(['object_type', 'object_id'])
          .where('tag_id', '=', tagId)
          .orderBy('object_type')
          .orderBy('object_id')
          .execute()
      ).map((row) => [row.object_type, Number(row.object_id)]);
    const tagId = async (name: string) =>
      (await db().selectFrom('tag').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    const chartIdsTaggedInStore = async (id: number) =>
      (
        await db()
          .selectFrom('tagged_object')
          .select('object_id')
          .where('tag_id', '=', id)
          .where('object_type', '=', 'chart')
          .orderBy('object_id')
          .execute()
      ).map((row) => Number(row.object_id));

    it('creates a tag on a dashboard and a chart, reads and lists it with paging and filters', async () => {
      const dashboard = await createDashboard(w.admin, { dashboard_title: 'Finance board', published: true });
      const created = ok(
        await w.admin.request({
          method: 'POST',
          url: BASE,
          payload: {
            name: 'finance',
            description: 'Money things',
            objects_to_tag: [
              ['dashboard', dashboard],
              ['chart', w.charts.orders],
            ],
          },
        }),
        201,
      );
      const id = created.id as number;
      expect(await linksOf(id)).toEqual([
        ['chart', w.charts.orders],
        ['dashboard', dashboard],
      ]);
      ok(await w.admin.request({ method: 'POST', url: BASE, payload: { name: 'marketing' } }), 201);

      const read = ok(await w.admin.request({ method: 'GET', url: `${BASE}${id}` }));
      expect(read.result).toMatchObject({ id, name: 'finance', type: 1, description: 'Money things' });
      expect(read.result.created_by).toMatchObject({ id: w.adminId });

      const page = ok(
        await w.admin.request({
          method: 'GET',
          url: `${BASE}?q=${rison({ order_column: 'name', order_direction: 'asc', page: 0, page_size: 1 })}`,
        }),
      );
      const storeCount = await db()
        .selectFrom('tag')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(page.count).toBe(Number(storeCount.n));
      expect(page.result).toHaveLength(1);
      expect(page.result[0].name).toBe('finance');

      const filtered = ok(
        await w.admin.request({
          method: 'GET',
          url: `${BASE}?q=${rison({
            filters: [
              { col: 'name', opr: 'ct', value: 'ARK' },
              { col: 'type', opr: 'custom_tag', value: true },
            ],
          })}`,
        }),
      );
      expect(filtered.result.map((tag: { name: string }) => tag.name)).toEqual(['marketing']);

      // Both objects show their tag where they are read and listed.
      const chart = ok(await w.admin.request({ method: 'GET', url: `/api/v1/chart/${w.charts.orders}` }));
      expect(chart.result.tags).toEqual([{ id, name: 'finance', type: 1 }]);
      const board = ok(await w.admin.request({ method: 'GET', url: `/api/v1/dashboard/${dashboard}` }));
      expect(board.result.tags).toEqual([{ id, name: 'finance', type: 1 }]);
    });

    it('filters the chart and dashboard lists by tag to exactly the tagged objects', async () => {
      const id = (
        ok(
          await w.admin.request({
            method: 'POST',
            url: BASE,
            payload: {
              name: 'listed',
              objects_to_tag: [
                ['chart', w.charts.orders],
                ['chart', w.charts.customers],
              ],
            },
          }),
          201,
        ) as { id: number }
      ).id;
      const byId = ok(
        await w.admin.request({
          method: 'GET',
          url: `/api/v1/chart/?q=${rison({ filters: [{ col: 'id', opr: 'chart_tag_id', value: [id] }], page_size: 100 })}`,
        }),
      );
      const expected = await chartIdsTaggedInStore(id);
      expect(expected).toEqual([w.charts.orders, w.charts.customers].sort((a, b) => a - b));
      expect([...byId.ids].sort((a: number, b: number) => a - b)).toEqual(expected);
      expect(byId.count).toBe(expected.length);
      const item = byId.result.find((row: { id: number }) => row.id === w.charts.orders);
      expect(item.tags.map((tag: { name: string }) => tag.name)).toContain('listed');

      const byName = ok(
        await w.admin.request({
          method: 'GET',
          url: `/api/v1/chart/?q=${rison({ filters: [{ col: 'tags', opr: 'chart_tags', value: 'LISTE' }], page_size: 100 })}`,
        }),
      );
      expect([...byName.ids].sort((a: number, b: number) => a - b)).toEqual(expected);

      const dashboard = await createDashboard(w.admin, { dashboard_title: 'Tagged board', published: true });
      ok(
        await w.admin.request({
          method: 'POST',
          url: `${BASE}3/${dashboard}/`,
          payload: { properties: { tags: ['listed'] } },
        }),
        201,
      );
      const boards = ok(
        await w.admin.request({
          method: 'GET',
          url: `/api/v1/dashboard/?q=${rison({ filters: [{ col: 'id', opr: 'dashboard_tag_id', value: [id] }] })}`,
        }),
      );
      expect(boards.ids).toEqual([dashboard]);
    });

    it('bulk tags objects, making missing tags, and reports what it skipped', async () => {
      const gammaChart = (
        ok(
          await w.gamma.session.request({
            method: 'POST',
            url: '/api/v1/chart/',
            payload: {
              slice_name: 'Gamma orders',
              viz_type: 'table',
              datasource_id: w.ordersId,
              datasource_type: 'table',
              params: '{}',
            },
          }),
          201,
        ) as { id: number }
      ).id;
      const answer = ok(
        await w.gamma.session.request({
          method: 'POST',
          url: `${BASE}bulk_create`,
          payload: {
            tags: [
              {
                name: 'bulk-one',
                objects_to_tag: [
                  ['chart', gammaChart],
                  ['chart', w.charts.orders],
                ],
              },
              { name: 'bulk-two', objects_to_tag: [[2, gammaChart]] },
            ],
          },
        }),
      );
      expect(answer.result.objects_tagged).toEqual([['chart', gammaChart]]);
      expect(answer.result.objects_skipped).toEqual([['chart', w.charts.orders]]);
      expect(await linksOf(await tagId('bulk-one'))).toEqual([['chart', gammaChart]]);
      expect(await linksOf(await tagId('bulk-two'))).toEqual([['chart', gammaChart]]);
    });

    it('tags and untags one object by Superset’s object type number or name', async () => {
      ok(
        await w.admin.request({
          method: 'POST',
          url: `${BASE}2/${w.charts.ordersByTotal}/`,
          payload: { properties: { tags: ['one-off', 'another'] } },
        }),
        201,
      );
      const oneOff = await tagId('one-off');
      expect(await linksOf(oneOff)).toEqual([['chart', w.charts.ordersByTotal]]);
      // Tagging again keeps one link.
      ok(
        await w.admin.request({
          method: 'POST',
          url: `${BASE}chart/${w.charts.ordersByTotal}/`,
          payload: { properties: { tags: ['one-off'] } },
        }),
        201,
      );
      expect(await linksOf(oneOff)).toHaveLength(1);
      ok(await w.admin.request({ method: 'DELETE', url: `${BASE}2/${w.charts.ordersByTotal}/one-off/` }));
      expect(await linksOf(oneOff)).toEqual([]);
      expect(await linksOf(await tagId('another'))).toEqual([['chart', w.charts.ordersByTotal]]);
      const again = await w.admin.request({ method: 'DELETE', url: `${BASE}2/${w.charts.ordersByTotal}/one-off/` });
      expect(again.statusCode).toBe(404);
    });

    it('answers the objects of a tag by id or name, narrowed by type, grouped with their names and links', async () => {
      const dashboard = await createDashboard(w.admin, { dashboard_title: 'Objects board', published: true });
      const id = (
        ok(
          await w.admin.request({
            method: 'POST',
            url: BASE,
            payload: {
              name: 'objects',
              objects_to_tag: [
                ['dashboard', dashboard],
                ['chart', w.charts.orders],
                ['dataset', w.ordersId],
              ],
            },
          }),
          201,
        ) as { id: number }
      ).id;
      const byId = ok(await w.admin.request({ method: 'GET', url: `${BASE}get_objects/?tagIds=${id}` }));
      const summary = byId.result.map((o: { type: string; id: number; name: string; url: string }) => [
        o.type,
        o.id,
        o.name,
        o.url,
      ]);
      expect(summary).toEqual([
        ['chart', w.charts.orders, 'Orders by customer', `/explore/?slice_id=${w.charts.orders}`],
        ['dashboard', dashboard, 'Objects board', `/nezha/dashboard/${dashboard}/`],
        ['dataset', w.ordersId, 'orders', `/explore/?datasource_type=table&datasource_id=${w.ordersId}`],
      ]);
      expect(byId.result[0].tags.map((t: { name: string }) => t.name)).toContain('objects');
      const byName = ok(
        await w.admin.request({ method: 'GET', url: `${BASE}get_objects/?tags=objects&types=dashboard,chart` }),
      );
      expect(byName.result.map((o: { type: string }) => o.type)).toEqual(['chart', 'dashboard']);
    });

    it('deleting a tag takes its links along; deleting an object takes its links along', async () => {
      const dashboard = await createDashboard(w.admin, { dashboard_title: 'Doomed board', published: true });
      const id = (
        ok(
          await w.admin.request({
            method: 'POST',
            url: BASE,
            payload: { name: 'doomed', objects_to_tag: [['dashboard', dashboard]] },
          }),
          201,
        ) as { id: number }
      ).id;
      const keeper = (
        ok(
          await w.admin.request({
            method: 'POST',
            url: BASE,
            payload: { name: 'keeper', objects_to_tag: [['dashboard', dashboard]] },
          }),
          201,
        ) as { id: number }
      ).id;
      expect(ok(await w.admin.request({ method: 'DELETE', url: `${BASE}${id}` }))).toEqual({ message: 'OK' });
      expect(await db().selectFrom('tagged_object').selectAll().where('tag_id', '=', id).execute()).toEqual([]);
      expect(await linksOf(keeper)).toEqual([['dashboard', dashboard]]);
      ok(await w.admin.request({ method: 'DELETE', url: `/api/v1/dashboard/${dashboard}` }));
      expect(await linksOf(keeper)).toEqual([]);
      // Bulk delete: all or nothing.
      const missing = await w.admin.request({ method: 'DELETE', url: `${BASE}?q=${rison([keeper, 999999])}` });
      expect(missing.statusCode).toBe(404);
      expect(await db().selectFrom('tag').select('id').where('id', '=', keeper).executeTakeFirst()).toBeDefined();
      ok(await w.admin.request({ method: 'DELETE', url: `${BASE}?q=${rison([keeper])}` }));
      expect(await db().selectFrom('tag').select('id').where('id', '=', keeper).executeTakeFirst()).toBeUndefined();
    });

    it('refuses bad input with clear 400s and writes nothing', async () => {
      const before = await db().selectFrom('tag').select('id').execute();
      const cases: Array<[string, string, unknown, string]> = [
        ['POST', BASE, { name: '' }, 'A tag needs a name.'],
        ['POST', BASE, { name: 'a,b' }, 'A tag name cannot contain a comma.'],
        ['POST', BASE, { name: 'owner:1' }, 'A tag name cannot contain a colon.'],
        ['POST', BASE, { description: 'x' }, 'Missing data for required field.'],
        ['POST', BASE, { name: 'ok', objects_to_tag: [['widget', 1]] }, 'Unknown object type "widget"'],
        ['POST', BASE, { name: 'ok', objects_to_tag: [['chart', 'x']] }, 'objects_to_tag.0.1'],
        ['POST', `${BASE}bulk_create`, { tags: [] }, 'Give at least one tag.'],
        ['POST', `${BASE}2/${w.charts.orders}/`, { tags: ['a'] }, 'properties'],
        ['POST', `${BASE}9/${w.charts.orders}/`, { properties: { tags: ['a'] } }, 'Unknown object type "9"'],
      ];
      for (const [method, url, payload, message] of cases) {
        const response = await w.admin.request({ method: method as 'POST', url, payload: payload as object });
        expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
        const fields = response.json().message as Record<string, string[]>;
        expect([...Object.keys(fields), ...Object.values(fields).flat()].join(' ')).toContain(message);
      }
      const badIds = await w.admin.request({ method: 'GET', url: `${BASE}get_objects/?tagIds=1,x` });
      expect(badIds.statusCode).toBe(400);
      expect(badIds.json()).toEqual({ message: { tagIds: ['"x" is not a tag id.'] } });
      const badTypes = await w.admin.request({ method: 'GET', url: `${BASE}get_objects/?tags=a&types=slice` });
      expect(badTypes.statusCode).toBe(400);
      const badFilter = await w.admin.request({
        method: 'GET',
        url: `/api/v1/chart/?q=${rison({ filters: [{ col: 'id', opr: 'chart_tag_id', value: ['x'] }] })}`,
      });
      expect(badFilter.statusCode).toBe(400);
      ok(await w.admin.request({ method: 'POST', url: BASE, payload: { name: 'twice' } }), 201);
      const twice = await w.admin.request({ method: 'POST', url: BASE, payload: { name: 'twice' } });
      expect(twice.statusCode).toBe(422);
      expect(twice.body).toContain('A tag with this name already exists.');
      expect((await db().selectFrom('tag').select('id').execute()).length).toBe(before.length + 1);
    });

    it('never shows another user’s hidden objects through a tag, nor lets them be tagged or untagged', async () => {
      // The admin's draft dashboard and the customers chart: Gamma with orders access sees neither.
      const secretBoard = await createDashboard(w.admin, { dashboard_title: 'Secret board', published: false });
      const id = (
        ok(
          await w.admin.request({
            method: 'POST',
            url: BASE,
            payload: {
              name: 'shared-tag',
              objects_to_tag: [
                ['dashboard', secretBoard],
                ['chart', w.charts.customers],
                ['chart', w.charts.orders],
                ['dataset', w.customersId],
              ],
            },
          }),
          201,
        ) as { id: number }
      ).id;
      const linksBefore = await linksOf(id);

      for (const url of [`${BASE}get_objects/?tagIds=${id}`, `${BASE}get_objects/?tags=shared-tag`]) {
        const seen = ok(await w.gamma.session.request({ method: 'GET', url }));
        // Only the orders chart, whose dataset Gamma may read.
        expect(seen.result.map((o: { type: string; id: number }) => [o.type, o.id])).toEqual([
          ['chart', w.charts.orders],
        ]);
        expect(JSON.stringify(seen)).not.toContain('Secret board');
        expect(JSON.stringify(seen)).not.toContain('Customers');
        const outsider = ok(await w.outsider.session.request({ method: 'GET', url }));
        expect(outsider.result).toEqual([]);
      }
      const listed = ok(
        await w.gamma.session.request({
          method: 'GET',
          url: `/api/v1/chart/?q=${rison({ filters: [{ col: 'id', opr: 'chart_tag_id', value: [id] }] })}`,
        }),
      );
      expect(listed.ids).toEqual([w.charts.orders]);
      const boards = ok(
        await w.gamma.session.request({
          method: 'GET',
          url: `/api/v1/dashboard/?q=${rison({ filters: [{ col: 'id', opr: 'dashboard_tag_id', value: [id] }] })}`,
        }),
      );
      expect(boards.count).toBe(0);

      // Tagging: a hidden object is missing, a visible one Gamma does not own is refused.
      const hidden = await w.gamma.session.request({
        method: 'POST',
        url: `${BASE}chart/${w.charts.customers}/`,
        payload: { properties: { tags: ['gamma-was-here'] } },
      });
      expect(hidden.statusCode).toBe(404);
      const notOwned = await w.gamma.session.request({
        method: 'POST',
        url: `${BASE}chart/${w.charts.orders}/`,
        payload: { properties: { tags: ['gamma-was-here'] } },
      });
      expect(notOwned.statusCode).toBe(403);
      const untag = await w.gamma.session.request({
        method: 'DELETE',
        url: `${BASE}dashboard/${secretBoard}/shared-tag/`,
      });
      expect(untag.statusCode).toBe(404);
      const create = await w.gamma.session.request({
        method: 'POST',
        url: BASE,
        payload: { name: 'gamma-create', objects_to_tag: [['dashboard', secretBoard]] },
      });
      expect(create.statusCode).toBe(403);
      // Replacing the tag's objects with none leaves the links Gamma may not change.
      ok(await w.gamma.session.request({ method: 'PUT', url: `${BASE}${id}`, payload: { objects_to_tag: [] } }));
      expect(await linksOf(id)).toEqual(linksBefore);
      expect(
        await db().selectFrom('tag').select('id').where('name', 'in', ['gamma-was-here', 'gamma-create']).execute(),
      ).toEqual([]);
    });

    it('filters saved queries and datasets by tag, and keeps a saved query its author’s alone', async () => {
      const saveQuery = async (session: typeof w.admin, label: string) =>
        (
          ok(
            await session.request({
              method: 'POST',
              url: '/api/v1/saved_query/',
              payload: { label, db_id: w.dbId, schema: 'main', sql: 'SELECT 1', description: '' },
            }),
            201,
          ) as { id: number }
        ).id;
      const adminQuery = await saveQuery(w.admin, 'Admin private query');
      const otherQuery = await saveQuery(w.admin, 'Untagged query');
      const id = (
        ok(
          await w.admin.request({
            method: 'POST',
            url: BASE,
            payload: {
              name: 'sq-tag',
              objects_to_tag: [
                ['query', adminQuery],
                ['dataset', w.ordersId],
              ],
            },
          }),
          201,
        ) as { id: number }
      ).id;
      const queries = ok(
        await w.admin.request({
          method: 'GET',
          url: `/api/v1/saved_query/?q=${rison({ filters: [{ col: 'id', opr: 'saved_query_tag_id', value: [id] }] })}`,
        }),
      );
      expect(queries.ids).toEqual([adminQuery]);
      expect(queries.ids).not.toContain(otherQuery);
      expect(queries.result[0].tags.map((t: { name: string }) => t.name)).toEqual(['sq-tag']);
      const datasets = ok(
        await w.admin.request({
          method: 'GET',
          url: `/api/v1/dataset/?q=${rison({ filters: [{ col: 'tags', opr: 'dataset_tags', value: 'SQ-T' }] })}`,
        }),
      );
      expect(datasets.ids).toEqual([w.ordersId]);
      // Their show answers carry the tags too, for the dataset editor and SQL Lab's save dialog.
      const names = (body: { result: { tags: Array<{ name: string }> } }) => body.result.tags.map((t) => t.name);
      expect(names(ok(await w.admin.request({ method: 'GET', url: `/api/v1/saved_query/${adminQuery}` })))).toEqual([
        'sq-tag',
      ]);
      expect(names(ok(await w.admin.request({ method: 'GET', url: `/api/v1/saved_query/${otherQuery}` })))).toEqual([]);
      // Earlier tests of this suite tag the dataset too.
      expect(names(ok(await w.admin.request({ method: 'GET', url: `/api/v1/dataset/${w.ordersId}` })))).toContain(
        'sq-tag',
      );

      // Gamma reads the orders dataset but never the admin's saved query, nor may it tag it.
      const seen = ok(await w.gamma.session.request({ method: 'GET', url: `${BASE}get_objects/?tagIds=${id}` }));
      expect(seen.result.map((o: { type: string; id: number }) => [o.type, o.id])).toEqual([['dataset', w.ordersId]]);
      expect(JSON.stringify(seen)).not.toContain('Admin private query');
      const tagIt = await w.gamma.session.request({
        method: 'POST',
        url: `${BASE}1/${adminQuery}/`,
        payload: { properties: { tags: ['gamma-query'] } },
      });
      expect(tagIt.statusCode).toBe(404);
      expect(await linksOf(id)).toEqual([
        ['dataset', w.ordersId],
        ['query', adminQuery],
      ]);
    });
  });
}
