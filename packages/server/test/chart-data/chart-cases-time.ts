// Chart query cases on time: every time grain, the legacy time column and range, series limits, time offsets.

import { axis, type ChartCase, simple } from './chart-cases.js';
import type { BirthRow, WeatherRow } from './chart-fixtures.js';
import { agg, dayMs, groupRows, truncate } from './reference.js';

/** The grains, each with a time range it is allowed for (spec §5: finer grains need shorter ranges). */
const GRAINS: Array<[grain: string, range: string]> = [
  ['PT1S', '2012-01-01 : 2012-01-02'],
  ['PT5S', '2012-01-01 : 2012-01-02'],
  ['PT30S', '2012-01-01 : 2012-01-02'],
  ['PT1M', '2012-01-01 : 2012-01-02'],
  ['PT5M', '2012-01-01 : 2012-01-08'],
  ['PT10M', '2012-01-01 : 2012-01-08'],
  ['PT15M', '2012-01-01 : 2012-01-08'],
  ['PT30M', '2012-01-01 : 2012-01-08'],
  ['PT1H', '2012-01-01 : 2012-07-01'],
  ['PT6H', '2012-01-01 : 2012-07-01'],
  ['P1D', '2012-01-01 : 2012-03-01'],
  ['P1W', '2012-01-01 : 2013-01-01'],
  ['1969-12-28T00:00:00Z/P1W', '2012-01-01 : 2013-01-01'],
  ['1969-12-29T00:00:00Z/P1W', '2012-01-01 : 2013-01-01'],
  ['P1W/1970-01-03T00:00:00Z', '2012-01-01 : 2013-01-01'],
  ['P1W/1970-01-04T00:00:00Z', '2012-01-01 : 2013-01-01'],
  ['P1M', '2012-01-01 : 2015-01-01'],
  ['P3M', '2012-01-01 : 2015-01-01'],
  ['P1Y', '2012-01-01 : 2016-01-01'],
];

function inRange(time: number, range: string): boolean {
  const [since = '', until = ''] = range.split(' : ');
  return time >= dayMs(since) && time < dayMs(until);
}

export const GRAIN_CASES: ChartCase[] = GRAINS.map(([grain, range]) => ({
  name: `time grain ${grain}`,
  dataset: 'weather',
  query: {
    columns: [axis('date', grain), 'location'],
    metrics: ['count', simple('temp_max', 'MAX')],
    filters: [{ col: 'date', op: 'TEMPORAL_RANGE', val: range }],
  },
  expected: (d, e) =>
    groupRows(
      d.weather.filter((r) => inRange(r.date, range)),
      { date: (r) => truncate(r.date, grain, e.weekStartsOn), location: (r) => r.location },
      { count: agg.count(), 'MAX(temp_max)': agg.max((r: WeatherRow) => r.temp_max) },
    ),
  check: (answer) => {
    const [since = '', until = ''] = range.split(' : ');
    if (answer.from_dttm !== dayMs(since) || answer.to_dttm !== dayMs(until)) {
      throw new Error(`from/to ${String(answer.from_dttm)} ${String(answer.to_dttm)} for ${range}`);
    }
  },
}));

type B = BirthRow;
const year = (r: B) => truncate(r.ds, 'P1Y', 'monday');
const sumNum = agg.sum((r: B) => r.num);

/** Total births per name over the rows, largest first (ties broken by name, as the series limit does). */
function topNames(rows: readonly B[], n: number): string[] {
  return groupRows(rows, { name: (r) => r.name }, { total: sumNum })
    .sort((a, b) => (b.total as number) - (a.total as number) || String(a.name).localeCompare(String(b.name)))
    .slice(0, n)
    .map((row) => row.name as string);
}

export const TIME_CASES: ChartCase[] = [
  {
    name: 'a time grain on a text x-axis is ignored, as Superset ignores it',
    dataset: 'weather',
    query: {
      columns: [axis('location', 'P1D'), 'weather'],
      metrics: ['count'],
      filters: [{ col: 'date', op: 'TEMPORAL_RANGE', val: '2013-01-01 : 2014-01-01' }],
    },
    expected: (d) =>
      groupRows(
        d.weather.filter((r) => inRange(r.date, '2013-01-01 : 2014-01-01')),
        { location: (r) => r.location, weather: (r) => r.weather },
        { count: agg.count() },
      ),
  },
  {
    name: 'legacy time column, time range and __timestamp',
    dataset: 'weather',
    query: {
      is_timeseries: true,
      granularity: 'date',
      extras: { time_grain_sqla: 'P1M' },
      time_range: '2013-01-01 : 2014-01-01',
      columns: ['location'],
      metrics: ['count'],
    },
    expected: (d, e) =>
      groupRows(
        d.weather.filter((r) => inRange(r.date, '2013-01-01 : 2014-01-01')),
        { __timestamp: (r) => truncate(r.date, 'P1M', e.weekStartsOn), location: (r) => r.location },
        { count: agg.count() },
      ),
    check: (answer) => {
      if (!(answer.applied_filters as Array<{ column: string }>).some((f) => f.column === '__time_range')) {
        throw new Error(`applied_filters: ${JSON.stringify(answer.applied_filters)}`);
      }
    },
  },
  {
    name: 'series limit keeps the top names by births',
    dataset: 'births',
    query: {
      columns: [axis('ds', 'P1Y'), 'name'],
      metrics: [simple('num', 'SUM')],
      series_limit: 3,
      series_limit_metric: simple('num', 'SUM'),
      filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: '2002-01-01 : 2006-01-01' }],
    },
    expected: (d) => {
      const rows = d.births.filter((r) => inRange(r.ds, '2002-01-01 : 2006-01-01'));
      const top = topNames(rows, 3);
      return groupRows(
        rows.filter((r) => top.includes(r.name)),
        { ds: year, name: (r) => r.name },
        { 'SUM(num)': sumNum },
      );
    },
  },
  {
    name: 'time comparison joins last year as a metric__1 year ago column',
    dataset: 'births',
    query: {
      columns: [axis('ds', 'P1Y'), 'gender'],
      metrics: [simple('num', 'SUM')],
      filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: '2003-01-01 : 2008-01-01' }],
      time_offsets: ['1 year ago'],
    },
    expected: (d) => {
      const byYear = groupRows(d.births, { ds: year, gender: (r) => r.gender }, { 'SUM(num)': sumNum });
      const lookup = new Map(byYear.map((row) => [`${row.ds}|${row.gender}`, row['SUM(num)']]));
      return byYear
        .filter((row) => inRange(row.ds as number, '2003-01-01 : 2008-01-01'))
        .map((row) => {
          const previous = Date.UTC(new Date(row.ds as number).getUTCFullYear() - 1, 0, 1);
          return { ...row, 'SUM(num)__1 year ago': lookup.get(`${previous}|${row.gender}`) ?? null };
        });
    },
  },
];
