// Saving from the semantic viz types (spec §7, §4 "Saves end in SUCCESS or FAILED for slice, measure, cohort and
// column"): a measure, cohort or saved column is created or overwritten instead of a chart, and the dataset's
// semantic layer is reloaded so that other charts can use it at once.
import type { QueryFormData } from '@nezha/core';
import { isApiError } from '../../../api/api-error';
import { buildChartQuery } from '../../../chart-data/run-chart-query';
import { cohortDimensions, cohortMembers, memberLabel } from '../../../charts/cohort/members';
import { saveFailureMessage } from '../../../components/save-failure';
import { addSuccessToast } from '../../../components/toasts/state/message-toasts';
import { i18nKey, t } from '../../../i18n/i18n';
import {
  type CohortPayload,
  type MeasurePayload,
  type SavedColumnPayload,
  type SemanticKind,
  type SemanticPayload,
  saveSemanticEntity,
} from '../../api/semantic-api';
import type { Datasource } from '../../api/types';
import { exploreActions, exploreChartId, type SaveAction } from '../explore-slice';
import type { ExploreThunk } from '../index';
import { format, OVERWRITTEN, SAVED } from '../messages';
import { saveModalActions } from '../save-modal-slice';
import { editedEntityId, ID_FIELD, semanticKindOf } from '../semantic-kinds';
import { loadSemanticLayer } from './load-explore';
import { formDataForSave } from './save-chart';

/** The entity's name in the spec's toasts: "Measure [revenue] has been saved". */
export const KIND_LABEL: Record<SemanticKind, string> = {
  measure: i18nKey('Measure'),
  cohort: i18nKey('Cohort'),
  column: i18nKey('Column'),
};

/** The form data as stored in params: explore's session keys and the entity ids are not part of it. */
function storedFormData(formData: QueryFormData): QueryFormData {
  const saved = formDataForSave(formData);
  for (const field of Object.values(ID_FIELD)) delete saved[field];
  delete saved.slice_id;
  return saved;
}

export function measurePayload(formData: QueryFormData, name: string, datasource: Pick<Datasource, 'id' | 'type'>) {
  const saved = storedFormData(formData);
  return {
    measure_name: name,
    viz_type: saved.viz_type,
    datasource_id: datasource.id,
    datasource_type: datasource.type,
    params: JSON.stringify(saved),
    query_context: JSON.stringify(buildChartQuery(saved)),
  } satisfies MeasurePayload;
}

/**
 * A cohort: its dimensions (the first is the actor), and, when a top-series limit keeps only some members, those
 * members as top_series; every previewed member is offered to the Cohort filter tab.
 */
export function cohortPayload(
  formData: QueryFormData,
  name: string,
  datasource: Pick<Datasource, 'id' | 'type'>,
  previewRows: ReadonlyArray<Record<string, unknown>>,
) {
  const saved = storedFormData(formData);
  const dimensions = cohortDimensions(saved);
  const members = dimensions.length > 0 ? cohortMembers(dimensions, previewRows) : [];
  const limited = Number(saved.limit) > 0;
  return {
    cohort_name: name,
    viz_type: 'cohort',
    datasource_id: datasource.id,
    datasource_type: datasource.type,
    params: JSON.stringify(saved),
    query_context: JSON.stringify(buildChartQuery(saved)),
    dimensions,
    actor: dimensions[0] ?? null,
    top_series: limited ? members : null,
    auto_complete_option: members.map((member) => ({ label: memberLabel(member), top_series: member })),
  } satisfies CohortPayload;
}

/** A saved column (its expression) or a calculated one (a dataset column and its method). */
export function savedColumnPayload(formData: QueryFormData, name: string, datasource: Pick<Datasource, 'id'>) {
  const saved = storedFormData(formData);
  const calculated = saved.viz_type === 'calculated_column';
  const method = calculated && typeof saved.method === 'string' && saved.method ? saved.method : null;
  return {
    column_name: name,
    table_id: datasource.id,
    expression: String((calculated ? saved.column : saved.expression) ?? '').trim(),
    method,
    filterable: saved.filterable !== false,
    groupby: saved.groupable !== false,
    form_data: JSON.stringify(saved),
  } satisfies SavedColumnPayload;
}

/** The server's own words for a refused save: its field messages (422), else its message. */
export function saveErrorMessage(error: unknown): string | null {
  if (!isApiError(error)) return error instanceof Error ? error.message : null;
  const fields = error.clientError.fieldErrors;
  const messages = fields ? Object.values(fields).flat() : [];
  return messages.length > 0 ? messages.join(' ') : error.message;
}

/** The save dialog's message for a failed save, in the spec's words (§8) with the server's own reason. */
export function semanticSaveFailure(kind: SemanticKind, error: unknown): string {
  return saveFailureMessage(kind, error, saveErrorMessage(error));
}

export interface SaveSemanticRequest {
  action: SaveAction;
  name: string;
  /** A measure's or cohort's tag names; absent, the stored ones are kept. */
  tags?: string[] | undefined;
}

export function saveSemantic(request: SaveSemanticRequest): ExploreThunk<Promise<{ id: number }>> {
  return async (dispatch, getState) => {
    const { explore, charts } = getState();
    const kind = semanticKindOf(explore.form_data.viz_type);
    if (!kind) throw new Error('Not a semantic viz type');
    try {
      const { datasource, form_data: formData } = explore;
      if (!datasource) throw new Error('No datasource to save on');
      const existing = request.action === 'overwrite' ? editedEntityId(formData, kind) : null;
      let payload: SemanticPayload;
      const tags = request.tags ? { tags: request.tags } : {};
      if (kind === 'measure') payload = { ...measurePayload(formData, request.name, datasource), ...tags };
      else if (kind === 'column') payload = savedColumnPayload(formData, request.name, datasource);
      else {
        const chart = charts[exploreChartId(formData, explore.slice)];
        const rows = chart?.queriesResponse?.[0]?.data ?? [];
        payload = { ...cohortPayload(formData, request.name, datasource, rows), ...tags };
      }
      const saved = await saveSemanticEntity(kind, payload, existing);
      const id = existing ?? saved.id;
      dispatch(exploreActions.semanticEntitySaved({ idField: ID_FIELD[kind], id, name: request.name }));
      dispatch(saveModalActions.saveSucceeded({ kind, data: saved }));
      dispatch(saveModalActions.saveModalVisibilitySet(false));
      dispatch(addSuccessToast(format(existing ? OVERWRITTEN : SAVED, t(KIND_LABEL[kind]), request.name)));
      await dispatch(loadSemanticLayer(datasource.id));
      return { id };
    } catch (error) {
      dispatch(saveModalActions.saveFailed({ kind }));
      throw error;
    }
  };
}
