// Ported from Superset tests/unit_tests/pandas_postprocessing/test_cum.py: input → expected facts.
import { describe, expect, it } from 'vitest';
import {
  columnsOf,
  JAN_1,
  JAN_2,
  multipleMetricsRows,
  singleMetricRows,
  timeseriesRows,
  timeseriesWithGapRows,
  values,
} from './fixtures.js';
import { run, step } from './run.js';

const cum = (operator: string, columns: Record<string, string>) => step('cum', { operator, columns });
const pivotByCountry = (aggregates: Record<string, unknown>) =>
  step('pivot', { index: ['dttm'], columns: ['country'], aggregates });

describe('Superset test_cum', () => {
  it('does not change its input (test_cum_should_not_side_effect)', () => {
    const input = timeseriesRows();
    run(input, cum('sum', { y: 'y2' }));
    expect(input).toEqual(timeseriesRows());
  });

  it('cumsum into a new column', () => {
    const out = run(timeseriesRows(), cum('sum', { y: 'y2' }));
    expect(columnsOf(out)).toEqual(['label', 'y', 'y2']);
    expect(values(out, 'label')).toEqual(['x', 'y', 'z', 'q']);
    expect(values(out, 'y')).toEqual([1, 2, 3, 4]);
    expect(values(out, 'y2')).toEqual([1, 3, 6, 10]);
  });

  it('cumprod in place', () => {
    const out = run(timeseriesRows(), cum('prod', { y: 'y' }));
    expect(columnsOf(out)).toEqual(['label', 'y']);
    expect(values(out, 'y')).toEqual([1, 2, 6, 24]);
  });

  it('cummin in place', () => {
    expect(values(run(timeseriesRows(), cum('min', { y: 'y' })), 'y')).toEqual([1, 1, 1, 1]);
  });

  it('refuses an unknown operator', () => {
    expect(() => run(timeseriesRows(), cum('abc', { y: 'y' }))).toThrow('Invalid cumulative operator: abc');
  });

  it('cumsum over a gap carries the running total (test_cum_with_gap)', () => {
    const out = run(timeseriesWithGapRows(), cum('sum', { y: 'y2' }));
    expect(columnsOf(out)).toEqual(['label', 'y', 'y2']);
    expect(values(out, 'y')).toEqual([1, 2, null, 4]);
    expect(values(out, 'y2')).toEqual([1, 3, 3, 7]);
  });

  it('cumprod over a gap drops to 0, the gap counting as 0', () => {
    expect(values(run(timeseriesWithGapRows(), cum('prod', { y: 'y' })), 'y')).toEqual([1, 2, 0, 0]);
  });

  it('cummin over a gap drops to 0', () => {
    expect(values(run(timeseriesWithGapRows(), cum('min', { y: 'y' })), 'y')).toEqual([1, 1, 0, 0]);
  });

  it('after a pivot with a single metric', () => {
    const out = run(
      singleMetricRows(),
      pivotByCountry({ sum_metric: { operator: 'sum' } }),
      cum('sum', { sum_metric: 'sum_metric' }),
      step('flatten'),
    );
    expect(out).toEqual([
      { dttm: JAN_1, 'sum_metric, UK': 5, 'sum_metric, US': 6 },
      { dttm: JAN_2, 'sum_metric, UK': 12, 'sum_metric, US': 14 },
    ]);
  });

  it('after a pivot with multiple metrics', () => {
    const out = run(
      multipleMetricsRows(),
      pivotByCountry({ sum_metric: { operator: 'sum' }, count_metric: { operator: 'sum' } }),
      cum('sum', { sum_metric: 'sum_metric', count_metric: 'count_metric' }),
      step('flatten'),
    );
    expect(out).toEqual([
      { dttm: JAN_1, 'count_metric, UK': 1, 'count_metric, US': 2, 'sum_metric, UK': 5, 'sum_metric, US': 6 },
      { dttm: JAN_2, 'count_metric, UK': 4, 'count_metric, US': 6, 'sum_metric, UK': 12, 'sum_metric, US': 14 },
    ]);
  });
});
