// Chart query cases on grouping, metrics, the semantic layer, filters and ordering, each with its TypeScript answer.
import type { AdhocMetric, QueryObject, Row } from '@nezha/core';
import type { ChartEngine, Datasets, FixtureData, WeatherRow } from './chart-fixtures.js';
import { agg, dayMs, groupRows, truncate } from './reference.js';

export interface ChartCase {
  name: string;
  dataset: keyof Datasets;
  query: QueryObject;
  expected: (data: FixtureData, engine: ChartEngine) => Row[];
  /** Compare in order (ORDER BY, LIMIT, post-processing); otherwise as sets. */
  ordered?: boolean;
  /** Extra checks on the whole answer. */
  check?: (answer: Record<string, unknown>, data: FixtureData) => void;
}

export const simple = (column: string, aggregate: string, extra: Partial<AdhocMetric> = {}): AdhocMetric =>
  ({ expressionType: 'SIMPLE', column: { column_name: column }, aggregate, ...extra }) as AdhocMetric;

export const axis = (column: string, timeGrain: string) => ({
  columnType: 'BASE_AXIS' as const,
  sqlExpression: column,
  label: column,
  isColumnReference: true,
  expressionType: 'SQL' as const,
  timeGrain,
});

type W = WeatherRow;
const location = (r: W) => r.location;
const kind = (r: W) => r.weather;
const countBy = (rows: W[], keys: Record<string, (r: W) => unknown>) => groupRows(rows, keys, { count: agg.count() });

/** One case per filter operator: COUNT by location of the rows the filter keeps. */
function filterCase(name: string, filter: QueryObject['filters'], keep: (r: W) => boolean): ChartCase {
  return {
    name: `filter ${name}`,
    dataset: 'weather',
    query: { columns: ['location'], metrics: ['count'], filters: filter },
    expected: (d) => countBy(d.weather.filter(keep), { location }),
  };
}

export const BASIC_CASES: ChartCase[] = [
  {
    name: 'group by a column with every plain aggregate',
    dataset: 'weather',
    query: {
      columns: ['location'],
      metrics: [
        simple('precipitation', 'SUM'),
        simple('temp_max', 'AVG'),
        simple('weather', 'COUNT'),
        simple('weather', 'COUNT_DISTINCT'),
        simple('weather', 'UNIQUE'),
        simple('temp_min', 'MIN'),
        simple('wind', 'MAX'),
      ],
    },
    expected: (d) =>
      groupRows(
        d.weather,
        { location },
        {
          'SUM(precipitation)': agg.sum((r: W) => r.precipitation),
          'AVG(temp_max)': agg.avg((r: W) => r.temp_max),
          'COUNT(weather)': agg.countOf(kind),
          'COUNT_DISTINCT(weather)': agg.countDistinct(kind),
          'UNIQUE(weather)': agg.countDistinct(kind),
          'MIN(temp_min)': agg.min((r: W) => r.temp_min),
          'MAX(wind)': agg.max((r: W) => r.wind),
        },
      ),
  },
  {
    name: 'saved metrics by two columns',
    dataset: 'weather',
    query: { columns: ['location', 'weather'], metrics: ['count', 'avg_max', 'total_precip'] },
    expected: (d) =>
      groupRows(
        d.weather,
        { location, weather: kind },
        {
          count: agg.count(),
          avg_max: agg.avg((r: W) => r.temp_max),
          total_precip: agg.sum((r: W) => r.precipitation),
        },
      ),
  },
  {
    name: 'calculated columns as a group and as a metric source',
    dataset: 'weather',
    query: { columns: ['temp_band'], metrics: [simple('temp_range', 'AVG'), simple('temp_range', 'MAX')] },
    expected: (d) =>
      groupRows(
        d.weather,
        { temp_band: (r) => (r.temp_max >= 20 ? 'warm' : r.temp_max >= 10 ? 'mild' : 'cold') },
        {
          'AVG(temp_range)': agg.avg((r: W) => r.temp_max - r.temp_min),
          'MAX(temp_range)': agg.max((r: W) => r.temp_max - r.temp_min),
        },
      ),
  },
  {
    name: 'adhoc SQL column and adhoc SQL metric',
    dataset: 'weather',
    query: {
      columns: [{ sqlExpression: "CASE WHEN wind > 5 THEN 'windy' ELSE 'calm' END", label: 'wind_class' }],
      metrics: [{ expressionType: 'SQL', sqlExpression: 'MAX(temp_max) - MIN(temp_min)', label: 'swing' }],
    },
    expected: (d) =>
      groupRows(
        d.weather,
        { wind_class: (r) => (r.wind > 5 ? 'windy' : 'calm') },
        {
          swing: (rows: readonly W[]) =>
            Math.max(...rows.map((r) => r.temp_max)) - Math.min(...rows.map((r) => r.temp_min)),
        },
      ),
  },
  {
    name: 'percentiles (continuous) per group',
    dataset: 'weather',
    query: {
      columns: ['location'],
      metrics: [simple('temp_max', 'PERCENTILE', { percentile: 50 }), simple('wind', 'PERCENTILE', { percentile: 90 })],
    },
    expected: (d) =>
      groupRows(
        d.weather,
        { location },
        {
          'PERCENTILE(temp_max, 50)': agg.percentile((r: W) => r.temp_max, 0.5),
          'PERCENTILE(wind, 90)': agg.percentile((r: W) => r.wind, 0.9),
        },
      ),
  },
  {
    name: 'FIRST and LAST follow the time axis',
    dataset: 'weather',
    query: {
      columns: ['location', axis('date', 'P1Y')],
      metrics: [simple('temp_max', 'FIRST'), simple('temp_min', 'LAST')],
    },
    expected: (d, e) =>
      groupRows(
        d.weather,
        { location, date: (r) => truncate(r.date, 'P1Y', e.weekStartsOn) },
        {
          'FIRST(temp_max)': agg.firstBy(
            (r: W) => r.temp_max,
            (r: W) => r.date,
          ),
          'LAST(temp_min)': agg.firstBy(
            (r: W) => r.temp_min,
            (r: W) => r.date,
            true,
          ),
        },
      ),
  },
  {
    name: 'a metric filter limits the rows one metric aggregates',
    dataset: 'weather',
    query: {
      columns: ['location'],
      metrics: [
        simple('precipitation', 'SUM', { filterSql: "weather = 'rain'", label: 'rain_precip' }),
        simple('precipitation', 'SUM'),
      ],
    },
    expected: (d) =>
      groupRows(
        d.weather,
        { location },
        {
          rain_precip: agg.sum((r: W) => (r.weather === 'rain' ? r.precipitation : null)),
          'SUM(precipitation)': agg.sum((r: W) => r.precipitation),
        },
      ),
  },
  {
    name: 'virtual dataset',
    dataset: 'dryish',
    query: { columns: ['location'], metrics: [simple('precipitation', 'SUM'), simple('temp_max', 'MAX')] },
    expected: (d) =>
      groupRows(
        d.weather.filter((r) => r.weather !== 'fog'),
        { location },
        { 'SUM(precipitation)': agg.sum((r: W) => r.precipitation), 'MAX(temp_max)': agg.max((r: W) => r.temp_max) },
      ),
  },
  {
    name: 'raw mode reads rows in order',
    dataset: 'weather',
    query: {
      query_mode: 'raw',
      columns: ['date', 'location', 'temp_max'],
      filters: [{ col: 'date', op: 'TEMPORAL_RANGE', val: '2012-03-01 : 2012-03-05' }],
      orderby: [
        ['date', true],
        ['location', true],
      ],
    },
    ordered: true,
    expected: (d) =>
      d.weather
        .filter((r) => r.date >= dayMs('2012-03-01') && r.date < dayMs('2012-03-05'))
        .sort((a, b) => a.date - b.date || a.location.localeCompare(b.location))
        .map((r) => ({ date: r.date, location: r.location, temp_max: r.temp_max })),
  },
  {
    name: 'raw rows with order, limit and offset',
    dataset: 'weather',
    query: {
      columns: ['date', 'location', 'temp_max'],
      orderby: [
        ['temp_max', false],
        ['date', true],
        ['location', true],
      ],
      row_limit: 5,
      row_offset: 3,
    },
    ordered: true,
    expected: (d) =>
      [...d.weather]
        .sort((a, b) => b.temp_max - a.temp_max || a.date - b.date || a.location.localeCompare(b.location))
        .slice(3, 8)
        .map((r) => ({ date: r.date, location: r.location, temp_max: r.temp_max })),
  },
  {
    name: 'order by a metric with a row limit',
    dataset: 'weather',
    query: { columns: ['weather'], metrics: ['count'], orderby: [['count', false]], row_limit: 3 },
    ordered: true,
    expected: (d) =>
      countBy(d.weather, { weather: kind })
        .sort((a, b) => (b.count as number) - (a.count as number))
        .slice(0, 3),
  },
  {
    name: 'without orderby the first metric orders, ascending when order_desc is false',
    dataset: 'weather',
    query: { columns: ['weather'], metrics: ['count'], order_desc: false, row_limit: 2 },
    ordered: true,
    expected: (d) =>
      countBy(d.weather, { weather: kind })
        .sort((a, b) => (a.count as number) - (b.count as number))
        .slice(0, 2),
  },
  {
    name: 'HAVING on a metric and custom HAVING SQL',
    dataset: 'weather',
    query: {
      columns: ['location', 'weather'],
      metrics: ['count'],
      having_filters: [{ col: 'count', op: '>', val: 100 }],
      extras: { having: 'SUM(precipitation) > 100' },
    },
    expected: (d) =>
      groupRows(d.weather, { location, weather: kind }, { count: agg.count(), p: agg.sum((r: W) => r.precipitation) })
        .filter((row) => (row.count as number) > 100 && ((row.p as number | null) ?? 0) > 100)
        .map(({ p: _p, ...row }) => row),
  },
  {
    name: 'a dashboard filter on a column the dataset lacks is rejected, not applied',
    dataset: 'weather',
    query: {
      columns: ['location'],
      metrics: ['count'],
      filters: [{ col: 'country', op: 'IN', val: ['FR'], isExtra: true }],
    },
    expected: (d) => countBy(d.weather, { location }),
    check: (answer) => {
      if (
        JSON.stringify(answer.rejected_filters) !== JSON.stringify([{ column: 'country', reason: 'not_in_datasource' }])
      )
        throw new Error(`rejected_filters: ${JSON.stringify(answer.rejected_filters)}`);
    },
  },
];

export const FILTER_CASES: ChartCase[] = [
  filterCase('==', [{ col: 'weather', op: '==', val: 'snow' }], (r) => r.weather === 'snow'),
  filterCase('!=', [{ col: 'weather', op: '!=', val: 'sun' }], (r) => r.weather !== 'sun'),
  filterCase('<', [{ col: 'temp_max', op: '<', val: 5 }], (r) => r.temp_max < 5),
  filterCase('<=', [{ col: 'temp_max', op: '<=', val: 5 }], (r) => r.temp_max <= 5),
  filterCase('>', [{ col: 'temp_max', op: '>', val: 30 }], (r) => r.temp_max > 30),
  filterCase('>=', [{ col: 'temp_max', op: '>=', val: 30 }], (r) => r.temp_max >= 30),
  filterCase('IN', [{ col: 'weather', op: 'IN', val: ['rain', 'snow'] }], (r) => ['rain', 'snow'].includes(r.weather)),
  filterCase(
    'NOT IN',
    [{ col: 'weather', op: 'NOT IN', val: ['rain', 'sun', 'fog'] }],
    (r) => !['rain', 'sun', 'fog'].includes(r.weather),
  ),
  filterCase('LIKE', [{ col: 'weather', op: 'LIKE', val: 'dr%' }], (r) => r.weather.startsWith('dr')),
  filterCase('NOT LIKE', [{ col: 'weather', op: 'NOT LIKE', val: '%n%' }], (r) => !r.weather.includes('n')),
  filterCase('ILIKE', [{ col: 'location', op: 'ILIKE', val: 'SEA%' }], (r) => r.location === 'Seattle'),
  filterCase('IS NULL', [{ col: 'rained', op: 'IS NULL' }], (r) => r.rained === null),
  filterCase('IS NOT NULL', [{ col: 'rained', op: 'IS NOT NULL' }], (r) => r.rained !== null),
  filterCase('IS TRUE', [{ col: 'rained', op: 'IS TRUE' }], (r) => r.rained === true),
  filterCase('IS FALSE', [{ col: 'rained', op: 'IS FALSE' }], (r) => r.rained === false),
  filterCase('IS BOOLEAN EMPTY', [{ col: 'rained', op: 'IS BOOLEAN EMPTY' }], (r) => r.rained !== true),
  filterCase('IS BOOLEAN NOT EMPTY', [{ col: 'rained', op: 'IS BOOLEAN NOT EMPTY' }], (r) => r.rained === true),
  filterCase(
    'TEMPORAL_RANGE',
    [{ col: 'date', op: 'TEMPORAL_RANGE', val: '2013-03-01 : 2013-04-01' }],
    (r) => r.date >= dayMs('2013-03-01') && r.date < dayMs('2013-04-01'),
  ),
  filterCase('on a calculated column', [{ col: 'temp_band', op: '==', val: 'warm' }], (r) => r.temp_max >= 20),
  {
    name: 'filter custom SQL WHERE',
    dataset: 'weather',
    query: { columns: ['location'], metrics: ['count'], extras: { where: 'temp_max - temp_min > 10' } },
    expected: (d) =>
      countBy(
        d.weather.filter((r) => r.temp_max - r.temp_min > 10),
        { location },
      ),
  },
  {
    name: 'a question mark in custom SQL before bound values',
    dataset: 'weather',
    query: {
      columns: [{ sqlExpression: "CASE WHEN weather = 'sun?' THEN '?' ELSE location END", label: 'place' }],
      metrics: ['count'],
      filters: [{ col: 'temp_max', op: '>', val: 20 }],
    },
    expected: (d) =>
      countBy(
        d.weather.filter((r) => r.temp_max > 20),
        { place: location },
      ),
  },
  {
    name: 'filter groups nest AND inside OR',
    dataset: 'weather',
    query: {
      columns: ['location'],
      metrics: ['count'],
      filter_groups: [
        {
          operator: 'OR',
          filters: [
            { expressionType: 'SIMPLE', subject: 'weather', operator: '==', comparator: 'snow', clause: 'WHERE' },
          ],
          groups: [
            {
              operator: 'AND',
              filters: [
                {
                  expressionType: 'SIMPLE',
                  subject: 'location',
                  operator: '==',
                  comparator: 'Seattle',
                  clause: 'WHERE',
                },
                { expressionType: 'SQL', sqlExpression: 'temp_max > 25', clause: 'WHERE' },
              ],
              groups: [],
            },
          ],
        },
      ],
    },
    expected: (d) =>
      countBy(
        d.weather.filter((r) => r.weather === 'snow' || (r.location === 'Seattle' && r.temp_max > 25)),
        { location },
      ),
  },
];
