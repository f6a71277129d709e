// Cohort preview query: the members (distinct dimension tuples) passing the filters, with their row counts.
import type { QueryContext, QueryFormData } from '@nezha/core';
import { previewBuildQuery } from '../shared/semantic/preview';
import { cohortTableFields } from './members';

export default function buildQuery(formData: QueryFormData): QueryContext {
  return previewBuildQuery(formData, cohortTableFields(formData));
}
