// The example datasets and charts: which example tables get a dataset (and extra metrics), and each chart's form
// data shaped as Superset's viz plugins read it.
import type { MetricChange } from '../store/dataset-fields.js';

export interface ExampleDatasetSpec {
  table: string;
  description: string;
  metrics?: MetricChange[];
}

/** Datasets are made for the tables that exist: vega-only installs lack the NEZHA_EXAMPLES_DIR ones. */
export const EXAMPLE_DATASETS: readonly ExampleDatasetSpec[] = [
  { table: 'seattle_weather', description: 'Daily Seattle weather, 2012–2015.' },
  { table: 'stocks', description: 'Monthly prices of five tech stocks, 2000–2010.' },
  { table: 'gapminder', description: 'Population, life expectancy and fertility by country, 1955–2005.' },
  { table: 'cars', description: 'Classic car models: engine, weight, consumption and origin.' },
  { table: 'flights_3m', description: 'US domestic flights, January–June 2001.' },
  {
    table: 'birth_names',
    description: 'US baby names by year, state and gender.',
    metrics: [{ metric_name: 'sum__num', verbose_name: 'Births', metric_type: 'sum', expression: 'SUM(num)' }],
  },
  { table: 'weather', description: 'Daily weather in Seattle and New York, 2012–2015.' },
  { table: 'owid_co2', description: 'CO2 emissions by country and year (Our World in Data).' },
  { table: 'flights', description: 'US domestic flights, 1–4 January 2015.' },
  { table: 'airports', description: 'US airports of the flights table.' },
];

type FormData = Record<string, unknown>;

export interface ExampleChartSpec {
  name: string;
  table: string;
  vizType: string;
  description?: string;
  /** The form data beyond datasource and viz_type, which the loader adds. */
  params: FormData;
}

const simple = (aggregate: string, column: string, label: string) => ({
  expressionType: 'SIMPLE',
  column: { column_name: column },
  aggregate,
  label,
  hasCustomLabel: true,
  optionName: `metric_${aggregate.toLowerCase()}_${column}`,
});

const common = { adhoc_filters: [], time_range: 'No filter', extra_form_data: {} };

/** A null grain is for a categorical x axis, which a time grain cannot truncate. */
const timeseries = (xAxis: string, grain: string, extra: FormData): FormData => ({
  ...common,
  x_axis: xAxis,
  time_grain_sqla: grain,
  groupby: [],
  row_limit: 10000,
  order_desc: true,
  show_legend: true,
  rich_tooltip: true,
  color_scheme: 'supersetColors',
  y_axis_format: 'SMART_NUMBER',
  ...extra,
});

const table = (extra: FormData): FormData => ({
  ...common,
  query_mode: 'aggregate',
  all_columns: [],
  percent_metrics: [],
  order_by_cols: [],
  row_limit: 1000,
  server_page_length: 10,
  order_desc: true,
  table_timestamp_format: 'smart_date',
  ...extra,
});

const pie = (groupby: string, metric: unknown): FormData => ({
  ...common,
  groupby: [groupby],
  metric,
  row_limit: 100,
  sort_by_metric: true,
  color_scheme: 'supersetColors',
  show_labels: true,
  labels_outside: true,
  label_type: 'key',
  number_format: 'SMART_NUMBER',
  show_legend: true,
  legendType: 'scroll',
  legendOrientation: 'top',
  donut: true,
  innerRadius: 30,
  outerRadius: 70,
});

const bigNumberTotal = (metric: unknown, subheader: string): FormData => ({
  ...common,
  metric,
  subheader,
  header_font_size: 0.4,
  subheader_font_size: 0.15,
  y_axis_format: 'SMART_NUMBER',
  time_format: 'smart_date',
});

const avgHigh = simple('AVG', 'temp_max', 'Average high (°C)');
const births = 'sum__num';

export const EXAMPLE_CHARTS: readonly ExampleChartSpec[] = [
  {
    name: 'Seattle: average high',
    table: 'seattle_weather',
    vizType: 'big_number_total',
    params: bigNumberTotal(avgHigh, 'degrees Celsius, all days'),
  },
  {
    name: 'Seattle: monthly high trend',
    table: 'seattle_weather',
    vizType: 'big_number',
    params: {
      ...common,
      metric: avgHigh,
      x_axis: 'date',
      time_grain_sqla: 'P1M',
      compare_lag: 12,
      compare_suffix: 'over last year',
      show_trend_line: true,
      start_y_axis_at_zero: true,
      header_font_size: 0.4,
      subheader_font_size: 0.15,
      y_axis_format: 'SMART_NUMBER',
      time_format: 'smart_date',
    },
  },
  {
    name: 'Seattle: monthly high and low',
    table: 'seattle_weather',
    vizType: 'echarts_timeseries_line',
    params: timeseries('date', 'P1M', { metrics: [avgHigh, simple('AVG', 'temp_min', 'Average low (°C)')] }),
  },
  {
    name: 'Seattle: monthly precipitation',
    table: 'seattle_weather',
    vizType: 'echarts_timeseries_bar',
    params: timeseries('date', 'P1M', { metrics: [simple('SUM', 'precipitation', 'Precipitation (mm)')] }),
  },
  {
    name: 'Seattle: weather types',
    table: 'seattle_weather',
    vizType: 'pie',
    params: pie('weather', 'count'),
  },
  {
    name: 'Seattle: weather summary',
    table: 'seattle_weather',
    vizType: 'table',
    params: table({ groupby: ['weather'], metrics: ['count', avgHigh, simple('AVG', 'wind', 'Average wind (m/s)')] }),
  },
  {
    name: 'Stock prices',
    table: 'stocks',
    vizType: 'echarts_timeseries_line',
    params: timeseries('date', 'P1M', { groupby: ['symbol'], metrics: [simple('AVG', 'price', 'Price (USD)')] }),
  },
  {
    name: 'Stock prices, stacked',
    table: 'stocks',
    vizType: 'echarts_area',
    params: timeseries('date', 'P3M', {
      groupby: ['symbol'],
      metrics: [simple('AVG', 'price', 'Price (USD)')],
      stack: 'Stack',
      opacity: 0.2,
    }),
  },
  {
    name: 'Population by cluster and year',
    table: 'gapminder',
    vizType: 'pivot_table_v2',
    params: {
      ...common,
      groupbyRows: ['cluster'],
      groupbyColumns: ['year'],
      metrics: [simple('SUM', 'pop', 'Population')],
      aggregateFunction: 'Sum',
      valueFormat: 'SMART_NUMBER',
      row_limit: 10000,
      rowTotals: true,
      colTotals: true,
    },
  },
  {
    name: 'Countries by population',
    table: 'gapminder',
    vizType: 'word_cloud',
    params: {
      ...common,
      series: 'country',
      metric: simple('MAX', 'pop', 'Population'),
      row_limit: 100,
      size_from: 10,
      size_to: 70,
      rotation: 'square',
      color_scheme: 'supersetColors',
    },
  },
  {
    name: 'Births: total',
    table: 'birth_names',
    vizType: 'big_number_total',
    params: bigNumberTotal(births, 'babies'),
  },
  {
    name: 'Births by gender',
    table: 'birth_names',
    vizType: 'echarts_timeseries_line',
    params: timeseries('ds', 'P1Y', { groupby: ['gender'], metrics: [births] }),
  },
  {
    name: 'Births by state',
    table: 'birth_names',
    vizType: 'echarts_timeseries_bar',
    // The control's default grain, saved as Superset saves it; a text x-axis ignores it.
    params: timeseries('state', 'P1D', { groupby: ['gender'], metrics: [births], stack: 'Stack' }),
  },
  {
    name: 'Top baby names',
    table: 'birth_names',
    vizType: 'table',
    params: table({ groupby: ['name'], metrics: [births], row_limit: 50 }),
  },
  {
    name: 'Baby names cloud',
    table: 'birth_names',
    vizType: 'word_cloud',
    params: {
      ...common,
      series: 'name',
      metric: births,
      row_limit: 100,
      size_from: 10,
      size_to: 70,
      rotation: 'square',
      color_scheme: 'supersetColors',
    },
  },
  {
    name: 'CO2 emissions by country',
    table: 'owid_co2',
    vizType: 'world_map',
    params: {
      ...common,
      entity: 'iso_code',
      country_fieldtype: 'cca3',
      metric: simple('SUM', 'co2', 'CO2 (Mt)'),
      show_bubbles: false,
      linear_color_scheme: 'superset_seq_1',
      color_by: 'metric',
      max_bubble_size: '25',
      adhoc_filters: [
        {
          expressionType: 'SIMPLE',
          clause: 'WHERE',
          subject: 'year',
          operator: '==',
          operatorId: 'EQUALS',
          comparator: 2018,
          filterOptionName: 'filter_year_2018',
        },
      ],
    },
  },
  {
    name: 'CO2 per capita by country',
    table: 'owid_co2',
    vizType: 'table',
    params: table({
      groupby: ['country'],
      metrics: [simple('AVG', 'co2_per_capita', 'CO2 per capita (t)')],
      row_limit: 50,
    }),
  },
];
