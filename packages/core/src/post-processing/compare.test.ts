import { describe, expect, it } from 'vitest';
import { compare, contribution, timeShiftedColumn } from './compare.js';

const shifted = timeShiftedColumn('m', '1 year ago');
const rows = [
  { ds: 'a', m: 10, [shifted]: 8 },
  { ds: 'b', m: 3, [shifted]: 0 },
];
const run = (type: 'difference' | 'absolute' | 'percentage' | 'ratio' | 'values', extra = {}) =>
  compare(rows, { source_columns: ['m'], compare_columns: [shifted], compare_type: type, ...extra });

describe('compare', () => {
  it('names the twin column metric__shift', () => {
    expect(shifted).toBe('m__1 year ago');
  });

  it('difference, percentage and ratio against the time-shifted twin; division by zero is null', () => {
    expect(run('difference').map((row) => row['difference__m__m__1 year ago'])).toEqual([2, 3]);
    expect(run('percentage').map((row) => row['percentage__m__m__1 year ago'])).toEqual([0.25, null]);
    expect(run('ratio').map((row) => row['ratio__m__m__1 year ago'])).toEqual([1.25, null]);
  });

  it('absolute is the difference, values leaves the series as they are', () => {
    expect(run('absolute')[0]?.['difference__m__m__1 year ago']).toBe(2);
    expect(run('values')).toEqual(rows);
  });

  it('rounds rates to the precision and can drop the compared columns', () => {
    const [row] = compare([{ m: 1, n: 3 }], {
      source_columns: ['m'],
      compare_columns: ['n'],
      compare_type: 'ratio',
      drop_original_columns: true,
    });
    expect(row).toEqual({ ratio__m__n: 0.3333 });
  });

  it('refuses unequal column lists', () => {
    expect(() => compare(rows, { source_columns: ['m'], compare_columns: [], compare_type: 'ratio' })).toThrow(
      '`compare_columns` must have the same length as `source_columns`.',
    );
  });
});

describe('contribution', () => {
  const data = [
    { d: 'a', x: 1, y: 3 },
    { d: 'b', x: 3, y: null },
  ];

  it('column orientation divides by the column total, missing counting as 0', () => {
    expect(contribution(data)).toEqual([
      { d: 'a', x: 0.25, y: 1 },
      { d: 'b', x: 0.75, y: 0 },
    ]);
  });

  it('row orientation divides by the row total and can write to new columns', () => {
    expect(contribution(data, { orientation: 'row', columns: ['x', 'y'], rename_columns: ['x_pct', 'y_pct'] })).toEqual(
      [
        { d: 'a', x: 1, y: 3, x_pct: 0.25, y_pct: 0.75 },
        // By row a missing cell stays missing (Superset divides the frame as it is).
        { d: 'b', x: 3, y: null, x_pct: 1, y_pct: null },
      ],
    );
  });

  it('each time shift makes its own row total', () => {
    const [row] = contribution([{ x: 1, y: 3, 'x__1 year ago': 2, 'y__1 year ago': 2 }], {
      orientation: 'row',
      time_shifts: ['1 year ago'],
    });
    expect(row).toEqual({ x: 0.25, y: 0.75, 'x__1 year ago': 0.5, 'y__1 year ago': 0.5 });
  });

  it('refuses non-numeric columns', () => {
    expect(() => contribution(data, { columns: ['d'] })).toThrow(
      'Column "d" is not numeric or does not exists in the query results.',
    );
  });
});
