// Chart query cases for each post-processing operation, their answers worked out here from the fixture rows.
import type { PostProcessingStep, QueryObject, Row } from '@nezha/core';
import { axis, type ChartCase, simple } from './chart-cases.js';
import type { BirthRow, FixtureData, WeatherRow } from './chart-fixtures.js';
import { agg, dayMs, groupRows, truncate } from './reference.js';

type B = BirthRow;
const year = (r: B) => truncate(r.ds, 'P1Y', 'monday');
const SUM = 'SUM(num)';

/** Births per year (2000 on), oldest first: the base series most operations work on. */
const yearly: QueryObject = {
  columns: [axis('ds', 'P1Y')],
  metrics: [simple('num', 'SUM')],
  orderby: [['ds', true]],
};

function yearlyRows(d: FixtureData): Row[] {
  return groupRows(d.births, { ds: year }, { [SUM]: agg.sum((r: B) => r.num) }).sort(
    (a, b) => (a.ds as number) - (b.ds as number),
  );
}

function byYearAndGender(d: FixtureData): Row[] {
  return groupRows(d.births, { ds: year, gender: (r) => r.gender }, { [SUM]: agg.sum((r: B) => r.num) });
}

const withSteps = (query: QueryObject, ...steps: PostProcessingStep[]): QueryObject => ({
  ...query,
  post_processing: steps,
});

/** Python's repr of a float, as histogram bin names print. */
const py = (value: number) => (Number.isInteger(value) ? `${value}.0` : String(value));

/** numpy's percentile with "midpoint" interpolation, which Superset's boxplot uses for quartiles. */
function midpoint(sorted: readonly number[], q: number): number {
  const position = (q / 100) * (sorted.length - 1);
  const low = sorted[Math.floor(position)] as number;
  const high = sorted[Math.ceil(position)] as number;
  return (low + high) / 2;
}

const seattle2012 = (d: FixtureData): WeatherRow[] =>
  d.weather.filter((r) => r.location === 'Seattle' && r.date >= dayMs('2012-01-01') && r.date < dayMs('2013-01-01'));

export const POST_PROCESSING_CASES: ChartCase[] = [
  {
    name: 'post-processing aggregate',
    dataset: 'births',
    query: withSteps(
      { columns: [axis('ds', 'P1Y'), 'gender'], metrics: [simple('num', 'SUM')] },
      {
        operation: 'aggregate',
        options: {
          groupby: ['gender'],
          aggregates: { total: { column: SUM, operator: 'sum' }, peak: { column: SUM, operator: 'max' } },
        },
      },
    ),
    expected: (d) =>
      groupRows(
        byYearAndGender(d),
        { gender: (r) => r.gender },
        {
          total: agg.sum((r: Row) => r[SUM]),
          peak: agg.max((r: Row) => r[SUM]),
        },
      ),
  },
  {
    name: 'post-processing pivot then flatten',
    dataset: 'births',
    query: withSteps(
      { columns: [axis('ds', 'P1Y'), 'gender'], metrics: [simple('num', 'SUM')] },
      {
        operation: 'pivot',
        options: { index: ['ds'], columns: ['gender'], aggregates: { [SUM]: { operator: 'sum' } } },
      },
      { operation: 'flatten' },
    ),
    ordered: true,
    expected: (d) => {
      const cells = byYearAndGender(d);
      const years = [...new Set(cells.map((row) => row.ds as number))].sort((a, b) => a - b);
      const cell = (ds: number, gender: string) => cells.find((row) => row.ds === ds && row.gender === gender)?.[SUM];
      // Superset's pivot keeps the metric level: flatten names the columns "metric, value".
      return years.map((ds) => ({
        ds,
        [`${SUM}, boy`]: cell(ds, 'boy') ?? null,
        [`${SUM}, girl`]: cell(ds, 'girl') ?? null,
      }));
    },
  },
  {
    name: 'post-processing rolling mean',
    dataset: 'births',
    query: withSteps(yearly, {
      operation: 'rolling',
      options: { rolling_type: 'mean', window: 2, columns: { [SUM]: 'rolling' } },
    }),
    ordered: true,
    expected: (d) =>
      yearlyRows(d).map((row, at, rows) => ({
        ...row,
        rolling: at === 0 ? null : ((rows[at - 1]?.[SUM] as number) + (row[SUM] as number)) / 2,
      })),
  },
  {
    name: 'post-processing cumulative sum',
    dataset: 'births',
    query: withSteps(yearly, { operation: 'cum', options: { operator: 'sum', columns: { [SUM]: SUM } } }),
    ordered: true,
    expected: (d) => {
      let total = 0;
      return yearlyRows(d).map((row) => {
        total += row[SUM] as number;
        return { ...row, [SUM]: total };
      });
    },
  },
  {
    name: 'post-processing diff',
    dataset: 'births',
    query: withSteps(yearly, { operation: 'diff', options: { columns: { [SUM]: 'change' }, periods: 1 } }),
    ordered: true,
    expected: (d) =>
      yearlyRows(d).map((row, at, rows) => ({
        ...row,
        change: at === 0 ? null : (row[SUM] as number) - (rows[at - 1]?.[SUM] as number),
      })),
  },
  {
    name: 'post-processing compare with the time offset',
    dataset: 'births',
    query: withSteps(
      {
        ...yearly,
        filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: '2004-01-01 : 2008-01-01' }],
        time_offsets: ['1 year ago'],
      },
      {
        operation: 'compare',
        options: {
          source_columns: [SUM],
          compare_columns: [`${SUM}__1 year ago`],
          compare_type: 'difference',
          drop_original_columns: true,
        },
      },
    ),
    ordered: true,
    expected: (d) => {
      const rows = yearlyRows(d);
      return rows
        .filter((row) => (row.ds as number) >= dayMs('2004-01-01') && (row.ds as number) < dayMs('2008-01-01'))
        .map((row) => {
          const previous = rows.find(
            (other) => (other.ds as number) === Date.UTC(new Date(row.ds as number).getUTCFullYear() - 1, 0, 1),
          );
          return {
            ds: row.ds,
            [`difference__${SUM}__${SUM}__1 year ago`]: (row[SUM] as number) - (previous?.[SUM] as number),
          };
        });
    },
  },
  {
    name: 'post-processing contribution',
    dataset: 'births',
    query: withSteps(
      { columns: ['gender'], metrics: [simple('num', 'SUM')] },
      { operation: 'contribution', options: { columns: [SUM], rename_columns: ['share'] } },
    ),
    expected: (d) => {
      const rows = groupRows(d.births, { gender: (r) => r.gender }, { [SUM]: agg.sum((r: B) => r.num) });
      const total = rows.reduce((acc, row) => acc + (row[SUM] as number), 0);
      return rows.map((row) => ({ ...row, share: (row[SUM] as number) / total }));
    },
  },
  {
    name: 'post-processing resample fills missing days',
    dataset: 'weather',
    query: withSteps(
      {
        columns: [axis('date', 'P1D')],
        metrics: [simple('temp_max', 'MAX')],
        filters: [
          { col: 'location', op: '==', val: 'Seattle' },
          { col: 'weather', op: '==', val: 'sun' },
          { col: 'date', op: 'TEMPORAL_RANGE', val: '2012-01-01 : 2012-02-01' },
        ],
        orderby: [['date', true]],
      },
      { operation: 'resample', options: { rule: '1D', method: 'asfreq', fill_value: 0 } },
    ),
    ordered: true,
    expected: (d) => {
      const sunny = d.weather
        .filter((r) => r.location === 'Seattle' && r.weather === 'sun')
        .filter((r) => r.date >= dayMs('2012-01-01') && r.date < dayMs('2012-02-01'));
      const byDay = new Map(sunny.map((r) => [r.date, r.temp_max]));
      const days = sunny.map((r) => r.date).sort((a, b) => a - b);
      const out: Row[] = [];
      for (let day = days[0] as number; day <= (days[days.length - 1] as number); day += 86_400_000) {
        out.push({ date: day, 'MAX(temp_max)': byDay.get(day) ?? 0 });
      }
      return out;
    },
  },
  {
    name: 'post-processing sort',
    dataset: 'weather',
    query: withSteps(
      { columns: ['weather'], metrics: ['count'] },
      { operation: 'sort', options: { columns: { count: true } } },
    ),
    ordered: true,
    expected: (d) =>
      groupRows(d.weather, { weather: (r) => r.weather }, { count: agg.count() }).sort(
        (a, b) => (a.count as number) - (b.count as number),
      ),
  },
  {
    name: 'post-processing rank',
    dataset: 'weather',
    query: withSteps({ columns: ['weather'], metrics: ['count'] }, { operation: 'rank', options: { metric: 'count' } }),
    expected: (d) => {
      const rows = groupRows(d.weather, { weather: (r) => r.weather }, { count: agg.count() });
      const sorted = rows.map((row) => row.count as number).sort((a, b) => a - b);
      return rows.map((row) => ({ ...row, rank: (sorted.indexOf(row.count as number) + 1) / rows.length }));
    },
  },
  {
    name: 'post-processing rename',
    dataset: 'weather',
    query: withSteps(
      { columns: ['weather'], metrics: ['count'] },
      { operation: 'rename', options: { columns: { count: 'days' } } },
    ),
    expected: (d) => groupRows(d.weather, { weather: (r) => r.weather }, { days: agg.count() }),
  },
  {
    name: 'post-processing boxplot',
    dataset: 'weather',
    query: withSteps(
      { columns: ['location', axis('date', 'P1M')], metrics: [simple('temp_max', 'MAX')] },
      {
        operation: 'boxplot',
        options: { groupby: ['location'], metrics: ['MAX(temp_max)'], whisker_type: 'min/max' },
      },
    ),
    expected: (d) => {
      const monthly = groupRows(
        d.weather,
        { location: (r) => r.location, month: (r) => truncate(r.date, 'P1M', 'monday') },
        { value: agg.max((r: WeatherRow) => r.temp_max) },
      );
      return ['New York', 'Seattle'].map((place) => {
        const values = monthly
          .filter((row) => row.location === place)
          .map((row) => row.value as number)
          .sort((a, b) => a - b);
        const m = 'MAX(temp_max)';
        const mean = values.reduce((a, b) => a + b, 0) / values.length;
        return {
          location: place,
          [`${m}__mean`]: mean,
          [`${m}__median`]: midpoint(values, 50),
          [`${m}__max`]: values[values.length - 1],
          [`${m}__min`]: values[0],
          [`${m}__q1`]: midpoint(values, 25),
          [`${m}__q3`]: midpoint(values, 75),
          [`${m}__count`]: values.length,
        };
      });
    },
  },
  {
    name: 'post-processing histogram',
    dataset: 'weather',
    query: withSteps(
      {
        columns: ['temp_max'],
        filters: [
          { col: 'location', op: '==', val: 'Seattle' },
          { col: 'date', op: 'TEMPORAL_RANGE', val: '2012-01-01 : 2013-01-01' },
        ],
      },
      { operation: 'histogram', options: { column: 'temp_max', bins: 4 } },
    ),
    expected: (d) => {
      const values = seattle2012(d).map((r) => r.temp_max);
      const low = Math.min(...values);
      const high = Math.max(...values);
      const step = (high - low) / 4;
      const edges = [0, 1, 2, 3, 4].map((i) => (i === 4 ? high : low + i * step));
      const row: Row = {};
      for (let i = 0; i < 4; i += 1) {
        const from = edges[i] as number;
        const to = edges[i + 1] as number;
        row[`${py(from)} - ${py(to)}`] = values.filter((v) => v >= from && (i === 3 ? v <= to : v < to)).length;
      }
      return [row];
    },
  },
];
