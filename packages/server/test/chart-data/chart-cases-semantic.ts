// Chart query cases on the semantic layer (saved columns, measures, cohorts, filter trees), each with its TypeScript answer.
import { type AdhocFilter, buildQueryObject, type FilterGroup, type QueryObject, type Row } from '@nezha/core';
import { axis, simple } from './chart-cases.js';
import type { BirthRow, ChartEngine, Datasets, FixtureData, WeatherRow } from './chart-fixtures.js';
import { agg, groupRows, truncate } from './reference.js';
import { NESTED_CHOICE, type SemanticIds } from './semantic-fixtures.js';

export interface SemanticCase {
  name: string;
  dataset: keyof Datasets;
  query: (ids: SemanticIds) => QueryObject;
  expected: (data: FixtureData, engine: ChartEngine) => Row[];
  ordered?: boolean;
}

type W = WeatherRow;
type B = BirthRow;
const month = (r: W) => new Date(r.date).getUTCMonth() + 1;
const mid = (r: W) => (r.temp_max + r.temp_min) / 2;
const location = (r: W) => r.location;
const count = { count: agg.count() };

const where = (subject: string, operatorId: string, comparator: unknown): AdhocFilter => ({
  expressionType: 'SIMPLE',
  clause: 'WHERE',
  subject,
  operatorId: operatorId as AdhocFilter['operatorId'],
  comparator,
});
const cohortFilter = (cohort: number, operatorId: string, comparator?: unknown): AdhocFilter => ({
  expressionType: 'COHORT',
  clause: 'WHERE',
  cohort,
  cohortOperatorId: operatorId as AdhocFilter['cohortOperatorId'],
  ...(comparator === undefined ? {} : { cohortComparator: comparator }),
});

/** The reference cohorts, as sets of their members. */
const popularNames = (births: readonly B[]) => new Set(births.filter((r) => r.num > 2000).map((r) => r.name));
const nyPairs = (births: readonly B[]) =>
  new Set(births.filter((r) => r.state === 'NY' && r.num > 1500).map((r) => `${r.name}/${r.gender}`));
function bigNames(births: readonly B[]): Set<string> {
  const totals = new Map<string, number>();
  for (const r of births) totals.set(r.name, (totals.get(r.name) ?? 0) + r.num);
  return new Set([...totals].filter(([, total]) => total > 40000).map(([name]) => name));
}

/** Births by state: row count and total births, for the rows a filter keeps. */
const birthsCase = (name: string, filters: (ids: SemanticIds) => AdhocFilter[], keep: (r: B, d: B[]) => boolean) => ({
  name,
  dataset: 'births' as const,
  query: (ids: SemanticIds) =>
    buildQueryObject({
      datasource: 'x__table',
      viz_type: 'table',
      groupby: ['state'],
      metrics: ['count', simple('num', 'SUM')],
      adhoc_filters: filters(ids),
    }),
  expected: (d: FixtureData) =>
    groupRows(
      d.births.filter((r) => keep(r, d.births)),
      { state: (r) => r.state },
      { count: agg.count(), 'SUM(num)': agg.sum((r: B) => r.num) },
    ),
});

const tree = (operator: 'AND' | 'OR', filters: AdhocFilter[], groups: FilterGroup[] = []): FilterGroup => ({
  operator,
  filters,
  groups,
});

export const SAVED_COLUMN_CASES: SemanticCase[] = [
  {
    name: 'a saved column with a method groups (MONTH_OF_YEAR of weather.date)',
    dataset: 'weather',
    query: () => ({ columns: ['month_of_year'], metrics: ['count', simple('temp_max', 'AVG')] }),
    expected: (d) =>
      groupRows(
        d.weather,
        { month_of_year: month },
        { count: agg.count(), 'AVG(temp_max)': agg.avg((r: W) => r.temp_max) },
      ),
  },
  {
    name: 'a numeric saved column takes numeric operators',
    dataset: 'weather',
    query: () => ({
      columns: ['location'],
      metrics: ['count'],
      filters: [
        { col: 'month_of_year', op: '>=', val: 6 },
        { col: 'month_of_year', op: 'IN', val: [6, 7, 12] },
      ],
    }),
    expected: (d) =>
      groupRows(
        d.weather.filter((r) => [6, 7, 12].includes(month(r))),
        { location },
        count,
      ),
  },
  {
    name: 'a calculated column groups, filters and feeds a metric',
    dataset: 'weather',
    query: () => ({
      columns: ['location', 'weather'],
      metrics: [simple('temp_mid', 'MAX'), simple('hidden_mid', 'SUM')],
      filters: [{ col: 'temp_mid', op: '>', val: 15 }],
    }),
    expected: (d) =>
      groupRows(
        d.weather.filter((r) => mid(r) > 15),
        { location, weather: (r) => r.weather },
        { 'MAX(temp_mid)': agg.max(mid), 'SUM(hidden_mid)': agg.sum((r: W) => r.temp_max + 1) },
      ),
  },
  {
    name: 'a DATETIME saved column is a time axis with a grain',
    dataset: 'weather',
    query: () => ({ columns: [axis('day_stamp', 'P1Y')], metrics: ['count'] }),
    expected: (d, e) => groupRows(d.weather, { day_stamp: (r) => truncate(r.date, 'P1Y', e.weekStartsOn) }, count),
  },
  {
    name: 'a time grain on a numeric saved column (MONTH_OF_YEAR) is ignored',
    dataset: 'weather',
    query: () => ({ columns: [axis('month_of_year', 'P1Y')], metrics: ['count'] }),
    expected: (d) => groupRows(d.weather, { month_of_year: month }, count),
  },
  {
    name: 'a non-groupable saved column still filters and aggregates',
    dataset: 'weather',
    query: () => ({
      columns: ['location'],
      metrics: [simple('wind_double', 'MAX')],
      filters: [{ col: 'wind_double', op: '<', val: 4 }],
    }),
    expected: (d) =>
      groupRows(
        d.weather.filter((r) => r.wind * 2 < 4),
        { location },
        { 'MAX(wind_double)': agg.max((r: W) => r.wind * 2) },
      ),
  },
];

const rainfall = agg.sum((r: W) => r.precipitation);
const rainyDays = (rows: readonly W[]) => rows.filter((r) => r.precipitation > 0).length;
const hottest = agg.max((r: W) => r.temp_max);

export const MEASURE_CASES: SemanticCase[] = [
  {
    name: 'measures: simple, on a calculated column, custom SQL, calculated, one of several definitions',
    dataset: 'weather',
    query: () => ({
      columns: ['location'],
      metrics: ['rainfall', 'avg_mid', 'rainy_days', 'rain_per_rainy_day', 'Rain score', 'hottest', 'coldest'],
    }),
    expected: (d) =>
      groupRows(
        d.weather,
        { location },
        {
          rainfall,
          avg_mid: agg.avg(mid),
          rainy_days: rainyDays,
          rain_per_rainy_day: (rows) => (rainfall(rows) as number) / rainyDays(rows),
          'Rain score': (rows) => ((rainfall(rows) as number) * 10) / (rainyDays(rows) + 1) + (hottest(rows) as number),
          hottest,
          coldest: agg.min((r: W) => r.temp_min),
        },
      ),
  },
  {
    name: 'measures in HAVING and ORDER BY, from saved_measures and saved_cols in form data',
    dataset: 'weather',
    query: () => ({
      ...buildQueryObject({
        datasource: 'x__table',
        viz_type: 'table',
        saved_cols: [{ id: 1, column_name: 'month_of_year' }],
        saved_measures: [{ id: 1, measure_name: 'rainfall' }],
      }),
      having_filters: [{ col: 'rainy_days', op: '>', val: 30 }],
      orderby: [['rainfall', false]],
    }),
    ordered: true,
    expected: (d) =>
      groupRows(d.weather, { month_of_year: month }, { rainfall, days: rainyDays })
        .filter((row) => (row.days as number) > 30)
        .map(({ days: _days, ...row }) => row)
        .sort((a, b) => (b.rainfall as number) - (a.rainfall as number)),
  },
];

export const COHORT_CASES: SemanticCase[] = [
  birthsCase(
    'cohort IN: names defined by a filter',
    (ids) => [cohortFilter(ids.cohorts.popular, 'IN')],
    (r, d) => popularNames(d).has(r.name),
  ),
  birthsCase(
    'cohort NOT IN',
    (ids) => [cohortFilter(ids.cohorts.popular, 'NOT_IN')],
    (r, d) => !popularNames(d).has(r.name),
  ),
  birthsCase(
    'cohort IN narrowed to chosen members, with a simple filter beside it',
    (ids) => [cohortFilter(ids.cohorts.popular, 'IN', ['Michael', 'Emily', 'Zed']), where('gender', 'EQUALS', 'girl')],
    (r, d) => ['Michael', 'Emily', 'Zed'].includes(r.name) && popularNames(d).has(r.name) && r.gender === 'girl',
  ),
  birthsCase(
    'cohort NOT EQUALS one member',
    (ids) => [cohortFilter(ids.cohorts.popular, 'NOT_EQUALS', 'Michael')],
    (r) => r.name !== 'Michael',
  ),
  birthsCase(
    'two-dimension cohort IN, the whole cohort',
    (ids) => [cohortFilter(ids.cohorts.nyFavourites, 'IN')],
    (r, d) => nyPairs(d).has(`${r.name}/${r.gender}`),
  ),
  birthsCase(
    'two-dimension cohort NOT IN chosen by an auto-complete label and a tuple',
    (ids) => [cohortFilter(ids.cohorts.nyFavourites, 'NOT_IN', ['Emily (girl)', ['Michael', 'boy']])],
    (r) => !(r.name === 'Emily' && r.gender === 'girl') && !(r.name === 'Michael' && r.gender === 'boy'),
  ),
  birthsCase(
    'one-dimension cohort STARTS WITH (case-insensitive)',
    (ids) => [cohortFilter(ids.cohorts.popular, 'STARTS_WITH', 'j')],
    (r, d) => popularNames(d).has(r.name) && r.name.toLowerCase().startsWith('j'),
  ),
  birthsCase(
    'one-dimension cohort NOT CONTAINS',
    (ids) => [cohortFilter(ids.cohorts.popular, 'NOT_CONTAINS', ['A'])],
    (r, d) => popularNames(d).has(r.name) && !r.name.toLowerCase().includes('a'),
  ),
  birthsCase(
    'one-dimension cohort LESS THAN',
    (ids) => [cohortFilter(ids.cohorts.popular, 'LESS_THAN', 'D')],
    (r, d) => popularNames(d).has(r.name) && r.name < 'D',
  ),
  birthsCase(
    'a cohort defined by HAVING on a measure',
    (ids) => [cohortFilter(ids.cohorts.bigNames, 'IN')],
    (r, d) => bigNames(d).has(r.name),
  ),
  birthsCase(
    'a cohort keeps only its top series',
    (ids) => [cohortFilter(ids.cohorts.topList, 'IN')],
    (r) => r.name === 'Michael' || r.name === 'Jacob',
  ),
  birthsCase(
    'a cohort without dimensions is a set of rows, and NOT IN its complement',
    (ids) => [cohortFilter(ids.cohorts.caBoys, 'NOT_IN')],
    (r) => !(r.state === 'CA' && r.gender === 'boy'),
  ),
  birthsCase(
    'a cohort defined with another cohort',
    (ids) => [cohortFilter(ids.cohorts.popularInNy, 'IN')],
    (r, d) =>
      NESTED_CHOICE.includes(r.name) &&
      popularNames(d).has(r.name) &&
      d.some((other) => other.name === r.name && other.state === 'NY'),
  ),
  birthsCase(
    'a filter tree mixing AND and OR with cohort leaves',
    (ids) => [
      {
        expressionType: 'SQL',
        clause: 'WHERE',
        sqlExpression: 'fallback text that must not apply',
        filterGroup: tree(
          'OR',
          [],
          [
            tree('AND', [where('state', 'EQUALS', 'CA'), cohortFilter(ids.cohorts.popular, 'IN')]),
            tree('AND', [
              where('gender', 'EQUALS', 'girl'),
              cohortFilter(ids.cohorts.popular, 'NOT_IN'),
              { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'num > 100' },
            ]),
          ],
        ),
      },
    ],
    (r, d) =>
      (r.state === 'CA' && popularNames(d).has(r.name)) ||
      (r.gender === 'girl' && !popularNames(d).has(r.name) && r.num > 100),
  ),
  {
    name: 'a temporal cohort dimension (snow days) and a tree with a saved column leaf',
    dataset: 'weather',
    query: (ids) =>
      buildQueryObject({
        datasource: 'x__table',
        viz_type: 'table',
        groupby: ['location'],
        metrics: ['count'],
        adhoc_filters: [
          {
            expressionType: 'SQL',
            clause: 'WHERE',
            filterGroup: tree(
              'OR',
              [cohortFilter(ids.cohorts.snowDays, 'IN')],
              [tree('AND', [where('month_of_year', 'IN', [7]), where('temp_mid', 'GREATER_THAN', 25)])],
            ),
          },
        ],
      }),
    expected: (d) => {
      const snowDays = new Set(d.weather.filter((r) => r.weather === 'snow').map((r) => r.date));
      return groupRows(
        d.weather.filter((r) => snowDays.has(r.date) || (month(r) === 7 && mid(r) > 25)),
        { location },
        count,
      );
    },
  },
];

export const SEMANTIC_CASES: SemanticCase[] = [...SAVED_COLUMN_CASES, ...MEASURE_CASES, ...COHORT_CASES];
