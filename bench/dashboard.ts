// A 50-chart dashboard over the example data opened in Chromium: navigation → every chart rendered, over the
// slowest of its chart queries asked alone (goal: at most 1.5), and the statements the database ran (goal: one per
// distinct query).
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/browser.js';
import type { EngineConnection } from '../packages/server/src/engines/types.js';
import { createExampleContent } from '../packages/server/src/examples/example-dashboards.js';
import { loadExamples } from '../packages/server/src/examples/index.js';
import { EXAMPLES_FILE, registerExamplesDatabase } from '../packages/server/src/examples/register.js';
import { CHART_COUNT, createDashboard, datasetIds, json, singleChartDashboard, TABLES } from './dashboard-fixture.js';
import type { BenchRow } from './sqllab.js';
import { type BenchServer, medianMs, startBenchServer } from './support.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** Timed page loads, each on a cold chart cache. */
const LOADS = 3;
const SINGLE_RUNS = 5;
const GOAL_RATIO = 1.5;
/** Four charts a row, 400 px high: a viewport this tall shows all 50 at once, so every chart asks on opening. */
const VIEWPORT = { width: 1600, height: 6400 };

/** Every statement the examples database runs, counted where the engine connection takes it. */
function countStatements(server: BenchServer): { statements: string[] } {
  const seen = { statements: [] as string[] };
  const manager = server.ctx.connections;
  const original = manager.forDatabase.bind(manager);
  manager.forDatabase = async (row) => {
    const connection = await original(row);
    return new Proxy(connection, {
      get(target, property, receiver) {
        if (property === 'execute' || property === 'stream') {
          const method = Reflect.get(target, property, receiver) as (sql: string, options?: unknown) => unknown;
          return (sql: string, options?: { params?: unknown }) => {
            seen.statements.push(JSON.stringify([sql, options?.params ?? null]));
            return method.call(target, sql, options);
          };
        }
        const value = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as EngineConnection;
  };
  return seen;
}

/** The page's batch replayed without a browser on a cold cache: when the server wrote its first and last line. */
async function batchAlone(server: BenchServer, dashboardId: number, payloads: Map<string, unknown>) {
  const started = performance.now();
  const response = await server.call('POST', `/api/v1/dashboard/${dashboardId}/chart_data`, {
    queries: [...payloads].map(([key, payload]) => ({ key, payload })),
  });
  if (!response.ok || !response.body) throw new Error(`the batch failed: ${response.status}`);
  let first = Number.NaN;
  let lines = 0;
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const count = (decoder.decode(read.value, { stream: true }).match(/\n/g) ?? []).length;
    if (count > 0 && lines === 0) first = performance.now() - started;
    lines += count;
  }
  if (lines !== payloads.size) throw new Error(`the batch answered ${lines} lines for ${payloads.size} charts`);
  return { first, last: performance.now() - started };
}

/** A new description changes each dataset's changed_on, which is part of every chart cache key: a cold cache. */
async function coldCache(server: BenchServer, datasets: Map<string, number>, round: number): Promise<void> {
  for (const id of datasets.values()) {
    await json(
      await server.call('PUT', `/api/v1/dataset/${id}`, { description: `Benchmark round ${round}` }),
      'touching a dataset',
    );
  }
}

/** Milliseconds from navigation to: the first and the last chart's data, the first and the last chart drawn. */
interface PageTimes {
  firstData: number;
  allData: number;
  first: number;
  all: number;
  /** When the dashboard's charts list arrived (the last call before the grid draws). */
  chartsListed: number;
  /** When the page sent its first chart data batch. */
  batchSent: number;
}

interface PageLoad {
  times: PageTimes;
  /** The chart data payloads the page sent, by chart. */
  payloads: Map<string, unknown>;
}

/**
 * Records, inside the page, when the first and the last of the charts reached 'rendered' (performance.now() counts
 * from navigation). Plain text, because tsx's compiled functions call a name helper the page does not have.
 */
function chartWatcher(expected: number): string {
  return `(() => {
    const bench = { first: null, firstData: null, allData: null, all: null, failed: [] };
    window.__bench = bench;
    const check = () => {
      const charts = Array.from(document.querySelectorAll('[data-chart-status]'));
      const rendered = charts.filter((chart) => chart.getAttribute('data-chart-status') === 'rendered').length;
      const answered = charts.filter((chart) => ['success', 'rendered'].includes(chart.getAttribute('data-chart-status'))).length;
      const now = performance.now();
      if (answered > 0 && bench.firstData === null) bench.firstData = now;
      if (answered === ${expected} && bench.allData === null) bench.allData = now;
      if (rendered > 0 && bench.first === null) bench.first = now;
      bench.failed = charts
        .filter((chart) => chart.getAttribute('data-chart-status') === 'failed')
        .map((chart) => chart.getAttribute('data-chart-id'));
      if (charts.length === ${expected} && rendered === ${expected} && bench.all === null) bench.all = performance.now();
    };
    new MutationObserver(check).observe(document, { attributes: true, subtree: true, childList: true });
  })();`;
}

interface ProfileNode {
  id: number;
  hitCount?: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** The functions the page spent most of its own time in, from a CDP CPU profile (NEZHA_BENCH_PROFILE=1). */
function topSelfTime(profile: { nodes: ProfileNode[]; startTime: number; endTime: number; samples?: number[] }) {
  const samples = profile.samples?.length ?? 1;
  const msPerSample = (profile.endTime - profile.startTime) / 1000 / samples;
  const totals = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}`;
    totals.set(name, (totals.get(name) ?? 0) + (node.hitCount ?? 0) * msPerSample);
  }
  return [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30);
}

/** Self time summed by script file (chunk), and the engine's own kinds of work ((program), (garbage collector)). */
function selfTimeByScript(profile: { nodes: ProfileNode[]; startTime: number; endTime: number; samples?: number[] }) {
  const samples = profile.samples?.length ?? 1;
  const msPerSample = (profile.endTime - profile.startTime) / 1000 / samples;
  const totals = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url } = node.callFrame;
    const name = url ? (url.split('/').pop() ?? url) : functionName || '(native)';
    totals.set(name, (totals.get(name) ?? 0) + (node.hitCount ?? 0) * msPerSample);
  }
  return [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15);
}

/** The profile cut into periods: each period's three functions with the most self time, to read a timeline. */
function selfTimeByPeriod(
  profile: { nodes: ProfileNode[]; startTime: number; samples?: number[]; timeDeltas?: number[] },
  periodMs: number,
): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const periods: Array<Map<string, number>> = [];
  let at = 0;
  const samples = profile.samples ?? [];
  for (const [index, id] of samples.entries()) {
    const delta = (profile.timeDeltas?.[index] ?? 0) / 1000;
    at += delta;
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}`;
    const period = Math.floor(at / periodMs);
    const totals = periods[period] ?? new Map<string, number>();
    periods[period] = totals;
    const next = (profile.timeDeltas?.[index + 1] ?? 0) / 1000;
    totals.set(name, (totals.get(name) ?? 0) + next);
  }
  return periods.map((totals, period) => {
    const busy = [...totals].filter(([name]) => !name.startsWith('(idle)')).reduce((sum, [, ms]) => sum + ms, 0);
    const top = [...totals]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
      .join(' | ');
    return `${String(period * periodMs).padStart(5)} ms  busy ${busy.toFixed(0).padStart(3)}  ${top}`;
  });
}

async function openDashboard(
  context: BrowserContext,
  url: string,
  profiled = false,
  expected = CHART_COUNT,
): Promise<PageLoad> {
  const page = await context.newPage();
  const cdp = profiled ? await context.newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const payloads = new Map<string, unknown>();
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !/\/api\/v1\/dashboard\/\d+\/chart_data/.test(request.url())) return;
    const body = JSON.parse(request.postData() ?? '{}') as { queries?: Array<{ key: string; payload: unknown }> };
    for (const query of body.queries ?? []) payloads.set(query.key, query.payload);
  });
  try {
    await page.addInitScript({ content: chartWatcher(expected) });
    await page.goto(url);
    const handle = await page
      .waitForFunction(
        () => {
          const bench = (window as unknown as { __bench: { all: number | null; failed: string[] } }).__bench;
          return bench.all !== null || bench.failed.length > 0 ? bench : null;
        },
        null,
        { timeout: 120_000 },
      )
      .catch(async (error: unknown) => {
        const states = await page.$$eval('[data-chart-status]', (charts) =>
          charts.map((chart) => `${chart.getAttribute('data-chart-id')}:${chart.getAttribute('data-chart-status')}`),
        );
        const picture = path.join(tmpdir(), 'nezha-bench-dashboard.png');
        await page.screenshot({ path: picture }).catch(() => undefined);
        throw new Error(`the charts did not all render (${states.join(' ')}; picture ${picture}): ${String(error)}`);
      });
    const result = (await handle.jsonValue()) as Omit<PageTimes, 'batchSent'> & { failed: string[] };
    if (cdp) {
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
        profile: {
          nodes: ProfileNode[];
          startTime: number;
          endTime: number;
          samples?: number[];
          timeDeltas?: number[];
        };
      };
      console.log('self time of the page (ms), one profiled load:');
      for (const [name, ms] of topSelfTime(profile)) console.log(`  ${ms.toFixed(0).padStart(6)}  ${name}`);
      console.log('self time by script (ms):');
      for (const [name, ms] of selfTimeByScript(profile)) console.log(`  ${ms.toFixed(0).padStart(6)}  ${name}`);
      console.log('where the time went, by 100 ms since the profile started (top self time in each):');
      for (const line of selfTimeByPeriod(profile, 100)) console.log(`  ${line}`);
    }
    if (result.failed.length > 0) throw new Error(`charts failed to render: ${result.failed.join(', ')}`);
    const [chartsListed, batchSent] = (await page.evaluate(`(() => {
      const entries = performance.getEntriesByType('resource');
      const charts = entries.find((entry) => /\\/api\\/v1\\/dashboard\\/\\d+\\/charts/.test(entry.name));
      const batch = entries.filter((entry) => entry.name.includes('/chart_data')).map((entry) => entry.startTime);
      return [charts ? charts.responseEnd : NaN, Math.min(...batch)];
    })()`)) as [number, number];
    return { times: { ...result, chartsListed, batchSent }, payloads };
  } finally {
    await page.close();
  }
}

/** The query objects of a payload: what the database is asked, whatever chart asks it. */
const queriesOf = (payload: unknown) => JSON.stringify((payload as { queries?: unknown }).queries ?? null);

/** The slowest chart query of the page, each distinct one asked alone with force (median of several), and its chart. */
async function slowestSingleQuery(
  server: BenchServer,
  payloads: Map<string, unknown>,
): Promise<{ ms: number; chartId: number }> {
  const distinct = new Map<string, [string, unknown]>();
  for (const [key, payload] of payloads) distinct.set(queriesOf(payload), [key, payload]);
  let slowest = 0;
  let chartId = 0;
  for (const [key, payload] of distinct.values()) {
    const ms = await medianMs(SINGLE_RUNS, async () => {
      await json(
        await server.call('POST', '/api/v1/chart/data', { ...(payload as Record<string, unknown>), force: true }),
        'a chart query',
      );
    });
    if (ms > slowest) {
      slowest = ms;
      chartId = Number(key);
    }
  }
  return { ms: slowest, chartId };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export async function runDashboardBench(): Promise<BenchRow[]> {
  if (!existsSync(CHROMIUM_PATH)) {
    console.log(`dashboard: skipped, Chromium is not at ${CHROMIUM_PATH} (apt-get install chromium)`);
    return [];
  }
  const webDist = path.join(repoRoot, 'packages/web/dist');
  if (!existsSync(path.join(webDist, 'index.html'))) throw new Error('packages/web/dist is missing: npm run build');
  const server = await startBenchServer({ NEZHA_WEB_DIST: webDist });
  const profile = await mkdtemp(path.join(tmpdir(), 'nezha-bench-chromium-'));
  let context: BrowserContext | null = null;
  try {
    await loadExamples({ databasePath: path.join(server.home, EXAMPLES_FILE), only: TABLES });
    await registerExamplesDatabase(server.ctx.store);
    await createExampleContent(server.ctx);
    const datasets = await datasetIds(server);
    const dashboardId = await createDashboard(server, datasets);
    const counter = countStatements(server);

    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: VIEWPORT,
    });
    // The context keeps the login CSRF cookie this sets, as a browser on the login page would.
    const form = await context.request.get(`${server.url}/api/v1/security/csrf_token/`);
    const { result: csrfToken } = (await form.json()) as { result: string };
    const login = await context.request.post(`${server.url}/login/`, {
      data: { username: 'admin', password: 'bench-admin-password' },
      headers: { 'x-csrftoken': csrfToken },
    });
    if (!login.ok()) throw new Error(`browser login failed: ${login.status()}`);
    const url = `${server.url}/nezha/dashboard/${dashboardId}/`;

    // The warm-up brings the app's scripts into the browser cache and the tables into DuckDB's memory.
    await openDashboard(context, url);
    const loads: Array<PageLoad & { statements: number; distinctStatements: number }> = [];
    for (let round = 1; round <= LOADS; round += 1) {
      await coldCache(server, datasets, round);
      const before = counter.statements.length;
      const load = await openDashboard(context, url);
      const statements = counter.statements.slice(before);
      loads.push({ ...load, statements: statements.length, distinctStatements: new Set(statements).size });
    }
    if (process.env.NEZHA_BENCH_PROFILE === '1') {
      // One more load, profiled (the profiler slows it, so it is not one of the timed ones).
      await coldCache(server, datasets, 0);
      await openDashboard(context, url, true);
    }
    const payloads = loads[0]?.payloads ?? new Map<string, unknown>();
    if (payloads.size !== CHART_COUNT) throw new Error(`the page asked for ${payloads.size} charts`);
    const distinctQueries = new Set([...payloads.values()].map(queriesOf)).size;
    await coldCache(server, datasets, LOADS + 1);
    const batch = await batchAlone(server, dashboardId, payloads);
    const slowest = await slowestSingleQuery(server, payloads);
    const slowestMs = slowest.ms;
    // The same page with only the slowest chart on it: what 49 more charts cost over the page itself.
    const singleUrl = `${server.url}/nezha/dashboard/${await singleChartDashboard(server, slowest.chartId)}/`;
    const singles: number[] = [];
    for (let round = 1; round <= LOADS; round += 1) {
      await coldCache(server, datasets, LOADS + 1 + round);
      singles.push((await openDashboard(context, singleUrl, false, 1)).times.all);
    }
    const singleMs = median(singles);

    const at = (pick: (times: PageTimes) => number) => median(loads.map((load) => pick(load.times)));
    const allMs = at((times) => times.all);
    const ratio = allMs / slowestMs;
    const ms = (value: number) => `${value.toFixed(0)} ms`.padStart(9);
    console.log(
      [
        '',
        `dashboard: ${CHART_COUNT} charts (${distinctQueries} distinct queries) on the DuckDB examples, viewport ${VIEWPORT.width}×${VIEWPORT.height} (all charts in view), median of ${LOADS} cold-cache loads`,
        `  navigation → the dashboard's charts     ${ms(at((times) => times.chartsListed))}   (GET …/charts answered)`,
        `  navigation → chart data batch sent      ${ms(at((times) => times.batchSent))}`,
        `  navigation → first chart's data         ${ms(at((times) => times.firstData))}`,
        `  navigation → first chart rendered       ${ms(at((times) => times.first))}`,
        `  navigation → every chart's data         ${ms(at((times) => times.allData))}`,
        `  navigation → all charts rendered        ${ms(allMs)}   (loads: ${loads.map((load) => load.times.all.toFixed(0)).join(', ')})`,
        `  the batch alone, no browser: first line ${ms(batch.first)}, last line ${ms(batch.last)}`,
        `  slowest single chart query alone        ${ms(slowestMs)}   (force, median of ${SINGLE_RUNS})`,
        `  ratio all rendered / slowest query      ${ratio.toFixed(2).padStart(9)}   (goal ≤ ${GOAL_RATIO}: ${ratio <= GOAL_RATIO ? 'met' : 'missed'})`,
        `  the slowest chart alone on a dashboard  ${ms(singleMs)}   (navigation → rendered; loads: ${singles.map((value) => value.toFixed(0)).join(', ')})`,
        `  ratio all rendered / that one chart     ${(allMs / singleMs).toFixed(2).padStart(9)}   (goal ≤ ${GOAL_RATIO}: ${allMs / singleMs <= GOAL_RATIO ? 'met' : 'missed'})`,
        `  statements the database ran a load      ${loads.map((load) => load.statements).join(', ')}   (distinct: ${loads.map((load) => load.distinctStatements).join(', ')}; goal: ${distinctQueries}, one per distinct query)`,
        '',
      ].join('\n'),
    );
    return [
      {
        bench: 'dashboard',
        case: `${CHART_COUNT} charts: all rendered / slowest query`,
        rows: CHART_COUNT,
        rawMs: slowestMs,
        apiMs: allMs,
        goal: GOAL_RATIO,
      },
      {
        bench: 'dashboard',
        case: `${CHART_COUNT} charts / the slowest chart alone, both in Chromium`,
        rows: CHART_COUNT,
        rawMs: singleMs,
        apiMs: allMs,
        goal: GOAL_RATIO,
      },
    ];
  } finally {
    await context?.close();
    await rm(profile, { recursive: true, force: true });
    await server.close();
  }
}
