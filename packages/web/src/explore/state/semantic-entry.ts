// Where the semantic layer's editors open: explore on a dataset with a measure, cohort or column viz type. Explore's
// dataset panel links here, and so may the dataset editor (semanticEditorUrl).
import type { SemanticVizType } from '../../charts/semantic-viz-types';
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
  { vizType: 'measure', label: 'Measure' },
  { vizType: 'cohort', label: 'Cohort' },
  { vizType: 'calculated_column', label: 'Calculated column' },
  { vizType: 'saved_column', label: 'Saved column' },
  { vizType: 'calculated_measure', label: 'Calculated measure', secondary: true },
  { vizType: 'measure_line', label: 'Measure line', secondary: true },
];

/** Explore opening a new measure, cohort or column of the dataset (the URL form /explore/?…&viz_type=measure). */
export function semanticEditorUrl(datasetId: number, vizType: SemanticVizType, datasourceType = 'table'): string {
  return `${datasetExploreUrl(datasetId, datasourceType)}&viz_type=${encodeURIComponent(vizType)}`;
}
