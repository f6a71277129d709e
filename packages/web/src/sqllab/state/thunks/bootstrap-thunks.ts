// Loading SQL Lab: the server's bootstrap merged with the browser's storage, then the requested query.

import { addDangerToast } from '../../../components/toasts/state/message-toasts';
import { t } from '../../../i18n/i18n';
import { fetchSqlLabBootstrap } from '../../api';
import type { SqlLabBootstrap } from '../../api/types';
import { UNTITLED_QUERY } from '../defaults';
import { activeEditorId } from '../editor-edits';
import { editorStateActions } from '../editor-state-slice';
import { mergeLocalAndServerTabs, parsePersistedState, SQLLAB_STORAGE_KEY } from '../persisted-state';
import { initialStateFromBootstrap } from '../server-mapping';
import { type SqlLabThunk, servicesOf } from '../services';
import { activateQueryEditor, addNewQueryEditor, openQueryEditor } from './editor-thunks';
import { clientErrorOf } from './failures';
import { resumeActiveQueries } from './run-query';
import { loadDatasourceQuery, loadQueryRecord, loadSavedQuery, loadSharedQuery } from './saved-query-thunks';

const EMPTY_BOOTSTRAP: SqlLabBootstrap = { active_tab: null, tab_state_ids: [], databases: {}, queries: {} };

/** A query asked for by URL parameters or by navigation state (from a chart or a dataset). */
export interface RequestedQuery {
  /** Shared link id (?id=). */
  id?: string;
  savedQueryId?: string;
  /** Server id of a past run (?queryId=). */
  queryId?: string;
  datasourceKey?: string;
  sql?: string;
  dbId?: number;
  catalog?: string | null;
  schema?: string | null;
  name?: string;
  autorun?: boolean;
}

export function requestedQueryOf(search: string): RequestedQuery {
  const params = new URLSearchParams(search);
  const requested: RequestedQuery = {};
  for (const key of ['id', 'savedQueryId', 'queryId', 'datasourceKey', 'sql'] as const) {
    const value = params.get(key);
    if (value) requested[key] = value;
  }
  return requested;
}

/** Opens the requested query in a new tab; returns its id, or null when nothing was asked or it failed. */
export function openRequestedQuery(requested: RequestedQuery): SqlLabThunk<Promise<string | null>> {
  return async (dispatch) => {
    if (requested.id) return dispatch(loadSharedQuery(requested.id));
    if (requested.savedQueryId) return dispatch(loadSavedQuery(requested.savedQueryId));
    if (requested.queryId && /^\d+$/.test(requested.queryId))
      return dispatch(loadQueryRecord(Number(requested.queryId)));
    if (requested.datasourceKey) return dispatch(loadDatasourceQuery(requested.datasourceKey, requested.sql));
    if (requested.sql && requested.dbId) {
      return dispatch(
        openQueryEditor({
          name: requested.name ?? t(UNTITLED_QUERY),
          dbId: requested.dbId,
          catalog: requested.catalog ?? null,
          schema: requested.schema ?? null,
          sql: requested.sql,
          autorun: requested.autorun ?? false,
        }),
      );
    }
    return null;
  };
}

/**
 * Loads SQL Lab: GET /api/v1/sqllab/, the browser's storage merged in (local wins only when newer or
 * absent on the server; storage without tabs is discarded), the requested query opened, a first tab
 * made when there is none, the active tab loaded, and asynchronous runs still going polled again.
 */
export function loadSqlLab(requested?: RequestedQuery): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState, extra) => {
    const services = servicesOf(extra);
    let bootstrap = EMPTY_BOOTSTRAP;
    try {
      bootstrap = await fetchSqlLabBootstrap();
    } catch (error) {
      dispatch(addDangerToast(clientErrorOf(error).error));
    }
    const storage = services.storage();
    let stored: string | null = null;
    try {
      stored = storage?.getItem(SQLLAB_STORAGE_KEY) ?? null;
    } catch {
      stored = null;
    }
    const { state, discardLocal } = mergeLocalAndServerTabs(
      initialStateFromBootstrap(bootstrap, services.now()),
      parsePersistedState(stored),
    );
    if (discardLocal) {
      try {
        storage?.removeItem(SQLLAB_STORAGE_KEY);
      } catch {
        // nothing to do: the storage is unusable
      }
    }
    dispatch(editorStateActions.sqlLabLoaded(state));
    const opened = await dispatch(openRequestedQuery(requested ?? requestedQueryOf(services.search())));
    if (!opened && getState().sqlLab.queryEditors.length === 0) dispatch(addNewQueryEditor());
    const active = activeEditorId(getState().sqlLab);
    if (active && !opened) {
      // Activation is a no-op for the tab already active, but loads it (or its latest results).
      await dispatch(activateQueryEditor(active));
    }
    dispatch(resumeActiveQueries());
  };
}
