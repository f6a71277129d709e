// Control validation with the spec's messages (§5), by validator name and by control type.
import { describe, expect, it } from 'vitest';
import type { ControlConfig } from '../../charts/types';
import {
  describeValidationError,
  timeRangeColumn,
  timeRangeFiltersNothing,
  validateControl,
} from './control-validation';

const control = (type: ControlConfig['type'], validators?: string[]): ControlConfig => ({
  name: 'x',
  type,
  label: 'X',
  ...(validators ? { validators } : {}),
});

describe('validateControl', () => {
  it("required controls say 'cannot be empty' for null, '' and []", () => {
    for (const value of [null, '', []]) {
      expect(validateControl(control('metrics', ['nonEmpty']), value)).toEqual(['cannot be empty']);
    }
    expect(validateControl(control('metrics', ['validateNonEmpty']), ['count'])).toEqual([]);
  });

  it("row and series limits must be integers: 'is expected to be an integer'", () => {
    expect(validateControl(control('row_limit'), '10.5')).toEqual(['is expected to be an integer']);
    expect(validateControl(control('series_limit'), 'ten')).toEqual(['is expected to be an integer']);
    expect(validateControl(control('series_limit'), null)).toEqual([]);
  });

  it("the row limit may not exceed 100000, or SQL_MAX_ROW when configured: 'Value cannot exceed %s'", () => {
    expect(validateControl(control('row_limit'), 100001)).toEqual(['Value cannot exceed 100000']);
    expect(validateControl(control('row_limit'), 600, { sqlMaxRow: 500 })).toEqual(['Value cannot exceed 500']);
    expect(validateControl(control('row_limit'), 100000)).toEqual([]);
  });

  it('colours are hex or rgb(...)', () => {
    expect(validateControl(control('text', ['color']), '#abc')).toEqual([]);
    expect(validateControl(control('text', ['color']), 'blue')).toEqual(['Invalid color: blue']);
  });

  it('orderby JSON strings must parse', () => {
    expect(validateControl(control('order_by', ['orderby']), ['["a", true]'])).toEqual([]);
    expect(validateControl(control('order_by', ['orderby']), ['[oops'])).toEqual(['Found invalid orderby options']);
  });

  it('the time grain is judged against the time range it buckets', () => {
    const bounds = { since: '2024-01-01', until: '2024-01-05' };
    expect(validateControl(control('time_grain'), 'PT1M', { timeRangeBounds: bounds })).toEqual([
      'Time grain "Minute" is not allowed for this time range. ',
    ]);
    expect(validateControl(control('time_grain'), 'PT5M', { timeRangeBounds: bounds })).toEqual([]);
    expect(validateControl(control('time_grain'), 'PT1M')).toEqual([]);
  });

  it('unknown validator names are ignored', () => {
    expect(validateControl(control('text', ['noSuchRule']), '')).toEqual([]);
  });

  it('the Run button names the control', () => {
    expect(describeValidationError('Metrics', ['cannot be empty'])).toBe('Control labeled "Metrics" cannot be empty');
  });
});

describe('the time range column', () => {
  const dataset = { mainDttmCol: 'ds', temporalColumns: ['ds', 'shipped'] };
  const axis = { sqlExpression: 'shipped', label: 'shipped', expressionType: 'SQL', isColumnReference: true };

  it('is the explicit time column, else a temporal x-axis, else the dataset default', () => {
    expect(timeRangeColumn({ ...dataset, timeColumn: 'shipped', xAxis: 'ds' })).toBe('shipped');
    expect(timeRangeColumn({ ...dataset, timeColumn: null, xAxis: 'shipped' })).toBe('shipped');
    expect(timeRangeColumn({ ...dataset, timeColumn: '', xAxis: axis })).toBe('shipped');
    expect(timeRangeColumn({ ...dataset, timeColumn: null, xAxis: 'state' })).toBe('ds');
  });

  it('a range no column can take filters nothing, and says so', () => {
    const none = { timeColumn: null, xAxis: 'state', mainDttmCol: null, temporalColumns: [] };
    expect(timeRangeFiltersNothing(none, 'Last day')).toBe(true);
    expect(timeRangeFiltersNothing(none, 'No filter')).toBe(false);
    expect(timeRangeFiltersNothing(none, null)).toBe(false);
    expect(timeRangeFiltersNothing({ ...dataset, timeColumn: null, xAxis: 'state' }, 'Last day')).toBe(false);
  });
});
