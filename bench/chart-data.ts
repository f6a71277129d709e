// The chart data API on a typical grouped time series over 1M rows: its cost over the raw driver uncached,
// then cached requests per second, one client after another and 50 at once, over real HTTP.

import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { DuckDBInstance } from '@duckdb/node-api';
import pg from 'pg';
import type { BenchRow } from './sqllab.js';
import { type BenchServer, startBenchServer } from './support.js';

const execFileAsync = promisify(execFile);
const ROWS = 1_000_000;
const RUNS = 9;
const SEQUENTIAL_REQUESTS = 300;
const CONCURRENT_CLIENTS = 50;
const CONCURRENT_REQUESTS = 2_000;
/**
 * Seconds of each autocannon round. Rounds of a fixed request count ended on autocannon's one-second tick, so both
 * servers "took" the same second and their rates came out equal whatever the difference: a round lasts a time now.
 */
const ROUND_SECONDS = 3;
/** Rounds of cached requests, Nezha and the plain server taking turns. */
const FLOOR_ROUNDS = 3;
/** What the chart API may cost over the raw driver for the same SQL, uncached. */
const GOAL_RATIO = 1.1;
/** Cached answers: at least this share of a plain Node server's rate sending the same bytes, and this p99. */
const FLOOR_SHARE_GOAL = 0.25;
const P99_GOAL_MS = 50;

interface Target {
  engine: string;
  uri: string;
  schema: string;
  table: string;
  /** Runs the SQL on the driver and reads every row; returns how many came back. */
  raw: (sql: string) => Promise<number>;
  close: () => Promise<void>;
}

/** Events over 2023: a timestamp every 31 s, five regions, twenty categories, a value. */
async function duckdbTarget(): Promise<Target> {
  // Outside NEZHA_HOME, where the API refuses connections.
  const folder = mkdtempSync(path.join(tmpdir(), 'nezha-bench-data-'));
  const file = path.join(folder, 'chart-bench.duckdb');
  // The same options as Nezha's DuckDB engine, so both share the one instance DuckDB allows per file.
  const instance = await DuckDBInstance.fromCache(file, {
    enable_external_access: 'false',
  });
  const connection = await instance.connect();
  await connection.run(`CREATE TABLE events AS
    SELECT TIMESTAMP '2023-01-01' + to_seconds(i * 31) AS ts,
           ['north', 'south', 'east', 'west', 'center'][1 + i % 5] AS region,
           'c' || (i % 20) AS category,
           (i % 1000) / 10.0 AS value
    FROM range(${ROWS}) t(i)`);
  return {
    engine: 'duckdb',
    uri: `duckdb:///${file}`,
    schema: 'main',
    table: 'events',
    raw: async (sql) => (await connection.runAndReadAll(sql)).getRows().length,
    close: async () => {
      connection.closeSync();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

async function postgresTarget(url: string): Promise<Target> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const table = `nezha_bench_events_${randomBytes(3).toString('hex')}`;
  await client.query(`CREATE TABLE ${table} AS
    SELECT TIMESTAMP '2023-01-01' + i * INTERVAL '31 seconds' AS ts,
           (ARRAY['north', 'south', 'east', 'west', 'center'])[1 + i % 5] AS region,
           'c' || (i % 20) AS category,
           (i % 1000) / 10.0 AS value
    FROM generate_series(0, ${ROWS - 1}) AS t(i)`);
  await client.query(`ANALYZE ${table}`);
  return {
    engine: 'postgresql',
    uri: url,
    schema: 'public',
    table,
    raw: async (sql) => (await client.query(sql)).rows.length,
    close: async () => {
      await client.query(`DROP TABLE IF EXISTS ${table}`);
      await client.end();
    },
  };
}

async function json(response: Response, what: string): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} failed: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

async function registerDataset(server: BenchServer, target: Target): Promise<number> {
  const database = await json(
    await server.call('POST', '/api/v1/database/', {
      database_name: `chart-bench-${target.engine}`,
      sqlalchemy_uri: target.uri,
    }),
    'registering the database',
  );
  const dataset = await json(
    await server.call('POST', '/api/v1/dataset/', {
      database: database.id,
      schema: target.schema,
      table_name: target.table,
    }),
    'registering the dataset',
  );
  return dataset.id as number;
}

/** Weekly sums and counts of the five regions over the year: what a time-series bar chart asks. */
function chartBody(datasetId: number, force: boolean) {
  return {
    datasource: { id: datasetId, type: 'table' },
    force,
    queries: [
      {
        columns: [
          {
            columnType: 'BASE_AXIS',
            sqlExpression: 'ts',
            label: 'ts',
            isColumnReference: true,
            expressionType: 'SQL',
            timeGrain: 'P1W',
          },
          'region',
        ],
        metrics: [
          { expressionType: 'SIMPLE', column: { column_name: 'value' }, aggregate: 'SUM', label: 'total' },
          'count',
        ],
        filters: [{ col: 'ts', op: 'TEMPORAL_RANGE', val: '2023-01-01 : 2024-01-01' }],
        orderby: [['total', false]],
        series_limit: 5,
        row_limit: 10000,
      },
    ],
  };
}

async function chartRows(server: BenchServer, datasetId: number, force: boolean): Promise<number> {
  const body = await json(await server.call('POST', '/api/v1/chart/data', chartBody(datasetId, force)), 'chart data');
  return ((body.result as Array<{ rowcount: number }>)[0] as { rowcount: number }).rowcount;
}

/** Medians of the two tasks run turn about, so that a busy machine slows both alike. */
async function interleavedMedians(a: () => Promise<void>, b: () => Promise<void>): Promise<[number, number]> {
  await a();
  await b();
  const times: [number[], number[]] = [[], []];
  for (let run = 0; run < RUNS; run += 1) {
    for (const [at, task] of [a, b].entries()) {
      const started = performance.now();
      await task();
      times[at as 0 | 1].push(performance.now() - started);
    }
  }
  const median = (list: number[]) => list.sort((x, y) => x - y)[Math.floor(list.length / 2)] ?? Number.NaN;
  return [median(times[0]), median(times[1])];
}

async function ratePerSecond(count: number, clients: number, task: () => Promise<void>): Promise<number> {
  return (await rateAndLatency(count, clients, task)).rate;
}

/** Requests per second and the 99th percentile latency of `count` calls made by `clients` at once. */
async function rateAndLatency(
  count: number,
  clients: number,
  task: () => Promise<void>,
): Promise<{ rate: number; p99: number }> {
  let left = count;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (left > 0) {
        left -= 1;
        const at = performance.now();
        await task();
        latencies.push(performance.now() - at);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    rate: count / ((performance.now() - started) / 1000),
    p99: latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? Number.NaN,
  };
}

/** A plain Node server answering every request with the same bytes and headers: the floor for a cache hit. */
async function plainServer(body: Buffer, headers: Record<string, string>): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { ...headers, 'content-length': String(body.length) });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/api/v1/chart/data`, server };
}

interface FloorLine {
  engine: string;
  bytes: number;
  nezha: { rate: number; p99: number };
  floor: { rate: number; p99: number };
}

const AUTOCANNON = fileURLToPath(new URL('../node_modules/autocannon/autocannon.js', import.meta.url));

/**
 * POSTs for `ROUND_SECONDS` by 50 connections from autocannon in a process of its own, so the load generator does
 * not share this process's event loop with the servers it measures.
 */
async function autocannon(url: string, headers: Record<string, string>, body: string) {
  const args = [AUTOCANNON, '-j', '-c', String(CONCURRENT_CLIENTS), '-d', String(ROUND_SECONDS), '-m', 'POST'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push('-b', body, url);
  const { stdout } = await execFileAsync(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const report = JSON.parse(stdout) as {
    requests: { average: number; total: number };
    latency: { p99: number };
    duration: number;
    non2xx: number;
    errors: number;
  };
  if (report.non2xx > 0 || report.errors > 0) {
    throw new Error(`autocannon on ${url}: ${report.non2xx} answers not 2xx, ${report.errors} errors`);
  }
  return { rate: report.requests.total / report.duration, p99: report.latency.p99 };
}

/**
 * Cached chart data with 50 connections against a plain server sending the same bytes (gzip or brotli, as a browser
 * asks), in rounds taking turns; the medians of the rounds.
 */
async function cachedAgainstFloor(server: BenchServer, datasetId: number, engine: string): Promise<FloorLine> {
  const body = JSON.stringify(chartBody(datasetId, false));
  const headers = { 'content-type': 'application/json', 'accept-encoding': 'gzip, br' };
  const signedIn = { ...headers, cookie: server.cookie, 'x-csrftoken': server.csrf };
  // Warm: computed, then kept in the chart cache, then kept as bytes.
  for (let i = 0; i < 3; i += 1) {
    await (await fetch(`${server.url}/api/v1/chart/data`, { method: 'POST', headers: signedIn, body })).arrayBuffer();
  }
  const sample = await fetch(`${server.url}/api/v1/chart/data`, { method: 'POST', headers: signedIn, body });
  const bytes = Buffer.from(await sample.arrayBuffer());
  const encoding = sample.headers.get('content-encoding');
  // fetch decodes: the floor sends the plain bytes encoded the way Nezha sent them.
  const wire = encoding === 'br' ? brotliCompressSync(bytes) : encoding === 'gzip' ? gzipSync(bytes) : bytes;
  const plain = await plainServer(wire, {
    'content-type': 'application/json; charset=utf-8',
    ...(encoding ? { 'content-encoding': encoding } : {}),
  });
  const rounds: { nezha: Array<{ rate: number; p99: number }>; floor: Array<{ rate: number; p99: number }> } = {
    nezha: [],
    floor: [],
  };
  try {
    for (let round = 0; round < FLOOR_ROUNDS; round += 1) {
      rounds.nezha.push(await autocannon(`${server.url}/api/v1/chart/data`, signedIn, body));
      rounds.floor.push(await autocannon(plain.url, headers, body));
    }
  } finally {
    plain.server.closeAllConnections();
    await new Promise((resolve) => plain.server.close(resolve));
  }
  const median = (list: Array<{ rate: number; p99: number }>) => ({
    rate: list.map((x) => x.rate).sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? Number.NaN,
    p99: list.map((x) => x.p99).sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? Number.NaN,
  });
  return { engine, bytes: wire.length, nezha: median(rounds.nezha), floor: median(rounds.floor) };
}

function floorTable(lines: FloorLine[]): string {
  return lines
    .map((line) => {
      const share = line.nezha.rate / line.floor.rate;
      return [
        `  ${line.engine}: ${line.bytes} bytes on the wire, ${CONCURRENT_CLIENTS} connections (autocannon)`,
        `    nezha ${line.nezha.rate.toFixed(0)} req/s, p99 ${line.nezha.p99.toFixed(1)} ms` +
          `   plain node ${line.floor.rate.toFixed(0)} req/s, p99 ${line.floor.p99.toFixed(1)} ms`,
        `    share of the floor ${(share * 100).toFixed(1)} % (goal ≥ ${FLOOR_SHARE_GOAL * 100} %: ${share >= FLOOR_SHARE_GOAL ? 'met' : 'missed'})` +
          `   p99 (goal ≤ ${P99_GOAL_MS} ms: ${line.nezha.p99 <= P99_GOAL_MS ? 'met' : 'missed'})`,
      ].join('\n');
    })
    .join('\n');
}

interface ChartBenchLine {
  engine: string;
  rows: number;
  rawMs: number;
  apiMs: number;
  cachedSequential: number;
  cachedConcurrent: number;
}

function table(lines: ChartBenchLine[]): string {
  const header = [
    'engine',
    'result rows',
    'raw ms',
    'api ms (uncached)',
    'ratio',
    `≤ ${GOAL_RATIO}`,
    'cached req/s',
    `cached req/s × ${CONCURRENT_CLIENTS}`,
  ];
  const cells = lines.map((line) => {
    const ratio = line.apiMs / line.rawMs;
    return [
      line.engine,
      String(line.rows),
      line.rawMs.toFixed(1),
      line.apiMs.toFixed(1),
      ratio.toFixed(2),
      ratio <= GOAL_RATIO ? 'yes' : 'no',
      line.cachedSequential.toFixed(0),
      line.cachedConcurrent.toFixed(0),
    ];
  });
  const widths = header.map((title, at) => Math.max(title.length, ...cells.map((row) => row[at]?.length ?? 0)));
  const format = (row: string[]) => row.map((cell, at) => cell.padStart(widths[at] ?? 0)).join('  ');
  return [format(header), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.map(format)].join('\n');
}

export async function runChartDataBench(): Promise<BenchRow[]> {
  const server = await startBenchServer();
  const postgresUrl = process.env.NEZHA_BENCH_POSTGRES_URL || process.env.NEZHA_TEST_POSTGRES_URL;
  const targets = [await duckdbTarget()];
  if (postgresUrl) targets.push(await postgresTarget(postgresUrl));
  else console.log('chart-data: PostgreSQL skipped (set NEZHA_BENCH_POSTGRES_URL or NEZHA_TEST_POSTGRES_URL)');
  const lines: ChartBenchLine[] = [];
  const floors: FloorLine[] = [];
  try {
    for (const target of targets) {
      const datasetId = await registerDataset(server, target);
      // The SQL the API runs, with its values inlined, is what the raw driver runs too.
      const query = await json(
        await server.call('POST', '/api/v1/chart/data', { ...chartBody(datasetId, false), result_type: 'query' }),
        'result_type query',
      );
      const sql = ((query.result as Array<{ query: string }>)[0] as { query: string }).query;
      const rows = await target.raw(sql);
      const [rawMs, apiMs] = await interleavedMedians(
        async () => {
          await target.raw(sql);
        },
        async () => {
          const got = await chartRows(server, datasetId, true);
          if (got !== rows) throw new Error(`api: ${got} rows, the driver ${rows}`);
        },
      );
      await chartRows(server, datasetId, false);
      const cachedSequential = await ratePerSecond(SEQUENTIAL_REQUESTS, 1, async () => {
        await chartRows(server, datasetId, false);
      });
      const cachedConcurrent = await ratePerSecond(CONCURRENT_REQUESTS, CONCURRENT_CLIENTS, async () => {
        await chartRows(server, datasetId, false);
      });
      lines.push({ engine: target.engine, rows, rawMs, apiMs, cachedSequential, cachedConcurrent });
      floors.push(await cachedAgainstFloor(server, datasetId, target.engine));
    }
  } finally {
    for (const target of targets) await target.close();
    await server.close();
  }
  console.log(
    `\nchart data (${ROWS.toLocaleString('en-US')} source rows, median of ${RUNS} runs, raw and API taking turns, after a warm-up)\n${table(lines)}\n`,
  );
  console.log(
    `cached chart data against a plain Node server sending the same bytes (median of ${FLOOR_ROUNDS} rounds taking turns, ${ROUND_SECONDS} s each)\n${floorTable(floors)}\n`,
  );
  return lines.map((line) => ({
    bench: 'chart-data',
    case: line.engine,
    rows: line.rows,
    rawMs: line.rawMs,
    apiMs: line.apiMs,
    goal: GOAL_RATIO,
  }));
}
