// The dataset editor's saves: the custom SQL guard on metrics, calculated columns and virtual SQL, bad input
// saving nothing, sync keeping edits, and the run-to-check of a virtual dataset's SQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDatabase } from '../../src/store/databases.js';
import { addDatabaseVia, addUser, create, detail, names, ORDERS_DDL, runOn } from '../support/dataset-fixtures.js';
import { dataUri, type Session, startTestApp, type TestApp } from '../support/test-app.js';

describe('dataset editor saves', () => {
  let t: TestApp;
  let admin: Session;
  let dbId: number;
  let ordersId: number;
  let virtualId: number;

  const put = (id: number, payload: Record<string, unknown>) =>
    admin.request({ method: 'PUT', url: `/api/v1/dataset/${id}`, payload });
  const check = (session: Session, id: number, payload: Record<string, unknown>) =>
    session.request({ method: 'POST', url: `/api/v1/dataset/${id}/source_columns`, payload });
  const query = async (sql: string) => {
    const row = await getDatabase(t.ctx.store.db, dbId);
    const connection = await t.ctx.connections.forDatabase(row!);
    return (await connection.execute(sql)).rows;
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login();
    dbId = await addDatabaseVia(admin, 'shop', dataUri('duckdb', 'editor.duckdb'));
    await runOn(t, dbId, [...ORDERS_DDL, 'CREATE TABLE events (id INTEGER, name VARCHAR, old_col VARCHAR)']);
    ordersId = (await create(admin, { database: dbId, schema: 'main', table_name: 'orders' })).json().id;
    virtualId = (
      await create(admin, {
        database: dbId,
        schema: 'main',
        table_name: 'ann_orders',
        sql: "SELECT * FROM orders WHERE customer = 'ann'",
      })
    ).json().id;
  });
  afterAll(() => t.close());

  it('a guarded metric, calculated column or virtual SQL is refused with its message and nothing is saved', async () => {
    const before = await detail(admin, ordersId);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { description: 'changed', metrics: [{ metric_name: 'bad', expression: '1; DROP TABLE orders' }] },
        'metrics.0.expression',
        'Custom SQL cannot contain more than one statement',
      ],
      [
        {
          description: 'changed',
          columns: [
            ...before.columns.map((c) => ({ id: c.id, column_name: c.column_name })),
            { column_name: 'peek', expression: '(SELECT COUNT(*) FROM events)' },
          ],
        },
        `columns.${before.columns.length}.expression`,
        'Custom SQL cannot contain sub-queries',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const response = await put(ordersId, payload);
      expect(response.statusCode, response.body).toBe(400);
      const problems = response.json().message as Record<string, string[]>;
      expect(Object.keys(problems)).toEqual([field]);
      expect(problems[field]).toEqual([message]);
    }
    const virtualBefore = await detail(admin, virtualId);
    const badSql = await put(virtualId, { sql: 'SELECT 1; DROP TABLE orders', description: 'changed' });
    expect(badSql.statusCode).toBe(400);
    expect(badSql.json().errors[0].message).toBe('Only single queries supported');
    const dml = await put(virtualId, { sql: 'DELETE FROM orders' });
    expect(dml.json().errors[0].message).toBe('Only `SELECT` statements are allowed');
    expect(await detail(admin, ordersId)).toEqual(before);
    expect(await detail(admin, virtualId)).toEqual(virtualBefore);
    expect(Number((await query('SELECT COUNT(*) FROM orders'))[0]?.[0])).toBe(5);
  });

  it('invalid JSON and duplicate column names are refused and nothing is saved', async () => {
    const before = await detail(admin, ordersId);
    const badJson = await put(ordersId, { description: 'changed', template_params: '{"a": 1' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().message.template_params).toEqual([
      'Field cannot be decoded by JSON: expected a JSON object.',
    ]);
    const badExtra = await put(ordersId, { description: 'changed', extra: '[1, 2]' });
    expect(badExtra.statusCode).toBe(400);
    const duplicated = await put(ordersId, {
      description: 'changed',
      columns: [
        ...before.columns.map((c) => ({ id: c.id, column_name: c.column_name })),
        { column_name: 'total', expression: 'total * 2' },
      ],
    });
    expect(duplicated.statusCode).toBe(422);
    expect(duplicated.json().message.columns).toEqual(['One or more columns are duplicated']);
    expect(await detail(admin, ordersId)).toEqual(before);
  });

  it('a CASE calculated column and an arithmetic metric are saved and charts compute them as SQL does', async () => {
    const before = await detail(admin, ordersId);
    const size = "CASE WHEN total >= 30 THEN 'large' ELSE 'small' END";
    const saved = await put(ordersId, {
      columns: [
        ...before.columns.map((c) => ({ id: c.id, column_name: c.column_name })),
        { column_name: 'order_size', expression: size, type: 'VARCHAR', groupby: true, filterable: true },
      ],
      metrics: [
        ...(before.metrics as Array<{ id: number; metric_name: string; expression: string }>).map((m) => ({
          id: m.id,
          metric_name: m.metric_name,
          expression: m.expression,
        })),
        { metric_name: 'total_x100', expression: 'SUM(total) * 100', verbose_name: 'Total in cents' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const chart = await admin.request({
      method: 'POST',
      url: '/api/v1/chart/data',
      payload: {
        datasource: { id: ordersId, type: 'table' },
        queries: [{ columns: ['order_size'], metrics: ['total_x100'], orderby: [['order_size', true]], row_limit: 10 }],
        result_format: 'json',
        result_type: 'full',
      },
    });
    expect(chart.statusCode, chart.body).toBe(200);
    const data = chart.json().result[0].data as Array<{ order_size: string; total_x100: number }>;
    const expected = await query(
      `SELECT ${size} AS order_size, SUM(total) * 100 AS m FROM orders GROUP BY 1 ORDER BY 1`,
    );
    expect(data.map((row) => [row.order_size, Number(row.total_x100)])).toEqual(
      expected.map(([label, value]) => [label, Number(value)]),
    );
  });

  it('sync from source keeps names, descriptions, flags and calculated columns, adds new and drops vanished', async () => {
    const id = (await create(admin, { database: dbId, schema: 'main', table_name: 'events' })).json().id as number;
    const before = await detail(admin, id);
    const nameColumn = before.columns.find((c) => c.column_name === 'name')!;
    const edited = await put(id, {
      columns: [
        ...before.columns
          .filter((c) => c.column_name !== 'name')
          .map((c) => ({ id: c.id, column_name: c.column_name })),
        {
          id: nameColumn.id,
          column_name: 'name',
          verbose_name: 'Event name',
          description: 'What happened',
          groupby: false,
          filterable: false,
          python_date_format: '%Y',
          advanced_data_type: 'label',
        },
        { column_name: 'name_upper', expression: 'UPPER(name)', verbose_name: 'Shouting name' },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await runOn(t, dbId, [
      'ALTER TABLE events ADD COLUMN happened_at TIMESTAMP',
      'ALTER TABLE events DROP COLUMN old_col',
    ]);
    const synced = await admin.request({ method: 'PUT', url: `/api/v1/dataset/${id}/refresh` });
    expect(synced.statusCode, synced.body).toBe(200);
    const after = await detail(admin, id);
    expect(names(after.columns)).toEqual(['happened_at', 'id', 'name', 'name_upper']);
    const byName = Object.fromEntries(
      after.columns.map((c) => [c.column_name, c as unknown as Record<string, unknown>]),
    );
    expect(byName.name).toMatchObject({
      id: nameColumn.id,
      verbose_name: 'Event name',
      description: 'What happened',
      groupby: false,
      filterable: false,
      python_date_format: '%Y',
      advanced_data_type: 'label',
    });
    expect(byName.name_upper).toMatchObject({ expression: 'UPPER(name)', verbose_name: 'Shouting name' });
    expect(byName.happened_at).toMatchObject({ is_dttm: true });
  });

  it("run-to-check answers the editor's SQL columns or the refusal, stores nothing, and is for owners only", async () => {
    const before = await detail(admin, virtualId);
    const ok = await check(admin, virtualId, { sql: 'SELECT id, total * 2 AS doubled, ordered_at FROM orders' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result.map((c: { column_name: string }) => c.column_name)).toEqual([
      'id',
      'doubled',
      'ordered_at',
    ]);
    expect(ok.json().result[2].is_dttm).toBe(true);
    const physical = await check(admin, ordersId, {});
    expect(names(physical.json().result)).toEqual(['customer', 'id', 'ordered_at', 'ssn', 'total']);

    const dropped = await check(admin, virtualId, { sql: 'SELECT 1; DROP TABLE orders' });
    expect(dropped.statusCode).toBe(400);
    expect(dropped.json().errors[0].message).toBe('Only single queries supported');
    const broken = await check(admin, virtualId, { sql: 'SELECT nope FROM orders' });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors[0].message).toMatch(/nope/);
    expect(Number((await query('SELECT COUNT(*) FROM orders'))[0]?.[0])).toBe(5);
    expect(await detail(admin, virtualId)).toEqual(before);

    const alpha = await addUser(t, 'alpha_editor', ['Alpha']);
    const refused = await check(alpha.session, virtualId, { sql: 'SELECT 1' });
    expect(refused.statusCode).toBe(403);
  });
});
