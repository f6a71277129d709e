// The calculated measure expression in core: the names it refers to and its value from theirs.
import { describe, expect, it } from 'vitest';
import {
  CalculatedMeasureError,
  calculatedMeasureNames,
  evaluateCalculatedMeasure,
  parseCalculatedMeasure,
} from './calculated-measure.js';

const evaluate = (expression: string, values: Record<string, number | null>) =>
  evaluateCalculatedMeasure(parseCalculatedMeasure(expression), (name) => values[name] ?? null);

describe('calculated measure expressions', () => {
  it('lists the measures an expression names, each once, quoted names included', () => {
    expect(calculatedMeasureNames(parseCalculatedMeasure('a / ("Total sales" + a) * 2'))).toEqual(['a', 'Total sales']);
  });

  it('evaluates with precedence, parentheses and unary minus', () => {
    expect(evaluate('a + b * 2', { a: 1, b: 3 })).toBe(7);
    expect(evaluate('(a + b) * 2', { a: 1, b: 3 })).toBe(8);
    expect(evaluate('-a - -b', { a: 1, b: 3 })).toBe(2);
  });

  it('divides in floating point and gives null for a zero divisor or a null operand', () => {
    expect(evaluate('a / b', { a: 1, b: 4 })).toBe(0.25);
    expect(evaluate('a / b', { a: 1, b: 0 })).toBeNull();
    expect(evaluate('a + b', { a: 1, b: null })).toBeNull();
  });

  it('refuses function calls and SQL text', () => {
    expect(() => parseCalculatedMeasure('SUM(x)')).toThrow(CalculatedMeasureError);
    expect(() => parseCalculatedMeasure("a + 'x'")).toThrow(CalculatedMeasureError);
  });
});
