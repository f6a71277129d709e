// /api/v1/annotation_layer/ and its annotations: Superset's shapes and messages, bulk deletes, who may read and
// change them, and the NATIVE layers' annotation_data of chart data answers, on each metadata store.
import { describe, expect, it } from 'vitest';
import { addUser } from '../support/sqllab-fixtures.js';
import type { Session } from '../support/test-app.js';
import { ok, rison, STORE_BACKENDS, title, useWorld } from './chart-harness.js';

const BASE = '/api/v1/annotation_layer/';

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.url)(title('annotation layer API', backend), () => {
    const w = useWorld(backend);

    const post = (session: Session, url: string, payload: Record<string, unknown>) =>
      session.request({ method: 'POST', url, payload });
    const layerCount = async () =>
      Number(
        (
          await w.t.ctx.store.db
            .selectFrom('annotation_layer')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const annotationRows = (layerId: number) =>
      w.t.ctx.store.db.selectFrom('annotation').selectAll().where('layer_id', '=', layerId).orderBy('id').execute();

    it('creates, reads, lists, updates and deletes a layer in Superset’s shapes', async () => {
      const created = ok(await post(w.admin, BASE, { name: 'Releases', descr: 'product releases' }), 201);
      expect(created).toEqual({ id: expect.any(Number), result: { name: 'Releases', descr: 'product releases' } });
      const id = created.id as number;

      const read = ok(await w.admin.request({ method: 'GET', url: `${BASE}${id}` }));
      expect(read.id).toBe(id);
      expect(read.result).toMatchObject({ id, name: 'Releases', descr: 'product releases' });
      expect(read.result.created_by).toMatchObject({ id: w.adminId });

      ok(await post(w.admin, BASE, { name: 'Outages' }), 201);
      const list = ok(
        await w.admin.request({
          method: 'GET',
          url: `${BASE}?q=${rison({ filters: [{ col: 'name', opr: 'ct', value: 'ele' }], order_column: 'name', order_direction: 'asc', page: 0, page_size: 25 })}`,
        }),
      );
      expect(list.count).toBe(1);
      expect(list.result.map((row: { name: string }) => row.name)).toEqual(['Releases']);
      expect(list.ids).toEqual([id]);

      const put = ok(await w.admin.request({ method: 'PUT', url: `${BASE}${id}`, payload: { descr: 'shipped' } }));
      expect(put).toEqual({ id, result: { descr: 'shipped' } });
      const row = await w.t.ctx.store.db
        .selectFrom('annotation_layer')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect([row.name, row.descr]).toEqual(['Releases', 'shipped']);

      expect(ok(await w.admin.request({ method: 'DELETE', url: `${BASE}${id}` }))).toEqual({ message: 'OK' });
      expect((await w.admin.request({ method: 'GET', url: `${BASE}${id}` })).statusCode).toBe(404);
    });

    it('answers Superset’s validation messages for layers', async () => {
      const missing = await post(w.admin, BASE, { descr: 'x' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ message: { name: ['Missing data for required field.'] } });
      const empty = await post(w.admin, BASE, { name: '' });
      expect(empty.json()).toEqual({ message: { name: ['Length must be between 1 and 250.'] } });

      ok(await post(w.admin, BASE, { name: 'Unique one' }), 201);
      const before = await layerCount();
      const twice = await post(w.admin, BASE, { name: 'Unique one' });
      expect(twice.statusCode).toBe(422);
      expect(twice.json()).toEqual({ message: { name: ['Name must be unique'] } });
      expect(await layerCount()).toBe(before);

      const other = ok(await post(w.admin, BASE, { name: 'Another one' }), 201).id as number;
      const rename = await w.admin.request({ method: 'PUT', url: `${BASE}${other}`, payload: { name: 'Unique one' } });
      expect(rename.statusCode).toBe(422);
      expect(rename.json()).toEqual({ message: { name: ['Name must be unique'] } });
      expect((await w.admin.request({ method: 'PUT', url: `${BASE}99999`, payload: { descr: 'x' } })).statusCode).toBe(
        404,
      );
    });

    it('creates, lists, updates and deletes annotations with Superset’s checks', async () => {
      const layer = ok(await post(w.admin, BASE, { name: 'Events' }), 201).id as number;
      const url = `${BASE}${layer}/annotation/`;
      const created = ok(
        await post(w.admin, url, {
          short_descr: 'Launch',
          long_descr: 'v1 shipped',
          start_dttm: '2024-01-02T10:00:00',
          end_dttm: '2024-01-02T10:00:00',
          json_metadata: '{"team": "core"}',
        }),
        201,
      );
      expect(created.result).toMatchObject({ short_descr: 'Launch', layer, start_dttm: '2024-01-02T10:00:00' });
      const id = created.id as number;

      const read = ok(await w.admin.request({ method: 'GET', url: `${url}${id}` }));
      expect(read.result).toMatchObject({
        id,
        short_descr: 'Launch',
        long_descr: 'v1 shipped',
        start_dttm: '2024-01-02T10:00:00',
        end_dttm: '2024-01-02T10:00:00',
        json_metadata: '{"team": "core"}',
        layer: { id: layer, name: 'Events' },
      });

      // A zone is converted to UTC; a date alone is midnight.
      ok(
        await post(w.admin, url, {
          short_descr: 'Freeze',
          start_dttm: '2024-01-03T02:00:00+02:00',
          end_dttm: '2024-01-05',
        }),
        201,
      );
      const rows = await annotationRows(layer);
      expect(rows.map((r) => [r.short_descr, r.start_dttm, r.end_dttm])).toEqual([
        ['Launch', '2024-01-02T10:00:00', '2024-01-02T10:00:00'],
        ['Freeze', '2024-01-03T00:00:00', '2024-01-05T00:00:00'],
      ]);

      const backwards = await post(w.admin, url, {
        short_descr: 'Back',
        start_dttm: '2024-02-02',
        end_dttm: '2024-02-01',
      });
      expect(backwards.statusCode).toBe(422);
      expect(backwards.json()).toEqual({ message: { start_dttm: ['End date must be after start date'] } });
      const duplicate = await post(w.admin, url, {
        short_descr: 'Launch',
        start_dttm: '2024-02-01',
        end_dttm: '2024-02-01',
      });
      expect(duplicate.statusCode).toBe(422);
      expect(duplicate.json()).toEqual({
        message: { short_descr: ['Short description must be unique for this layer'] },
      });
      const badJson = await post(w.admin, url, {
        short_descr: 'J',
        start_dttm: '2024-02-01',
        end_dttm: '2024-02-01',
        json_metadata: '{nope',
      });
      expect(badJson.statusCode).toBe(400);
      expect(badJson.json()).toEqual({ message: { json_metadata: ['JSON not valid'] } });
      const badDate = await post(w.admin, url, { short_descr: 'D', start_dttm: 'yesterday', end_dttm: '2024-02-31' });
      expect(badDate.json()).toEqual({
        message: { start_dttm: ['Not a valid datetime.'], end_dttm: ['Not a valid datetime.'] },
      });
      const noLayer = await post(w.admin, `${BASE}99999/annotation/`, {
        short_descr: 'X',
        start_dttm: '2024-01-01',
        end_dttm: '2024-01-01',
      });
      expect(noLayer.statusCode).toBe(400);
      expect(noLayer.json()).toEqual({ message: 'Annotation layer not found.' });
      expect((await annotationRows(layer)).length).toBe(2);

      // An update is checked against the stored values it keeps.
      const late = await w.admin.request({
        method: 'PUT',
        url: `${url}${id}`,
        payload: { start_dttm: '2024-01-03T00:00:00' },
      });
      expect(late.statusCode).toBe(422);
      expect(late.json()).toEqual({ message: { start_dttm: ['End date must be after start date'] } });
      ok(
        await w.admin.request({
          method: 'PUT',
          url: `${url}${id}`,
          payload: { end_dttm: '2024-01-04T00:00:00', long_descr: null },
        }),
      );
      const changed = await w.t.ctx.store.db
        .selectFrom('annotation')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect([changed.end_dttm, changed.long_descr]).toEqual(['2024-01-04T00:00:00', null]);

      const list = ok(
        await w.admin.request({
          method: 'GET',
          url: `${url}?q=${rison({ order_column: 'start_dttm', order_direction: 'desc', page: 0, page_size: 1 })}`,
        }),
      );
      expect(list.count).toBe(2);
      expect(list.result.map((r: { short_descr: string }) => r.short_descr)).toEqual(['Freeze']);

      // Another layer's annotation is not this layer's.
      const elsewhere = ok(await post(w.admin, BASE, { name: 'Elsewhere' }), 201).id as number;
      expect((await w.admin.request({ method: 'GET', url: `${BASE}${elsewhere}/annotation/${id}` })).statusCode).toBe(
        404,
      );
      expect(
        (await w.admin.request({ method: 'DELETE', url: `${BASE}${elsewhere}/annotation/?q=${rison([id])}` }))
          .statusCode,
      ).toBe(404);

      // A layer that still holds annotations is kept.
      const refused = await w.admin.request({ method: 'DELETE', url: `${BASE}${layer}` });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ message: 'Annotation layer has associated annotations.' });

      const ids = (await annotationRows(layer)).map((r) => r.id);
      const bulk = ok(await w.admin.request({ method: 'DELETE', url: `${url}?q=${rison(ids)}` }));
      expect(bulk).toEqual({ message: 'Deleted 2 annotations' });
      expect(await annotationRows(layer)).toEqual([]);
      ok(await w.admin.request({ method: 'DELETE', url: `${BASE}${layer}` }));
    });

    it('bulk deletes layers all or nothing', async () => {
      const a = ok(await post(w.admin, BASE, { name: 'Bulk A' }), 201).id as number;
      const b = ok(await post(w.admin, BASE, { name: 'Bulk B' }), 201).id as number;
      const before = await layerCount();
      const partly = await w.admin.request({ method: 'DELETE', url: `${BASE}?q=${rison([a, 99999])}` });
      expect(partly.statusCode).toBe(404);
      expect(await layerCount()).toBe(before);
      const done = ok(await w.admin.request({ method: 'DELETE', url: `${BASE}?q=${rison([a, b])}` }));
      expect(done).toEqual({ message: 'Deleted 2 annotation layers' });
      expect(await layerCount()).toBe(before - 2);
    });

    it('is Alpha’s and Admin’s only, as Superset’s ALPHA_ONLY_VIEW_MENUS: Gamma and sql_lab read and write nothing', async () => {
      const alpha = (await addUser(w.t, `alpha_ann_${backend.name.length}`, ['Alpha'])).session;
      const mine = ok(await post(alpha, BASE, { name: 'Gamma layer' }), 201).id as number;
      ok(
        await post(alpha, `${BASE}${mine}/annotation/`, {
          short_descr: 'g',
          start_dttm: '2024-01-01',
          end_dttm: '2024-01-01',
        }),
        201,
      );

      const sqlOnly = (await addUser(w.t, `sqlonly_${backend.name.length}`, ['sql_lab'])).session;
      const gamma = w.gamma.session;
      const before = await layerCount();
      const attempts = [
        { method: 'GET', url: BASE },
        { method: 'GET', url: `${BASE}${mine}` },
        { method: 'GET', url: `${BASE}${mine}/annotation/` },
        { method: 'POST', url: BASE, payload: { name: 'Intruder' } },
        { method: 'PUT', url: `${BASE}${mine}`, payload: { name: 'Hijacked' } },
        { method: 'DELETE', url: `${BASE}${mine}` },
        {
          method: 'POST',
          url: `${BASE}${mine}/annotation/`,
          payload: { short_descr: 'x', start_dttm: '2024-01-01', end_dttm: '2024-01-01' },
        },
        { method: 'DELETE', url: `${BASE}${mine}/annotation/?q=${rison([1])}` },
      ] as const;
      for (const session of [sqlOnly, gamma]) {
        for (const attempt of attempts) {
          const response = await session.request(attempt);
          expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
          expect(response.body).not.toContain('Gamma layer');
        }
      }
      expect(await layerCount()).toBe(before);
      const row = await w.t.ctx.store.db
        .selectFrom('annotation_layer')
        .select('name')
        .where('id', '=', mine)
        .executeTakeFirstOrThrow();
      expect(row.name).toBe('Gamma layer');
      expect((await annotationRows(mine)).length).toBe(1);

      const anonymous = await w.t.app.inject({ method: 'GET', url: BASE });
      expect(anonymous.statusCode).toBe(401);
    });

    it('answers a NATIVE layer’s annotations in chart data’s annotation_data', async () => {
      const layer = ok(await post(w.admin, BASE, { name: 'Chart events' }), 201).id as number;
      const url = `${BASE}${layer}/annotation/`;
      ok(
        await post(w.admin, url, {
          short_descr: 'Sale',
          long_descr: 'half price',
          start_dttm: '2024-01-02',
          end_dttm: '2024-01-02',
          json_metadata: '',
        }),
        201,
      );
      ok(
        await post(w.admin, url, {
          short_descr: 'Freeze',
          start_dttm: '2024-01-03T06:00:00',
          end_dttm: '2024-01-04T18:00:00',
        }),
        201,
      );
      const query = (layers: unknown[]) => ({
        datasource: { id: w.ordersId, type: 'table' },
        queries: [{ columns: ['customer'], metrics: ['count'], annotation_layers: layers, row_limit: 10 }],
        result_format: 'json',
        result_type: 'full',
      });
      const layers = [
        { name: 'Mine', annotationType: 'EVENT', sourceType: 'NATIVE', value: layer, show: true },
        { name: 'Formula', annotationType: 'FORMULA', sourceType: '', value: 'x', show: true },
        { name: 'Gone', annotationType: 'EVENT', sourceType: 'NATIVE', value: 99999, show: true },
      ];
      const answer = ok(
        await w.gamma.session.request({ method: 'POST', url: '/api/v1/chart/data', payload: query(layers) }),
      );
      const stored = await annotationRows(layer);
      expect(answer.result[0].annotation_data).toEqual({
        Mine: {
          columns: ['start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata'],
          records: stored.map((r) => ({
            start_dttm: r.start_dttm,
            end_dttm: r.end_dttm,
            short_descr: r.short_descr,
            long_descr: r.long_descr,
            json_metadata: r.json_metadata,
          })),
        },
        Gone: { columns: ['start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata'], records: [] },
      });
      expect(answer.result[0].annotation_data.Mine.records.map((r: { short_descr: string }) => r.short_descr)).toEqual([
        'Sale',
        'Freeze',
      ]);
    });

    it('describes itself in _info and offers its users in related', async () => {
      const info = ok(
        await w.admin.request({
          method: 'GET',
          url: `${BASE}_info?q=${rison({ keys: ['permissions', 'add_columns'] })}`,
        }),
      );
      expect(info.permissions).toEqual(['can_read', 'can_write']);
      expect(info.add_columns.map((c: { name: string }) => c.name)).toEqual(['name', 'descr']);
      const related = ok(
        await w.admin.request({ method: 'GET', url: `${BASE}related/created_by?q=${rison({ filter: '' })}` }),
      );
      expect(related.count).toBeGreaterThan(0);
    });
  });
}
