// Formula annotation layers: the small arithmetic language in x and its refusals.
import { describe, expect, it } from 'vitest';
import { compileFormula, formulaError } from './formula';

describe('compileFormula', () => {
  it('reads numbers, x, + - * / % ^ with the usual precedence', () => {
    expect(compileFormula('1 + 2 * 3')(0)).toBe(7);
    expect(compileFormula('(1 + 2) * 3')(0)).toBe(9);
    expect(compileFormula('2 ^ 3 ^ 2')(0)).toBe(512);
    expect(compileFormula('-x ^ 2')(3)).toBe(-9);
    expect(compileFormula('10 % 4 - x / 2')(4)).toBe(0);
  });

  it('drops a leading "y =" and reads implicit products like mathjs ("2x + 5", "3(x + 1)")', () => {
    expect(compileFormula('y = 2x + 5')(10)).toBe(25);
    expect(compileFormula('3(x + 1)')(1)).toBe(6);
    expect(compileFormula('1.5e3')(0)).toBe(1500);
  });

  it('knows a few functions and the constants pi and e', () => {
    expect(compileFormula('sqrt(x) + abs(-2)')(16)).toBe(6);
    expect(compileFormula('round(sin(pi / 2) * 10)')(0)).toBe(10);
    expect(compileFormula('log(e)')(0)).toBe(1);
  });

  it('refuses anything else instead of evaluating it', () => {
    expect(formulaError('alert(1)')).toBe('Unknown name "alert"');
    expect(formulaError('x +')).toBe('Unexpected end of formula');
    expect(formulaError('(x')).toBe('Expected ")"');
    expect(formulaError('x; 1')).toBe('Unexpected ";"');
    expect(formulaError('   ')).toBe('Empty formula');
    expect(formulaError('x * 2')).toBeNull();
  });
});
