// Thunks that save, schedule, share and open queries, and create a dataset from a query's SQL.
import { datasourceKey, parseDatasourceKey } from '@nezha/core';
import { saveFailureMessage } from '../../../components/save-failure';
import { addDangerToast, addSuccessToast } from '../../../components/toasts/state/message-toasts';
import { i18nKey, t } from '../../../i18n/i18n';
import { saveObjectTags } from '../../../tags/tags-api';
import {
  createDatasetFromSql,
  createSavedQuery,
  fetchDatasetForQuery,
  fetchQueryRecord,
  fetchSavedQuery,
  fetchSharedQuery,
  updateSavedQuery as putSavedQuery,
  storeSharedQuery,
  updateTabState,
} from '../../api';
import type { SavedQuery, SharedQuery } from '../../api/types';
import { copyTabName, DEFAULT_SQL, SHARED_QUERY_NAME } from '../defaults';
import { mergedEditor } from '../editor-edits';
import { editorStateActions } from '../editor-state-slice';
import { queryEditorsActions } from '../query-editors-slice';
import { selectSqlLabConf } from '../selectors';
import { editorFromSavedQuery, savedQueryPayload } from '../server-mapping';
import { type SqlLabThunk, servicesOf } from '../services';
import { openQueryEditor } from './editor-thunks';
import { clientErrorOf } from './failures';

export const CANT_LOAD_QUERY = i18nKey("The query couldn't be loaded");

export interface SaveOptions {
  name?: string;
  description?: string | null;
  /**
   * The save dialog's tag field: the saved query's tags when the dialog opened (`before`, none for a new one) and
   * the ones chosen (`after`), saved through the tags API as the other properties dialogs do.
   */
  tags?: { before: readonly string[]; after: readonly string[] };
}

/** How a save ended: the saved query's id, or the spec's failure message for the dialog (§8). */
export type SaveOutcome = { ok: true; id: number } | { ok: false; message: string };

const failed = (error: unknown): SaveOutcome => ({ ok: false, message: saveFailureMessage('query', error) });

/** Saves a tab as a new saved query, with its tags; the tab keeps its id (remoteId) and name. */
export function saveQuery(editorId: string, options: SaveOptions = {}): SqlLabThunk<Promise<SaveOutcome | null>> {
  return async (dispatch, getState) => {
    const editor = mergedEditor(getState().sqlLab, editorId);
    if (!editor) return null;
    let savedId: number;
    try {
      savedId = (await createSavedQuery(savedQueryPayload(editor, options))).id;
    } catch (error) {
      dispatch(addDangerToast(t('Your query could not be saved')));
      return failed(error);
    }
    await dispatch(rememberSavedQuery(editorId, savedId, options.name ?? editor.name));
    try {
      // A new saved query has no tags yet.
      if (options.tags) await saveObjectTags('query', savedId, [], options.tags.after);
    } catch (error) {
      dispatch(addDangerToast(t('Your query could not be saved')));
      return failed(error);
    }
    dispatch(addSuccessToast(t('Your query was saved')));
    return { ok: true, id: savedId };
  };
}

/** The tab now stands for saved query `savedId`: a later save or schedule updates that one. */
function rememberSavedQuery(editorId: string, savedId: number, name: string): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState, extra) => {
    dispatch(queryEditorsActions.queryEditorSaved(editorId, savedId, name, servicesOf(extra).now()));
    const state = getState();
    const current = mergedEditor(state.sqlLab, editorId);
    if (selectSqlLabConf(state).backendPersistence && current && !current.inLocalStorage) {
      try {
        await updateTabState(editorId, { saved_query_id: savedId });
      } catch {
        dispatch(addDangerToast(t('Your query was not properly saved')));
      }
    }
  };
}

/** Writes a tab back to the saved query it was saved as, with its tags. */
export function updateSavedQuery(
  editorId: string,
  options: SaveOptions = {},
): SqlLabThunk<Promise<SaveOutcome | null>> {
  return async (dispatch, getState, extra) => {
    const editor = mergedEditor(getState().sqlLab, editorId);
    if (!editor?.remoteId) return null;
    try {
      await putSavedQuery(editor.remoteId, savedQueryPayload(editor, options));
      if (options.tags) await saveObjectTags('query', editor.remoteId, options.tags.before, options.tags.after);
    } catch (error) {
      dispatch(addDangerToast(t('Your query could not be updated')));
      return failed(error);
    }
    if (options.name !== undefined && options.name !== editor.name) {
      dispatch(queryEditorsActions.queryEditorNameChanged(editorId, options.name, servicesOf(extra).now()));
    }
    dispatch(addSuccessToast(t('Your query was updated')));
    return { ok: true, id: editor.remoteId };
  };
}

function extraOf(saved: SavedQuery): Record<string, unknown> {
  if (saved.extra) return saved.extra;
  try {
    const parsed: unknown = JSON.parse(saved.extra_json || '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Saves a tab with a schedule (Superset's schedule_info in extra_json). A tab already saved updates its saved query,
 * keeping the rest of its extra; otherwise the new saved query becomes the tab's, so scheduling again updates it.
 */
export function scheduleQuery(
  editorId: string,
  scheduleInfo: Record<string, unknown>,
  options: SaveOptions = {},
): SqlLabThunk<Promise<boolean>> {
  return async (dispatch, getState) => {
    const editor = mergedEditor(getState().sqlLab, editorId);
    if (!editor) return false;
    try {
      // A saved query deleted meanwhile cannot be read: the schedule is then saved as a new one.
      const existing = editor.remoteId ? await fetchSavedQuery(editor.remoteId).catch(() => null) : null;
      if (existing) {
        await putSavedQuery(existing.id, {
          ...savedQueryPayload(editor, options),
          extra_json: JSON.stringify({ ...extraOf(existing), schedule_info: scheduleInfo }),
        });
        if (options.name !== undefined && options.name !== editor.name) {
          await dispatch(rememberSavedQuery(editorId, existing.id, options.name));
        }
      } else {
        const created = await createSavedQuery({
          ...savedQueryPayload(editor, options),
          extra_json: JSON.stringify({ schedule_info: scheduleInfo }),
        });
        await dispatch(rememberSavedQuery(editorId, created.id, options.name ?? editor.name));
      }
      dispatch(
        addSuccessToast(t('Your query has been scheduled. To see details of your query, navigate to Saved queries')),
      );
      return true;
    } catch {
      dispatch(addDangerToast(t('Your query could not be scheduled')));
      return false;
    }
  };
}

/** Opens a saved query (?savedQueryId=) in a new tab; returns the tab id. */
export function loadSavedQuery(savedQueryId: number | string): SqlLabThunk<Promise<string | null>> {
  return async (dispatch) => {
    try {
      return dispatch(openQueryEditor(editorFromSavedQuery(await fetchSavedQuery(savedQueryId))));
    } catch {
      dispatch(addDangerToast(t(CANT_LOAD_QUERY)));
      return null;
    }
  };
}

/** Stores a tab's query for a link (?id=) and returns the link, or null when storing failed. */
export function shareQuery(editorId: string): SqlLabThunk<Promise<string | null>> {
  return async (dispatch, getState, extra) => {
    const editor = mergedEditor(getState().sqlLab, editorId);
    if (!editor) return null;
    const shared: SharedQuery = {
      name: editor.name,
      dbId: editor.dbId ?? null,
      catalog: editor.catalog ?? null,
      schema: editor.schema ?? null,
      sql: editor.sql,
      autorun: editor.autorun,
      templateParams: editor.templateParams ?? null,
    };
    try {
      const id = await storeSharedQuery(shared);
      return `${servicesOf(extra).origin()}/sqllab/?id=${encodeURIComponent(id)}`;
    } catch {
      dispatch(addDangerToast(t('There was an error with your request')));
      return null;
    }
  };
}

/** Opens a shared link's query (?id=) in a new tab. */
export function loadSharedQuery(id: string): SqlLabThunk<Promise<string | null>> {
  return async (dispatch) => {
    try {
      const shared = await fetchSharedQuery(id);
      const dbId = shared.dbId === null || shared.dbId === undefined ? null : Number.parseInt(String(shared.dbId), 10);
      return dispatch(
        openQueryEditor({
          name: shared.name || t(SHARED_QUERY_NAME),
          dbId: Number.isNaN(dbId) ? null : dbId,
          catalog: shared.catalog ?? null,
          schema: shared.schema ?? null,
          autorun: shared.autorun ?? false,
          sql: shared.sql || DEFAULT_SQL,
          templateParams: shared.templateParams ?? null,
        }),
      );
    } catch {
      dispatch(addDangerToast(t(CANT_LOAD_QUERY)));
      return null;
    }
  };
}

/** Opens a past run (?queryId=, the server id) as "Copy of <tab>" in a new tab. */
export function loadQueryRecord(serverId: number): SqlLabThunk<Promise<string | null>> {
  return async (dispatch) => {
    try {
      const record = await fetchQueryRecord(serverId);
      return dispatch(
        openQueryEditor({
          name: copyTabName(record.tab ?? ''),
          dbId: record.dbId,
          catalog: record.catalog,
          schema: record.schema,
          sql: record.sql,
          autorun: false,
        }),
      );
    } catch {
      dispatch(addDangerToast(t(CANT_LOAD_QUERY)));
      return null;
    }
  };
}

/** Opens a dataset's query ("12__table") in a new tab, running it at once when SQL is given. */
export function loadDatasourceQuery(key: string, sql?: string): SqlLabThunk<Promise<string | null>> {
  return async (dispatch) => {
    const parsed = parseDatasourceKey(key);
    try {
      if (!parsed) throw new Error(`Not a datasource key: ${key}`);
      const dataset = await fetchDatasetForQuery(parsed.id);
      return dispatch(
        openQueryEditor({
          name: `${t('Query')} ${dataset.name ?? dataset.table_name ?? ''}`.trim(),
          dbId: dataset.database.id,
          schema: dataset.schema,
          autorun: sql !== undefined,
          sql: sql ?? dataset.select_star ?? DEFAULT_SQL,
        }),
      );
    } catch {
      dispatch(addDangerToast(t("The datasource couldn't be loaded")));
      return null;
    }
  };
}

export interface DatasetFromResults {
  dbId: number;
  catalog?: string | null;
  schema?: string | null;
  sql: string;
  datasetName: string;
  templateParams?: string | null;
}

function isJsonObjectText(text: string | null | undefined): text is string {
  if (!text) return false;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** Creates a virtual dataset from a query's SQL: started (loading), then success or failure. */
export function createDatasetFromResults(options: DatasetFromResults): SqlLabThunk<Promise<number | null>> {
  return async (dispatch) => {
    dispatch(editorStateActions.datasourceCreationStarted());
    try {
      const { id } = await createDatasetFromSql({
        database: options.dbId,
        catalog: options.catalog ?? null,
        schema: options.schema ?? null,
        sql: options.sql,
        table_name: options.datasetName,
        is_managed_externally: false,
        external_url: null,
        ...(isJsonObjectText(options.templateParams) ? { template_params: options.templateParams } : {}),
      });
      dispatch(editorStateActions.datasourceCreationSucceeded(datasourceKey(id, 'table')));
      return id;
    } catch (error) {
      const message = t('An error occurred while creating the data source');
      dispatch(addDangerToast(message));
      dispatch(editorStateActions.datasourceCreationFailed(clientErrorOf(error).error || message));
      return null;
    }
  };
}
