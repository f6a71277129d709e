// The chart data suites' harness: the four engines, the shared example data (weather, a slice of birth_names)
// loaded into each with bound inserts, the datasets built on it through the API, and request helpers.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { QueryObject, Row } from '@nezha/core';
import type { LightMyRequestResponse } from 'fastify';
import mysql from 'mysql2/promise';
import { expect } from 'vitest';
import { engineByName } from '../../src/engines/registry.js';
import type { EngineName } from '../../src/engines/types.js';
import { getDatabase } from '../../src/store/databases.js';
import { addDatabaseVia, runOn } from '../support/dataset-fixtures.js';
import { createTempPostgresDatabase } from '../support/postgres-database.js';
import { CLICKHOUSE_URL, MYSQL_URL, POSTGRES_URL } from '../support/services.js';
import { dataUri, type Session, type TestApp } from '../support/test-app.js';

/** The shared example data lives beside the repository: ../shared/data from its root. */
export const DATA_DIR = fileURLToPath(new URL('../../../../../shared/data/', import.meta.url));
export const DATA_PRESENT =
  existsSync(`${DATA_DIR}weather.csv`) && existsSync(`${DATA_DIR}birth_names.json.gz`) ? DATA_DIR : undefined;

export interface WeatherRow {
  location: string;
  /** Epoch ms of the day (UTC midnight). */
  date: number;
  precipitation: number;
  temp_max: number;
  temp_min: number;
  wind: number;
  weather: string;
  /** Derived for the boolean operators: precipitation > 0, unknown (NULL) on foggy days. */
  rained: boolean | null;
}

export interface BirthRow {
  ds: number;
  gender: string;
  name: string;
  num: number;
  state: string;
  num_boys: number;
  num_girls: number;
}

export interface FixtureData {
  weather: WeatherRow[];
  births: BirthRow[];
}

let cached: FixtureData | undefined;

/** weather.csv whole; birth_names: California and New York from 2000 on (about 2,800 rows). */
export function fixtureData(): FixtureData {
  if (cached) return cached;
  const lines = readFileSync(`${DATA_DIR}weather.csv`, 'utf8').trim().split('\n').slice(1);
  const weather = lines.map((line): WeatherRow => {
    const [location = '', date = '', precipitation, tempMax, tempMin, wind, kind = ''] = line.split(',');
    return {
      location,
      date: Date.parse(`${date}T00:00:00Z`),
      precipitation: Number(precipitation),
      temp_max: Number(tempMax),
      temp_min: Number(tempMin),
      wind: Number(wind),
      weather: kind,
      rained: kind === 'fog' ? null : Number(precipitation) > 0,
    };
  });
  const all = JSON.parse(gunzipSync(readFileSync(`${DATA_DIR}birth_names.json.gz`)).toString('utf8')) as BirthRow[];
  const births = all.filter((row) => (row.state === 'CA' || row.state === 'NY') && row.ds >= Date.UTC(2000, 0, 1));
  cached = { weather, births };
  return cached;
}

export interface ChartEngine {
  name: EngineName;
  title: string;
  /** Undefined when the suite cannot run here (no service URL). */
  url: string | undefined;
  variable: string;
  /** P1W truncates to Monday (ISO) on DuckDB and PostgreSQL, to Sunday on MySQL and SQLite (Superset's choice). */
  weekStartsOn: 'monday' | 'sunday';
  /** `boolean`: where BOOLEAN does not exist or cannot hold NULL (ClickHouse); `tableSuffix`: its table engine. */
  types: { text: string; double: string; timestamp: string; boolean?: string };
  tableSuffix?: string;
  open(): Promise<{ uri: string; schema: string; drop(): Promise<void> }>;
}

const none = async () => undefined;

export const CHART_ENGINES: ChartEngine[] = [
  {
    name: 'duckdb',
    title: 'DuckDB',
    url: 'embedded',
    variable: '',
    weekStartsOn: 'monday',
    types: { text: 'VARCHAR', double: 'DOUBLE', timestamp: 'TIMESTAMP' },
    open: async () => ({ uri: dataUri('duckdb', 'charts.duckdb'), schema: 'main', drop: none }),
  },
  {
    name: 'sqlite',
    title: 'SQLite',
    url: 'embedded',
    variable: '',
    weekStartsOn: 'sunday',
    types: { text: 'VARCHAR(50)', double: 'DOUBLE', timestamp: 'TIMESTAMP' },
    open: async () => ({ uri: dataUri('sqlite', 'charts.db'), schema: 'main', drop: none }),
  },
  {
    name: 'postgresql',
    title: 'PostgreSQL',
    url: POSTGRES_URL,
    variable: 'NEZHA_TEST_POSTGRES_URL',
    weekStartsOn: 'monday',
    types: { text: 'VARCHAR(50)', double: 'DOUBLE PRECISION', timestamp: 'TIMESTAMP' },
    async open() {
      const temp = await createTempPostgresDatabase(POSTGRES_URL as string);
      return { uri: temp.url, schema: 'public', drop: temp.drop };
    },
  },
  {
    name: 'mysql',
    title: 'MariaDB',
    url: MYSQL_URL,
    variable: 'NEZHA_TEST_MYSQL_URL',
    weekStartsOn: 'sunday',
    // MySQL's TIMESTAMP starts in 1970 and converts time zones; DATETIME is the plain kind.
    types: { text: 'VARCHAR(50)', double: 'DOUBLE', timestamp: 'DATETIME' },
    async open() {
      const name = `nezha_charts_${randomBytes(4).toString('hex')}`;
      const admin = await mysql.createConnection(MYSQL_URL as string);
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(MYSQL_URL as string);
      url.pathname = `/${name}`;
      return {
        uri: url.toString(),
        schema: name,
        async drop() {
          const conn = await mysql.createConnection(MYSQL_URL as string);
          await conn.query(`DROP DATABASE IF EXISTS ${name}`);
          await conn.end();
        },
      };
    },
  },
];

/**
 * CHART_ENGINES and ClickHouse: the engines of the correctness suite and of SQL Lab's row rules (the other chart
 * suites do not cover ClickHouse yet).
 */
export const CORRECTNESS_ENGINES: ChartEngine[] = [
  ...CHART_ENGINES,
  {
    name: 'clickhouse',
    title: 'ClickHouse',
    url: CLICKHOUSE_URL,
    variable: 'NEZHA_TEST_CLICKHOUSE_URL',
    weekStartsOn: 'monday',
    // Columns are NOT NULL unless Nullable; rained is NULL on foggy days. 18.16 has no BOOLEAN.
    types: { text: 'String', double: 'Float64', timestamp: 'DateTime', boolean: 'Nullable(UInt8)' },
    tableSuffix: ' ENGINE = MergeTree ORDER BY tuple()',
    async open() {
      const name = `nezha_charts_${randomBytes(4).toString('hex')}`;
      const engine = engineByName('clickhouse');
      const admin = await engine.connect({ uri: CLICKHOUSE_URL as string, baseDir: '.' });
      await admin.execute(`CREATE DATABASE ${name}`);
      await admin.close();
      const url = new URL(CLICKHOUSE_URL as string);
      url.pathname = `/${name}`;
      return {
        uri: url.toString(),
        schema: name,
        async drop() {
          const conn = await engine.connect({ uri: CLICKHOUSE_URL as string, baseDir: '.' });
          await conn.execute(`DROP DATABASE IF EXISTS ${name}`);
          await conn.close();
        },
      };
    },
  },
];

const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isoTimestamp = (ms: number) => {
  const d = new Date(ms);
  return `${isoDate(ms)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
};

/** Multi-row INSERTs with every value a bound parameter, in batches the drivers take comfortably. */
async function insertRows(
  t: TestApp,
  databaseId: number,
  engine: ChartEngine,
  table: string,
  columns: string[],
  rows: unknown[][],
): Promise<void> {
  const { dialect } = engineByName(engine.name);
  const statements: Array<{ sql: string; params: unknown[] }> = [];
  for (let at = 0; at < rows.length; at += 200) {
    const batch = rows.slice(at, at + 200);
    let n = 0;
    const tuples = batch.map(() => `(${columns.map(() => dialect.placeholder(++n)).join(', ')})`);
    statements.push({
      sql: `INSERT INTO ${dialect.quoteIdentifier(table)} (${columns.map(dialect.quoteIdentifier).join(', ')}) VALUES ${tuples.join(', ')}`,
      params: batch.flat(),
    });
  }
  const row = await getDatabase(t.ctx.store.db, databaseId);
  if (!row) throw new Error(`no database ${databaseId}`);
  const connection = await t.ctx.connections.forDatabase(row);
  for (const statement of statements) await connection.execute(statement.sql, { params: statement.params });
}

export async function loadFixtures(t: TestApp, databaseId: number, engine: ChartEngine): Promise<void> {
  const { text, double, timestamp, boolean = 'BOOLEAN' } = engine.types;
  const suffix = engine.tableSuffix ?? '';
  const data = fixtureData();
  await runOn(t, databaseId, [
    `CREATE TABLE weather (location ${text}, date DATE, precipitation ${double}, temp_max ${double}, ` +
      `temp_min ${double}, wind ${double}, weather ${text}, rained ${boolean})${suffix}`,
    `CREATE TABLE birth_names (ds ${timestamp}, gender ${text}, name ${text}, num INTEGER, state ${text}, ` +
      `num_boys INTEGER, num_girls INTEGER)${suffix}`,
  ]);
  await insertRows(
    t,
    databaseId,
    engine,
    'weather',
    ['location', 'date', 'precipitation', 'temp_max', 'temp_min', 'wind', 'weather', 'rained'],
    data.weather.map((r) => [
      r.location,
      isoDate(r.date),
      r.precipitation,
      r.temp_max,
      r.temp_min,
      r.wind,
      r.weather,
      r.rained,
    ]),
  );
  await insertRows(
    t,
    databaseId,
    engine,
    'birth_names',
    ['ds', 'gender', 'name', 'num', 'state', 'num_boys', 'num_girls'],
    data.births.map((r) => [isoTimestamp(r.ds), r.gender, r.name, r.num, r.state, r.num_boys, r.num_girls]),
  );
}

export interface Datasets {
  weather: number;
  births: number;
  /** Virtual: the weather rows but foggy days. */
  dryish: number;
  /** Virtual over weather, with `wind` sensitive. */
  guarded: number;
}

interface DatasetDetail {
  columns: Array<{ id: number; column_name: string }>;
  metrics: Array<{ id: number; metric_name: string; expression: string }>;
}

async function createDataset(admin: Session, payload: Record<string, unknown>): Promise<number> {
  const response = await admin.request({ method: 'POST', url: '/api/v1/dataset/', payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

/** Adds calculated columns, saved metrics and sensitive columns while keeping what the dataset has. */
async function extendDataset(
  admin: Session,
  id: number,
  extra: {
    columns?: Array<Record<string, unknown>>;
    metrics?: Array<Record<string, unknown>>;
    sensitive_columns?: string[];
  },
): Promise<void> {
  const detail = await admin.request({ method: 'GET', url: `/api/v1/dataset/${id}` });
  expect(detail.statusCode, detail.body).toBe(200);
  const current = detail.json().result as DatasetDetail;
  const response = await admin.request({
    method: 'PUT',
    url: `/api/v1/dataset/${id}`,
    payload: {
      columns: [...current.columns.map((c) => ({ id: c.id, column_name: c.column_name })), ...(extra.columns ?? [])],
      metrics: [
        ...current.metrics.map((m) => ({ id: m.id, metric_name: m.metric_name, expression: m.expression })),
        ...(extra.metrics ?? []),
      ],
      ...(extra.sensitive_columns ? { sensitive_columns: extra.sensitive_columns } : {}),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
}

export async function createDatasets(admin: Session, databaseId: number, schema: string): Promise<Datasets> {
  const weather = await createDataset(admin, { database: databaseId, schema, table_name: 'weather' });
  await extendDataset(admin, weather, {
    columns: [
      { column_name: 'temp_range', expression: 'temp_max - temp_min', type: 'DOUBLE' },
      {
        column_name: 'temp_band',
        expression: "CASE WHEN temp_max >= 20 THEN 'warm' WHEN temp_max >= 10 THEN 'mild' ELSE 'cold' END",
        type: 'VARCHAR',
      },
    ],
    metrics: [
      { metric_name: 'avg_max', expression: 'AVG(temp_max)' },
      { metric_name: 'total_precip', expression: 'SUM(precipitation)' },
    ],
  });
  const births = await createDataset(admin, { database: databaseId, schema, table_name: 'birth_names' });
  const dryish = await createDataset(admin, {
    database: databaseId,
    schema,
    table_name: 'weather_without_fog',
    sql: "SELECT location, date, temp_max, precipitation FROM weather WHERE weather <> 'fog'",
  });
  const guarded = await createDataset(admin, {
    database: databaseId,
    schema,
    table_name: 'weather_guarded',
    sql: 'SELECT location, date, temp_max, wind FROM weather',
  });
  await extendDataset(admin, guarded, {
    columns: [{ column_name: 'gusty', expression: 'wind * 2', type: 'DOUBLE' }],
    sensitive_columns: ['wind'],
  });
  return { weather, births, dryish, guarded };
}

export interface ChartEnv {
  t: TestApp;
  admin: Session;
  databaseId: number;
  datasets: Datasets;
  drop(): Promise<void>;
}

export async function openChartEnv(engine: ChartEngine, start: () => Promise<TestApp>): Promise<ChartEnv> {
  const opened = await engine.open();
  const t = await start();
  const admin = await t.login();
  const databaseId = await addDatabaseVia(admin, `charts-${engine.name}`, opened.uri);
  await loadFixtures(t, databaseId, engine);
  const datasets = await createDatasets(admin, databaseId, opened.schema);
  return {
    t,
    admin,
    databaseId,
    datasets,
    async drop() {
      await t.close();
      await opened.drop();
    },
  };
}

export interface ChartRequestOptions {
  force?: boolean;
  resultType?: string;
  resultFormat?: string;
  query?: string;
}

export function chartRequest(
  session: Session,
  datasetId: number,
  queries: QueryObject[],
  options: ChartRequestOptions = {},
): Promise<LightMyRequestResponse> {
  return session.request({
    method: 'POST',
    url: `/api/v1/chart/data${options.query ?? ''}`,
    payload: {
      datasource: { id: datasetId, type: 'table' },
      queries,
      ...(options.force ? { force: true } : {}),
      ...(options.resultType ? { result_type: options.resultType } : {}),
      ...(options.resultFormat ? { result_format: options.resultFormat } : {}),
    },
  });
}

export interface QueryAnswer {
  data: Row[];
  colnames: string[];
  coltypes: number[];
  rowcount: number;
  query: string;
  is_cached: boolean | null;
  cache_key: string;
  applied_filters: Array<{ column: string }>;
  rejected_filters: Array<{ column: string; reason: string }>;
  from_dttm: number | null;
  to_dttm: number | null;
  [key: string]: unknown;
}

export async function chartAnswer(session: Session, datasetId: number, query: QueryObject): Promise<QueryAnswer> {
  const response = await chartRequest(session, datasetId, [query]);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().result as QueryAnswer[])[0] as QueryAnswer;
}
