// Superset's tests/integration_tests/datasets/api_tests.py (create, validation, ownership, _info, distinct) ported
// onto our fixtures: each case's input and the status and payload facts Superset asserts, on every metadata store.
import { describe, expect, it } from 'vitest';
import { ok, rison, STORE_BACKENDS, title, useWorld } from '../api/chart-harness.js';
import { addUser, runOn } from '../support/dataset-fixtures.js';
import type { Session } from '../support/test-app.js';

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.url)(title('Superset datasets/api_tests.py', backend), () => {
    const w = useWorld(backend);

    const post = (payload: Record<string, unknown>, session: Session = w.admin) =>
      session.request({ method: 'POST', url: '/api/v1/dataset/', payload });
    const read = (id: number) => w.admin.request({ method: 'GET', url: `/api/v1/dataset/${id}` });
    const remove = (id: number) => w.admin.request({ method: 'DELETE', url: `/api/v1/dataset/${id}` });
    const ownerIds = async (id: number) =>
      (ok(await read(id)).result.owners as Array<{ id: number }>).map((owner) => owner.id).sort();

    it('test_get_dataset_info / test_info_security_dataset', async () => {
      expect((await w.admin.request({ method: 'GET', url: '/api/v1/dataset/_info' })).statusCode).toBe(200);
      const security = ok(
        await w.admin.request({ method: 'GET', url: `/api/v1/dataset/_info?q=${rison({ keys: ['permissions'] })}` }),
      );
      expect(security).toEqual({ permissions: ['can_read', 'can_write'] });
    });

    it('test_create_dataset_item: 201, columns read from the table, COUNT(*) metric', async () => {
      await runOn(w.t, w.dbId, ['CREATE TABLE ab_permission (id INTEGER, name VARCHAR)']);
      const created = await post({ database: w.dbId, schema: 'main', table_name: 'ab_permission' });
      const id = ok(created, 201).id as number;
      const result = ok(await read(id)).result;
      expect(result).toMatchObject({ table_name: 'ab_permission', database: { id: w.dbId }, normalize_columns: false });
      expect((result.columns as Array<{ column_name: string }>).map((c) => c.column_name).sort()).toEqual([
        'id',
        'name',
      ]);
      expect((result.metrics as Array<{ expression: string }>).map((m) => m.expression)).toContain('COUNT(*)');
      expect(ok(await remove(id))).toEqual({ message: 'OK' });
    });

    it('test_create_dataset_item_gamma: Gamma may not create datasets (403)', async () => {
      const response = await post({ database: w.dbId, schema: 'main', table_name: 'orders' }, w.outsider.session);
      expect(response.statusCode).toBe(403);
    });

    it('test_create_dataset_item_owner: an Alpha creator stays an owner beside the admin it names', async () => {
      const alpha = await addUser(w.t, `alpha${backend.name.length}`, ['Alpha']);
      const response = await post(
        { database: w.dbId, schema: 'main', table_name: 'alpha_virtual', sql: 'SELECT 1 AS one', owners: [w.adminId] },
        alpha.session,
      );
      const id = ok(response, 201).id as number;
      expect(await ownerIds(id)).toEqual([w.adminId, alpha.id].sort());
      await remove(id);
    });

    it('test_create_dataset_item_owners_invalid: owners [admin, 1000] → 422 "Owners are invalid"', async () => {
      const response = await post({
        database: w.dbId,
        schema: 'main',
        table_name: 'owners_invalid',
        sql: 'SELECT 1 AS one',
        owners: [w.adminId, 1000],
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: { owners: ['Owners are invalid'] } });
    });

    it('test_create_dataset_validate_uniqueness / _with_sql_: the same table name → 422 naming it', async () => {
      for (const extra of [{}, { sql: 'SELECT * FROM orders' }]) {
        const response = await post({ database: w.dbId, schema: 'main', table_name: 'orders', ...extra });
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual({ message: { table_name: ['Dataset orders already exists'] } });
      }
    });

    it('test_create_dataset_validate_database: database 1000 → 422 "Database does not exist"', async () => {
      const response = await post({ database: 1000, schema: '', table_name: 'birth_names' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: { database: ['Database does not exist'] } });
    });

    it('test_create_dataset_validate_tables_exists: a table that does not exist → 422, nothing stored', async () => {
      const before = ok(await w.admin.request({ method: 'GET', url: '/api/v1/dataset/' })).count as number;
      const response = await post({ database: w.dbId, schema: 'main', table_name: 'does_not_exist' });
      expect(response.statusCode).toBe(422);
      expect(ok(await w.admin.request({ method: 'GET', url: '/api/v1/dataset/' })).count).toBe(before);
    });

    it('table_name missing, null, empty or too long: marshmallow’s messages, 400', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{}, 'Missing data for required field.'],
        [{ table_name: null }, 'Field may not be null.'],
        [{ table_name: '' }, 'Length must be between 1 and 250.'],
        [{ table_name: 'a'.repeat(251) }, 'Length must be between 1 and 250.'],
      ];
      for (const [fields, message] of cases) {
        const response = await post({ database: w.dbId, schema: 'main', ...fields });
        expect(response.statusCode, JSON.stringify(fields)).toBe(400);
        expect(response.json().message.table_name).toEqual([message]);
      }
    });

    it('test_update_dataset_item: description changed', async () => {
      const id = ok(
        await post({ database: w.dbId, schema: 'main', table_name: 'to_describe', sql: 'SELECT 1 AS one' }),
        201,
      ).id as number;
      const response = await w.admin.request({
        method: 'PUT',
        url: `/api/v1/dataset/${id}`,
        payload: { description: 'changed_description' },
      });
      expect(response.statusCode).toBe(200);
      expect(ok(await read(id)).result.description).toBe('changed_description');
      await remove(id);
    });

    it('test_update_dataset_item_not_owned: 403, unchanged', async () => {
      const id = ok(
        await post({ database: w.dbId, schema: 'main', table_name: 'not_owned', sql: 'SELECT 1 AS one' }),
        201,
      ).id as number;
      const response = await w.gamma.session.request({
        method: 'PUT',
        url: `/api/v1/dataset/${id}`,
        payload: { description: 'changed_description' },
      });
      expect([403, 404]).toContain(response.statusCode);
      expect(ok(await read(id)).result.description).toBeNull();
      await remove(id);
    });

    it('test_delete_dataset_item not found / test_get_dataset_item not found: 404', async () => {
      expect((await remove(999999)).statusCode).toBe(404);
      expect((await read(999999)).statusCode).toBe(404);
    });

    it('test_bulk_delete_dataset_items bad request: ids [1, "a"] → 400', async () => {
      const response = await w.admin.request({ method: 'DELETE', url: `/api/v1/dataset/?q=${rison([1, 'a'])}` });
      expect(response.statusCode).toBe(400);
    });

    it('test_get_dataset_distinct_schema: the schemas of visible datasets; another column is a 404', async () => {
      const body = ok(await w.admin.request({ method: 'GET', url: '/api/v1/dataset/distinct/schema' }));
      expect(body).toEqual({ count: 1, result: [{ text: 'main', value: 'main' }] });
      const filtered = ok(
        await w.admin.request({ method: 'GET', url: `/api/v1/dataset/distinct/schema?q=${rison({ filter: 'zz' })}` }),
      );
      expect(filtered).toEqual({ count: 0, result: [] });
      expect((await w.admin.request({ method: 'GET', url: '/api/v1/dataset/distinct/table_name' })).statusCode).toBe(
        404,
      );
    });

    it('test_get_dataset_distinct_gamma: a user without data access sees no schema', async () => {
      const body = ok(await w.outsider.session.request({ method: 'GET', url: '/api/v1/dataset/distinct/schema' }));
      expect(body).toEqual({ count: 0, result: [] });
    });
  });
}
