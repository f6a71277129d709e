// /api/v1/css_template/: Superset's shapes, the CSS guard shared with dashboards, bulk deletes and who may change
// templates, on each metadata store.
import { describe, expect, it } from 'vitest';
import { addUser } from '../support/sqllab-fixtures.js';
import { ok, rison, STORE_BACKENDS, title, useWorld } from './chart-harness.js';

const BASE = '/api/v1/css_template/';

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.url)(title('CSS template API', backend), () => {
    const w = useWorld(backend);
    const rows = () => w.t.ctx.store.db.selectFrom('css_templates').selectAll().orderBy('id').execute();

    it('creates, reads, lists, updates and deletes templates in Superset’s shapes', async () => {
      const css = '.dashboard-header { background: #fafafa; }';
      const created = ok(
        await w.admin.request({ method: 'POST', url: BASE, payload: { template_name: 'Light', css } }),
        201,
      );
      expect(created).toEqual({ id: expect.any(Number), result: { template_name: 'Light', css } });
      const id = created.id as number;
      ok(
        await w.admin.request({
          method: 'POST',
          url: BASE,
          payload: { template_name: 'Dark', css: 'body { color: #eee; }' },
        }),
        201,
      );

      const read = ok(await w.admin.request({ method: 'GET', url: `${BASE}${id}` }));
      expect(read.result).toMatchObject({ id, template_name: 'Light', css, created_by: { id: w.adminId } });

      const list = ok(
        await w.admin.request({
          method: 'GET',
          url: `${BASE}?q=${rison({ filters: [{ col: 'template_name', opr: 'ct', value: 'ig' }], order_column: 'template_name', order_direction: 'asc', page: 0, page_size: 25 })}`,
        }),
      );
      expect(list.count).toBe(1);
      expect(list.result[0]).toMatchObject({ id, template_name: 'Light', css });

      const all = ok(
        await w.admin.request({
          method: 'GET',
          url: `${BASE}?q=${rison({ order_column: 'template_name', order_direction: 'desc', page: 0, page_size: 1 })}`,
        }),
      );
      expect(all.count).toBe(2);
      expect(all.result.map((r: { template_name: string }) => r.template_name)).toEqual(['Light']);

      ok(await w.admin.request({ method: 'PUT', url: `${BASE}${id}`, payload: { css: 'h1 { color: red; }' } }));
      expect((await rows()).find((r) => r.id === id)?.css).toBe('h1 { color: red; }');
      expect(ok(await w.admin.request({ method: 'DELETE', url: `${BASE}${id}` }))).toEqual({ message: 'OK' });
      expect((await w.admin.request({ method: 'GET', url: `${BASE}${id}` })).statusCode).toBe(404);
    });

    it('refuses what Superset refuses, and CSS that loads from another host', async () => {
      const missing = await w.admin.request({ method: 'POST', url: BASE, payload: { css: 'a {}' } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ message: { template_name: ['Missing data for required field.'] } });
      const empty = await w.admin.request({ method: 'POST', url: BASE, payload: { template_name: '', css: 'a {}' } });
      expect(empty.json()).toEqual({ message: { template_name: ['Length must be between 1 and 250.'] } });
      const before = (await rows()).length;
      const remote = await w.admin.request({
        method: 'POST',
        url: BASE,
        payload: { template_name: 'Remote', css: '@import url("https://evil.example/x.css");' },
      });
      expect(remote.statusCode).toBe(400);
      expect(JSON.stringify(remote.json())).toContain('cannot load resources from other hosts');
      expect((await rows()).length).toBe(before);
    });

    it('bulk deletes all or nothing', async () => {
      const ids: number[] = [];
      for (const name of ['A', 'B']) {
        ids.push(
          ok(await w.admin.request({ method: 'POST', url: BASE, payload: { template_name: name, css: '' } }), 201).id,
        );
      }
      const before = (await rows()).length;
      expect((await w.admin.request({ method: 'DELETE', url: `${BASE}?q=${rison([...ids, 99999])}` })).statusCode).toBe(
        404,
      );
      expect((await rows()).length).toBe(before);
      expect(ok(await w.admin.request({ method: 'DELETE', url: `${BASE}?q=${rison(ids)}` }))).toEqual({
        message: 'Deleted 2 css templates',
      });
      expect((await rows()).length).toBe(before - 2);
    });

    it('is Alpha’s and Admin’s only, as Superset’s ALPHA_ONLY_VIEW_MENUS: Gamma and sql_lab get nothing', async () => {
      const alpha = (await addUser(w.t, 'css_alpha', ['Alpha'])).session;
      const mine = ok(
        await alpha.request({
          method: 'POST',
          url: BASE,
          payload: { template_name: 'Gamma css', css: 'p {}' },
        }),
        201,
      ).id as number;
      const sqlOnly = (await addUser(w.t, 'css_sqlonly', ['sql_lab'])).session;
      const attempts = [
        { method: 'GET', url: BASE },
        { method: 'GET', url: `${BASE}${mine}` },
        { method: 'POST', url: BASE, payload: { template_name: 'x', css: '' } },
        { method: 'PUT', url: `${BASE}${mine}`, payload: { css: 'body { display: none; }' } },
        { method: 'DELETE', url: `${BASE}${mine}` },
        { method: 'DELETE', url: `${BASE}?q=${rison([mine])}` },
      ] as const;
      for (const [session, attempt] of [sqlOnly, w.gamma.session].flatMap((s) =>
        attempts.map((a) => [s, a] as const),
      )) {
        const response = await session.request(attempt);
        expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
        expect(response.body).not.toContain('Gamma css');
      }
      const row = (await rows()).find((r) => r.id === mine);
      expect(row?.css).toBe('p {}');
    });
  });
}
