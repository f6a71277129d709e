// The measure definitions of the measure viz types (form data `measures`, as the server reads them from params)
// and the adhoc metrics that preview them through /api/v1/chart/data.
import {
  type AdhocMetric,
  type CalculatedNode,
  calculatedMeasureNames,
  isMetricAggregate,
  type MeasureDraft,
  parseCalculatedMeasure,
  type QueryFormData,
} from '@nezha/core';

const isDraft = (value: unknown): value is MeasureDraft =>
  typeof value === 'object' &&
  value !== null &&
  ((value as MeasureDraft).expressionType === 'SIMPLE' || (value as MeasureDraft).expressionType === 'SQL');

/** The definitions the form data holds; anything that is not one is left out. */
export function measureDraftsOf(formData: Partial<QueryFormData>): MeasureDraft[] {
  return Array.isArray(formData.measures) ? formData.measures.filter(isDraft) : [];
}

/** A definition as the adhoc metric the chart query runs, labelled with the measure's name. */
export function measureMetric(draft: MeasureDraft): AdhocMetric {
  const label = (draft.name ?? '').trim();
  if (draft.expressionType === 'SQL') {
    return { expressionType: 'SQL', sqlExpression: draft.expression ?? '', label, hasCustomLabel: true };
  }
  const percentile = draft.percentile === null || draft.percentile === undefined ? null : Number(draft.percentile);
  return {
    expressionType: 'SIMPLE',
    column: draft.column ? { column_name: draft.column } : null,
    aggregate: isMetricAggregate(draft.aggregate) ? draft.aggregate : null,
    ...(draft.aggregate === 'PERCENTILE' ? { percentile } : {}),
    label,
    hasCustomLabel: true,
  };
}

export interface ParsedCalculation {
  name: string;
  tree: CalculatedNode;
}

/** The calculated definitions that parse, with their trees; the panel's validation reports the others. */
export function parsedCalculations(formData: Partial<QueryFormData>): ParsedCalculation[] {
  return measureDraftsOf(formData).flatMap((draft) => {
    const name = (draft.name ?? '').trim();
    try {
      return name ? [{ name, tree: parseCalculatedMeasure(draft.expression ?? '') }] : [];
    } catch {
      return [];
    }
  });
}

/** The saved measures a calculated measure reads, each once: the metrics its preview asks for. */
export function referencedMeasures(calculations: readonly ParsedCalculation[]): string[] {
  return [...new Set(calculations.flatMap((calculation) => calculatedMeasureNames(calculation.tree)))];
}
