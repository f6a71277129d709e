// The dashboards bench/dashboard opens: fifty charts over the vega-datasets examples (some asking identical
// queries), and a one-chart dashboard of its slowest chart.
import {
  type DashboardLayout,
  emptyLayout,
  GRID_ID,
  type LayoutComponent,
  newComponent,
  serializeLayout,
  withParents,
} from '@nezha/core';
import type { BenchServer } from './support.js';

/** vega-datasets tables only, so the bench needs no NEZHA_EXAMPLES_DIR; flights_3m gives the heavy queries. */
export const TABLES = ['flights_3m', 'seattle_weather', 'stocks', 'gapminder', 'cars'];
export const CHART_COUNT = 50;

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

export async function json(response: Response, what: string): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} failed: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

export async function datasetIds(server: BenchServer): Promise<Map<string, number>> {
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
export async function createDashboard(server: BenchServer, datasets: Map<string, number>): Promise<number> {
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
  return postDashboard(server, 'Fifty charts', 'fifty-charts', layout);
}

/** A published dashboard with this layout. */
async function postDashboard(server: BenchServer, title: string, slug: string, layout: DashboardLayout) {
  const dashboard = await json(
    await server.call('POST', '/api/v1/dashboard/', {
      dashboard_title: title,
      slug,
      published: true,
      position_json: JSON.stringify(serializeLayout(withParents(layout))),
    }),
    `creating the dashboard ${title}`,
  );
  return dashboard.id as number;
}

/** A dashboard holding one chart: the page's fixed cost (app start, layout, one chart drawn) without the other 49. */
export async function singleChartDashboard(server: BenchServer, chartId: number): Promise<number> {
  const layout: DashboardLayout = emptyLayout('One chart');
  const row = newComponent('ROW');
  const chart = newComponent('CHART', { meta: { chartId, width: 3, height: 50 } });
  layout[row.id] = { ...row, children: [chart.id] };
  layout[chart.id] = chart;
  const grid = layout[GRID_ID] as LayoutComponent;
  layout[GRID_ID] = { ...grid, children: [row.id] };
  return postDashboard(server, 'One chart', 'one-chart', layout);
}
