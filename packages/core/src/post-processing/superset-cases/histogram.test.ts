// Ported from Superset tests/unit_tests/pandas_postprocessing/test_histogram.py: input → expected facts.
import { describe, expect, it } from 'vitest';
import type { Row } from '../options.js';
import { run, step } from './run.js';

const BINS = ['1.0 - 2.8', '2.8 - 4.6', '4.6 - 6.4', '6.4 - 8.2', '8.2 - 10.0'];
const GROUPS = ['A', 'A', 'B', 'B', 'A', 'A', 'B', 'B', 'A', 'A'];
const data = (a: Array<number | null>, grouped = true): Row[] =>
  a.map((value, at) => ({ ...(grouped ? { group: GROUPS[at] } : {}), a: value, b: value }));
const ONE_TO_TEN = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const histogram = (rows: Row[], groupby: string[], extra: Record<string, unknown> = {}) =>
  run(rows, step('histogram', { column: 'a', groupby, bins: 5, ...extra }));
const table = (rows: Row[]) => rows.map((row) => Object.values(row));

describe('Superset test_histogram', () => {
  it('without groupby: one row of bin counts', () => {
    const out = histogram(data(ONE_TO_TEN, false), []);
    expect(Object.keys(out[0] ?? {})).toEqual(BINS);
    expect(table(out)).toEqual([[2, 2, 2, 2, 2]]);
  });

  it('with groupby: one row per group', () => {
    const out = histogram(data(ONE_TO_TEN), ['group']);
    expect(Object.keys(out[0] ?? {})).toEqual(['group', ...BINS]);
    expect(table(out)).toEqual([
      ['A', 2, 0, 2, 0, 2],
      ['B', 0, 2, 0, 2, 0],
    ]);
  });

  it('normalized', () => {
    expect(table(histogram(data(ONE_TO_TEN), ['group'], { normalize: true }))).toEqual([
      ['A', 0.2, 0, 0.2, 0, 0.2],
      ['B', 0, 0.2, 0, 0.2, 0],
    ]);
  });

  it('cumulative', () => {
    expect(table(histogram(data(ONE_TO_TEN), ['group'], { cumulative: true }))).toEqual([
      ['A', 2, 2, 4, 4, 6],
      ['B', 0, 2, 2, 4, 4],
    ]);
  });

  it('cumulative and normalized', () => {
    const out = table(histogram(data(ONE_TO_TEN), ['group'], { cumulative: true, normalize: true }));
    expect(out).toEqual([
      ['A', 0.06666666666666667, 0.06666666666666667, 0.13333333333333333, 0.13333333333333333, 0.2],
      ['B', 0, 0.06666666666666667, 0.06666666666666667, 0.13333333333333333, 0.13333333333333333],
    ]);
  });

  it('refuses a non-numeric column', () => {
    expect(() => run(data(ONE_TO_TEN), step('histogram', { column: 'group', bins: 5 }))).toThrow(
      "Column 'group' contains non-numeric values",
    );
  });

  it('skips NULL values, with groupby', () => {
    expect(table(histogram(data([1, 2, 3, 4, 5, null, 7, 8, 9, 10]), ['group']))).toEqual([
      ['A', 2, 0, 1, 0, 2],
      ['B', 0, 2, 0, 2, 0],
    ]);
  });

  it('skips NULL values, without groupby', () => {
    expect(table(histogram(data([1, 2, 3, 4, 5, null, 7, 8, 9, 10], false), []))).toEqual([[2, 2, 1, 2, 2]]);
  });

  it('all NULL gives an empty result, with or without groupby', () => {
    const nulls = Array.from({ length: 10 }, () => null);
    expect(histogram(data(nulls), ['group'])).toEqual([]);
    expect(histogram(data(nulls, false), [])).toEqual([]);
  });
});
