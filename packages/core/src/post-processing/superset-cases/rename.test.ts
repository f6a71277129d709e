// Ported from Superset tests/unit_tests/pandas_postprocessing/test_rename.py: input → expected facts.
import { describe, expect, it } from 'vitest';
import { levelKey, levelsOf } from '../levels.js';
import type { Row } from '../options.js';
import { categoriesRows, columnsOf } from './fixtures.js';
import { run, runLevels, step } from './run.js';

const rename = (columns: Record<string, string | null>, extra: Record<string, unknown> = {}) =>
  step('rename', { columns, ...extra });

/** Three rows with the columns m1/m2 × a/b × x/y, every cell 1. */
const multiLevel = (tops = ['m1', 'm2'], seconds = ['a', 'b'], thirds: string[] | null = ['x', 'y']): Row[] =>
  [0, 1, 2].map(() => {
    const row: Row = {};
    for (const top of tops)
      for (const second of seconds) {
        if (thirds) for (const third of thirds) row[levelKey([top, second, third])] = 1;
        else row[levelKey([top, second])] = 1;
      }
    return row;
  });

describe('Superset test_rename', () => {
  it('does not change its input', () => {
    const input = categoriesRows.map((row) => ({ ...row }));
    run(input, rename({ constant: 'constant_newname', category: 'category_namename' }));
    expect(input).toEqual(categoriesRows);
  });

  it('renames in place, keeping the column order', () => {
    const out = run(categoriesRows, rename({ constant: 'constant_newname', category: 'category_newname' }));
    expect(columnsOf(out)).toEqual([
      'constant_newname',
      'category_newname',
      'dept',
      'name',
      'asc_idx',
      'desc_idx',
      'idx_nulls',
    ]);
  });

  it('renames the labels of one level', () => {
    const out = runLevels(multiLevel(), rename({ m1: 'new_m1' }, { level: 0 }));
    expect(columnsOf(out).map((key) => levelsOf(key)?.[0])).toEqual([
      'new_m1',
      'new_m1',
      'new_m1',
      'new_m1',
      'm2',
      'm2',
      'm2',
      'm2',
    ]);
  });

  it('refuses a column the result does not have', () => {
    expect(() => run(categoriesRows, rename({ foobar: 'foobar2' }))).toThrow('Referenced columns not available');
  });

  it('refuses a label that already exists', () => {
    expect(() => run(categoriesRows, rename({ constant: 'category' }))).toThrow('Label already exists');
  });

  it('refuses a label that already exists on a level', () => {
    expect(() => run(multiLevel(), rename({ m1: 'm2' }, { level: 0 }))).toThrow('Label already exists');
  });

  it('refuses a mapping where only some new names collide', () => {
    expect(() => run(categoriesRows, rename({ constant: 'category', dept: 'department' }))).toThrow(
      'Label already exists',
    );
  });

  it('refuses a partial collision on a level', () => {
    expect(() =>
      run(multiLevel(['m1', 'm2', 'm3'], ['a', 'b'], null), rename({ m1: 'm2', m3: 'm4' }, { level: 0 })),
    ).toThrow('Label already exists');
  });

  it('refuses two columns renamed onto one new label', () => {
    expect(() => run(categoriesRows, rename({ category: 'cat_or_dept', dept: 'cat_or_dept' }))).toThrow(
      'Label already exists',
    );
  });

  it('accepts a target the same mapping vacates', () => {
    const out = run(categoriesRows, rename({ category: 'grouping', constant: 'category' }));
    expect(columnsOf(out)).toEqual(['category', 'grouping', 'dept', 'name', 'asc_idx', 'desc_idx', 'idx_nulls']);
  });

  it('refuses a level the columns do not have', () => {
    expect(() => run(categoriesRows, rename({ constant: 'new_constant' }, { level: 100 }))).toThrow();
    expect(() => run(categoriesRows, rename({ constant: 'new_constant' }, { level: 'xxxxx' }))).toThrow();
  });

  it('an empty mapping returns the rows as they are', () => {
    expect(run(categoriesRows, rename({}))).toEqual(categoriesRows);
  });
});
