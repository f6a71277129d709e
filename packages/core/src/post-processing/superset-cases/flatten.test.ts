// Ported from Superset tests/unit_tests/pandas_postprocessing/test_flatten.py: input → expected facts.
import { describe, expect, it } from 'vitest';
import { levelKey } from '../levels.js';
import type { Row } from '../options.js';
import { run, step } from './run.js';

const days = ['2021-01-01', '2021-01-02', '2021-01-03'].map((iso) => new Date(`${iso}T00:00:00Z`));

/** A frame with the given multi-level columns, every cell 1. */
const ones = (columns: Array<Array<string | null>>): Row[] =>
  days.map((day) => Object.fromEntries([['__timestamp', day], ...columns.map((levels) => [levelKey(levels), 1])]));

describe('Superset test_flatten', () => {
  it('leaves a flat frame as it is', () => {
    const input = [
      { foo: 1, bar: 4 },
      { foo: 2, bar: 5 },
      { foo: 3, bar: 6 },
    ];
    expect(run(input, step('flatten'))).toEqual(input);
  });

  it('joins two levels with ", " (numbers printed as text)', () => {
    const out = run(
      ones([
        ['foo', '1'],
        ['foo', 'two'],
        ['bar', '1'],
        ['bar', 'two'],
      ]),
      step('flatten'),
    );
    expect(out).toEqual(
      days.map((day) => ({ __timestamp: day, 'foo, 1': 1, 'foo, two': 1, 'bar, 1': 1, 'bar, two': 1 })),
    );
  });

  it('drops the given levels', () => {
    const out = run(
      ones([
        ['a', 'b', 'c', 'f'],
        ['a', 'b', 'd', 'i'],
        ['a', 'b', 'e', 'g'],
      ]),
      step('flatten', { drop_levels: [0, 1] }),
    );
    expect(out).toEqual(days.map((day) => ({ __timestamp: day, 'c, f': 1, 'd, i': 1, 'e, g': 1 })));
  });

  it('escapes a comma inside a label and leaves out dropped (NULL) labels (flatten.py)', () => {
    const out = run(
      ones([
        ['metric', 'Paris, TX'],
        [null, 'NY'],
      ]),
      step('flatten'),
    );
    expect(Object.keys(out[0] ?? {})).toEqual(['__timestamp', 'metric, Paris\\, TX', 'NY']);
  });
});

describe('column labels from the database', () => {
  it('a label starting with a NUL character that is not a level tuple stays as it is', () => {
    const rows = [{ '\u0000odd': 1, '\u0000[1]': 2 }];
    expect(run(rows, step('flatten'))).toEqual(rows);
  });
});
