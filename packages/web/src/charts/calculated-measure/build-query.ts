// Calculated measure preview query: the saved measures the expressions read, by name, grouped like the preview.
import type { QueryContext, QueryFormData } from '@nezha/core';
import { parsedCalculations, referencedMeasures } from '../shared/semantic/measures';
import { previewBuildQuery } from '../shared/semantic/preview';

export default function buildQuery(formData: QueryFormData): QueryContext {
  return previewBuildQuery(formData, { metrics: referencedMeasures(parsedCalculations(formData)) });
}
