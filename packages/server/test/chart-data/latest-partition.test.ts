// LATEST_PARTITION on real engines: PostgreSQL declarative partitions give `partitions` metadata and the filter
// keeps exactly the newest partition's rows; an engine without partition metadata refuses the operator with a 400.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDatabaseVia, create, runOn } from '../support/dataset-fixtures.js';
import { createTempPostgresDatabase } from '../support/postgres-database.js';
import { POSTGRES_URL, suiteTitle } from '../support/services.js';
import { dataUri, type Session, startTestApp, type TestApp } from '../support/test-app.js';

const chartData = (session: Session, datasetId: number, filters: unknown[], columns = ['id', 'ds', 'region']) =>
  session.request({
    method: 'POST',
    url: '/api/v1/chart/data',
    payload: {
      datasource: { id: datasetId, type: 'table' },
      queries: [{ columns, metrics: [], orderby: [['id', true]], row_limit: 1000, filters }],
      result_type: 'full',
    },
  });

const LATEST = { col: 'ds', op: 'LATEST PARTITION' };

describe.skipIf(!POSTGRES_URL)(
  suiteTitle('LATEST_PARTITION on PostgreSQL', POSTGRES_URL, 'NEZHA_TEST_POSTGRES_URL'),
  () => {
    let t: TestApp;
    let admin: Session;
    let temp: { url: string; drop(): Promise<void> };
    let client: pg.Client;
    let dbId: number;
    const suffix = randomBytes(4).toString('hex');
    const listTable = `events_list_${suffix}`;
    const rangeTable = `events_range_${suffix}`;
    const plainTable = `events_plain_${suffix}`;

    beforeAll(async () => {
      temp = await createTempPostgresDatabase(POSTGRES_URL as string);
      client = new pg.Client({ connectionString: temp.url });
      await client.connect();
      // List partitions by day (Hive's ds), one of them holding two days; range partitions by month.
      await client.query(`
        CREATE TABLE ${listTable} (id INTEGER, ds DATE, region TEXT) PARTITION BY LIST (ds);
        CREATE TABLE ${listTable}_a PARTITION OF ${listTable} FOR VALUES IN ('2024-01-01');
        CREATE TABLE ${listTable}_b PARTITION OF ${listTable} FOR VALUES IN ('2024-01-02', '2024-01-03');
        CREATE TABLE ${listTable}_c PARTITION OF ${listTable} FOR VALUES IN ('2023-12-31');
        INSERT INTO ${listTable} VALUES (1, '2024-01-01', 'eu'), (2, '2024-01-02', 'us'), (3, '2024-01-03', 'eu'),
          (4, '2023-12-31', 'us'), (5, '2024-01-03', 'ap'), (6, '2024-01-01', 'ap');
        CREATE TABLE ${rangeTable} (id INTEGER, ds TIMESTAMP, region TEXT) PARTITION BY RANGE (ds);
        CREATE TABLE ${rangeTable}_jan PARTITION OF ${rangeTable} FOR VALUES FROM ('2024-01-01') TO ('2024-02-01');
        CREATE TABLE ${rangeTable}_feb PARTITION OF ${rangeTable} FOR VALUES FROM ('2024-02-01') TO ('2024-03-01');
        CREATE TABLE ${rangeTable}_mar PARTITION OF ${rangeTable} FOR VALUES FROM ('2024-03-01') TO ('2024-04-01');
        INSERT INTO ${rangeTable} VALUES (1, '2024-01-05 10:00', 'eu'), (2, '2024-02-10 00:00', 'us'),
          (3, '2024-02-28 23:59:59', 'eu'), (4, '2024-02-01 00:00', 'ap'), (5, '2024-01-31 23:00', 'us');
        CREATE TABLE ${plainTable} (id INTEGER, ds DATE, region TEXT);
        INSERT INTO ${plainTable} VALUES (1, '2024-01-01', 'eu');
      `);
      t = await startTestApp();
      admin = await t.login();
      dbId = await addDatabaseVia(admin, `pg_partitions_${suffix}`, temp.url);
    });
    afterAll(async () => {
      await client?.end();
      await t?.close();
      await temp?.drop();
    });

    const made = new Map<string, number>();
    const dataset = async (table: string) => {
      const known = made.get(table);
      if (known !== undefined) return known;
      const response = await create(admin, { database: dbId, schema: 'public', table_name: table });
      expect(response.statusCode, response.body).toBe(201);
      made.set(table, response.json().id as number);
      return response.json().id as number;
    };
    const ids = async (sql: string) => (await client.query(sql)).rows.map((row) => Number(row.id));

    it('lists the partition key and the newest value in table_metadata/extra', async () => {
      const extra = await admin.request({
        method: 'GET',
        url: `/api/v1/database/${dbId}/table_metadata/extra/?name=${listTable}&schema=public`,
      });
      expect(extra.statusCode, extra.body).toBe(200);
      expect(extra.json().partitions).toMatchObject({ cols: ['ds'], latest: { ds: '2024-01-03' } });
      const plain = await admin.request({
        method: 'GET',
        url: `/api/v1/database/${dbId}/table_metadata/extra/?name=${plainTable}&schema=public`,
      });
      expect(plain.json().partitions).toBeUndefined();
    });

    it('keeps exactly the rows of the newest list partition', async () => {
      const id = await dataset(listTable);
      const response = await chartData(admin, id, [LATEST]);
      expect(response.statusCode, response.body).toBe(200);
      const rows = response.json().result[0].data as Array<{ id: number }>;
      const expected = await ids(`SELECT id FROM ONLY ${listTable}_b ORDER BY id`);
      expect(expected).toEqual([2, 3, 5]);
      expect(rows.map((row) => row.id)).toEqual(expected);
      // Read at query time: a newer partition moves the filter with it.
      await client.query(`CREATE TABLE ${listTable}_d PARTITION OF ${listTable} FOR VALUES IN ('2024-02-01');
        INSERT INTO ${listTable} VALUES (7, '2024-02-01', 'eu')`);
      const later = await chartData(admin, id, [LATEST]);
      expect(later.json().result[0].data.map((row: { id: number }) => row.id)).toEqual(
        await ids(`SELECT id FROM ONLY ${listTable}_d ORDER BY id`),
      );
    });

    it('keeps exactly the rows of the newest range partition', async () => {
      const id = await dataset(rangeTable);
      const response = await chartData(admin, id, [LATEST]);
      expect(response.statusCode, response.body).toBe(200);
      const expected = await ids(
        `SELECT id FROM ${rangeTable} WHERE tableoid = '${rangeTable}_feb'::regclass ORDER BY id`,
      );
      expect(expected).toEqual([2, 3, 4]);
      expect(response.json().result[0].data.map((row: { id: number }) => row.id)).toEqual(expected);
    });

    it('refuses the operator on another column and on a table without partitions', async () => {
      const id = await dataset(listTable);
      const other = await chartData(admin, id, [{ col: 'region', op: 'LATEST PARTITION' }]);
      expect(other.statusCode).toBe(400);
      expect(other.json().message).toContain('only to the partition column "ds"');
      const plainId = await dataset(plainTable);
      const plain = await chartData(admin, plainId, [LATEST]);
      expect(plain.statusCode).toBe(400);
      expect(plain.json().message).toContain('LATEST_PARTITION needs a table partitioned');
    });
  },
);

describe('LATEST_PARTITION on an engine without partition metadata', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('is refused with a clear 400 on SQLite', async () => {
    const admin = await t.login();
    const dbId = await addDatabaseVia(admin, 'parts', dataUri('sqlite', 'parts.db'));
    await runOn(t, dbId, [
      'CREATE TABLE events (id INTEGER, ds DATE, region TEXT)',
      "INSERT INTO events VALUES (1, '2024-01-01', 'eu')",
    ]);
    const created = await create(admin, { database: dbId, schema: 'main', table_name: 'events' });
    expect(created.statusCode, created.body).toBe(201);
    const response = await chartData(admin, created.json().id, [LATEST]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('LATEST_PARTITION needs a table partitioned');
  });
});
