// The calculated measure parser: what it takes, what it refuses, and the SQL it writes.
import { describe, expect, it } from 'vitest';
import { CalculatedMeasureError, calculatedMeasureSql, parseCalculatedMeasure } from './calculated-measure.js';

const sql = (expression: string) =>
  calculatedMeasureSql(parseCalculatedMeasure(expression), {
    measureSql: (name) => `[${name}]`,
    toDouble: (value) => `DBL(${value})`,
  });

describe('calculated measures', () => {
  it('follows precedence and parentheses, divides in floating point and by NULL for zero', () => {
    expect(sql('a + b * 2')).toBe('([a] + ([b] * 2))');
    expect(sql('(a + b) * 2.5')).toBe('(([a] + [b]) * 2.5)');
    expect(sql('a / b')).toBe('(DBL([a]) / NULLIF([b], 0))');
    expect(sql('a - b - c')).toBe('(([a] - [b]) - [c])');
  });

  it('takes quoted names with spaces, unary signs and numbers with or without a leading digit', () => {
    expect(sql('"Average basket" * -1')).toBe('([Average basket] * (-1))');
    expect(sql('- -a + .5')).toBe('((-(-[a])) + .5)');
    expect(sql('+a')).toBe('[a]');
    // Two minus signs are two negations, never an SQL comment.
    expect(sql('a -- b')).toBe('([a] - (-[b]))');
  });

  it.each([
    ['SUM(total) / COUNT(*)', '"SUM(…)" is not a measure'],
    ['a; DROP TABLE x', 'unexpected ";"'],
    ["a + 'x'", `unexpected "'"`],
    ['a +', 'the expression ends too early'],
    ['(a + b', 'a parenthesis is not closed'],
    ['a b', 'unexpected text after the expression'],
    ['', 'the expression is empty'],
    ['a * / b', 'a measure or a number is missing'],
    [`${'('.repeat(100)}a${')'.repeat(100)}`, 'the expression is nested too deeply'],
  ])('refuses %j: %s', (expression, reason) => {
    expect(() => parseCalculatedMeasure(expression)).toThrow(new CalculatedMeasureError(reason));
  });
});
