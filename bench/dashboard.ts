// A 50-chart dashboard over the example data opened in Chromium: navigation → every chart rendered, over the
// slowest of its chart queries asked alone (goal: at most 2), and the statements the database ran (goal: one per
// distinct query).
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type DashboardLayout,
  emptyLayout,
  GRID_ID,
  type LayoutComponent,
  newComponent,
  serializeLayout,
  withParents,
} from '@nezha/core';
import { type BrowserContext, chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/browser.js';
import type { EngineConnection } from '../packages/server/src/engines/types.js';
import { createExampleContent } from '../packages/server/src/examples/example-dashboards.js';
import { loadExamples } from '../packages/server/src/examples/index.js';
import { EXAMPLES_FILE, registerExamplesDatabase } from '../packages/server/src/examples/register.js';
import type { BenchRow } from './sqllab.js';
import { type BenchServer, medianMs, startBenchServer } from './support.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** vega-datasets tables only, so the bench needs no NEZHA_EXAMPLES_DIR; flights_3m gives the heavy queries. */
const TABLES = ['flights_3m', 'seattle_weather', 'stocks', 'gapminder', 'cars'];
const CHART_COUNT = 50;
/** Timed page loads, each on a cold chart cache. */
const LOADS = 3;
const SINGLE_RUNS = 5;
const GOAL_RATIO = 2;
/** Four charts a row, 400 px high: a viewport this tall shows all 50 at once, so every chart asks on opening. */
const VIEWPORT = { width: 1600, height: 6400 };

type FormData = Record<string, unknown>;

interface ChartSpec {
  name: string;
  table: string;
  params: FormData;
  /** How many charts of the dashboard show this very chart (and so ask the identical query). */
  copies: number;
}

const metric = (aggregate: string, column: string) => ({
  expressionType: 'SIMPLE',
  column: { column_name: column },
  aggregate,
  label: `${aggregate}(${column})`,
  hasCustomLabel: false,
  optionName: `metric_${aggregate}_${column}`,
});
const COUNT = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'count', optionName: 'metric_count' };
const common = { adhoc_filters: [], time_range: 'No filter', extra_form_data: {} };

const bigNumber = (value: unknown): FormData => ({
  ...common,
  viz_type: 'big_number_total',
  metric: value,
  subheader: '',
  y_axis_format: 'SMART_NUMBER',
});
const pie = (groupby: string, value: unknown, rowLimit = 10): FormData => ({
  ...common,
  viz_type: 'pie',
  groupby: [groupby],
  metric: value,
  row_limit: rowLimit,
  sort_by_metric: true,
  donut: true,
  show_legend: false,
  show_labels: true,
  label_type: 'key',
  color_scheme: 'supersetColors',
});
const timeseries = (vizType: string, xAxis: string, grain: string, metrics: unknown[], groupby: string[] = []) => ({
  ...common,
  viz_type: vizType,
  x_axis: xAxis,
  time_grain_sqla: grain,
  metrics,
  groupby,
  ...(groupby.length > 0 ? { limit: 5 } : {}),
  row_limit: 10000,
  order_desc: true,
  show_legend: true,
  color_scheme: 'supersetColors',
  y_axis_format: 'SMART_NUMBER',
});
const table = (groupby: string[], metrics: unknown[], rowLimit = 100): FormData => ({
  ...common,
  viz_type: 'table',
  query_mode: 'aggregate',
  groupby,
  metrics,
  all_columns: [],
  percent_metrics: [],
  order_by_cols: [],
  row_limit: rowLimit,
  order_desc: true,
});
const wordCloud = (series: string, value: unknown): FormData => ({
  ...common,
  viz_type: 'word_cloud',
  series,
  metric: value,
  row_limit: 50,
  size_from: 10,
  size_to: 60,
  rotation: 'square',
  color_scheme: 'supersetColors',
});

/** 30 distinct charts; the copies make 50 charts, as when one chart sits on a dashboard beside its duplicates. */
const CHARTS: ChartSpec[] = [
  { name: 'Flights', table: 'flights_3m', params: bigNumber(COUNT), copies: 3 },
  { name: 'Average delay', table: 'flights_3m', params: bigNumber(metric('AVG', 'delay')), copies: 2 },
  { name: 'Flights by origin', table: 'flights_3m', params: pie('origin', COUNT), copies: 2 },
  {
    name: 'Daily delay',
    table: 'flights_3m',
    params: timeseries('echarts_timeseries_line', 'date', 'P1D', [metric('AVG', 'delay')]),
    copies: 2,
  },
  {
    name: 'Weekly flights of the busiest origins',
    table: 'flights_3m',
    params: timeseries('echarts_timeseries_bar', 'date', 'P1W', [COUNT], ['origin']),
    copies: 1,
  },
  {
    name: 'Routes',
    table: 'flights_3m',
    params: table(['origin', 'destination'], [COUNT, metric('AVG', 'delay')]),
    copies: 2,
  },
  { name: 'Longest flight', table: 'flights_3m', params: bigNumber(metric('MAX', 'distance')), copies: 1 },
  {
    name: 'Miles by destination',
    table: 'flights_3m',
    params: pie('destination', metric('SUM', 'distance')),
    copies: 1,
  },
  {
    name: 'Monthly miles',
    table: 'flights_3m',
    params: timeseries('echarts_area', 'date', 'P1M', [metric('SUM', 'distance')]),
    copies: 2,
  },
  {
    name: 'Distance by origin',
    table: 'flights_3m',
    params: table(['origin'], [metric('AVG', 'distance')]),
    copies: 1,
  },
  { name: 'Average high', table: 'seattle_weather', params: bigNumber(metric('AVG', 'temp_max')), copies: 2 },
  { name: 'Weather types', table: 'seattle_weather', params: pie('weather', COUNT), copies: 2 },
  {
    name: 'Monthly temperatures',
    table: 'seattle_weather',
    params: timeseries('echarts_timeseries_line', 'date', 'P1M', [
      metric('AVG', 'temp_max'),
      metric('AVG', 'temp_min'),
    ]),
    copies: 2,
  },
  {
    name: 'Monthly precipitation',
    table: 'seattle_weather',
    params: timeseries('echarts_timeseries_bar', 'date', 'P1M', [metric('SUM', 'precipitation')]),
    copies: 2,
  },
  { name: 'Wind by weather', table: 'seattle_weather', params: table(['weather'], [metric('AVG', 'wind')]), copies: 2 },
  { name: 'Strongest wind', table: 'seattle_weather', params: bigNumber(metric('MAX', 'wind')), copies: 1 },
  {
    name: 'Stock prices',
    table: 'stocks',
    params: timeseries('echarts_timeseries_line', 'date', 'P1M', [metric('AVG', 'price')], ['symbol']),
    copies: 2,
  },
  {
    name: 'Stock prices, stacked',
    table: 'stocks',
    params: timeseries('echarts_area', 'date', 'P1M', [metric('SUM', 'price')], ['symbol']),
    copies: 1,
  },
  { name: 'Average price', table: 'stocks', params: bigNumber(metric('AVG', 'price')), copies: 2 },
  { name: 'Price by symbol', table: 'stocks', params: pie('symbol', metric('AVG', 'price')), copies: 1 },
  {
    name: 'Price range',
    table: 'stocks',
    params: table(['symbol'], [metric('MAX', 'price'), metric('MIN', 'price')]),
    copies: 2,
  },
  { name: 'World population', table: 'gapminder', params: bigNumber(metric('SUM', 'pop')), copies: 2 },
  { name: 'Population by cluster', table: 'gapminder', params: pie('cluster', metric('SUM', 'pop')), copies: 2 },
  {
    name: 'Life expectancy',
    table: 'gapminder',
    params: table(['country'], [metric('AVG', 'life_expect')], 50),
    copies: 1,
  },
  { name: 'Countries', table: 'gapminder', params: wordCloud('country', metric('MAX', 'pop')), copies: 1 },
  { name: 'Fuel economy', table: 'cars', params: bigNumber(metric('AVG', 'Miles_per_Gallon')), copies: 2 },
  { name: 'Cars by origin', table: 'cars', params: pie('Origin', COUNT), copies: 2 },
  {
    name: 'Horsepower by origin and cylinders',
    table: 'cars',
    params: table(['Origin', 'Cylinders'], [metric('AVG', 'Horsepower')]),
    copies: 2,
  },
  {
    name: 'Weight over the years',
    table: 'cars',
    params: timeseries('echarts_timeseries_line', 'Year', 'P1Y', [metric('AVG', 'Weight_in_lbs')]),
    copies: 1,
  },
  {
    name: 'Cars a year by origin',
    table: 'cars',
    params: timeseries('echarts_timeseries_bar', 'Year', 'P1Y', [COUNT], ['Origin']),
    copies: 1,
  },
];

async function json(response: Response, what: string): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} failed: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

async function datasetIds(server: BenchServer): Promise<Map<string, number>> {
  const body = await json(
    await server.call('GET', `/api/v1/dataset/?q=${encodeURIComponent('(page_size:100)')}`),
    'listing the datasets',
  );
  const ids = new Map<string, number>();
  for (const item of body.result as Array<{ id: number; table_name: string }>) ids.set(item.table_name, item.id);
  for (const name of TABLES) if (!ids.has(name)) throw new Error(`the examples have no ${name} dataset`);
  return ids;
}

/** Every chart through POST /api/v1/chart/, then the dashboard placing them four to a row. */
async function createDashboard(server: BenchServer, datasets: Map<string, number>): Promise<number> {
  const chartIds: number[] = [];
  for (const spec of CHARTS) {
    const datasetId = datasets.get(spec.table) as number;
    for (let copy = 1; copy <= spec.copies; copy += 1) {
      const created = await json(
        await server.call('POST', '/api/v1/chart/', {
          slice_name: spec.copies > 1 ? `${spec.name} (${copy})` : spec.name,
          viz_type: spec.params.viz_type,
          datasource_id: datasetId,
          datasource_type: 'table',
          params: JSON.stringify({ ...spec.params, datasource: `${datasetId}__table` }),
        }),
        `creating the chart ${spec.name}`,
      );
      chartIds.push(created.id as number);
    }
  }
  if (chartIds.length !== CHART_COUNT) throw new Error(`${chartIds.length} charts made, not ${CHART_COUNT}`);
  // Copies sit apart, as duplicates on a real dashboard do, rather than side by side.
  const order = chartIds.map((id, index) => ({ id, key: (index * 17) % CHART_COUNT })).sort((a, b) => a.key - b.key);
  const layout: DashboardLayout = emptyLayout('Fifty charts');
  let row: LayoutComponent | null = null;
  order.forEach(({ id }, index) => {
    if (index % 4 === 0) {
      row = newComponent('ROW');
      layout[row.id] = row;
      const grid = layout[GRID_ID] as LayoutComponent;
      layout[GRID_ID] = { ...grid, children: [...grid.children, row.id] };
    }
    const chart = newComponent('CHART', { meta: { chartId: id, width: 3, height: 50 } });
    layout[chart.id] = chart;
    const current = layout[(row as LayoutComponent).id] as LayoutComponent;
    layout[current.id] = { ...current, children: [...current.children, chart.id] };
  });
  const dashboard = await json(
    await server.call('POST', '/api/v1/dashboard/', {
      dashboard_title: 'Fifty charts',
      slug: 'fifty-charts',
      published: true,
      position_json: JSON.stringify(serializeLayout(withParents(layout))),
    }),
    'creating the dashboard',
  );
  return dashboard.id as number;
}

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
        profile: { nodes: ProfileNode[]; startTime: number; endTime: number; samples?: number[] };
      };
      console.log('self time of the page (ms), one profiled load:');
      for (const [name, ms] of topSelfTime(profile)) console.log(`  ${ms.toFixed(0).padStart(6)}  ${name}`);
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

/** A dashboard holding one chart: the page's fixed cost (app start, layout, one chart drawn) without the other 49. */
async function singleChartDashboard(server: BenchServer, chartId: number): Promise<number> {
  const layout: DashboardLayout = emptyLayout('One chart');
  const row = newComponent('ROW');
  const chart = newComponent('CHART', { meta: { chartId, width: 3, height: 50 } });
  layout[row.id] = { ...row, children: [chart.id] };
  layout[chart.id] = chart;
  const grid = layout[GRID_ID] as LayoutComponent;
  layout[GRID_ID] = { ...grid, children: [row.id] };
  const dashboard = await json(
    await server.call('POST', '/api/v1/dashboard/', {
      dashboard_title: 'One chart',
      slug: 'one-chart',
      published: true,
      position_json: JSON.stringify(serializeLayout(withParents(layout))),
    }),
    'creating the one-chart dashboard',
  );
  return dashboard.id as number;
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
    const login = await context.request.post(`${server.url}/login/`, {
      data: { username: 'admin', password: 'bench-admin-password' },
    });
    if (!login.ok()) throw new Error(`browser login failed: ${login.status()}`);
    const url = `${server.url}/nezha/dashboard/${dashboardId}/`;

    // The warm-up brings the app's scripts into the browser cache and the tables into DuckDB's memory.
    await openDashboard(context, url, process.env.NEZHA_BENCH_PROFILE === '1');
    const loads: Array<PageLoad & { statements: number; distinctStatements: number }> = [];
    for (let round = 1; round <= LOADS; round += 1) {
      await coldCache(server, datasets, round);
      const before = counter.statements.length;
      const load = await openDashboard(context, url);
      const statements = counter.statements.slice(before);
      loads.push({ ...load, statements: statements.length, distinctStatements: new Set(statements).size });
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
