// Where the semantic layer's editors open: explore on a dataset with a measure, cohort or column viz type. Explore's
// dataset panel links here, and so may the dataset editor (semanticEditorUrl).
import type { SemanticVizType } from '../../charts/semantic-viz-types';
import { i18nKey } from '../../i18n/i18n';
import { datasetExploreUrl } from './explore-url';

export interface SemanticEntryPoint {
  vizType: SemanticVizType;
  /** The button's label ("+ Measure"), translated where shown. */
  label: string;
  /** Shown under "More" rather than as a button of its own. */
  secondary?: boolean;
}

/** The editors the dataset panel offers, in its order. */
export const SEMANTIC_ENTRY_POINTS: readonly SemanticEntryPoint[] = [
  { vizType: 'measure', label: i18nKey('Measure') },
  { vizType: 'cohort', label: i18nKey('Cohort') },
  { vizType: 'calculated_column', label: i18nKey('Calculated column') },
  { vizType: 'saved_column', label: i18nKey('Saved column') },
  { vizType: 'calculated_measure', label: i18nKey('Calculated measure'), secondary: true },
  { vizType: 'measure_line', label: i18nKey('Measure line'), secondary: true },
];

/** Explore opening a new measure, cohort or column of the dataset (the URL form /explore/?…&viz_type=measure). */
export function semanticEditorUrl(datasetId: number, vizType: SemanticVizType, datasourceType = 'table'): string {
  return `${datasetExploreUrl(datasetId, datasourceType)}&viz_type=${encodeURIComponent(vizType)}`;
}
