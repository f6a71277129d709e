// Ported from Superset tests/unit_tests/pandas_postprocessing/test_aggregate.py: input → expected facts.
import { describe, expect, it } from 'vitest';
import { categoriesRows, columnsOf, values } from './fixtures.js';
import { run, step } from './run.js';

const aggregate = (rows: Parameters<typeof run>[0], groupby: string[], aggregates: Record<string, unknown>) =>
  run(rows, step('aggregate', { groupby, aggregates }));

describe('Superset test_aggregate', () => {
  it('sum and percentiles with options', () => {
    const out = aggregate(categoriesRows, ['constant'], {
      'asc sum': { column: 'asc_idx', operator: 'sum' },
      'asc q2': { column: 'asc_idx', operator: 'percentile', options: { q: 75 } },
      'desc q1': { column: 'desc_idx', operator: 'percentile', options: { q: 25 } },
    });
    expect(columnsOf(out)).toEqual(['constant', 'asc sum', 'asc q2', 'desc q1']);
    expect(values(out, 'asc sum')).toEqual([5050]);
    expect(values(out, 'asc q2')).toEqual([75]);
    expect(values(out, 'desc q1')).toEqual([25]);
  });

  it('mean, median, max and min', () => {
    const out = aggregate(categoriesRows, ['constant'], {
      'asc mean': { column: 'asc_idx', operator: 'mean' },
      'asc median': { column: 'asc_idx', operator: 'median' },
      'asc max': { column: 'asc_idx', operator: 'max' },
      'asc min': { column: 'asc_idx', operator: 'min' },
    });
    expect(out).toEqual([{ constant: 'dummy', 'asc mean': 50, 'asc median': 50, 'asc max': 100, 'asc min': 0 }]);
  });

  it('count is np.ma.count: NULL values are counted', () => {
    const out = aggregate(categoriesRows, ['constant'], { null_count: { column: 'idx_nulls', operator: 'count' } });
    expect(values(out, 'null_count')).toEqual([101]);
  });

  it('NULL group keys make one group, sorted last', () => {
    const rows = [
      { category: 'alpha', value: 1 },
      { category: null, value: 2 },
      { category: null, value: 3 },
      { category: null, value: null },
      { category: 'beta', value: 5 },
    ];
    expect(
      aggregate(rows, ['category'], {
        total: { column: 'value', operator: 'sum' },
        mean: { column: 'value', operator: 'mean' },
        count: { column: 'value', operator: 'count' },
      }),
    ).toEqual([
      { category: 'alpha', total: 1, mean: 1, count: 1 },
      { category: 'beta', total: 5, mean: 5, count: 1 },
      { category: null, total: 5, mean: 2.5, count: 3 },
    ]);
  });

  it('NULL in either grouping column keeps the distinct combination', () => {
    const rows = [
      { category: 'alpha', region: 'east', value: 1 },
      { category: 'alpha', region: null, value: 2 },
      { category: null, region: 'east', value: 3 },
      { category: null, region: null, value: 4 },
      { category: 'alpha', region: null, value: null },
      { category: null, region: null, value: 6 },
    ];
    expect(aggregate(rows, ['category', 'region'], { total: { column: 'value', operator: 'sum' } })).toEqual([
      { category: 'alpha', region: 'east', total: 1 },
      { category: 'alpha', region: null, total: 2 },
      { category: null, region: 'east', total: 3 },
      { category: null, region: null, total: 10 },
    ]);
  });

  it('an entirely missing grouping column still aggregates', () => {
    const rows = [
      { category: null, value: 1 },
      { category: null, value: null },
      { category: null, value: 3 },
    ];
    expect(aggregate(rows, ['category'], { mean: { column: 'value', operator: 'mean' } })).toEqual([
      { category: null, mean: 2 },
    ]);
  });

  it('without grouping columns every row makes one result', () => {
    const rows = [
      { category: 'alpha', value: 1 },
      { category: null, value: 3 },
    ];
    expect(aggregate(rows, [], { total: { column: 'value', operator: 'sum' } })).toEqual([{ total: 4 }]);
  });
});
