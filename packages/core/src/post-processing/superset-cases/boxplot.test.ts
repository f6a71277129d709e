// Ported from Superset tests/unit_tests/pandas_postprocessing/test_boxplot.py: input → expected facts.
import { describe, expect, it } from 'vitest';
import type { Row } from '../options.js';
import { namesRows, values } from './fixtures.js';
import { run, step } from './run.js';

const COLUMNS = [
  'cars__count',
  'cars__max',
  'cars__mean',
  'cars__median',
  'cars__min',
  'cars__outliers',
  'cars__q1',
  'cars__q3',
  'region',
];
const boxplot = (whisker_type: string, extra: Record<string, unknown> = {}, rows: Row[] = namesRows) =>
  run(rows, step('boxplot', { groupby: ['region'], whisker_type, metrics: ['cars'], ...extra }));
/** Regions in pandas' group order, the NULL region last (groupby with dropna=False). */
const REGIONS = ['Asia', 'EU', 'North America', 'Oceania', null];

describe('Superset test_boxplot', () => {
  it('tukey: every statistic per region, the NULL region a group of its own', () => {
    const out = boxplot('tukey');
    expect(Object.keys(out[0] ?? {}).sort()).toEqual(COLUMNS);
    expect(out).toHaveLength(5);
    expect(values(out, 'region')).toEqual(REGIONS);
  });

  it('mean and median match a plain group by (test_boxplot_mean_median_no_future_warning)', () => {
    const out = boxplot('tukey');
    // cars by region: Asia [6], EU [3, 4, 5, 7] and a NULL, North America [1], Oceania [10, 2], NULL [9];
    // count is np.ma.count, which counts the NULL too.
    expect(values(out, 'cars__mean')).toEqual([6, 4.75, 1, 6, 9]);
    expect(values(out, 'cars__median')).toEqual([6, 4.5, 1, 6, 9]);
    expect(values(out, 'cars__count')).toEqual([1, 5, 1, 2, 1]);
  });

  it('min/max whiskers are the group max and min (test_boxplot_minmax_no_future_warning)', () => {
    const out = boxplot('min/max');
    expect(Object.keys(out[0] ?? {}).sort()).toEqual(COLUMNS);
    expect(values(out, 'cars__max')).toEqual([6, 7, 1, 10, 9]);
    expect(values(out, 'cars__min')).toEqual([6, 3, 1, 2, 9]);
  });

  it('percentile whiskers', () => {
    const out = boxplot('percentile', { percentiles: [1, 99] });
    expect(Object.keys(out[0] ?? {}).sort()).toEqual(COLUMNS);
    expect(out).toHaveLength(5);
  });

  it('refuses percentile whiskers without two ascending percentiles', () => {
    const message = 'percentiles must be a list or tuple with two numeric values';
    expect(() => boxplot('percentile')).toThrow(message);
    expect(() => boxplot('percentile', { percentiles: [10] })).toThrow(message);
    expect(() => boxplot('percentile', { percentiles: [90, 10] })).toThrow(message);
    expect(() => boxplot('percentile', { percentiles: [10, 90, 10] })).toThrow(message);
  });

  it('metrics given as text are coerced to numbers (test_boxplot_type_coercion)', () => {
    const asText = namesRows.map((row) => ({ ...row, cars: row.cars === null ? 'nan' : String(row.cars) }));
    const out = boxplot('tukey', {}, asText);
    expect(Object.keys(out[0] ?? {}).sort()).toEqual(COLUMNS);
    expect(out).toHaveLength(5);
    expect(values(out, 'cars__mean')).toEqual([6, 4.75, 1, 6, 9]);
  });
});
