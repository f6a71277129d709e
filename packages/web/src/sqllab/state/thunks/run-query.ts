// Thunks of a run: execute, wait for an asynchronous run, fetch results by key, stop, refresh, remove.
import { isActiveState, isFinishedState, normalizeError, type QueryRecord, runFailureMessage } from '@nezha/core';
import { ApiError } from '../../../api/api-error';
import { addDangerToast, addSuccessToast } from '../../../components/toasts/state/message-toasts';
import { i18nKey, t } from '../../../i18n/i18n';
import {
  deleteTabQuery,
  executeQueryStreaming,
  fetchQueriesUpdatedSince,
  fetchQueryRecord,
  fetchResultsByKey,
  hasResults,
  stopQuery as postStopQuery,
} from '../../api';
import type { ExecutePayload, ExecuteResponse, ResultColumn } from '../../api/types';
import { QUERY_POLL_INTERVAL_MS, QUERY_UPDATE_BUFFER_MS } from '../defaults';
import { mergedEditor } from '../editor-edits';
import { editorStateActions } from '../editor-state-slice';
import { type NewQuery, queriesActions } from '../queries-slice';
import { selectSqlLabConf } from '../selectors';
import { fromServerQuery } from '../server-mapping';
import { type SqlLabServices, type SqlLabThunk, servicesOf } from '../services';
import { clientErrorOf, isNetworkFailure } from './failures';

export const RESULTS_FAILURE_MESSAGE = i18nKey('Failed at retrieving results');
export const FAILED_QUERY_LOG_EVENT = 'sqllab_fetch_failed_query';

const {
  queryStarted,
  querySucceeded,
  queryFailed,
  queryStopped,
  queryResultsRequested,
  queriesRefreshed,
  queryRowsArrived,
} = queriesActions;

/**
 * While a large answer streams in, the grid is redrawn with the rows so far at most this often (the first batch at
 * once): each redraw hands the store a copy of the rows, so redrawing on every batch would copy them quadratically.
 */
export const STREAM_REDRAW_MS = 250;

/** Runs being watched until they end, so one run is never polled twice. */
const watchedRuns = new Set<string>();

function executePayload(query: NewQuery): ExecutePayload {
  return {
    client_id: query.id,
    database_id: query.dbId,
    json: true,
    runAsync: query.runAsync,
    catalog: query.catalog ?? null,
    schema: query.schema ?? null,
    sql: query.sql,
    sql_editor_id: query.sqlEditorId,
    tab: query.tab,
    tmp_table_name: query.tempTable ?? null,
    select_as_cta: query.ctas,
    ctas_method: query.ctas ? (query.ctas_method ?? 'TABLE') : null,
    templateParams: query.templateParams || null,
    queryLimit: query.queryLimit ?? null,
    expand_data: true,
  };
}

/** Marks a run failed with the spec's run failure message and logs each error type. */
function failRun(queryId: string, error: unknown, services: SqlLabServices, fallback?: string): SqlLabThunk {
  return (dispatch, getState) => {
    const clientError = clientErrorOf(error);
    const message = fallback ? clientError.error || clientError.statusText || fallback : runFailureMessage(clientError);
    const errors = clientError.errors ?? [];
    const startDttm = getState().sqlLab.queries[queryId]?.startDttm;
    for (const entry of errors) {
      const issueCodes = (entry.extra?.issue_codes as Array<{ code: number }> | undefined)?.map(({ code }) => code);
      services.logEvent(FAILED_QUERY_LOG_EVENT, {
        has_err: true,
        start_offset: startDttm,
        ts: services.now(),
        error_type: entry.error_type,
        issue_codes: issueCodes ?? [-1],
        error_details: entry.message,
      });
    }
    dispatch(queryFailed({ queryId, message, link: clientError.link ?? null, errors }, services.now()));
  };
}

/** Fetches the results of a run by its resultsKey; the run is fetching until they arrive. */
export function fetchQueryResults(queryId: string, displayLimit?: number): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState, extra) => {
    const services = servicesOf(extra);
    const key = getState().sqlLab.queries[queryId]?.resultsKey;
    if (!key) return;
    dispatch(queryResultsRequested(queryId));
    try {
      const results = await fetchResultsByKey(key, {
        ...(displayLimit === undefined ? {} : { rows: displayLimit }),
        timeoutSeconds: selectSqlLabConf(getState()).resultTimeoutSeconds,
      });
      dispatch(querySucceeded(queryId, results, services.now()));
    } catch (error) {
      dispatch(failRun(queryId, error, services, t(RESULTS_FAILURE_MESSAGE)));
    }
  };
}

/** The server's record of a run: by its server id when known, else among the runs changed lately. */
async function serverRecordOf(
  serverId: number | undefined,
  queryId: string,
  since: number,
): Promise<QueryRecord | undefined> {
  if (serverId !== undefined) return fetchQueryRecord(serverId);
  return (await fetchQueriesUpdatedSince(since)).find((record) => record.id === queryId);
}

/**
 * Polls an asynchronous run about once a second until it ends; on success its results are fetched
 * by key. Network failures mark SQL Lab offline and polling goes on.
 */
export function awaitQueryEnd(queryId: string): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState, extra) => {
    if (watchedRuns.has(queryId)) return;
    watchedRuns.add(queryId);
    const services = servicesOf(extra);
    try {
      for (;;) {
        await services.sleep(QUERY_POLL_INTERVAL_MS);
        const local = getState().sqlLab.queries[queryId];
        if (!local || !isActiveState(local.state) || local.state === 'fetching') return;
        let record: QueryRecord | undefined;
        try {
          const since = Math.min(getState().sqlLab.queriesLastUpdate, local.startDttm) - QUERY_UPDATE_BUFFER_MS;
          record = await serverRecordOf(local.serverId, queryId, since);
          if (getState().sqlLab.offline) dispatch(editorStateActions.offlineChanged(false));
        } catch (error) {
          if (isNetworkFailure(error)) {
            dispatch(editorStateActions.offlineChanged(true));
            continue;
          }
          dispatch(failRun(queryId, error, services));
          return;
        }
        if (!record) continue;
        dispatch(queriesRefreshed([fromServerQuery(record)]));
        if (record.state === 'success') {
          if (record.resultsKey) await dispatch(fetchQueryResults(queryId));
          else dispatch(queryFailed({ queryId, message: t(RESULTS_FAILURE_MESSAGE) }, services.now()));
          return;
        }
        if (isFinishedState(record.state)) return;
      }
    } finally {
      watchedRuns.delete(queryId);
    }
  };
}

/**
 * Starts a run: a synchronous answer ends it; an asynchronous one (202) is polled until it ends and
 * its results are then fetched by key.
 */
export function runQuery(query: NewQuery): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState, extra) => {
    const services = servicesOf(extra);
    dispatch(queryStarted(query, services.now()));
    let response: ExecuteResponse | null;
    let columns: ResultColumn[] = [];
    let lastDrawn: number | null = null;
    try {
      response = await executeQueryStreaming(executePayload(query), services.search(), (event, decoder) => {
        // A stopped run wants no more rows: returning false closes the answer, which ends the query on the server.
        if (getState().sqlLab.queries[query.id]?.state !== 'running') return false;
        if (event.kind === 'columns') columns = event.columns;
        else if (event.kind === 'rows') {
          const now = services.now();
          if (lastDrawn === null || now - lastDrawn >= STREAM_REDRAW_MS) {
            lastDrawn = now;
            dispatch(queryRowsArrived(query.id, columns, decoder.rows.slice()));
          }
        } else if (event.kind === 'end') dispatch(querySucceeded(query.id, event.results, services.now()));
        else {
          // As the same failure answered before the first row would have been.
          const body = { errors: event.errors, message: event.message };
          const error = new ApiError(normalizeError({ status: 400, statusText: 'Bad Request', body }));
          dispatch(failRun(query.id, error, services));
        }
        return true;
      });
    } catch (error) {
      dispatch(failRun(query.id, error, services));
      return;
    }
    // The streamed answer has been handled line by line.
    if (response === null) return;
    if (hasResults(response)) {
      dispatch(querySucceeded(query.id, response, services.now()));
      return;
    }
    if (response.query) dispatch(queriesRefreshed([fromServerQuery(response.query)]));
    await dispatch(awaitQueryEnd(query.id));
  };
}

export interface RunOptions {
  ctas?: boolean;
  ctasMethod?: 'TABLE' | 'VIEW';
  tempTable?: string;
}

/** Runs a tab's selected text, or its whole SQL, against its database. */
export function runQueryFromEditor(editorId: string, options: RunOptions = {}): SqlLabThunk<Promise<string | null>> {
  return async (dispatch, getState, extra) => {
    const services = servicesOf(extra);
    const state = getState();
    const editor = mergedEditor(state.sqlLab, editorId);
    if (!editor?.dbId) return null;
    const database = state.sqlLab.databases[String(editor.dbId)];
    const query: NewQuery = {
      id: services.newId(),
      dbId: editor.dbId,
      sql: editor.selectedText || editor.sql,
      sqlEditorId: editor.id,
      tab: editor.name,
      catalog: editor.catalog ?? null,
      schema: editor.schema ?? null,
      tempTable: options.tempTable ?? null,
      templateParams: editor.templateParams ?? null,
      queryLimit: editor.queryLimit || selectSqlLabConf(state).defaultQueryLimit,
      runAsync: database?.allow_run_async ?? false,
      ctas: options.ctas ?? false,
      ctas_method: options.ctasMethod ?? null,
    };
    await dispatch(runQuery(query));
    return query.id;
  };
}

/** Runs a finished run again under a new client id. */
export function reRunQuery(queryId: string): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState, extra) => {
    const query = getState().sqlLab.queries[queryId];
    if (!query) return;
    const { state: _state, progress: _progress, startDttm: _start, results: _results, ...rest } = query;
    await dispatch(runQuery({ ...rest, id: servicesOf(extra).newId(), resultsKey: null, errorMessage: null }));
  };
}

export function stopQuery(queryId: string): SqlLabThunk<Promise<void>> {
  return async (dispatch) => {
    try {
      await postStopQuery(queryId);
      dispatch(queryStopped(queryId));
      dispatch(addSuccessToast(t('Query was stopped.')));
    } catch {
      dispatch(addDangerToast(t('Failed at stopping query. {{id}}', { id: queryId })));
    }
  };
}

/** One round of GET /api/v1/query/updated_since for every run of this browser. */
export function refreshQueries(): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState) => {
    try {
      const records = await fetchQueriesUpdatedSince(getState().sqlLab.queriesLastUpdate - QUERY_UPDATE_BUFFER_MS);
      if (getState().sqlLab.offline) dispatch(editorStateActions.offlineChanged(false));
      if (records.length > 0) dispatch(queriesRefreshed(records.map(fromServerQuery)));
    } catch (error) {
      if (isNetworkFailure(error)) dispatch(editorStateActions.offlineChanged(true));
    }
  };
}

/** After a reload: keeps polling the asynchronous runs still going on the server. */
export function resumeActiveQueries(): SqlLabThunk {
  return (dispatch, getState) => {
    for (const query of Object.values(getState().sqlLab.queries)) {
      if (query.runAsync && query.serverId !== undefined && isActiveState(query.state) && query.state !== 'fetching') {
        void dispatch(awaitQueryEnd(query.id));
      }
    }
  };
}

/** Removes a run from its tab (and from the server's tab when persistence is on). */
export function removeQuery(queryId: string): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const state = getState();
    const query = state.sqlLab.queries[queryId];
    if (!query) return;
    const editor = mergedEditor(state.sqlLab, query.sqlEditorId ?? undefined);
    try {
      if (selectSqlLabConf(state).backendPersistence && editor && !editor.inLocalStorage && !query.inLocalStorage) {
        await deleteTabQuery(editor.id, queryId);
      }
      dispatch(queriesActions.queryRemoved(queryId));
    } catch {
      dispatch(addDangerToast(t('An error occurred while removing query. Please contact your administrator.')));
    }
  };
}
