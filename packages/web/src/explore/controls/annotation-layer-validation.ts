// What keeps an annotation layer from being applied: name required and unique, the formula of formula layers,
// the source chart and its time columns for chart-sourced layers, the annotation layer of NATIVE ones, colour (spec §5 'Invalid color: ...'),
// opacity between 0 and 1 and a positive line width.
import { validateColor } from '@nezha/core';
import type { AnnotationLayer } from '../../charts/shared/annotations/annotation-layer';
import { formulaError } from '../../charts/shared/annotations/formula';
import { i18nKey } from '../../i18n/i18n';

export type AnnotationLayerField =
  | 'name'
  | 'value'
  | 'timeColumn'
  | 'intervalEndColumn'
  | 'color'
  | 'opacity'
  | 'width';

export type AnnotationLayerErrors = Partial<Record<AnnotationLayerField, string>>;

/** Field → message; empty when the layer may be applied. `otherNames` are the chart's other layers' names. */
export function validateAnnotationLayer(layer: AnnotationLayer, otherNames: readonly string[]): AnnotationLayerErrors {
  const errors: AnnotationLayerErrors = {};
  const name = layer.name.trim();
  if (!name) errors.name = i18nKey('Name cannot be empty');
  else if (otherNames.includes(name)) errors.name = i18nKey('An annotation layer with this name already exists');
  if (layer.annotationType === 'FORMULA') {
    const formula = typeof layer.value === 'string' ? layer.value.trim() : '';
    if (!formula) errors.value = i18nKey('Formula cannot be empty');
    else {
      const problem = formulaError(formula);
      if (problem) errors.value = `Invalid formula: ${problem}`;
    }
  } else if (layer.sourceType === 'NATIVE') {
    // A NATIVE layer's records carry their own times (start_dttm, end_dttm).
    if (!(Number(layer.value) > 0)) errors.value = i18nKey('Annotation layer cannot be empty');
  } else {
    if (!(Number(layer.value) > 0)) errors.value = i18nKey('Chart cannot be empty');
    if (layer.annotationType !== 'TIME_SERIES' && !layer.timeColumn)
      errors.timeColumn = i18nKey('Time column cannot be empty');
    if (layer.annotationType === 'INTERVAL' && !layer.intervalEndColumn) {
      errors.intervalEndColumn = i18nKey('Interval end column cannot be empty');
    }
  }
  if (layer.color) {
    const problem = validateColor(layer.color);
    if (problem) errors.color = problem;
  }
  const { opacity } = layer;
  if (opacity !== null && opacity !== undefined && opacity !== '') {
    const number = typeof opacity === 'number' ? opacity : Number.NaN;
    if (!(number >= 0 && number <= 1)) errors.opacity = i18nKey('Opacity must be between 0 and 1');
  }
  if (layer.width !== undefined && !(layer.width > 0)) errors.width = i18nKey('Line width must be greater than 0');
  return errors;
}
