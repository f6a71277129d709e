// SQL Lab's fixed cost per query over the raw driver: the same SELECT of 10k and 100k rows read directly and through
// the API of a server in its own process, the two taking turns; the API's time is its whole answer received, as a
// client waits for it. The 1M-row figure (issue 16: at most 1.2 times the driver) is sqllab-stream's, on the same
// kind of server: one figure per goal.
import { randomBytes } from 'node:crypto';
import { DuckDBInstance } from '@duckdb/node-api';
import pg from 'pg';
import { type Child, childCall, execute, startChild, stopChild } from './child-server.js';
import { type BenchServer, interleavedMediansMs } from './support.js';

export interface BenchRow {
  bench: string;
  case: string;
  rows: number;
  rawMs: number;
  apiMs: number;
  /** The ratio aimed at, when not run.ts's GOAL_RATIO. */
  goal?: number;
}

const SIZES = [10_000, 100_000];
const RUNS = 7;

export interface Target {
  engine: string;
  uri: string;
  sql: (rows: number) => string;
  /** Runs the SQL on the driver and reads every row; returns how many came back. */
  raw: (sql: string) => Promise<number>;
  close: () => Promise<void>;
}

export async function duckdbTarget(): Promise<Target> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  return {
    engine: 'duckdb',
    // In memory: the API refuses files in NEZHA_HOME, and range() needs no table.
    uri: 'duckdb:///:memory:',
    sql: (rows) => `SELECT i, i * 2 AS d, 'row ' || i AS s FROM range(${rows}) AS t(i)`,
    raw: async (sql) => (await connection.runAndReadAll(sql)).getRows().length,
    close: async () => {
      connection.closeSync();
      instance.closeSync();
    },
  };
}

export async function postgresTarget(url: string): Promise<Target> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    engine: 'postgresql',
    uri: url,
    sql: (rows) => `SELECT i, i * 2 AS d, 'row ' || i AS s FROM generate_series(0, ${rows - 1}) AS t(i)`,
    raw: async (sql) => (await client.query(sql)).rows.length,
    close: () => client.end(),
  };
}

export async function registerDatabase(server: Pick<BenchServer, 'call'>, target: Target): Promise<number> {
  const response = await server.call('POST', '/api/v1/database/', {
    database_name: `bench-${target.engine}`,
    sqlalchemy_uri: target.uri,
  });
  const body = (await response.json()) as { id?: number };
  if (response.status !== 201 || body.id === undefined) {
    throw new Error(`registering ${target.engine} failed: ${response.status} ${JSON.stringify(body)}`);
  }
  return body.id;
}

/**
 * One POST /api/v1/sqllab/execute/ read in full and parsed, untimed: the answer holds the rows asked for. (The timed
 * calls count the body's bytes as they arrive: a client in the same process as an in-process server, as this bench
 * once was, put the client's JSON.parse and the server's encoding on one thread and timed both as the server's.)
 */
async function checkedRows(child: Child, databaseId: number, sql: string, rows: number): Promise<number> {
  const response = await childCall(child)('POST', '/api/v1/sqllab/execute/', {
    client_id: randomBytes(9).toString('base64url').slice(0, 11),
    database_id: databaseId,
    sql,
    queryLimit: rows,
    runAsync: false,
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`execute failed: ${response.status} ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { data: unknown[] }).data.length;
}

function expectRows(what: string, got: number, wanted: number): void {
  if (got !== wanted) throw new Error(`${what}: ${got} rows, expected ${wanted}`);
}

export async function runSqlLabBench(): Promise<BenchRow[]> {
  const child = await startChild({ SQL_MAX_ROW: String(Math.max(...SIZES)) });
  const postgresUrl = process.env.NEZHA_BENCH_POSTGRES_URL || process.env.NEZHA_TEST_POSTGRES_URL;
  const targets = [await duckdbTarget()];
  if (postgresUrl) targets.push(await postgresTarget(postgresUrl));
  else console.log('sqllab: PostgreSQL skipped (set NEZHA_BENCH_POSTGRES_URL or NEZHA_TEST_POSTGRES_URL)');
  const results: BenchRow[] = [];
  try {
    for (const target of targets) {
      const databaseId = await registerDatabase({ call: childCall(child) }, target);
      for (const rows of SIZES) {
        const sql = target.sql(rows);
        expectRows('api', await checkedRows(child, databaseId, sql, rows), rows);
        const [rawMs, apiMs] = await interleavedMediansMs(
          RUNS,
          async () => expectRows('raw', await target.raw(sql), rows),
          async () => {
            await execute(child, databaseId, sql, rows);
          },
        );
        results.push({ bench: 'sqllab', case: target.engine, rows, rawMs, apiMs });
      }
    }
  } finally {
    for (const target of targets) await target.close();
    await stopChild(child);
  }
  return results;
}
