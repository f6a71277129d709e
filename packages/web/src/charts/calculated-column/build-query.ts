// Calculated column preview query: the source column's values with their row counts; the method is applied to
// them in transformProps, so the preview needs no saved column.
import type { QueryContext, QueryFormData } from '@nezha/core';
import { stringOr } from '../shared/form-data';
import { COUNT_METRIC, previewBuildQuery } from '../shared/semantic/preview';

export default function buildQuery(formData: QueryFormData): QueryContext {
  const column = stringOr(formData.column, '');
  return previewBuildQuery(formData, { groupby: column ? [column] : [], metrics: [COUNT_METRIC] });
}
