// Ported from Superset tests/unit_tests/pandas_postprocessing/test_select.py: input → expected facts.
import { describe, expect, it } from 'vitest';
import { columnsOf, timeseriesRows } from './fixtures.js';
import { run, step } from './run.js';

const select = (options: Record<string, unknown>) => run(timeseriesRows(), step('select', options));

describe('Superset test_select', () => {
  it('reorders columns', () => {
    expect(columnsOf(select({ columns: ['y', 'label'] }))).toEqual(['y', 'label']);
  });

  it('keeps one column', () => {
    expect(select({ columns: ['label'] })).toEqual([{ label: 'x' }, { label: 'y' }, { label: 'z' }, { label: 'q' }]);
  });

  it('selects and renames one column', () => {
    expect(columnsOf(select({ columns: ['y'], rename: { y: 'y1' } }))).toEqual(['y1']);
  });

  it('renames one column and leaves the other', () => {
    const out = select({ rename: { y: 'y1' } });
    expect(columnsOf(out)).toEqual(['label', 'y1']);
    expect(out.map((row) => row.y1)).toEqual([1, 2, 3, 4]);
  });

  it('drops one column', () => {
    expect(columnsOf(select({ exclude: ['label'] }))).toEqual(['y']);
  });

  it('renames and drops', () => {
    expect(columnsOf(select({ rename: { y: 'y1' }, exclude: ['label'] }))).toEqual(['y1']);
  });

  it('refuses unknown columns, and a column selected by its new name', () => {
    expect(() => select({ columns: ['abc'], rename: { abc: 'qwerty' } })).toThrow('Referenced columns not available');
    expect(() => select({ columns: ['label_new'], rename: { label: 'label_new' } })).toThrow(
      'Referenced columns not available',
    );
  });

  it('refuses to exclude a column that is not there, naming it (test_select_invalid_exclude)', () => {
    expect(() => select({ exclude: ['abc'] })).toThrow('abc');
    expect(() => select({ columns: ['y'], exclude: ['label'] })).toThrow('"label"');
    expect(columnsOf(select({ columns: ['y', 'label'], exclude: ['label'] }))).toEqual(['y']);
  });
});
