// Cohort members: the distinct dimension tuples of the preview, ranked, and how a save stores them
// (top_series: values for one dimension, tuples for several; auto-complete options labelled by their values).
import { getMetricLabel, type QueryFormData, type QueryFormMetric } from '@nezha/core';
import { columnLabels, metricsOf, numberOr } from '../shared/form-data';
import { COUNT_METRIC } from '../shared/semantic/preview';

export type CohortMember = string | number | boolean | null;

export const cohortDimensions = (formData: Partial<QueryFormData>): string[] => columnLabels(formData.dimensions);

/** COUNT(*) per member, and the sort metric when one ranks them. */
export function cohortMetrics(formData: Partial<QueryFormData>): QueryFormMetric[] {
  const sort = metricsOf(formData.timeseries_limit_metric)[0];
  return sort && getMetricLabel(sort) !== COUNT_METRIC.label ? [COUNT_METRIC, sort] : [COUNT_METRIC];
}

/** The preview's query fields: members grouped by dimension, the largest first, as many as the top series allow. */
export function cohortTableFields(formData: QueryFormData): Partial<QueryFormData> {
  const limit = numberOr(formData.limit, 0);
  return {
    groupby: cohortDimensions(formData),
    metrics: cohortMetrics(formData),
    timeseries_limit_metric: metricsOf(formData.timeseries_limit_metric)[0] ?? COUNT_METRIC,
    order_desc: true,
    row_limit: limit > 0 ? limit : numberOr(formData.row_limit, 1000),
  };
}

const scalar = (value: unknown): CohortMember =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;

/** Each row's member: its dimension value, or the tuple of them when there are several. */
export function cohortMembers(
  dimensions: readonly string[],
  rows: ReadonlyArray<Record<string, unknown>>,
): Array<CohortMember | CohortMember[]> {
  return rows.map((row) => {
    const values = dimensions.map((dimension) => scalar(row[dimension]));
    return dimensions.length === 1 ? (values[0] ?? null) : values;
  });
}

/** A member as the Cohort filter tab offers it. */
export function memberLabel(member: CohortMember | CohortMember[]): string {
  return Array.isArray(member) ? member.map((value) => String(value)).join(', ') : String(member);
}
