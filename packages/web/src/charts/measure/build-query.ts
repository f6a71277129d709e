// Measure preview query: every definition as an adhoc metric, grouped by the optional dimensions.
import type { QueryContext, QueryFormData } from '@nezha/core';
import { measureDraftsOf, measureMetric } from '../shared/semantic/measures';
import { previewBuildQuery } from '../shared/semantic/preview';

export const measurePreviewMetrics = (formData: QueryFormData) => measureDraftsOf(formData).map(measureMetric);

export default function buildQuery(formData: QueryFormData): QueryContext {
  return previewBuildQuery(formData, { metrics: measurePreviewMetrics(formData) });
}
