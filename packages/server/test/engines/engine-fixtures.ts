// What differs per engine in the shared engine harness: where it lives, its DDL, its long query, its expectations.
import type { EngineConnection, EngineName } from '../../src/engines/types.js';
import { parseUri } from '../../src/engines/uri.js';

export interface TypesExpectation {
  /** Column → [value read back, generic type]. */
  [column: string]: [unknown, string | null];
}

export interface EngineFixture {
  name: EngineName;
  /** Server engines: the env variable holding their test URL; file engines need none. */
  envVar?: string;
  /**
   * DDL column types for the round-trip table, in order i, b, d, f, t, bo, dt, ts, n, bl; `boolean` and
   * `nullableInteger` where BOOLEAN and INTEGER do not fit (ClickHouse: no BOOLEAN, columns NOT NULL by default).
   */
  types: { double: string; text: string; timestamp: string; blob: string; boolean?: string; nullableInteger?: string };
  /** Appended to CREATE TABLE (MySQL: a utf8mb4 table so every character survives). */
  tableSuffix: string;
  /** What the round-trip row reads back as, where engines differ from the common expectation. */
  typeOverrides: Partial<TypesExpectation>;
  /** A statement that runs for minutes unless stopped. */
  longQuery: (marker: string) => string;
  /** Counts running statements containing `marker` (other sessions only); null when the engine cannot show it. */
  runningCount: ((connection: EngineConnection, marker: string) => Promise<number>) | null;
  /**
   * A read that fails past its 4th row: maxRows 3 must succeed, proving the later rows were never computed; null
   * where nothing could prove it (the test is then not defined for the engine).
   */
  lazyFailure: string | null;
  /** A read whose rows fail after ~300 000 good ones (MySQL: after 5), and the driver's words for the failure. */
  failingRead: { sql: (table: string) => string; message: string };
  /** SQL failing because its schema does not exist. */
  missingSchema: (suffix: string) => string;
  /** The key every cost estimate row carries, with a value that is a figure. */
  estimateKey: string;
  /** False where the engine has no EXPLAIN (ClickHouse 18.16): estimating must then fail plainly. */
  estimates?: boolean;
  /** P1W truncates to Monday (ISO) on some engines and to Sunday (Superset's MySQL and SQLite) on others. */
  weekStartsOn: 'monday' | 'sunday';
  /** DDL for a second schema (a database on MySQL); null where the engine has no schemas to create. */
  schemaDdl: { create: (schema: string) => string; drop: (schema: string) => string } | null;
  /**
   * Tables with primary and foreign keys and CREATE INDEX (false: ClickHouse, whose tables have a sorting key only;
   * its introspection is checked without them).
   */
  relationalKeys?: boolean;
  /** Server engines: a login the server refuses, the error it must map to, and how to undo any setup. */
  badLogin?: (db: EngineConnection, uri: string, suffix: string) => Promise<BadLogin>;
}

export interface BadLogin {
  uri: string;
  type: string;
  message: string;
  cleanup: () => Promise<void>;
}

/** The URI with some parts swapped, keeping the others (credentials included unless replaced). */
export function variant(
  uri: string,
  change: { host?: string; port?: number; database?: string; username?: string; password?: string },
): string {
  const parsed = parseUri(uri);
  const user = change.username ?? parsed.username;
  const password = change.password ?? (change.username ? null : parsed.password);
  const auth = user ? `${encodeURIComponent(user)}${password ? `:${encodeURIComponent(password)}` : ''}@` : '';
  const port = change.port ?? parsed.port;
  return `${parsed.scheme}://${auth}${change.host ?? parsed.host}${port ? `:${port}` : ''}/${change.database ?? parsed.database}`;
}
const count = async (connection: EngineConnection, sql: string, marker: string) =>
  Number((await connection.execute(sql, { params: [`%${marker}%`] })).rows[0]?.[0]);

export const FIXTURES: EngineFixture[] = [
  {
    name: 'duckdb',
    types: { double: 'DOUBLE', text: 'VARCHAR', timestamp: 'TIMESTAMP', blob: 'BLOB' },
    tableSuffix: '',
    typeOverrides: {},
    // A trillion rows to test never ends on its own; ten billion to count took ~1 s on a fast machine.
    longQuery: () => 'SELECT count(*) FROM range(1000000) a, range(1000000) b WHERE (a.range * b.range) % 7 = 3',
    runningCount: null,
    // Far enough that DuckDB's vectors and read-ahead never reach the failing rows.
    lazyFailure:
      "SELECT CASE WHEN i <= 50000000 THEN i ELSE error('read past the cap') END AS i FROM range(1, 100000000) t(i)",
    failingRead: {
      sql: () =>
        "SELECT CASE WHEN i <= 300000 THEN i ELSE error('row 300001 fails') END AS i FROM range(1, 1000000) t(i)",
      message: 'row 300001 fails',
    },
    missingSchema: (suffix) => `SELECT * FROM nz_noschema_${suffix}.t`,
    estimateKey: 'Estimated cardinality',
    weekStartsOn: 'monday',
    schemaDdl: { create: (schema) => `CREATE SCHEMA "${schema}"`, drop: (schema) => `DROP SCHEMA "${schema}" CASCADE` },
  },
  {
    name: 'sqlite',
    types: { double: 'DOUBLE', text: 'TEXT', timestamp: 'TIMESTAMP', blob: 'BLOB' },
    tableSuffix: '',
    // SQLite stores what it is given: booleans as 0/1, timestamps as the text inserted.
    typeOverrides: { bo: [1, 'boolean'], ts: ['2024-02-29 13:14:15', 'temporal'] },
    longQuery: () =>
      'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 10000000000) SELECT count(*) FROM c',
    runningCount: null,
    lazyFailure:
      'WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 10) ' +
      'SELECT CASE WHEN i <= 4 THEN i ELSE abs(-9223372036854775807 - 1) END AS i FROM c',
    failingRead: {
      sql: () =>
        'WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 400000) ' +
        'SELECT CASE WHEN i <= 300000 THEN i ELSE abs(-9223372036854775807 - 1) END AS i FROM c',
      message: 'integer overflow',
    },
    missingSchema: (suffix) => `CREATE TABLE nz_noschema_${suffix}.t (i INTEGER)`,
    estimateKey: 'Query plan',
    weekStartsOn: 'sunday',
    schemaDdl: null,
  },
  {
    name: 'postgresql',
    envVar: 'NEZHA_TEST_POSTGRES_URL',
    types: { double: 'DOUBLE PRECISION', text: 'TEXT', timestamp: 'TIMESTAMP', blob: 'BYTEA' },
    tableSuffix: '',
    typeOverrides: {},
    longQuery: (marker) => `SELECT pg_sleep(30) AS ${marker}`,
    runningCount: (connection, marker) =>
      count(
        connection,
        "SELECT count(*) FROM pg_stat_activity WHERE query LIKE $1 AND state = 'active' AND pid <> pg_backend_pid()",
        marker,
      ),
    lazyFailure: 'SELECT CASE WHEN i <= 4 THEN i ELSE 1 / (i - i) END AS i FROM generate_series(1, 10) AS s(i)',
    failingRead: {
      sql: () =>
        'SELECT CASE WHEN i <= 300000 THEN i ELSE 1 / (i - i) END AS i FROM generate_series(1, 400000) AS s(i)',
      message: 'division by zero',
    },
    missingSchema: (suffix) => `CREATE TABLE nz_noschema_${suffix}.t (i INTEGER)`,
    estimateKey: 'Total cost',
    weekStartsOn: 'monday',
    schemaDdl: { create: (schema) => `CREATE SCHEMA "${schema}"`, drop: (schema) => `DROP SCHEMA "${schema}" CASCADE` },
    // Trust authentication here means a wrong password cannot be provoked; an unknown role can.
    badLogin: async (_db, uri) => ({
      uri: variant(uri, { username: 'nobody' }),
      type: 'CONNECTION_INVALID_USERNAME_ERROR',
      message: 'The username "nobody" does not exist.',
      cleanup: async () => undefined,
    }),
  },
  {
    name: 'mysql',
    envVar: 'NEZHA_TEST_MYSQL_URL',
    types: { double: 'DOUBLE', text: 'TEXT', timestamp: 'DATETIME', blob: 'BLOB' },
    tableSuffix: ' DEFAULT CHARSET=utf8mb4',
    // BOOLEAN is TINYINT(1) in MySQL and MariaDB: it reads back as the number it stores.
    typeOverrides: { bo: [1, 'numeric'] },
    longQuery: (marker) => `SELECT SLEEP(30) AS ${marker}`,
    runningCount: (connection, marker) =>
      count(
        connection,
        "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE INFO LIKE ? AND COMMAND = 'Query' AND ID <> CONNECTION_ID()",
        marker,
      ),
    // A row can fail on demand (failingRead), but the server pushes rows without waiting for the client and the
    // reader stops listening at the cap, so a cap that held could not be told from one that did not.
    lazyFailure: null,
    failingRead: {
      sql: (table) => `SELECT IF(n <= 5, n, (SELECT 1 UNION ALL SELECT 2)) AS i FROM ${table}`,
      message: 'Subquery returns more than 1 row',
    },
    missingSchema: (suffix) => `CREATE TABLE nz_noschema_${suffix}.t (i INTEGER)`,
    estimateKey: 'Rows',
    weekStartsOn: 'sunday',
    schemaDdl: { create: (schema) => `CREATE DATABASE \`${schema}\``, drop: (schema) => `DROP DATABASE \`${schema}\`` },
    // A throwaway user with a password, then the wrong one: root here has no password to get wrong.
    badLogin: async (db, uri, suffix) => {
      const user = `nz_u_${suffix}`;
      await db.execute(`CREATE USER '${user}'@'%' IDENTIFIED BY 'right-pass-${suffix}'`);
      return {
        uri: variant(uri, { username: user, password: 'wrong-pass' }),
        type: 'CONNECTION_ACCESS_DENIED_ERROR',
        message: `Either the username "${user}" or the password is incorrect.`,
        cleanup: async () => {
          await db.execute(`DROP USER '${user}'@'%'`);
        },
      };
    },
  },
];

/**
 * ClickHouse runs the engine suite, the SQL Lab suites (SQLLAB_ENGINES) and the chart correctness suite; the other
 * chart suites, which build on CHART_ENGINES, do not cover it yet.
 */
export const CLICKHOUSE_FIXTURE: EngineFixture = {
  name: 'clickhouse',
  envVar: 'NEZHA_TEST_CLICKHOUSE_URL',
  types: {
    double: 'Float64',
    text: 'String',
    timestamp: 'DateTime',
    blob: 'String',
    boolean: 'UInt8',
    nullableInteger: 'Nullable(Int32)',
  },
  // Every table needs a table engine; Memory keeps the harness's tables simple.
  tableSuffix: ' ENGINE = Memory',
  // ClickHouse has no BOOLEAN (a UInt8 here); bytes are kept as their hex text in a String.
  typeOverrides: { bo: [1, 'numeric'] },
  // 18.16's sleep() stops at 3 s; counting a trillion numbers runs for many minutes.
  longQuery: (marker) => `SELECT count() AS ${marker} FROM numbers(1000000000000)`,
  runningCount: (connection, marker) =>
    count(connection, 'SELECT count() FROM system.processes WHERE query LIKE ?', marker),
  lazyFailure: 'SELECT throwIf(number >= 50000000) + number + 1 AS i FROM numbers(100000000)',
  failingRead: {
    sql: () => 'SELECT throwIf(number >= 300000) + number + 1 AS i FROM numbers(1000000)',
    message: "Value passed to 'throwIf' function is non zero",
  },
  missingSchema: (suffix) => `SELECT * FROM nz_noschema_${suffix}.t`,
  estimateKey: '',
  estimates: false,
  weekStartsOn: 'monday',
  schemaDdl: { create: (schema) => `CREATE DATABASE "${schema}"`, drop: (schema) => `DROP DATABASE "${schema}"` },
  relationalKeys: false,
  // Users live in the server's users.xml, so a wrong password cannot be set up here; an unknown user can.
  badLogin: async (_db, uri) => ({
    uri: variant(uri, { username: 'nobody' }),
    type: 'CONNECTION_INVALID_USERNAME_ERROR',
    message: 'The username "nobody" does not exist.',
    cleanup: async () => undefined,
  }),
};

/** Every engine the engine suite runs on. */
export const ENGINE_SUITE_FIXTURES: EngineFixture[] = [...FIXTURES, CLICKHOUSE_FIXTURE];

/** Expected truncations of 2024-05-15 13:47:29 (a Wednesday) and, for the week grains, 2024-05-19 08:00 (a Sunday). */
export const GRAIN_CASES: Array<[grain: string, wednesday: string, sunday?: string]> = [
  ['PT1S', '2024-05-15T13:47:29'],
  ['PT5S', '2024-05-15T13:47:25'],
  ['PT30S', '2024-05-15T13:47:00'],
  ['PT1M', '2024-05-15T13:47:00'],
  ['PT5M', '2024-05-15T13:45:00'],
  ['PT10M', '2024-05-15T13:40:00'],
  ['PT15M', '2024-05-15T13:45:00'],
  ['PT30M', '2024-05-15T13:30:00'],
  ['PT1H', '2024-05-15T13:00:00'],
  ['PT6H', '2024-05-15T12:00:00'],
  ['P1D', '2024-05-15T00:00:00'],
  ['1969-12-28T00:00:00Z/P1W', '2024-05-12T00:00:00', '2024-05-19T00:00:00'],
  ['1969-12-29T00:00:00Z/P1W', '2024-05-13T00:00:00', '2024-05-13T00:00:00'],
  ['P1W/1970-01-03T00:00:00Z', '2024-05-18T00:00:00', '2024-05-25T00:00:00'],
  ['P1W/1970-01-04T00:00:00Z', '2024-05-19T00:00:00', '2024-05-19T00:00:00'],
  ['P1M', '2024-05-01T00:00:00'],
  ['P3M', '2024-04-01T00:00:00'],
  ['P1Y', '2024-01-01T00:00:00'],
];

/** A date, datetime or timestamp value as 'YYYY-MM-DDTHH:MM:SS'. */
export function normaliseTimestamp(value: unknown): string {
  const text = String(value).replace(' ', 'T');
  return (text.length === 10 ? `${text}T00:00:00` : text).slice(0, 19);
}
