// /api/v1/dataset/, get_or_create, fetch_datasource_metadata and /datasource/samples: rules, access, shapes.
import { objectPermissionName } from '@nezha/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDatabaseVia,
  addUser,
  type ColumnJson,
  create,
  detail,
  names,
  ORDERS_DDL,
  runOn,
  samples,
} from '../support/dataset-fixtures.js';
import { dataUri, type Session, startTestApp, type TestApp } from '../support/test-app.js';

describe('dataset API', () => {
  let t: TestApp;
  let admin: Session;
  let adminId: number;
  let dbId: number;
  let ordersId: number;
  let customersId: number;
  let virtualId: number;
  let gamma: { id: number; session: Session };

  const list = async (session: Session, q: string) => {
    const response = await session.request({ method: 'GET', url: `/api/v1/dataset/?q=${q}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { count: number; ids: number[]; result: Array<Record<string, unknown>> };
  };
  const viewExists = async (name: string) =>
    (await t.ctx.store.db.selectFrom('ab_view_menu').select('id').where('name', '=', name).executeTakeFirst()) !==
    undefined;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login();
    adminId = (await admin.request({ method: 'GET', url: '/api/v1/me/' })).json().result.id as number;
    dbId = await addDatabaseVia(admin, 'shop', dataUri('duckdb', 'shop.duckdb'));
    await runOn(t, dbId, [
      ...ORDERS_DDL,
      'CREATE TABLE customers (id INTEGER, name VARCHAR)',
      'CREATE TABLE products (id INTEGER, label VARCHAR)',
    ]);
    ordersId = (await create(admin, { database: dbId, schema: 'main', table_name: 'orders' })).json().id;
    customersId = (await create(admin, { database: dbId, schema: 'main', table_name: 'customers' })).json().id;
    virtualId = (
      await create(admin, {
        database: dbId,
        schema: 'main',
        table_name: 'big_orders',
        sql: 'SELECT * FROM orders WHERE total > 20',
      })
    ).json().id;
    await admin.request({ method: 'PUT', url: `/api/v1/dataset/${ordersId}`, payload: { sensitive_columns: ['ssn'] } });
  });
  afterAll(() => t.close());

  it('a duplicate is a 422 naming the dataset; an unknown database is a 422 on the database field', async () => {
    const duplicate = await create(admin, { database: dbId, schema: 'main', table_name: 'orders' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toEqual({ message: { table_name: ['Dataset orders already exists'] } });
    const noDatabase = await create(admin, { database: 9999, table_name: 'orders' });
    expect(noDatabase.statusCode).toBe(422);
    expect(noDatabase.json()).toEqual({ message: { database: ['Database does not exist'] } });
    expect((await list(admin, '(filters:!((col:table_name,opr:eq,value:orders)))')).count).toBe(1);
  });

  it('answers only the selected fields of a detail, nested ones included', async () => {
    const response = await admin.request({
      method: 'GET',
      url: `/api/v1/dataset/${ordersId}?q=(keys:!(none),columns:!(table_name,schema,database.id,select_star,columns.column_name))`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().result;
    expect(Object.keys(result).sort()).toEqual(['columns', 'database', 'schema', 'select_star', 'table_name']);
    expect(result.database).toEqual({ id: dbId });
    expect(result.columns[0]).toEqual({ column_name: 'id' });
    // A sensitive column is named, not starred, so SELECT * does not leak it.
    expect(result.select_star).toBe(
      'SELECT "id",\n       "customer",\n       "total",\n       "ordered_at"\nFROM "main"."orders"\nLIMIT 100',
    );
    const customers = (
      await admin.request({
        method: 'GET',
        url: `/api/v1/dataset/${customersId}?q=(columns:!(select_star,uid,url,kind))`,
      })
    ).json().result;
    expect(customers).toEqual({
      select_star: 'SELECT *\nFROM "main"."customers"\nLIMIT 100',
      uid: `${customersId}__table`,
      url: `/tablemodelview/edit/${customersId}`,
      kind: 'physical',
    });
    const virtual = (
      await admin.request({ method: 'GET', url: `/api/v1/dataset/${virtualId}?q=(columns:!(select_star))` })
    ).json().result;
    expect(virtual.select_star).toBe('SELECT * FROM orders WHERE total > 20');
  });

  it('lists filter by name, kind, database and owner, and order and page', async () => {
    const physical = await list(
      admin,
      '(filters:!((col:sql,opr:dataset_is_null_or_empty,value:!t)),order_column:table_name,order_direction:asc)',
    );
    expect(physical.result.map((r) => r.table_name)).toEqual(['customers', 'orders']);
    const virtual = await list(admin, '(filters:!((col:sql,opr:dataset_is_null_or_empty,value:!f)))');
    expect(virtual.ids).toEqual([virtualId]);
    expect(virtual.result[0]).toMatchObject({
      kind: 'virtual',
      database: { id: dbId, database_name: 'shop' },
      datasource_type: 'table',
      explore_url: `/explore/?datasource_type=table&datasource_id=${virtualId}`,
      owners: [{ id: adminId }],
    });
    expect((await list(admin, '(filters:!((col:table_name,opr:ct,value:ORD)))')).ids.sort()).toEqual(
      [ordersId, virtualId].sort(),
    );
    expect((await list(admin, `(filters:!((col:database,opr:rel_o_m,value:${dbId})))`)).count).toBe(3);
    expect((await list(admin, `(filters:!((col:owners,opr:rel_m_m,value:${adminId + 100})))`)).count).toBe(0);
    const paged = await list(admin, '(order_column:table_name,order_direction:desc,page:1,page_size:2)');
    expect(paged).toMatchObject({ count: 3, ids: [virtualId] });
    expect(paged.result[0]?.table_name).toBe('big_orders');
    const bad = await admin.request({ method: 'GET', url: '/api/v1/dataset/?q=(order_column:password)' });
    expect(bad.statusCode).toBe(400);
  });

  it('a Gamma user with datasource_access on one dataset sees exactly that one, without its sensitive column', async () => {
    gamma = await addUser(
      t,
      'gamma',
      ['Gamma'],
      [['datasource_access', objectPermissionName.datasource('shop', 'orders', ordersId)]],
    );
    const visible = await list(gamma.session, '()');
    expect(visible).toMatchObject({ count: 1, ids: [ordersId] });
    expect((await gamma.session.request({ method: 'GET', url: `/api/v1/dataset/${customersId}` })).statusCode).toBe(
      404,
    );
    const own = await detail(gamma.session, ordersId);
    expect(names(own.columns)).toEqual(['customer', 'id', 'ordered_at', 'total']);
    expect(own.sensitive_columns).toEqual(['ssn']);
    expect(names((await detail(admin, ordersId)).columns)).toContain('ssn');

    const refused = await gamma.session.request({
      method: 'GET',
      url: `/nezha/fetch_datasource_metadata?datasourceKey=${customersId}__table`,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].error_type).toBe('DATASOURCE_SECURITY_ACCESS_ERROR');
    expect((await samples(gamma.session, customersId, '')).statusCode).toBe(403);
    expect((await samples(gamma.session, ordersId, '&per_page=1&page=1')).json().result.total_count).toBe(5);
    // Gamma may read datasets but not write them.
    expect((await create(gamma.session, { database: dbId, table_name: 'products' })).statusCode).toBe(403);
  });

  it('PUT edits columns and metrics by id, and only owners and admins may', async () => {
    const alpha = await addUser(t, 'alpha', ['Alpha']);
    const before = await detail(admin, customersId);
    const name = before.columns.find((c) => c.column_name === 'name') as ColumnJson;
    const idColumn = before.columns.find((c) => c.column_name === 'id') as ColumnJson;
    const count = (before.metrics as Array<{ id: number; metric_name: string }>)[0] as { id: number };

    const refused = await alpha.session.request({
      method: 'PUT',
      url: `/api/v1/dataset/${customersId}`,
      payload: { description: 'x' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].error_type).toBe('MISSING_OWNERSHIP_ERROR');

    const certification = JSON.stringify({ certification: { certified_by: 'Data team', details: 'Checked' } });
    const put = await admin.request({
      method: 'PUT',
      url: `/api/v1/dataset/${customersId}`,
      payload: {
        description: 'Our customers',
        cache_timeout: 60,
        owners: [adminId, alpha.id],
        columns: [
          { id: name.id, column_name: 'name', verbose_name: 'Full name', groupby: false, extra: certification },
          { column_name: 'name_length', expression: 'LENGTH(name)', type: 'INTEGER' },
        ],
        metrics: [
          { id: count.id, metric_name: 'count', expression: 'COUNT(*)', d3format: ',d' },
          {
            metric_name: 'distinct_names',
            expression: 'COUNT(DISTINCT name)',
            currency: { symbol: 'EUR', symbolPosition: 'suffix' },
          },
        ],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = await detail(admin, customersId);
    expect(after).toMatchObject({ description: 'Our customers', cache_timeout: 60 });
    expect(names(after.columns)).toEqual(['name', 'name_length']);
    expect(after.columns.find((c) => c.column_name === 'name')).toMatchObject({
      id: name.id,
      verbose_name: 'Full name',
      groupby: false,
    });
    expect(after.columns.some((c) => c.id === idColumn.id)).toBe(false);
    expect(after.metrics).toEqual([
      expect.objectContaining({ id: count.id, d3format: ',d' }),
      expect.objectContaining({ metric_name: 'distinct_names', currency: { symbol: 'EUR', symbolPosition: 'suffix' } }),
    ]);
    expect(after.column_formats).toEqual({ count: ',d' });

    // Alpha now owns it too, so may change it.
    const byAlpha = await alpha.session.request({
      method: 'PUT',
      url: `/api/v1/dataset/${customersId}`,
      payload: { description: 'by alpha' },
    });
    expect(byAlpha.statusCode, byAlpha.body).toBe(200);

    const unknown = await admin.request({
      method: 'PUT',
      url: `/api/v1/dataset/${customersId}`,
      payload: { columns: [{ id: 999_999, column_name: 'ghost' }] },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message.columns).toEqual(['One or more columns do not exist']);
    const duplicated = await admin.request({
      method: 'PUT',
      url: `/api/v1/dataset/${customersId}`,
      payload: {
        metrics: [
          { metric_name: 'm', expression: '1' },
          { metric_name: 'm', expression: '2' },
        ],
      },
    });
    expect(duplicated.json().message.metrics).toEqual(['One or more metrics are duplicated']);
    const renamedOnto = await admin.request({
      method: 'PUT',
      url: `/api/v1/dataset/${customersId}`,
      payload: { table_name: 'orders' },
    });
    expect(renamedOnto.statusCode).toBe(422);
  });

  it('override_columns replaces every column', async () => {
    const response = await admin.request({
      method: 'PUT',
      url: `/api/v1/dataset/${virtualId}?override_columns=true`,
      payload: { columns: [{ column_name: 'only_one', type: 'VARCHAR' }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await detail(admin, virtualId)).columns.map((c) => c.column_name)).toEqual(['only_one']);
  });

  it('fetch_datasource_metadata answers the explore datasource with sensitive columns only by name', async () => {
    const response = await admin.request({
      method: 'GET',
      url: `/nezha/fetch_datasource_metadata?datasourceKey=${ordersId}__table`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: ordersId,
      type: 'table',
      uid: `${ordersId}__table`,
      datasource_name: 'orders',
      schema: 'main',
      database: { id: dbId, backend: 'duckdb', database_name: 'shop' },
      sensitive_columns: ['ssn'],
      main_dttm_col: 'ordered_at',
      granularity_sqla: [['ordered_at', 'ordered_at']],
      verbose_map: { __timestamp: 'Time', count: 'COUNT(*)', customer: 'customer' },
    });
    expect(body.columns.map((c: { column_name: string }) => c.column_name)).toEqual([
      'id',
      'customer',
      'total',
      'ordered_at',
    ]);
    expect(body.columns[3]).toMatchObject({ is_dttm: true, type_generic: 2, is_certified: false, groupby: true });
    expect(body.metrics[0]).toMatchObject({ metric_name: 'count', expression: 'COUNT(*)' });
    expect(body.order_by_choices).toContainEqual(['["customer", true]', 'customer [asc]']);
    expect(body.time_grain_sqla[0]).toEqual([null, 'Original value']);
    expect(body.time_grain_sqla).toContainEqual(['P1D', 'Day']);
    expect(JSON.stringify(body)).not.toContain('"ssn","type"');
    expect(body.verbose_map.ssn).toBeUndefined();

    const malformed = await admin.request({
      method: 'GET',
      url: '/nezha/fetch_datasource_metadata?datasourceKey=orders',
    });
    expect(malformed.statusCode).toBe(400);
    const unknown = await admin.request({
      method: 'GET',
      url: '/nezha/fetch_datasource_metadata?datasourceKey=424242__table',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("SQL Lab's Save dataset stores the columns it sends without running the SQL", async () => {
    const payload = {
      database: dbId,
      schema: 'main',
      table_name: 'saved_from_sqllab',
      sql: 'SELECT * FROM table_created_later',
      columns: [
        { name: 'day', type: 'DATE', is_dttm: true },
        { column_name: 'amount', type: 'DOUBLE' },
      ],
    };
    const created = await create(admin, payload);
    expect(created.statusCode, created.body).toBe(201);
    const result = await detail(admin, created.json().id);
    expect(result.columns.map((c) => [c.column_name, c.is_dttm, c.type_generic])).toEqual([
      ['day', true, 2],
      ['amount', false, 0],
    ]);
    const { columns: _unused, ...withoutColumns } = payload;
    const run = await create(admin, { ...withoutColumns, table_name: 'saved_without_columns' });
    expect(run.statusCode).toBe(422);
    expect(run.json().errors[0].error_type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
  });

  it('get_or_create returns the same dataset every time, creating it once', async () => {
    const first = await admin.request({
      method: 'POST',
      url: '/api/v1/dataset/get_or_create/',
      payload: { table_name: 'products', database_id: dbId, schema: 'main' },
    });
    expect(first.statusCode, first.body).toBe(200);
    const tableId = first.json().result.table_id as number;
    const again = await admin.request({
      method: 'POST',
      url: '/api/v1/dataset/get_or_create/',
      payload: { table_name: 'products', database_id: dbId, schema: 'main' },
    });
    expect(again.json()).toEqual({ result: { table_id: tableId } });
    expect((await list(admin, '(filters:!((col:table_name,opr:eq,value:products)))')).ids).toEqual([tableId]);
    expect(names((await detail(admin, tableId)).columns)).toEqual(['id', 'label']);
  });

  it('delete removes the dataset and its permission; bulk delete is all or nothing', async () => {
    const perm = objectPermissionName.datasource('shop', 'products', 0);
    const productsId = (await list(admin, '(filters:!((col:table_name,opr:eq,value:products)))')).ids[0] as number;
    const productsPerm = perm.replace('(id:0)', `(id:${productsId})`);
    expect(await viewExists(productsPerm)).toBe(true);
    expect((await admin.request({ method: 'DELETE', url: `/api/v1/dataset/${productsId}` })).statusCode).toBe(200);
    expect(await viewExists(productsPerm)).toBe(false);
    expect((await admin.request({ method: 'GET', url: `/api/v1/dataset/${productsId}` })).statusCode).toBe(404);

    const missing = await admin.request({ method: 'DELETE', url: `/api/v1/dataset/?q=!(${virtualId},424242)` });
    expect(missing.statusCode).toBe(404);
    expect((await admin.request({ method: 'GET', url: `/api/v1/dataset/${virtualId}` })).statusCode).toBe(200);
    const saved = (await list(admin, '(filters:!((col:table_name,opr:eq,value:saved_from_sqllab)))')).ids[0] as number;
    const bulk = await admin.request({ method: 'DELETE', url: `/api/v1/dataset/?q=!(${virtualId},${saved})` });
    expect(bulk.json()).toEqual({ message: 'Deleted 2 datasets' });
    expect(await viewExists(objectPermissionName.datasource('shop', 'big_orders', virtualId))).toBe(false);
  });

  it('a database that still has datasets cannot be deleted', async () => {
    const response = await admin.request({ method: 'DELETE', url: `/api/v1/database/${dbId}` });
    expect(response.statusCode).toBe(422);
    expect((await admin.request({ method: 'GET', url: `/api/v1/dataset/${ordersId}` })).statusCode).toBe(200);
  });

  it("renaming the database renames its datasets' permissions and keeps their grants", async () => {
    const renamed = await admin.request({
      method: 'PUT',
      url: `/api/v1/database/${dbId}`,
      payload: { database_name: 'shop2' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await viewExists(objectPermissionName.datasource('shop2', 'orders', ordersId))).toBe(true);
    expect(await viewExists(objectPermissionName.datasource('shop', 'orders', ordersId))).toBe(false);
    expect((await list(gamma.session, '()')).ids).toEqual([ordersId]);
    const metadata = await gamma.session.request({
      method: 'GET',
      url: `/nezha/fetch_datasource_metadata?datasourceKey=${ordersId}__table`,
    });
    expect(metadata.json()).toMatchObject({
      perm: `[shop2].[orders](id:${ordersId})`,
      database: { database_name: 'shop2' },
    });
  });

  it('related pickers list owners and the databases the caller may reach', async () => {
    const owners = await admin.request({ method: 'GET', url: '/api/v1/dataset/related/owners?q=(filter:alp)' });
    expect(owners.json().result).toEqual([expect.objectContaining({ text: 'alpha Tester' })]);
    const databases = await admin.request({ method: 'GET', url: '/api/v1/dataset/related/database' });
    expect(databases.json()).toMatchObject({ count: 1, result: [{ value: dbId, text: 'shop2' }] });
  });
});
