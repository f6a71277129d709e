// LATEST_PARTITION on DuckDB views over Hive-partitioned Parquet: real files written by DuckDB's COPY …
// PARTITION_BY into a temp folder, the partition columns found from the view's read_parquet call and the folders
// DuckDB globs, and the chart rows checked against the test's own SQL over the newest partition's folder. A
// database without file access gets neither partitions nor the operator.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hiveKeysOf, parquetSourceOf } from '../../src/engines/duckdb/duckdb-partitions.js';
import { create } from '../support/dataset-fixtures.js';
import { type Session, startTestApp, type TestApp } from '../support/test-app.js';

const EXTERNAL_ACCESS = JSON.stringify({
  engine_params: { connect_args: { config: { enable_external_access: true } } },
});

const chartData = (session: Session, datasetId: number, filters: unknown[]) =>
  session.request({
    method: 'POST',
    url: '/api/v1/chart/data',
    payload: {
      datasource: { id: datasetId, type: 'table' },
      queries: [{ columns: ['id'], metrics: [], orderby: [['id', true]], row_limit: 1000, filters }],
      result_type: 'full',
    },
  });

const ids = (response: { json(): { result: Array<{ data: Array<{ id: number }> }> } }) =>
  response.json().result[0]?.data.map((row) => Number(row.id));

describe('reading a view definition with the engine tokenizer', () => {
  it('finds the one read_parquet path and its hive_partitioning flag', () => {
    expect(
      parquetSourceOf("CREATE VIEW v AS SELECT * FROM read_parquet('/d/**/*.parquet', hive_partitioning = true);"),
    ).toEqual({ path: '/d/**/*.parquet', hivePartitioning: true });
    expect(parquetSourceOf("CREATE VIEW v AS SELECT * FROM parquet_scan('it''s/*.parquet')")).toEqual({
      path: "it's/*.parquet",
      hivePartitioning: null,
    });
    expect(parquetSourceOf("SELECT * FROM read_parquet('/d/*.parquet', hive_partitioning := false)")).toEqual({
      path: '/d/*.parquet',
      hivePartitioning: false,
    });
    // A call inside a string or a comment is no call; two sources or a computed path name no one layout.
    expect(parquetSourceOf("SELECT 'read_parquet(''/x/*.parquet'')' AS s -- read_parquet('/y')")).toBeNull();
    expect(
      parquetSourceOf("SELECT * FROM read_parquet('/a/*.parquet') JOIN read_parquet('/b/*.parquet') USING (id)"),
    ).toBeNull();
    expect(parquetSourceOf("SELECT * FROM read_parquet('/a/' || 'b.parquet')")).toBeNull();
  });

  it('reads Hive keys from folder names only', () => {
    expect(hiveKeysOf('/tmp/x=1/sales/year=2024/month=5/data_0.parquet')).toEqual(['x', 'year', 'month']);
    expect(hiveKeysOf('/tmp/sales/a=b.parquet')).toEqual([]);
  });
});

describe('LATEST_PARTITION on DuckDB over Hive-partitioned Parquet', () => {
  let t: TestApp;
  let admin: Session;
  let folder: string;
  let writer: Awaited<ReturnType<typeof DuckDBInstance.create>>;
  const sales = () => path.join(folder, 'sales');
  const glob = () => path.join(sales(), '**', '*.parquet');

  /** Rows the test reads itself, with its own DuckDB. */
  const own = async (sql: string) => {
    const connection = await writer.connect();
    try {
      return (await connection.runAndReadAll(sql)).getRowObjectsJS();
    } finally {
      connection.closeSync();
    }
  };

  const addDatabase = async (name: string, file: string, extra?: string) => {
    const response = await admin.request({
      method: 'POST',
      url: '/api/v1/database/',
      payload: { database_name: name, sqlalchemy_uri: `duckdb:///${file}`, ...(extra ? { extra } : {}) },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };

  /** A DuckDB file with the view over the Parquet folder, written by the test and closed before Nezha opens it. */
  const databaseFile = async (name: string, viewSql: string) => {
    const file = path.join(folder, name);
    const instance = await DuckDBInstance.create(file);
    const connection = await instance.connect();
    await connection.run(viewSql);
    connection.closeSync();
    instance.closeSync();
    return file;
  };

  let withAccess: number;
  let withoutAccess: number;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'nezha-hive-'));
    writer = await DuckDBInstance.create(':memory:');
    // Month 10 is the newest: numerically after 2, though '10' < '2' as text.
    await own(`COPY (SELECT * FROM (VALUES
        (1, 2023, 11, 'eu'), (2, 2023, 12, 'us'), (3, 2024, 1, 'eu'), (4, 2024, 2, 'ap'),
        (5, 2024, 10, 'us'), (6, 2024, 10, 'eu'), (7, 2024, 2, 'us'), (8, 2023, 10, 'ap')
      ) AS t(id, year, month, region))
      TO '${sales()}' (FORMAT PARQUET, PARTITION_BY (year, month))`);
    const view = `CREATE VIEW sales AS SELECT * FROM read_parquet('${glob()}', hive_partitioning = true)`;
    const plain = `CREATE VIEW flat AS SELECT * FROM read_parquet('${glob()}', hive_partitioning = false)`;
    const open = await databaseFile('open.duckdb', `${view}; ${plain}`);
    const closed = await databaseFile('closed.duckdb', view);
    t = await startTestApp();
    admin = await t.login();
    withAccess = await addDatabase('hive open', open, EXTERNAL_ACCESS);
    withoutAccess = await addDatabase('hive closed', closed);
  });
  afterAll(async () => {
    await t?.close();
    writer?.closeSync();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  const extraOf = (db: number, table: string) =>
    admin.request({ method: 'GET', url: `/api/v1/database/${db}/table_metadata/extra/?name=${table}&schema=main` });

  const made = new Map<string, number>();
  const dataset = async (db: number, table: string) => {
    const known = made.get(`${db}.${table}`);
    if (known !== undefined) return known;
    const response = await create(admin, { database: db, schema: 'main', table_name: table });
    expect(response.statusCode, response.body).toBe(201);
    made.set(`${db}.${table}`, response.json().id as number);
    return response.json().id as number;
  };

  it('lists the Hive key columns and the newest partition in table_metadata/extra', async () => {
    const extra = await extraOf(withAccess, 'sales');
    expect(extra.statusCode, extra.body).toBe(200);
    expect(extra.json().partitions).toMatchObject({ cols: ['year', 'month'], latest: { year: 2024, month: 10 } });
    expect((await extraOf(withAccess, 'flat')).json().partitions).toBeUndefined();
  });

  it('keeps exactly the rows of the newest partition, read at query time', async () => {
    const id = await dataset(withAccess, 'sales');
    const latest = [
      { col: 'year', op: 'LATEST PARTITION' },
      { col: 'month', op: 'LATEST PARTITION' },
    ];
    const response = await chartData(admin, id, latest);
    expect(response.statusCode, response.body).toBe(200);
    const newest = async (year: number, month: number) =>
      (
        await own(`SELECT id FROM read_parquet('${path.join(sales(), `year=${year}`, `month=${month}`, '*.parquet')}')
          ORDER BY id`)
      ).map((row) => Number(row.id));
    const expected = await newest(2024, 10);
    expect(expected).toEqual([5, 6]);
    expect(ids(response)).toEqual(expected);
    // The year alone: every row of the newest year.
    const year = await chartData(admin, id, [latest[0]]);
    const inYear = await own(`SELECT id FROM read_parquet('${glob()}', hive_partitioning = true)
      WHERE year = 2024 ORDER BY id`);
    expect(ids(year)).toEqual(inYear.map((row) => Number(row.id)));
    // A newer folder moves the filter with it.
    mkdirSync(path.join(sales(), 'year=2025', 'month=1'), { recursive: true });
    await own(`COPY (SELECT 9 AS id, 'ap' AS region) TO '${path.join(sales(), 'year=2025', 'month=1', 'data_0.parquet')}'
      (FORMAT PARQUET)`);
    const later = await chartData(admin, id, latest);
    expect(later.statusCode, later.body).toBe(200);
    expect(ids(later)).toEqual(await newest(2025, 1));
    expect(ids(later)).toEqual([9]);
  });

  it('refuses the operator on a column that is no partition key', async () => {
    const id = await dataset(withAccess, 'sales');
    const response = await chartData(admin, id, [{ col: 'region', op: 'LATEST PARTITION' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('LATEST_PARTITION applies only to the partition column');
  });

  it('offers nothing where the database may not read files', async () => {
    const extra = await extraOf(withoutAccess, 'sales');
    expect(extra.statusCode, extra.body).toBe(200);
    expect(extra.json().partitions).toBeUndefined();
    const id = await dataset(withoutAccess, 'sales');
    const response = await chartData(admin, id, [{ col: 'year', op: 'LATEST PARTITION' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('LATEST_PARTITION needs a table partitioned');
  });
});
