// /api/v1/saved_query/ and the legacy load path: each user's own saved queries, listed, searched and paged.
import { encodeRison } from '@nezha/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suiteTitle } from '../support/services.js';
import { addDatabase, addUser, STORE_BACKENDS } from '../support/sqllab-fixtures.js';
import { type Session, startTestApp, type TestApp } from '../support/test-app.js';

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.url)(suiteTitle(`saved query API on ${backend.name}`, backend.url, backend.variable), () => {
    let t: TestApp;
    let drop: () => Promise<void>;
    let admin: Session;
    let analyst: Session;
    let warehouse: number;
    let archive: number;
    let secret: number;
    let grants: Array<[string, string]>;

    beforeAll(async () => {
      const opened = await backend.open();
      drop = opened.drop;
      t = await startTestApp(opened.storeUrl ? { storeUrl: opened.storeUrl } : {});
      admin = await t.login();
      const w = await addDatabase(t, 'warehouse');
      const a = await addDatabase(t, 'archive');
      warehouse = w.id;
      archive = a.id;
      secret = (await addDatabase(t, 'secret')).id;
      grants = [w.grant, a.grant];
      analyst = (await addUser(t, 'analyst', ['sql_lab'], grants)).session;
    });
    afterAll(async () => {
      await t.close();
      await drop();
    });

    const save = (session: Session, fields: Record<string, unknown>) =>
      session.request({
        method: 'POST',
        url: '/api/v1/saved_query/',
        payload: { label: 'Q', db_id: warehouse, schema: 'main', sql: 'SELECT 1', description: '', ...fields },
      });

    const list = (session: Session, q: Record<string, unknown>) =>
      session.request({ method: 'GET', url: `/api/v1/saved_query/?q=${encodeURIComponent(encodeRison(q))}` });

    it('creates, reads, updates and deletes a saved query in Superset’s shapes', async () => {
      const created = await save(analyst, {
        label: 'Revenue',
        catalog: null,
        description: 'by month',
        template_parameters: '{"year": 2024}',
        extra_json: JSON.stringify({ schedule_info: { output_table: 'rev', schedule_interval: '@daily' } }),
      });
      expect(created.statusCode).toBe(201);
      const id = created.json().id as number;
      expect(created.json().result).toMatchObject({ id, label: 'Revenue', db_id: warehouse, sql: 'SELECT 1' });

      const read = await analyst.request({ method: 'GET', url: `/api/v1/saved_query/${id}` });
      expect(read.statusCode).toBe(200);
      const result = read.json().result;
      expect(read.json().id).toBe(id);
      expect(result).toMatchObject({
        id,
        label: 'Revenue',
        description: 'by month',
        db_id: warehouse,
        database: { id: warehouse, database_name: 'warehouse' },
        catalog: null,
        schema: 'main',
        sql: 'SELECT 1',
        template_parameters: '{"year": 2024}',
        changed_on_delta_humanized: 'a few seconds ago',
        created_by: { first_name: 'analyst', last_name: 'Tester' },
        rows: null,
        last_run: null,
      });
      expect(JSON.parse(result.extra_json).schedule_info).toEqual({ output_table: 'rev', schedule_interval: '@daily' });
      expect(result.uuid).toMatch(/^[0-9a-f-]{36}$/);
      expect(typeof result.changed_on).toBe('string');

      const legacy = await analyst.request({ method: 'GET', url: `/savedqueryviewapi/api/get/${id}` });
      expect(legacy.statusCode).toBe(200);
      expect(legacy.json().result).toEqual(result);

      const updated = await analyst.request({
        method: 'PUT',
        url: `/api/v1/saved_query/${id}`,
        payload: { sql: 'SELECT 2', db_id: archive },
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({
        id,
        result: { sql: 'SELECT 2', label: 'Revenue', database: { id: archive, database_name: 'archive' } },
      });

      const deleted = await analyst.request({ method: 'DELETE', url: `/api/v1/saved_query/${id}` });
      expect(deleted.statusCode).toBe(200);
      expect((await analyst.request({ method: 'GET', url: `/api/v1/saved_query/${id}` })).statusCode).toBe(404);
      expect((await analyst.request({ method: 'DELETE', url: `/api/v1/saved_query/${id}` })).statusCode).toBe(404);
    });

    it('another user’s saved query reads as missing, even for an admin', async () => {
      const id = (await save(analyst, { label: 'Private' })).json().id as number;
      expect((await admin.request({ method: 'GET', url: `/api/v1/saved_query/${id}` })).statusCode).toBe(404);
      expect((await admin.request({ method: 'GET', url: `/savedqueryviewapi/api/get/${id}` })).statusCode).toBe(404);
      const put = await admin.request({ method: 'PUT', url: `/api/v1/saved_query/${id}`, payload: { sql: 'DROP' } });
      expect(put.statusCode).toBe(404);
      expect((await admin.request({ method: 'DELETE', url: `/api/v1/saved_query/${id}` })).statusCode).toBe(404);
      const all = (await list(admin, { page_size: 100 })).json();
      expect(all.ids).not.toContain(id);
      const mine = await analyst.request({ method: 'GET', url: `/api/v1/saved_query/${id}` });
      expect(mine.json().result.sql).toBe('SELECT 1');
    });

    it('refuses a database that does not exist or that the caller cannot use', async () => {
      const hidden = await save(analyst, { db_id: secret });
      expect(hidden.statusCode).toBe(400);
      expect(hidden.json().message.db_id).toBeDefined();
      expect((await save(analyst, { db_id: 424_242 })).statusCode).toBe(400);
      const id = (await save(analyst, {})).json().id as number;
      const moved = await analyst.request({
        method: 'PUT',
        url: `/api/v1/saved_query/${id}`,
        payload: { db_id: secret },
      });
      expect(moved.statusCode).toBe(400);
      expect((await save(admin, { db_id: secret })).statusCode).toBe(201);
    });

    it('refuses malformed bodies', async () => {
      expect((await save(analyst, { db_id: undefined })).statusCode).toBe(400);
      expect((await save(analyst, { extra_json: 'not json' })).statusCode).toBe(400);
      expect((await save(analyst, { label: 'x'.repeat(300) })).statusCode).toBe(400);
    });

    it('lists only the caller’s own, with all_text search, filters, ordering and paging', async () => {
      const user = await addUser(t, 'lister', ['sql_lab'], grants);
      const s = user.session;
      await save(s, { label: 'Alpha orders', sql: 'SELECT * FROM orders', description: 'daily' });
      await save(s, { label: 'Beta', sql: 'SELECT * FROM users', description: 'about ORDERS too', db_id: archive });
      await save(s, { label: 'Gamma', sql: 'SELECT 42', description: '', schema: 'sales' });
      await save(analyst, { label: 'Not mine orders' });

      const everything = (await list(s, {})).json();
      expect(everything.count).toBe(3);
      // Newest first by default.
      expect(everything.result.map((r: { label: string }) => r.label)).toEqual(['Gamma', 'Beta', 'Alpha orders']);

      const search = (
        await list(s, { filters: [{ col: 'label', opr: 'all_text', value: 'orders' }], order_column: 'label' })
      ).json();
      expect(search.result.map((r: { label: string }) => r.label)).toEqual(['Alpha orders', 'Beta']);

      const byDb = (await list(s, { filters: [{ col: 'database', opr: 'rel_o_m', value: archive }] })).json();
      expect(byDb.result.map((r: { label: string }) => r.label)).toEqual(['Beta']);
      // Superset's Home asks for the caller's own by author; another author's id finds none (never theirs).
      const mine = (await list(s, { filters: [{ col: 'created_by', opr: 'rel_o_m', value: user.id }] })).json();
      expect(mine.count).toBe(3);
      const analystId = (await analyst.request({ method: 'GET', url: '/api/v1/me/' })).json().result.id as number;
      const theirs = (await list(s, { filters: [{ col: 'created_by', opr: 'rel_o_m', value: analystId }] })).json();
      expect(theirs.count).toBe(0);
      const bySchema = (await list(s, { filters: [{ col: 'schema', opr: 'eq', value: 'sales' }] })).json();
      expect(bySchema.result.map((r: { label: string }) => r.label)).toEqual(['Gamma']);

      const byDbName = (await list(s, { order_column: 'database.database_name', order_direction: 'asc' })).json();
      expect(byDbName.result[0].label).toBe('Beta');
      const bySchemaDesc = (await list(s, { order_column: 'schema', order_direction: 'desc' })).json();
      expect(bySchemaDesc.result[0].label).toBe('Gamma');

      const page = (await list(s, { order_column: 'label', order_direction: 'asc', page: 1, page_size: 2 })).json();
      expect(page.count).toBe(3);
      expect(page.result.map((r: { label: string }) => r.label)).toEqual(['Gamma']);
      expect(page.ids).toHaveLength(1);

      const badColumn = await list(s, { order_column: 'user_id' });
      expect(badColumn.statusCode).toBe(400);
      const badFilter = await list(s, { filters: [{ col: 'user_id', opr: 'eq', value: 1 }] });
      expect(badFilter.statusCode).toBe(400);
    });

    it('bulk deletes the caller’s own, all or nothing', async () => {
      const a = (await save(analyst, { label: 'bulk a' })).json().id as number;
      const b = (await save(analyst, { label: 'bulk b' })).json().id as number;
      const theirs = (await save(admin, { label: 'admin own' })).json().id as number;
      const mixed = await analyst.request({ method: 'DELETE', url: `/api/v1/saved_query/?q=!(${a},${theirs})` });
      expect(mixed.statusCode).toBe(404);
      expect((await analyst.request({ method: 'GET', url: `/api/v1/saved_query/${a}` })).statusCode).toBe(200);
      expect((await admin.request({ method: 'GET', url: `/api/v1/saved_query/${theirs}` })).statusCode).toBe(200);

      const response = await analyst.request({ method: 'DELETE', url: `/api/v1/saved_query/?q=!(${a},${b})` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Deleted 2 saved queries' });
      expect((await analyst.request({ method: 'GET', url: `/api/v1/saved_query/${b}` })).statusCode).toBe(404);
    });

    it('needs the SavedQuery permission', async () => {
      const gamma = await addUser(t, 'no_sql_lab', ['Gamma']);
      expect((await gamma.session.request({ method: 'GET', url: '/api/v1/saved_query/' })).statusCode).toBe(403);
      expect((await save(gamma.session, {})).statusCode).toBe(403);
    });
  });
}
