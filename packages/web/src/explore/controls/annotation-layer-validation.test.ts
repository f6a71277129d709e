// Annotation layer editor rules: name required and unique, formula or source chart, columns, colour, opacity.
import { describe, expect, it } from 'vitest';
import { type AnnotationLayer, newAnnotationLayer } from '../../charts/shared/annotations/annotation-layer';
import { validateAnnotationLayer } from './annotation-layer-validation';

const formula = (patch: Partial<AnnotationLayer> = {}): AnnotationLayer => ({
  ...newAnnotationLayer('FORMULA'),
  name: 'Target',
  value: '2x + 5',
  ...patch,
});

describe('validateAnnotationLayer', () => {
  it('a named layer with a valid formula may be applied', () => {
    expect(validateAnnotationLayer(formula(), ['Other'])).toEqual({});
  });

  it('the name is required and unique among the chart layers', () => {
    expect(validateAnnotationLayer(formula({ name: '  ' }), []).name).toBe('Name cannot be empty');
    expect(validateAnnotationLayer(formula({ name: 'Other ' }), ['Other']).name).toBe(
      'An annotation layer with this name already exists',
    );
  });

  it('formula layers need a formula that parses', () => {
    expect(validateAnnotationLayer(formula({ value: '' }), []).value).toBe('Formula cannot be empty');
    expect(validateAnnotationLayer(formula({ value: 'x +* 2' }), []).value).toBe('Invalid formula: Unexpected "*"');
  });

  it('chart-sourced layers need the chart, events a time column, intervals also an end column', () => {
    const interval: AnnotationLayer = { ...newAnnotationLayer('INTERVAL'), name: 'Windows' };
    expect(validateAnnotationLayer(interval, [])).toEqual({
      value: 'Chart cannot be empty',
      timeColumn: 'Time column cannot be empty',
      intervalEndColumn: 'Interval end column cannot be empty',
    });
    const event: AnnotationLayer = { ...newAnnotationLayer('EVENT'), name: 'Releases', value: 3, timeColumn: 'ds' };
    expect(validateAnnotationLayer(event, [])).toEqual({});
    const series: AnnotationLayer = { ...newAnnotationLayer('TIME_SERIES'), name: 'Last year', value: 3 };
    expect(validateAnnotationLayer(series, [])).toEqual({});
  });

  it("colours follow the spec's rule ('Invalid color: ...'); empty means the scheme colour", () => {
    expect(validateAnnotationLayer(formula({ color: 'red' }), []).color).toBe('Invalid color: red');
    expect(validateAnnotationLayer(formula({ color: 'rgb(1, 2, 3)' }), []).color).toBeUndefined();
    expect(validateAnnotationLayer(formula({ color: '' }), []).color).toBeUndefined();
  });

  it('opacity is between 0 and 1, line width above 0', () => {
    expect(validateAnnotationLayer(formula({ opacity: 1.5 }), []).opacity).toBe('Opacity must be between 0 and 1');
    expect(validateAnnotationLayer(formula({ opacity: -0.1 }), []).opacity).toBe('Opacity must be between 0 and 1');
    expect(validateAnnotationLayer(formula({ opacity: 0 }), []).opacity).toBeUndefined();
    expect(validateAnnotationLayer(formula({ width: 0 }), []).width).toBe('Line width must be greater than 0');
  });
});

describe('NATIVE layers', () => {
  it('need an annotation layer, not a chart or time column', () => {
    const base = { ...newAnnotationLayer('EVENT'), name: 'Releases', sourceType: 'NATIVE' as const, overrides: {} };
    expect(validateAnnotationLayer({ ...base, value: null }, [])).toEqual({
      value: 'Annotation layer cannot be empty',
    });
    expect(validateAnnotationLayer({ ...base, value: 3 }, [])).toEqual({});
    expect(validateAnnotationLayer({ ...base, annotationType: 'INTERVAL', value: 3 }, [])).toEqual({});
  });
});
