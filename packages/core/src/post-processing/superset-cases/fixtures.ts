// The data frames of Superset's tests/unit_tests/fixtures/dataframes.py as rows, for the ported test cases.
import type { Row } from '../options.js';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** names_df: ten people with their region, cars and bikes (some NULL). */
export const namesRows: Row[] = [
  ['2020-01-02', 'John', 'EU', 'United Kingdom', 3, 1, 30],
  ['2020-01-02', 'Peter', 'EU', 'Sweden', 4, 2, 1],
  ['2020-01-03', 'Mary', 'EU', 'Finland', 5, 3, null],
  ['2020-01-03', 'Peter', 'Asia', 'India', 6, 4, 12],
  ['2020-01-04', 'John', 'EU', 'Portugal', 7, null, 75],
  ['2020-01-04', 'Peter', 'EU', 'Italy', null, 5, 600],
  ['2020-01-04', 'Mary', null, null, 9, 6, 2],
  ['2020-01-04', null, 'Oceania', 'Australia', 10, 7, 99],
  ['2020-01-01', 'John', 'North America', 'USA', 1, 8, null],
  ['2020-01-01', 'Mary', 'Oceania', 'Fiji', 2, 9, 50],
].map(([dt, name, region, country, cars, bikes, seconds]) => ({
  dt: day(dt as string),
  name,
  region,
  country,
  cars,
  bikes,
  seconds,
}));

/** categories_df: 101 people in three categories and five departments; idx_nulls only every fifth. */
export const categoriesRows: Row[] = Array.from({ length: 101 }, (_, i) => ({
  constant: 'dummy',
  category: `cat${i % 3}`,
  dept: `dept${i % 5}`,
  name: `person${i}`,
  asc_idx: i,
  desc_idx: 100 - i,
  idx_nulls: i % 5 === 0 ? i : null,
}));

/** timeseries_df without its date index: label and y. */
export const timeseriesRows = (): Row[] => [
  { label: 'x', y: 1 },
  { label: 'y', y: 2 },
  { label: 'z', y: 3 },
  { label: 'q', y: 4 },
];

/** timeseries_with_gap_df: y missing on the third row. */
export const timeseriesWithGapRows = (): Row[] => [
  { label: 'x', y: 1 },
  { label: 'y', y: 2 },
  { label: 'z', y: null },
  { label: 'q', y: 4 },
];

/** timeseries_df2: a constant y and a varying z. */
export const timeseries2Rows = (): Row[] => [
  { label: 'x', y: 2, z: 2 },
  { label: 'y', y: 2, z: 4 },
  { label: 'z', y: 2, z: 10 },
  { label: 'q', y: 2, z: 8 },
];

export const JAN_1 = day('2019-01-01');
export const JAN_2 = day('2019-01-02');

/** single_metric_df: sum_metric by day and country. */
export const singleMetricRows = (): Row[] => [
  { dttm: JAN_1, country: 'UK', sum_metric: 5 },
  { dttm: JAN_1, country: 'US', sum_metric: 6 },
  { dttm: JAN_2, country: 'UK', sum_metric: 7 },
  { dttm: JAN_2, country: 'US', sum_metric: 8 },
];

/** multiple_metrics_df: sum_metric and count_metric by day and country. */
export const multipleMetricsRows = (): Row[] => singleMetricRows().map((row, at) => ({ ...row, count_metric: at + 1 }));

/** A column's values, in row order. */
export const values = (rows: readonly Row[], column: string): unknown[] => rows.map((row) => row[column]);

/** The column names of a result, in order. */
export const columnsOf = (rows: readonly Row[]): string[] => Object.keys(rows[0] ?? {});
