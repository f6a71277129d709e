// Saved column preview query: the expression's sample values, the most frequent first, with their row counts.
import type { AdhocColumn, QueryContext, QueryFormData } from '@nezha/core';
import { stringOr } from '../shared/form-data';
import { COUNT_METRIC, previewBuildQuery } from '../shared/semantic/preview';

export const PREVIEW_VALUE_LABEL = 'value';

export function savedColumnFields(formData: QueryFormData): Partial<QueryFormData> {
  const column: AdhocColumn = {
    expressionType: 'SQL',
    sqlExpression: stringOr(formData.expression, '').trim(),
    label: PREVIEW_VALUE_LABEL,
  };
  return { groupby: [column], metrics: [COUNT_METRIC], timeseries_limit_metric: COUNT_METRIC, order_desc: true };
}

export default function buildQuery(formData: QueryFormData): QueryContext {
  return previewBuildQuery(formData, savedColumnFields(formData));
}
