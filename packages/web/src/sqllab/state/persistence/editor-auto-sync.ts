// Backend persistence (SQLLAB_BACKEND_PERSISTENCE on): one sync round, run every 5000 ms — migrate local
// tabs (then their panels and runs), push edited tabs, activate the active tab, delete removed tabs.
import { addWarningToast } from '../../../components/toasts/state/message-toasts';
import { i18nKey, t } from '../../../i18n/i18n';
import {
  activateTabState,
  createTableSchema,
  createTabState,
  deleteTabState,
  migrateQueryToTab,
  updateTabState,
} from '../../api';
import { activeEditorId, mergedEditor } from '../editor-edits';
import { editorStateActions } from '../editor-state-slice';
import { filterUnsavedEditors } from '../persisted-state';
import { queriesActions } from '../queries-slice';
import { queryEditorsActions } from '../query-editors-slice';
import { selectSqlLabConf } from '../selectors';
import { queryEditorForServer, tabStateUpdateBody } from '../server-mapping';
import { type SqlLabDispatch, type SqlLabServices, type SqlLabThunk, servicesOf } from '../services';
import { tablesActions } from '../tables-slice';
import { isNotFound } from '../thunks/failures';
import { serverTable } from '../thunks/table-thunks';
import type { Query, SqlLabState } from '../types';

export const SAVE_EDITOR_STATE_FAILURE = 'An error occurred while saving your editor state.';
// Whole sentences, each a catalogue key (translated fragments are never joined).
export const TAB_MIGRATION_WARNING = i18nKey(
  'Unable to migrate query editor state to backend. Nezha will retry later. Please contact your administrator if this problem persists.',
);
export const TABLE_MIGRATION_WARNING = i18nKey(
  'Unable to migrate table schema state to backend. Nezha will retry later. Please contact your administrator if this problem persists.',
);
export const QUERY_MIGRATION_WARNING = i18nKey(
  'Unable to migrate query state to backend. Nezha will retry later. Please contact your administrator if this problem persists.',
);

/**
 * The server refuses a latest run it does not hold. It holds every run of a server tab except those
 * refused before they were recorded, which end failed without the server ever naming their id.
 */
export function latestQueryOnServer(query: Query | undefined): boolean {
  if (!query || query.inLocalStorage) return false;
  return query.serverId !== undefined || query.state !== 'failed';
}

function warnOnce(text: string) {
  return addWarningToast(t(text), { noDuplicate: true });
}

/** Stores one local panel of a server tab; it then takes the server's id. */
function migrateTable(tableId: string): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const table = getState().sqlLab.tables.find((candidate) => candidate.id === tableId);
    if (!table) return;
    try {
      const id = await createTableSchema(serverTable(table));
      dispatch(tablesActions.tableMigrated({ oldId: tableId, newId: String(id) }));
    } catch {
      dispatch(warnOnce(TABLE_MIGRATION_WARNING));
    }
  };
}

/** Attaches one run made while its tab was local to the tab on the server. */
function migrateQuery(queryId: string, editorId: string): SqlLabThunk<Promise<void>> {
  return async (dispatch) => {
    try {
      await migrateQueryToTab(editorId, queryId);
      dispatch(queriesActions.queryMigrated({ queryId, queryEditorId: editorId }));
    } catch {
      dispatch(warnOnce(QUERY_MIGRATION_WARNING));
    }
  };
}

/** Local panels and runs of server tabs: left over by a migration that failed, retried every round. */
function strayItems(state: SqlLabState): { tables: string[]; queries: Array<[string, string]> } {
  const serverTabs = new Set(state.queryEditors.filter((editor) => !editor.inLocalStorage).map((editor) => editor.id));
  return {
    tables: state.tables
      .filter((table) => table.inLocalStorage && table.initialized && serverTabs.has(table.queryEditorId))
      .map((table) => table.id),
    queries: Object.values(state.queries)
      .filter((query) => query.inLocalStorage && !query.isDataPreview && serverTabs.has(query.sqlEditorId ?? ''))
      .map((query) => [query.id, query.sqlEditorId ?? '']),
  };
}

/** Creates a local tab on the server (POST /tabstateview/), then moves its panels and runs there. */
export function migrateQueryEditor(localId: string): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const editor = mergedEditor(getState().sqlLab, localId);
    if (!editor?.inLocalStorage) return;
    let newId: string;
    try {
      newId = String(await createTabState(queryEditorForServer(editor)));
    } catch {
      dispatch(warnOnce(TAB_MIGRATION_WARNING));
      return;
    }
    if (!getState().sqlLab.queryEditors.some((candidate) => candidate.id === localId)) {
      // Closed while it was being stored: the server copy goes too.
      await deleteTabState(newId).catch(() => undefined);
      return;
    }
    dispatch(queryEditorsActions.queryEditorMigrated({ oldId: localId, newId }));
    const stray = strayItems(getState().sqlLab);
    await Promise.all([
      ...stray.tables.map((id) => dispatch(migrateTable(id))),
      ...stray.queries.filter(([, tab]) => tab === newId).map(([id]) => dispatch(migrateQuery(id, newId))),
    ]);
  };
}

async function pushUnsavedTabs(dispatch: SqlLabDispatch, state: SqlLabState, services: SqlLabServices): Promise<void> {
  const unsaved = filterUnsavedEditors(
    state.queryEditors,
    state.unsavedQueryEditor,
    state.editorTabLastUpdatedAt,
  ).filter((editor) => !editor.inLocalStorage);
  if (unsaved.length === 0) return;
  // Edits made while the calls are out are newer than this mark and go in the next round.
  const startedAt = services.now();
  const outcomes = await Promise.allSettled(
    unsaved.map((editor) =>
      updateTabState(
        editor.id,
        tabStateUpdateBody(editor, latestQueryOnServer(state.queries[editor.latestQueryId ?? ''])),
      ),
    ),
  );
  const failure = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failure) services.warn(SAVE_EDITOR_STATE_FAILURE, failure.reason);
  else dispatch(editorStateActions.editorTabLastUpdateChanged(startedAt));
}

/** One sync round; does nothing when backend persistence is off. */
export function runEditorSyncRound(): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState, extra) => {
    if (!selectSqlLabConf(getState()).backendPersistence) return;
    const services = servicesOf(extra);
    let state = getState().sqlLab;

    const local = filterUnsavedEditors(state.queryEditors, state.unsavedQueryEditor, state.editorTabLastUpdatedAt).find(
      (editor) => editor.inLocalStorage,
    );
    if (local) await dispatch(migrateQueryEditor(local.id));

    const stray = strayItems(getState().sqlLab);
    await Promise.all([
      ...stray.tables.map((id) => dispatch(migrateTable(id))),
      ...stray.queries.map(([id, tab]) => dispatch(migrateQuery(id, tab))),
    ]);

    await pushUnsavedTabs(dispatch, getState().sqlLab, services);

    state = getState().sqlLab;
    const active = activeEditorId(state);
    const activeEditor = state.queryEditors.find((editor) => editor.id === active);
    if (active && activeEditor && !activeEditor.inLocalStorage && active !== state.lastUpdatedActiveTab) {
      try {
        await activateTabState(active);
        dispatch(editorStateActions.lastUpdatedActiveTabChanged(active));
      } catch (error) {
        services.warn(SAVE_EDITOR_STATE_FAILURE, error);
      }
    }

    for (const id of Object.keys(getState().sqlLab.destroyedQueryEditors)) {
      try {
        await deleteTabState(id);
        dispatch(queryEditorsActions.destroyedQueryEditorCleared(id));
      } catch (error) {
        // Already gone on the server: nothing left to delete.
        if (isNotFound(error)) dispatch(queryEditorsActions.destroyedQueryEditorCleared(id));
        else services.warn(SAVE_EDITOR_STATE_FAILURE, error);
      }
    }
  };
}
