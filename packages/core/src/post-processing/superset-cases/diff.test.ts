// Ported from Superset tests/unit_tests/pandas_postprocessing/test_diff.py: input → expected facts.
import { describe, expect, it } from 'vitest';
import { columnsOf, timeseries2Rows, timeseriesRows, values } from './fixtures.js';
import { run, step } from './run.js';

describe('Superset test_diff', () => {
  it('in place: the first row has no previous value', () => {
    const out = run(timeseriesRows(), step('diff', { columns: { y: 'y' } }));
    expect(columnsOf(out)).toEqual(['label', 'y']);
    expect(values(out, 'y')).toEqual([null, 1, 1, 1]);
  });

  it('into a new column', () => {
    const out = run(timeseriesRows(), step('diff', { columns: { y: 'y1' } }));
    expect(columnsOf(out)).toEqual(['label', 'y', 'y1']);
    expect(values(out, 'y')).toEqual([1, 2, 3, 4]);
    expect(values(out, 'y1')).toEqual([null, 1, 1, 1]);
  });

  it('looks ahead with negative periods', () => {
    const out = run(timeseriesRows(), step('diff', { columns: { y: 'y1' }, periods: -1 }));
    expect(values(out, 'y1')).toEqual([-1, -1, -1, null]);
  });

  it('refuses a column the result does not have', () => {
    expect(() => run(timeseriesRows(), step('diff', { columns: { abc: 'abc' } }))).toThrow(
      'Referenced columns not available in DataFrame',
    );
  });

  it('by columns (axis 1): each selected column minus the one before it', () => {
    const out = run(timeseries2Rows(), step('diff', { columns: { y: 'y', z: 'z' }, axis: 1 }));
    expect(columnsOf(out)).toEqual(['label', 'y', 'z']);
    expect(values(out, 'z')).toEqual([0, 2, 8, 6]);
    expect(values(out, 'y')).toEqual([null, null, null, null]);
  });
});
