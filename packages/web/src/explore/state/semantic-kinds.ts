// Which entity each semantic viz type saves (a measure, a cohort or a column) and the form data field that holds
// the id of the one explore edits.
import type { QueryFormData } from '@nezha/core';
import type { SemanticKind } from '../api/semantic-api';

const KIND_OF_VIZ: Record<string, SemanticKind> = {
  measure: 'measure',
  measure_line: 'measure',
  calculated_measure: 'measure',
  cohort: 'cohort',
  saved_column: 'column',
  calculated_column: 'column',
};

/** What saving a viz type stores: a measure, a cohort, a column, or (null) a chart. */
export function semanticKindOf(vizType: string | undefined): SemanticKind | null {
  return (vizType && KIND_OF_VIZ[vizType]) || null;
}

/** The form data field holding the id of the entity explore edits. */
export const ID_FIELD: Record<SemanticKind, 'measure_id' | 'cohort_id' | 'saved_column_id'> = {
  measure: 'measure_id',
  cohort: 'cohort_id',
  column: 'saved_column_id',
};

/** The id of the edited entity in the form data, when there is one. */
export function editedEntityId(formData: Partial<QueryFormData>, kind: SemanticKind): number | null {
  const id = Number(formData[ID_FIELD[kind]]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
