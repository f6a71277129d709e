// Ported from Superset tests/unit_tests/pandas_postprocessing/test_resample.py: input → expected facts.
import { describe, expect, it } from 'vitest';
import type { Row } from '../options.js';
import { categoriesRows, timeseriesRows, timeseriesWithGapRows } from './fixtures.js';
import { run, step } from './run.js';

const at = (iso: string) => new Date(`${iso.includes('T') ? iso : `${iso}T00:00:00`}Z`);
const SERIES_DAYS = ['2019-01-01', '2019-01-02', '2019-01-05', '2019-01-07'];
/** timeseries_df with its date index as the first column, where a pivot leaves it. */
const withIndex = (rows: Row[]): Row[] =>
  rows.map((row, index) => ({ __timestamp: at(SERIES_DAYS[index] as string), ...row }));
const WEEK = ['2019-01-01', '2019-01-02', '2019-01-03', '2019-01-04', '2019-01-05', '2019-01-06', '2019-01-07'].map(at);
const table = (rows: Row[]) => rows.map((row) => [row.__timestamp, row.label, row.y]);

describe('Superset test_resample', () => {
  it('does not change its input', () => {
    const input = withIndex(timeseriesRows());
    run(input, step('resample', { rule: '1D', method: 'ffill' }));
    expect(input).toEqual(withIndex(timeseriesRows()));
  });

  it('ffill by day repeats the last row into the new days', () => {
    const out = run(withIndex(timeseriesRows()), step('resample', { rule: '1D', method: 'ffill' }));
    expect(table(out)).toEqual(
      WEEK.map((day, index) => [day, ['x', 'y', 'y', 'y', 'z', 'z', 'q'][index], [1, 2, 2, 2, 3, 3, 4][index]]),
    );
  });

  it('ffill keeps a NULL that was in the data and carries the value before it', () => {
    const out = run(withIndex(timeseriesWithGapRows()), step('resample', { rule: '1D', method: 'ffill' }));
    expect(out.map((row) => row.y)).toEqual([1, 2, 2, 2, 2, 2, 4]);
  });

  it('asfreq with fill_value 0 zero-fills the new days, labels too', () => {
    const out = run(withIndex(timeseriesRows()), step('resample', { rule: '1D', method: 'asfreq', fill_value: 0 }));
    expect(out.map((row) => row.label)).toEqual(['x', 'y', 0, 0, 'z', 0, 'q']);
    expect(out.map((row) => row.y)).toEqual([1, 2, 0, 0, 3, 0, 4]);
  });

  it('asfreq with fill_value 0 fills a NULL in the data too', () => {
    const out = run(
      withIndex(timeseriesWithGapRows()),
      step('resample', { rule: '1D', method: 'asfreq', fill_value: 0 }),
    );
    expect(out.map((row) => row.y)).toEqual([1, 2, 0, 0, 0, 0, 4]);
  });

  it('after a pivot, flattened', () => {
    const input: Row[] = [
      ['2022-01-13', 'Chicago', 6],
      ['2022-01-13', 'LA', 5],
      ['2022-01-13', 'NY', 4],
      ['2022-01-11', 'Chicago', 3],
      ['2022-01-11', 'LA', 2],
      ['2022-01-11', 'NY', 1],
    ].map(([day, city, val]) => ({ __timestamp: at(day as string), city, val }));
    const out = run(
      input,
      step('pivot', { index: ['__timestamp'], columns: ['city'], aggregates: { val: { operator: 'sum' } } }),
      step('resample', { rule: '1D', method: 'asfreq', fill_value: 0 }),
      step('flatten'),
    );
    expect(out).toEqual([
      { __timestamp: at('2022-01-11'), 'val, Chicago': 3, 'val, LA': 2, 'val, NY': 1 },
      { __timestamp: at('2022-01-12'), 'val, Chicago': 0, 'val, LA': 0, 'val, NY': 0 },
      { __timestamp: at('2022-01-13'), 'val, Chicago': 6, 'val, LA': 5, 'val, NY': 4 },
    ]);
  });

  it('refuses a frame without a time index and an unknown method', () => {
    expect(() => run(categoriesRows, step('resample', { rule: '1D', method: 'asfreq' }))).toThrow();
    expect(() => run(withIndex(timeseriesRows()), step('resample', { rule: '1D', method: 'foobar' }))).toThrow();
  });

  it('zero-fill over the whole queried range from a single point', () => {
    const out = run(
      [{ __timestamp: at('2026-07-01T05:00:00'), y: 7 }],
      step('resample', {
        rule: '1h',
        method: 'asfreq',
        fill_value: 0,
        time_range_start: '2026-07-01T00:00:00',
        time_range_end: '2026-07-02T00:00:00',
      }),
    );
    expect(out).toHaveLength(24);
    expect(out.map((row) => row.y)).toEqual(Array.from({ length: 24 }, (_, hour) => (hour === 5 ? 7 : 0)));
    expect(out[0]?.__timestamp).toEqual(at('2026-07-01T00:00:00'));
  });

  it('zero-fill over the whole queried range with sparse points', () => {
    const out = run(
      [
        { __timestamp: at('2026-07-01T01:00:00'), y: 1 },
        { __timestamp: at('2026-07-01T11:00:00'), y: 2 },
        { __timestamp: at('2026-07-01T22:00:00'), y: 3 },
      ],
      step('resample', {
        rule: '1h',
        method: 'asfreq',
        fill_value: 0,
        time_range_start: '2026-07-01T00:00:00',
        time_range_end: '2026-07-02T00:00:00',
      }),
    );
    const expected = Array.from({ length: 24 }, () => 0);
    expected[1] = 1;
    expected[11] = 2;
    expected[22] = 3;
    expect(out.map((row) => row.y)).toEqual(expected);
  });
});
