// Ported from Superset tests/unit_tests/pandas_postprocessing/test_pivot.py: input → expected facts.
import { describe, expect, it } from 'vitest';
import { levelsOf } from '../levels.js';
import type { Row } from '../options.js';
import { categoriesRows, columnsOf, values } from './fixtures.js';
import { run, runLevels, step } from './run.js';

const AGGREGATES_SINGLE = { idx_nulls: { operator: 'sum' } };
const sumOf = (rows: readonly Row[], column: string) =>
  values(rows, column).reduce<number>((total, value) => total + (typeof value === 'number' ? value : 0), 0);
const day = new Date('2019-01-01T00:00:00Z');

describe('Superset test_pivot', () => {
  it('without columns, one column per aggregate', () => {
    const out = run(categoriesRows, step('pivot', { index: ['name'], aggregates: AGGREGATES_SINGLE }));
    expect(columnsOf(out)).toEqual(['name', 'idx_nulls']);
    expect(out).toHaveLength(101);
    expect(sumOf(out, 'idx_nulls')).toBe(1050);
  });

  it('with one column the metric stays the first level', () => {
    const out = runLevels(
      categoriesRows,
      step('pivot', { index: ['name'], columns: ['category'], aggregates: AGGREGATES_SINGLE }),
    );
    expect(
      columnsOf(out)
        .slice(1)
        .map((key) => levelsOf(key)),
    ).toEqual([
      ['idx_nulls', 'cat0'],
      ['idx_nulls', 'cat1'],
      ['idx_nulls', 'cat2'],
    ]);
    expect(out).toHaveLength(101);
    const flat = run(out, step('flatten'));
    expect(sumOf(flat, 'idx_nulls, cat0')).toBe(315);
  });

  it('by department: five rows', () => {
    const out = run(
      categoriesRows,
      step('pivot', { index: ['dept'], columns: ['category'], aggregates: AGGREGATES_SINGLE }),
      step('flatten'),
    );
    expect(columnsOf(out)).toEqual(['dept', 'idx_nulls, cat0', 'idx_nulls, cat1', 'idx_nulls, cat2']);
    expect(out).toHaveLength(5);
  });

  it('with two columns: the index plus every combination', () => {
    const out = run(
      categoriesRows,
      step('pivot', { index: ['name'], columns: ['category', 'dept'], aggregates: AGGREGATES_SINGLE }),
      step('flatten'),
    );
    expect(columnsOf(out)).toHaveLength(1 + 3 * 5);
  });

  it('fills missing cells with metric_fill_value', () => {
    const out = run(
      categoriesRows,
      step('pivot', { index: ['name'], columns: ['category'], metric_fill_value: 1, aggregates: AGGREGATES_SINGLE }),
      step('flatten'),
    );
    expect(sumOf(out, 'idx_nulls, cat0')).toBe(382);
  });

  it('fills NULL column values with <NULL>', () => {
    const input = categoriesRows.map((row) => ({ ...row, category: null }));
    const out = runLevels(
      input,
      step('pivot', { index: ['name'], columns: ['category'], aggregates: AGGREGATES_SINGLE }),
    );
    expect(out).toHaveLength(101);
    expect(columnsOf(out).slice(1).map(levelsOf)).toEqual([['idx_nulls', '<NULL>']]);
  });

  it('refuses unknown index or column references and an aggregate without operator', () => {
    const pivot = (options: Record<string, unknown>) => () =>
      run(categoriesRows, step('pivot', { aggregates: AGGREGATES_SINGLE, ...options }));
    expect(pivot({ index: ['abc'], columns: ['dept'] })).toThrow('Referenced columns not available');
    expect(pivot({ index: ['dept'], columns: ['abc'] })).toThrow('Referenced columns not available');
    expect(pivot({ index: ['name'], columns: ['category'], aggregates: { idx_nulls: {} } })).toThrow(
      'Operator undefined for aggregator: idx_nulls',
    );
  });

  it('keeps only the combinations present when not dropping missing columns (single metric)', () => {
    const input: Row[] = [
      { dttm: day, a: 0, b: 0, metric: 9 },
      { dttm: day, a: 1, b: 1, metric: null },
    ];
    const out = run(
      input,
      step('pivot', {
        index: ['dttm'],
        columns: ['a', 'b'],
        aggregates: { metric: { operator: 'mean' } },
        drop_missing_columns: false,
      }),
      step('flatten'),
    );
    expect(columnsOf(out)).toEqual(['dttm', 'metric, 0, 0', 'metric, 1, 1']);
    expect(out[0]?.['metric, 1, 1']).toBeNull();
  });

  it('keeps only the combinations present when not dropping missing columns (two metrics)', () => {
    const input: Row[] = [
      { dttm: day, a: 0, b: 0, metric: 9, metric2: 10 },
      { dttm: day, a: 1, b: 1, metric: null, metric2: 11 },
    ];
    const out = run(
      input,
      step('pivot', {
        index: ['dttm'],
        columns: ['a', 'b'],
        aggregates: { metric: { operator: 'mean' }, metric2: { operator: 'mean' } },
        drop_missing_columns: false,
      }),
      step('flatten'),
    );
    expect(columnsOf(out)).toEqual(['dttm', 'metric, 0, 0', 'metric, 1, 1', 'metric2, 0, 0', 'metric2, 1, 1']);
    expect(out[0]?.['metric, 1, 1']).toBeNull();
  });

  it('restores only metrics that lost every column (test_pivot_only_entirely_absent_metrics_are_restored)', () => {
    const input: Row[] = [
      { dttm: day, category: 'A', metric_all_nan: null, metric_partial: 1 },
      { dttm: day, category: 'B', metric_all_nan: null, metric_partial: null },
    ];
    const out = run(
      input,
      step('pivot', {
        index: ['dttm'],
        columns: ['category'],
        aggregates: { metric_all_nan: { operator: 'mean' }, metric_partial: { operator: 'mean' } },
        drop_missing_columns: true,
      }),
      step('flatten'),
    );
    expect(out).toEqual([{ dttm: day, 'metric_all_nan, A': null, 'metric_all_nan, B': null, 'metric_partial, A': 1 }]);
  });

  it('combining sparse metrics with values adds no spurious columns', () => {
    const input: Row[] = [
      { dttm: day, category: 'A', metric1: 1, metric2: null },
      { dttm: day, category: 'B', metric1: null, metric2: 2 },
    ];
    const out = runLevels(
      input,
      step('pivot', {
        index: ['dttm'],
        columns: ['category'],
        aggregates: { metric1: { operator: 'mean' }, metric2: { operator: 'mean' } },
        drop_missing_columns: true,
        combine_value_with_metric: true,
      }),
    );
    const levels = columnsOf(out)
      .slice(1)
      .map((key) => levelsOf(key) ?? []);
    expect([...new Set(levels.map((level) => level[0]))].sort()).toEqual(['A', 'B']);
    expect([...new Set(levels.map((level) => level[1]))].sort()).toEqual(['metric1', 'metric2']);
    const flat = run(out, step('flatten'));
    expect(flat[0]?.['A, metric1']).toBe(1);
    expect(flat[0]?.['B, metric2']).toBe(2);
  });

  it('requires an index and an aggregate', () => {
    expect(() => run(categoriesRows, step('pivot', { aggregates: AGGREGATES_SINGLE }))).toThrow(
      'Pivot operation requires at least one index',
    );
    expect(() => run(categoriesRows, step('pivot', { index: ['name'], aggregates: {} }))).toThrow(
      'Pivot operation must include at least one aggregate',
    );
  });
});
