// Ported from Superset tests/unit_tests/pandas_postprocessing/test_rolling.py: input → expected facts.
import { describe, expect, it } from 'vitest';
import { columnsOf, JAN_1, JAN_2, multipleMetricsRows, singleMetricRows, timeseriesRows, values } from './fixtures.js';
import { run, step } from './run.js';

const pivotByCountry = (aggregates: Record<string, unknown>) =>
  step('pivot', { index: ['dttm'], columns: ['country'], aggregates });

describe('Superset test_rolling', () => {
  it('does not change its input (test_rolling_should_not_side_effect)', () => {
    const input = timeseriesRows();
    run(input, step('rolling', { columns: { y: 'y' }, rolling_type: 'sum', window: 2, min_periods: 0 }));
    expect(input).toEqual(timeseriesRows());
  });

  it('sum over a window of 2 with min_periods 0', () => {
    const out = run(
      timeseriesRows(),
      step('rolling', { columns: { y: 'y' }, rolling_type: 'sum', window: 2, min_periods: 0 }),
    );
    expect(columnsOf(out)).toEqual(['label', 'y']);
    expect(values(out, 'y')).toEqual([1, 3, 5, 7]);
  });

  it('mean into a new column keeps the source', () => {
    const out = run(
      timeseriesRows(),
      step('rolling', { columns: { y: 'y_mean' }, rolling_type: 'mean', window: 10, min_periods: 0 }),
    );
    expect(columnsOf(out)).toEqual(['label', 'y', 'y_mean']);
    expect(values(out, 'y_mean')).toEqual([1, 1.5, 2, 2.5]);
  });

  it('count', () => {
    const out = run(
      timeseriesRows(),
      step('rolling', { columns: { y: 'y' }, rolling_type: 'count', window: 10, min_periods: 0 }),
    );
    expect(columnsOf(out)).toEqual(['label', 'y']);
    expect(values(out, 'y')).toEqual([1, 2, 3, 4]);
  });

  it('quantile with rolling_type_options', () => {
    const out = run(
      timeseriesRows(),
      step('rolling', {
        columns: { y: 'q1' },
        rolling_type: 'quantile',
        rolling_type_options: { quantile: 0.25 },
        window: 10,
        min_periods: 0,
      }),
    );
    expect(columnsOf(out)).toEqual(['label', 'y', 'q1']);
    expect(values(out, 'q1')).toEqual([1, 1.25, 1.5, 1.75]);
  });

  it('refuses an unknown rolling type', () => {
    expect(() =>
      run(timeseriesRows(), step('rolling', { columns: { y: 'y' }, rolling_type: 'abc', window: 2 })),
    ).toThrow('Invalid rolling_type: abc');
  });

  it('refuses options the rolling method does not take', () => {
    expect(() =>
      run(
        timeseriesRows(),
        step('rolling', {
          columns: { y: 'y' },
          rolling_type: 'quantile',
          rolling_type_options: { abc: 123 },
          window: 2,
        }),
      ),
    ).toThrow("Invalid options for quantile: {'abc': 123}");
  });

  it('refuses a window over 10,000 (test_rolling_rejects_window_over_max)', () => {
    expect(() =>
      run(
        timeseriesRows(),
        step('rolling', { columns: { y: 'y' }, rolling_type: 'sum', window: 10001, min_periods: 0 }),
      ),
    ).toThrow('must not exceed');
  });

  it('refuses a missing or zero window', () => {
    expect(() => run(timeseriesRows(), step('rolling', { columns: { y: 'y' }, rolling_type: 'sum' }))).toThrow(
      'Undefined window for rolling operation',
    );
    expect(() =>
      run(timeseriesRows(), step('rolling', { columns: { y: 'y' }, rolling_type: 'sum', window: 0 })),
    ).toThrow('Window must be > 0');
  });

  it('min_periods trims min_periods - 1 rows after a pivot (test_rolling_min_periods_trims_correctly)', () => {
    const out = run(
      singleMetricRows(),
      pivotByCountry({ sum_metric: { operator: 'sum' } }),
      step('rolling', { rolling_type: 'sum', window: 2, min_periods: 2, columns: { sum_metric: 'sum_metric' } }),
    );
    expect(out).toHaveLength(1);
  });

  it('after a pivot with a single metric, flattened as "metric, country"', () => {
    const out = run(
      singleMetricRows(),
      pivotByCountry({ sum_metric: { operator: 'sum' } }),
      step('rolling', { columns: { sum_metric: 'sum_metric' }, rolling_type: 'sum', window: 2, min_periods: 0 }),
      step('flatten'),
    );
    expect(out).toEqual([
      { dttm: JAN_1, 'sum_metric, UK': 5, 'sum_metric, US': 6 },
      { dttm: JAN_2, 'sum_metric, UK': 12, 'sum_metric, US': 14 },
    ]);
  });

  it('after a pivot with multiple metrics, metrics in sorted order', () => {
    const out = run(
      multipleMetricsRows(),
      pivotByCountry({ sum_metric: { operator: 'sum' }, count_metric: { operator: 'sum' } }),
      step('rolling', {
        columns: { count_metric: 'count_metric', sum_metric: 'sum_metric' },
        rolling_type: 'sum',
        window: 2,
        min_periods: 0,
      }),
      step('flatten'),
    );
    expect(out).toEqual([
      { dttm: JAN_1, 'count_metric, UK': 1, 'count_metric, US': 2, 'sum_metric, UK': 5, 'sum_metric, US': 6 },
      { dttm: JAN_2, 'count_metric, UK': 4, 'count_metric, US': 6, 'sum_metric, UK': 12, 'sum_metric, US': 14 },
    ]);
  });
});
