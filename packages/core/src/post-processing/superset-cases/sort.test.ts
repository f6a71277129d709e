// Ported from Superset tests/unit_tests/pandas_postprocessing/test_sort.py: input → expected facts.
import { describe, expect, it } from 'vitest';
import { categoriesRows, timeseriesRows, values } from './fixtures.js';
import { run, step } from './run.js';

describe('Superset test_sort', () => {
  it('by two columns, one ascending and one descending', () => {
    const out = run(categoriesRows, step('sort', { by: ['category', 'asc_idx'], ascending: [true, false] }));
    expect(values(out, 'asc_idx')[1]).toBe(96);
  });

  it('by one column given as a name, ascending by default', () => {
    expect(values(run(categoriesRows, step('sort', { by: 'asc_idx' })), 'asc_idx')[0]).toBe(0);
  });

  it('by one column descending', () => {
    expect(values(run(categoriesRows, step('sort', { by: 'asc_idx', ascending: false })), 'asc_idx')[0]).toBe(100);
  });

  it('without `by` returns the rows as they are', () => {
    expect(run(timeseriesRows(), step('sort'))).toEqual(timeseriesRows());
  });

  it('refuses a column the result does not have', () => {
    expect(() => run(categoriesRows, step('sort', { by: 'abc', ascending: false }))).toThrow(
      'Referenced columns not available',
    );
  });
});
