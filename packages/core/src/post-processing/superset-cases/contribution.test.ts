// Ported from Superset tests/unit_tests/pandas_postprocessing/test_contribution.py: input → expected facts.
import { describe, expect, it } from 'vitest';
import type { Row } from '../options.js';
import { columnsOf, values } from './fixtures.js';
import { run, step } from './run.js';

const at = (minute: number) => new Date(Date.UTC(2020, 6, 16, 14, minute));

/** df_template: three times, a and b with a missing last row, c missing throughout. */
const template = (withTime = true): Row[] =>
  [
    [1, 1, null],
    [3, 9, null],
    [null, null, null],
  ].map(([a, b, c], index) => ({ ...(withTime ? { __timestamp: at(49 + index) } : {}), a, b, c }));

describe('Superset test_contribution', () => {
  it('refuses a non-numeric column (test_non_numeric_columns)', () => {
    expect(() => run(template(), step('contribution', { columns: ['__timestamp'] }))).toThrow('not numeric');
  });

  it('refuses rename_columns of another length', () => {
    expect(() => run(template(), step('contribution', { columns: ['a'], rename_columns: ['aa', 'bb'] }))).toThrow(
      'same length',
    );
  });

  it('across a row: missing cells stay missing, an all-missing row is missing', () => {
    const out = run(template(), step('contribution', { orientation: 'row' }));
    expect(columnsOf(out)).toEqual(['__timestamp', 'a', 'b', 'c']);
    expect(values(out, 'a')).toEqual([0.5, 0.25, null]);
    expect(values(out, 'b')).toEqual([0.5, 0.75, null]);
    expect(values(out, 'c')).toEqual([null, null, null]);
  });

  it('across a column: missing cells count as 0, an all-missing column divides to NaN', () => {
    const out = run(template(false), step('contribution', { orientation: 'column' }));
    expect(columnsOf(out)).toEqual(['a', 'b', 'c']);
    expect(values(out, 'a')).toEqual([0.25, 0.75, 0]);
    expect(values(out, 'b')).toEqual([0.1, 0.9, 0]);
    expect(values(out, 'c')).toEqual([null, null, null]);
  });

  it('on selected columns into renamed ones, the rest untouched', () => {
    const out = run(
      template(false),
      step('contribution', { orientation: 'column', columns: ['a'], rename_columns: ['pct_a'] }),
    );
    expect(columnsOf(out)).toEqual(['a', 'b', 'c', 'pct_a']);
    expect(values(out, 'a')).toEqual([1, 3, null]);
    expect(values(out, 'b')).toEqual([1, 9, null]);
    expect(values(out, 'pct_a')).toEqual([0.25, 0.75, 0]);
  });

  it('each time shift makes its own row total', () => {
    const input: Row[] = [
      { __timestamp: at(49), a: 3, b: 3, c: 6, 'a__1 week ago': 2, 'b__1 week ago': 1, 'c__1 week ago': 1 },
      { __timestamp: at(50), a: 6, b: 3, c: 3, 'a__1 week ago': 2, 'b__1 week ago': 1, 'c__1 week ago': 1 },
    ];
    const out = run(input, step('contribution', { orientation: 'row', time_shifts: ['1 week ago'] }));
    expect(columnsOf(out)).toEqual(Object.keys(input[0] as Row));
    expect(values(out, 'a')).toEqual([0.25, 0.5]);
    expect(values(out, 'b')).toEqual([0.25, 0.25]);
    expect(values(out, 'c')).toEqual([0.5, 0.25]);
    expect(values(out, 'a__1 week ago')).toEqual([0.5, 0.5]);
    expect(values(out, 'b__1 week ago')).toEqual([0.25, 0.25]);
    expect(values(out, 'c__1 week ago')).toEqual([0.25, 0.25]);
  });

  it('time shifts sharing a numeric suffix are grouped by their exact offset', () => {
    const input: Row[] = [
      { a: 3, b: 6, 'a__2 weeks ago': 1, 'b__2 weeks ago': 1, 'a__22 weeks ago': 2, 'b__22 weeks ago': 4 },
      { a: 6, b: 3, 'a__2 weeks ago': 1, 'b__2 weeks ago': 1, 'a__22 weeks ago': 4, 'b__22 weeks ago': 2 },
    ];
    const out = run(input, step('contribution', { orientation: 'row', time_shifts: ['2 weeks ago', '22 weeks ago'] }));
    expect(values(out, 'a')).toEqual([1 / 3, 2 / 3]);
    expect(values(out, 'b')).toEqual([2 / 3, 1 / 3]);
    expect(values(out, 'a__2 weeks ago')).toEqual([0.5, 0.5]);
    expect(values(out, 'b__2 weeks ago')).toEqual([0.5, 0.5]);
    expect(values(out, 'a__22 weeks ago')).toEqual([1 / 3, 2 / 3]);
    expect(values(out, 'b__22 weeks ago')).toEqual([2 / 3, 1 / 3]);
  });

  it('leaves string columns untouched by column', () => {
    const out = run(
      [
        { label: 'x', a: 1 },
        { label: 'y', a: 3 },
      ],
      step('contribution', { orientation: 'column' }),
    );
    expect(columnsOf(out)).toEqual(['label', 'a']);
    expect(values(out, 'label')).toEqual(['x', 'y']);
    expect(values(out, 'a')).toEqual([0.25, 0.75]);
  });

  it('leaves string columns untouched by row', () => {
    const out = run(
      [
        { label: 'x', a: 1, b: 3 },
        { label: 'y', a: 3, b: 1 },
      ],
      step('contribution', { orientation: 'row' }),
    );
    expect(values(out, 'label')).toEqual(['x', 'y']);
    expect(values(out, 'a')).toEqual([0.25, 0.75]);
    expect(values(out, 'b')).toEqual([0.75, 0.25]);
  });

  it('refuses a selected string column', () => {
    expect(() =>
      run(
        [
          { label: 'x', a: 1 },
          { label: 'y', a: 3 },
        ],
        step('contribution', { columns: ['label'] }),
      ),
    ).toThrow('not numeric');
  });

  it('keeps an all-null column, which divides to NaN', () => {
    const out = run(
      [
        { a: 1, empty: null },
        { a: 3, empty: null },
      ],
      step('contribution', { orientation: 'column' }),
    );
    expect(columnsOf(out)).toEqual(['a', 'empty']);
    expect(values(out, 'a')).toEqual([0.25, 0.75]);
    expect(values(out, 'empty')).toEqual([null, null]);
  });

  it('a row summing to zero divides to NaN (null), not 0', () => {
    const out = run([{ a: 0, b: 0 }], step('contribution', { orientation: 'row' }));
    expect(out).toEqual([{ a: null, b: null }]);
  });
});
