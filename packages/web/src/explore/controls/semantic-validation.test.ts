// Validation of the semantic viz types' controls (spec §5 messages), as the control panel runs it.
import { MEASURE_MESSAGES } from '@nezha/core';
import { describe, expect, it } from 'vitest';
import { validateControl } from './control-validation';
import {
  validateCalculatedMeasures,
  validateColumnExpression,
  validateMeasureDefinitions,
} from './semantic-validation';

const simple = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  expressionType: 'SIMPLE',
  aggregate: 'SUM',
  column: 'wind',
  ...extra,
});
const calculated = (name: string, expression: string) => ({ name, expressionType: 'SQL', expression });

describe('measure definitions', () => {
  it.each([
    [[], MEASURE_MESSAGES.empty],
    [[simple(' ')], MEASURE_MESSAGES.nameEmpty],
    [[simple('a"b')], MEASURE_MESSAGES.nameQuote],
    [[simple('wind'), simple('WIND ')], MEASURE_MESSAGES.nameDuplicated],
    [[simple('x', { aggregate: null })], MEASURE_MESSAGES.aggregatorEmpty],
    [[simple('x', { column: '' })], MEASURE_MESSAGES.columnEmpty],
    [[simple('x', { aggregate: 'PERCENTILE', percentile: null })], MEASURE_MESSAGES.percentileEmpty],
    [[calculated('x', '  ')], MEASURE_MESSAGES.expressionEmpty],
    [[calculated('x', 'SUM(wind')], MEASURE_MESSAGES.invalidCalculated],
  ])('%j is refused with its message', (value, message) => {
    expect(validateMeasureDefinitions(value, {})).toBe(message);
  });

  it('a name taken by a saved measure or metric of the dataset is a duplicate', () => {
    expect(validateMeasureDefinitions([simple('Avg_High')], { takenMeasureNames: ['avg_high'] })).toBe(
      MEASURE_MESSAGES.nameDuplicated,
    );
    expect(validateMeasureDefinitions([simple('avg_low')], { takenMeasureNames: ['avg_high'] })).toBeNull();
  });

  it('the measures control blocks the query with the message', () => {
    const config = { name: 'measures', type: 'measures' as const, label: 'Measures', validators: ['measures'] };
    expect(validateControl(config, [])).toEqual([MEASURE_MESSAGES.empty]);
    expect(validateControl(config, [simple('ok')])).toEqual([]);
  });
});

describe('calculated measures', () => {
  const context = { measureNames: ['wet_days', 'all days'], takenMeasureNames: ['wet_days', 'all days'] };

  it('accept arithmetic over known measures, names compared case-insensitively', () => {
    expect(validateCalculatedMeasures([calculated('share', 'WET_DAYS / "all days" * 100')], context)).toBeNull();
  });

  it.each([['SUM(wind)'], ['wet_days / unknown_measure'], ['wet_days +'], ['42']])(
    'refuse %s as an invalid calculated measure',
    (expression) => {
      expect(validateCalculatedMeasures([calculated('share', expression)], context)).toBe(
        MEASURE_MESSAGES.invalidCalculated,
      );
    },
  );

  it('an empty expression and a taken name have their own messages', () => {
    expect(validateCalculatedMeasures([calculated('share', '')], context)).toBe(MEASURE_MESSAGES.expressionEmpty);
    expect(validateCalculatedMeasures([calculated('wet_days', 'all days')], context)).toBe(
      MEASURE_MESSAGES.nameDuplicated,
    );
  });
});

describe('saved column expressions', () => {
  it('an empty expression cannot be saved', () => {
    expect(validateColumnExpression('  ', {})).toBe(MEASURE_MESSAGES.expressionEmpty);
  });

  it('a sensitive column or a sub-query is refused with the custom SQL messages', () => {
    expect(validateColumnExpression('UPPER(ssn)', { sensitiveColumns: ['ssn'] })).toBe(
      'Custom SQL cannot contain sensitive column "ssn"',
    );
    expect(validateColumnExpression('(SELECT MAX(wind) FROM weather)', {})).toBe(
      'Custom SQL cannot contain sub-queries',
    );
    expect(validateColumnExpression('UPPER(weather)', { sensitiveColumns: ['ssn'] })).toBeNull();
  });
});
