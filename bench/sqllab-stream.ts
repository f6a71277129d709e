// SQL Lab's streamed answers, measured against a server in its own process (so its memory is its own): the full
// answer over the raw driver, the first byte as a share of the full time, the server's peak memory over the size of
// the answer, /health while a 1M-row query runs, compressed sizes, and a 10M-row answer's peak memory.
import {
  agent,
  type Child,
  childCall,
  execute,
  resetPeak,
  startChild,
  statusKb,
  stopChild,
  type Timed,
  timedRequest,
} from './child-server.js';
import { type BenchRow, duckdbTarget, postgresTarget, registerDatabase, type Target } from './sqllab.js';

const MILLION = 1_000_000;
const TEN_MILLION = 10_000_000;
const RUNS = 3;
const MB = 2 ** 20;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.99) - 1] ?? Number.NaN;

/** /health answered back to back (5 ms apart) until `until` settles; returns each answer's time. */
async function healthTimes(child: Child, until: Promise<unknown> | number): Promise<number[]> {
  const times: number[] = [];
  let done = false;
  if (typeof until !== 'number') void until.finally(() => (done = true));
  while (typeof until === 'number' ? times.length < until : !done) {
    const timed = await timedRequest(child, 'GET', '/health');
    times.push(timed.totalMs);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return times;
}

const lines: string[] = [];
const note = (line: string) => {
  lines.push(line);
  console.log(`  ${line}`);
};

async function engineFigures(child: Child, target: Target, results: BenchRow[]): Promise<void> {
  const databaseId = await registerDatabase({ call: childCall(child) }, target);
  const sql = target.sql(MILLION);
  // Warm both paths once, then interleave: raw, API, raw, API…
  await target.raw(sql);
  await execute(child, databaseId, sql, MILLION);
  const raw: number[] = [];
  const api: Timed[] = [];
  const peaks: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    let started = performance.now();
    const count = await target.raw(sql);
    raw.push(performance.now() - started);
    if (count !== MILLION) throw new Error(`raw read ${count} rows`);
    const idle = statusKb(child.pid, 'VmRSS');
    resetPeak(child.pid);
    started = performance.now();
    api.push(await execute(child, databaseId, sql, MILLION));
    peaks.push(statusKb(child.pid, 'VmHWM') - idle);
  }
  const rawMs = median(raw);
  const fullMs = median(api.map((timed) => timed.totalMs));
  const firstMs = median(api.map((timed) => timed.firstByteMs));
  const jsonMb = (api[0]?.bytes ?? 0) / MB;
  const peakMb = median(peaks) / 1024;
  results.push({
    bench: 'sqllab-stream',
    case: `${target.engine} full answer / raw`,
    rows: MILLION,
    rawMs,
    apiMs: fullMs,
    goal: 1.2,
  });
  results.push({
    bench: 'sqllab-stream',
    case: `${target.engine} first byte / full (ms)`,
    rows: MILLION,
    rawMs: fullMs,
    apiMs: firstMs,
    goal: 0.1,
  });
  results.push({
    bench: 'sqllab-stream',
    case: `${target.engine} server peak MB / JSON MB`,
    rows: MILLION,
    rawMs: jsonMb,
    apiMs: peakMb,
    goal: 2,
  });
  note(
    `${target.engine} 1M × 3: raw ${rawMs.toFixed(0)} ms, API ${fullMs.toFixed(0)} ms (first byte ${firstMs.toFixed(0)} ms), ` +
      `JSON ${jsonMb.toFixed(1)} MB, server RSS +${peakMb.toFixed(0)} MB over idle at peak (medians of ${RUNS})`,
  );

  if (target.engine !== 'duckdb') return;
  const columnar = await execute(child, databaseId, sql, MILLION, { accept: 'application/x-ndjson' });
  note(`duckdb 1M columnar NDJSON: ${(columnar.bytes / MB).toFixed(1)} MB in ${columnar.totalMs.toFixed(0)} ms`);
  for (const encoding of ['gzip', 'br']) {
    const packed = await execute(child, databaseId, sql, MILLION, { 'accept-encoding': encoding });
    results.push({
      bench: 'sqllab-stream',
      case: `duckdb ${encoding} MB / JSON MB`,
      rows: MILLION,
      rawMs: jsonMb,
      apiMs: packed.bytes / MB,
      goal: 0.5,
    });
    note(
      `duckdb 1M JSON ${encoding} (${packed.encoding}): ${(packed.bytes / MB).toFixed(1)} MB of ${jsonMb.toFixed(1)} MB ` +
        `in ${packed.totalMs.toFixed(0)} ms (plain ${fullMs.toFixed(0)} ms)`,
    );
  }

  const idle = await healthTimes(child, 200);
  const query = execute(child, databaseId, sql, MILLION);
  const loaded = await healthTimes(child, query);
  await query;
  results.push({
    bench: 'sqllab-stream',
    case: '/health p99 during 1M / 20 ms',
    rows: MILLION,
    rawMs: 20,
    apiMs: p99(loaded),
    goal: 1,
  });
  note(
    `/health: idle p99 ${p99(idle).toFixed(1)} ms (median ${median(idle).toFixed(1)}), during a 1M-row answer ` +
      `p99 ${p99(loaded).toFixed(1)} ms (median ${median(loaded).toFixed(1)}, max ${Math.max(...loaded).toFixed(1)}, ${loaded.length} calls)`,
  );

  const tenSql = `SELECT range AS i, range * 2 AS j, 'x' || range AS s FROM range(${TEN_MILLION})`;
  const before = statusKb(child.pid, 'VmRSS');
  resetPeak(child.pid);
  const ten = await execute(child, databaseId, tenSql, TEN_MILLION);
  const peak = statusKb(child.pid, 'VmHWM');
  results.push({
    bench: 'sqllab-stream',
    case: 'duckdb 10M server peak RSS MB / 500',
    rows: TEN_MILLION,
    rawMs: 500,
    apiMs: peak / 1024,
    goal: 1,
  });
  note(
    `duckdb 10M × 3: ${(ten.bytes / MB).toFixed(0)} MB JSON in ${(ten.totalMs / 1000).toFixed(1)} s, first byte ` +
      `${ten.firstByteMs.toFixed(0)} ms; server RSS ${(before / 1024).toFixed(0)} MB before, peak ${(peak / 1024).toFixed(0)} MB`,
  );
}

export async function runSqlLabStreamBench(): Promise<BenchRow[]> {
  const child = await startChild({
    SQL_MAX_ROW: String(TEN_MILLION),
    SQLLAB_TIMEOUT: '3600',
  });
  const postgresUrl = process.env.NEZHA_BENCH_POSTGRES_URL || process.env.NEZHA_TEST_POSTGRES_URL;
  const targets = [await duckdbTarget()];
  if (postgresUrl) targets.push(await postgresTarget(postgresUrl));
  else note('PostgreSQL skipped (set NEZHA_BENCH_POSTGRES_URL or NEZHA_TEST_POSTGRES_URL)');
  const results: BenchRow[] = [];
  try {
    for (const target of targets) await engineFigures(child, target, results);
  } finally {
    for (const target of targets) await target.close();
    agent.destroy();
    await stopChild(child);
  }
  return results;
}
