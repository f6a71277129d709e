// Ported from Superset tests/unit_tests/pandas_postprocessing/test_compare.py: input → expected facts.
import { describe, expect, it } from 'vitest';
import { levelKey } from '../levels.js';
import type { Row } from '../options.js';
import { JAN_1, JAN_2, multipleMetricsRows, timeseries2Rows } from './fixtures.js';
import { run, step } from './run.js';

const compare = (compare_type: string, extra: Record<string, unknown> = {}) =>
  step('compare', { source_columns: ['y'], compare_columns: ['z'], compare_type, ...extra });

describe('Superset test_compare', () => {
  it('does not change its input (test_compare_should_not_side_effect)', () => {
    const input = timeseries2Rows();
    run(input, compare('difference'));
    expect(input).toEqual(timeseries2Rows());
  });

  it('difference adds difference__y__z', () => {
    expect(run(timeseries2Rows(), compare('difference'))).toEqual([
      { label: 'x', y: 2, z: 2, difference__y__z: 0 },
      { label: 'y', y: 2, z: 4, difference__y__z: -2 },
      { label: 'z', y: 2, z: 10, difference__y__z: -8 },
      { label: 'q', y: 2, z: 8, difference__y__z: -6 },
    ]);
  });

  it('difference dropping the original columns', () => {
    expect(run(timeseries2Rows(), compare('difference', { drop_original_columns: true }))).toEqual([
      { label: 'x', difference__y__z: 0 },
      { label: 'y', difference__y__z: -2 },
      { label: 'z', difference__y__z: -8 },
      { label: 'q', difference__y__z: -6 },
    ]);
  });

  it('percentage', () => {
    const out = run(timeseries2Rows(), compare('percentage'));
    expect(out.map((row) => row.percentage__y__z)).toEqual([0, -0.5, -0.8, -0.75]);
  });

  it('ratio', () => {
    const out = run(timeseries2Rows(), compare('ratio'));
    expect(out.map((row) => row.ratio__y__z)).toEqual([1, 0.5, 0.2, 0.25]);
  });

  it('on multi-level columns, level by level (test_compare_multi_index_column)', () => {
    const days = ['2021-01-01', '2021-01-02', '2021-01-03'].map((iso) => new Date(`${iso}T00:00:00Z`));
    const input: Row[] = days.map((day) => {
      const row: Row = { __timestamp: day };
      for (const metric of ['m1', 'm2'])
        for (const a of ['a', 'b']) for (const b of ['x', 'y']) row[levelKey([metric, a, b])] = 1;
      return row;
    });
    const out = run(
      input,
      step('compare', {
        source_columns: ['m1'],
        compare_columns: ['m2'],
        compare_type: 'difference',
        drop_original_columns: true,
      }),
      step('flatten'),
    );
    expect(out).toEqual(
      days.map((day) => ({
        __timestamp: day,
        'difference__m1__m2, a, x': 0,
        'difference__m1__m2, a, y': 0,
        'difference__m1__m2, b, x': 0,
        'difference__m1__m2, b, y': 0,
      })),
    );
  });

  it('after a pivot (test_compare_after_pivot)', () => {
    const out = run(
      multipleMetricsRows(),
      step('pivot', {
        index: ['dttm'],
        columns: ['country'],
        aggregates: { sum_metric: { operator: 'sum' }, count_metric: { operator: 'sum' } },
      }),
      step('compare', {
        source_columns: ['count_metric'],
        compare_columns: ['sum_metric'],
        compare_type: 'difference',
        drop_original_columns: true,
      }),
      step('flatten'),
    );
    expect(out).toEqual([
      { dttm: JAN_1, 'difference__count_metric__sum_metric, UK': -4, 'difference__count_metric__sum_metric, US': -4 },
      { dttm: JAN_2, 'difference__count_metric__sum_metric, UK': -4, 'difference__count_metric__sum_metric, US': -4 },
    ]);
  });

  it('refuses lists of different lengths and unknown types (compare.py)', () => {
    expect(() =>
      run(timeseries2Rows(), step('compare', { source_columns: ['y'], compare_columns: [], compare_type: 'ratio' })),
    ).toThrow('`compare_columns` must have the same length as `source_columns`.');
    expect(() => run(timeseries2Rows(), compare('abc'))).toThrow(
      '`compare_type` must be `difference`, `percentage` or `ratio`',
    );
  });
});
