// The semantic layer's viz types by name: they define measures, cohorts and columns rather than draw charts, so
// the chart gallery leaves them out and explore's dataset panel opens them.

export const SEMANTIC_VIZ_TYPES = [
  'measure',
  'measure_line',
  'calculated_measure',
  'cohort',
  'saved_column',
  'calculated_column',
] as const;

export type SemanticVizType = (typeof SEMANTIC_VIZ_TYPES)[number];

export function isSemanticVizType(vizType: string | null | undefined): vizType is SemanticVizType {
  return !!vizType && (SEMANTIC_VIZ_TYPES as readonly string[]).includes(vizType);
}
