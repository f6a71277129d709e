import { describe, expect, it } from 'vitest';
import { aggregate } from './aggregate.js';
import { type PivotOptions, pivot as pivotRows } from './pivot.js';
import { flatten } from './table-ops.js';

/** The pivot as a chart reads it: flattened to "metric, value" names. */
const pivot = (input: typeof rows, options: PivotOptions) => flatten(pivotRows(input, options));

const rows = [
  { ds: '2020-01-01', country: 'FR', city: 'Paris', sales: 10, cost: 4 },
  { ds: '2020-01-01', country: 'DE', city: 'Berlin', sales: 5, cost: 1 },
  { ds: '2020-01-02', country: 'FR', city: 'Lyon', sales: 7, cost: null },
  { ds: '2020-01-02', country: null, city: 'X', sales: 3, cost: 2 },
];

describe('aggregate', () => {
  it('groups by key in ascending order, dropping missing keys, and skips nulls in reductions', () => {
    expect(
      aggregate(rows, {
        groupby: ['country'],
        aggregates: { total: { column: 'sales', operator: 'sum' }, avg_cost: { column: 'cost', operator: 'mean' } },
      }),
    ).toEqual([
      { country: 'DE', total: 5, avg_cost: 1 },
      { country: 'FR', total: 17, avg_cost: 4 },
    ]);
  });

  it('without groupby gives one row, and none for an empty result', () => {
    expect(aggregate(rows, { groupby: [], aggregates: { sales: { operator: 'max' } } })).toEqual([{ sales: 10 }]);
    expect(aggregate([], { groupby: [], aggregates: { sales: { operator: 'max' } } })).toEqual([]);
  });

  it('names a bad operator or column', () => {
    expect(() => aggregate(rows, { groupby: [], aggregates: { sales: { operator: 'mode' } } })).toThrow(
      'aggregate: Invalid numpy function: mode',
    );
    expect(() => aggregate(rows, { groupby: [], aggregates: { x: { column: 'nope', operator: 'sum' } } })).toThrow(
      'Column referenced by aggregate is undefined: nope',
    );
    expect(() => aggregate(rows, { groupby: ['nope'], aggregates: {} })).toThrow('Referenced columns not available');
  });
});

describe('pivot', () => {
  it('one aggregate: columns keep the metric level ("metric, value"), missing values become <NULL>', () => {
    expect(pivot(rows, { index: ['ds'], columns: ['country'], aggregates: { sales: { operator: 'sum' } } })).toEqual([
      { ds: '2020-01-01', 'sales, <NULL>': null, 'sales, DE': 5, 'sales, FR': 10 },
      { ds: '2020-01-02', 'sales, <NULL>': 3, 'sales, DE': null, 'sales, FR': 7 },
    ]);
  });

  it('fills missing cells with the metric fill value', () => {
    const [first] = pivot(rows, {
      index: ['ds'],
      columns: ['country'],
      aggregates: { sales: { operator: 'sum' } },
      metric_fill_value: 0,
    });
    expect(first).toEqual({ ds: '2020-01-01', 'sales, <NULL>': 0, 'sales, DE': 5, 'sales, FR': 10 });
  });

  it('several aggregates: columns are "metric, value", metrics in sorted order', () => {
    const [, second] = pivot(rows, {
      index: ['ds'],
      columns: ['country'],
      aggregates: { sales: { operator: 'sum' }, cost: { operator: 'sum' } },
    });
    expect(Object.keys(second ?? {})).toEqual([
      'ds',
      'cost, <NULL>',
      'cost, DE',
      'cost, FR',
      'sales, <NULL>',
      'sales, DE',
      'sales, FR',
    ]);
    // A cell whose values are all null sums to 0, as pandas does.
    expect(second?.['cost, FR']).toBe(0);
  });

  it("combining value with metric puts each value's metrics side by side", () => {
    const [first] = pivot(rows, {
      index: ['ds'],
      columns: ['country'],
      aggregates: { sales: { operator: 'sum' }, cost: { operator: 'sum' } },
      combine_value_with_metric: true,
    });
    expect(Object.keys(first ?? {})).toEqual([
      'ds',
      '<NULL>, cost',
      '<NULL>, sales',
      'DE, cost',
      'DE, sales',
      'FR, cost',
      'FR, sales',
    ]);
  });

  it('drops columns that are missing everywhere unless told to keep them', () => {
    const options = { index: ['ds'], columns: ['city'], aggregates: { cost: { operator: 'mean' } } };
    expect(Object.keys(pivot(rows, options)[0] ?? {})).toEqual(['ds', 'cost, Berlin', 'cost, Paris', 'cost, X']);
    expect(Object.keys(pivot(rows, { ...options, drop_missing_columns: false })[0] ?? {})).toEqual([
      'ds',
      'cost, Berlin',
      'cost, Lyon',
      'cost, Paris',
      'cost, X',
    ]);
  });

  it('without columns, each aggregate is one column', () => {
    expect(pivot(rows, { index: ['country'], aggregates: { sales: { operator: 'sum' } } })).toEqual([
      { country: 'DE', sales: 5 },
      { country: 'FR', sales: 17 },
    ]);
  });

  it('requires an index and an aggregate', () => {
    expect(() => pivot(rows, { index: [], aggregates: { sales: { operator: 'sum' } } })).toThrow(
      'pivot: Pivot operation requires at least one index',
    );
    expect(() => pivot(rows, { index: ['ds'], aggregates: {} })).toThrow(
      'Pivot operation must include at least one aggregate',
    );
  });
});
