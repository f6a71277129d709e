// The semantic layer's viz types: they define measures, cohorts and columns of a dataset and preview them.
import calculatedColumn from './calculated-column';
import calculatedMeasure from './calculated-measure';
import cohort from './cohort';
import measure from './measure';
import measureLine from './measure-line';
import savedColumn from './saved-column';
import type { ChartPlugin } from './types';

export const SEMANTIC_PLUGINS: readonly ChartPlugin[] = [
  measure,
  measureLine,
  calculatedMeasure,
  cohort,
  savedColumn,
  calculatedColumn,
];
