// The run lifecycle of spec sql-editor §4: start, succeed, fail, stop, fetch results, refresh from the server.
//
// State touched (see types.ts): sqlLab.queries (client id → Query), sqlLab.queriesLastUpdate, and the
// latestQueryId of the tab that starts a run (through the unsaved-buffer rule when it is the active tab).
import { initialRunState, type NezhaErrorPayload, type QueryState } from '@nezha/core';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { QueryResultsPayload, ResultColumn } from '../api/types';
import { applyEditorEdit, mergedEditor } from './editor-edits';
import { createInitialSqlLabState } from './initial-state';
import type { Query } from './types';

/** A run as the caller builds it; state, progress and start time are set by queryStarted. */
export type NewQuery = Omit<Query, 'state' | 'progress' | 'startDttm'> & Partial<Pick<Query, 'startDttm'>>;

export interface QueryFailure {
  queryId: string;
  message: string;
  link?: string | null;
  errors?: NezhaErrorPayload[];
}

/** A refresh never overrides these local states with a server success (results are still on their way). */
const KEEP_ON_SERVER_SUCCESS: readonly QueryState[] = ['fetching', 'success', 'running'];
/** A refresh never touches these local states. */
const FINAL_LOCALLY: readonly QueryState[] = ['stopped', 'failed'];

function parseTime(text: string | undefined): number | null {
  if (!text) return null;
  const time = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text}Z`);
  return Number.isNaN(time) ? null : time;
}

const queriesSlice = createSlice({
  name: 'sqlLab',
  initialState: createInitialSqlLabState,
  reducers: {
    /**
     * A run starts pending if asynchronous, otherwise running, with progress 0; the data of its tab's
     * previous run is cleared and the new run becomes the tab's latest.
     */
    queryStarted: {
      reducer(state, action: PayloadAction<NewQuery & { startDttm: number }>) {
        const query = action.payload;
        const editorId = query.isDataPreview ? null : query.sqlEditorId;
        const editor = editorId ? mergedEditor(state, editorId) : undefined;
        const previousId = editor?.latestQueryId;
        const previous = previousId && previousId !== query.id ? state.queries[previousId] : undefined;
        if (previous?.results) previous.results = { ...previous.results, data: [] };
        const started: Query = {
          ...query,
          state: initialRunState(query.runAsync),
          progress: 0,
          cached: false,
          endDttm: null,
        };
        // A run of a tab the server does not have yet moves to the server with the tab.
        if (editor?.inLocalStorage) started.inLocalStorage = true;
        state.queries[query.id] = started;
        if (editorId) {
          applyEditorEdit(state, editorId, { latestQueryId: query.id }, { silent: false, now: query.startDttm });
        }
      },
      prepare(query: NewQuery, now: number = Date.now()) {
        return { payload: { ...query, startDttm: query.startDttm ?? now } };
      },
    },
    /** Applies only to a run that is not stopped and a result whose status is success. */
    querySucceeded: {
      reducer(state, action: PayloadAction<{ queryId: string; results: QueryResultsPayload; endDttm: number }>) {
        const { queryId, results, endDttm } = action.payload;
        const query = state.queries[queryId];
        if (!query || query.state === 'stopped' || results?.status !== 'success') return;
        const record = results.query;
        query.state = 'success';
        query.progress = 100;
        query.results = results;
        query.streamedResults = null;
        query.columns = results.columns;
        query.rows = record?.rows ?? results.data.length;
        // Results fetched again (a reload, a tab shown again) keep the end the run already had.
        query.endDttm = query.endDttm ?? endDttm;
        query.errorMessage = null;
        query.cached = false;
        if (record) {
          query.executedSql = record.executedSql;
          query.limitingFactor = record.limitingFactor;
          query.tempSchema = record.tempSchema;
          query.tempTable = record.tempTable;
          if (record.resultsKey) query.resultsKey = record.resultsKey;
          if (record.serverId) query.serverId = record.serverId;
        }
      },
      prepare(queryId: string, results: QueryResultsPayload, now: number = Date.now()) {
        // Frozen at the top only: Immer then leaves the rows of a large result alone (no deep freeze),
        // and the store's development checks stop at the unfrozen rows instead of walking them.
        return { payload: { queryId, results: Object.freeze(results), endDttm: now } };
      },
    },
    /** Ignored when the run was stopped; otherwise stores errors, message, link and end time. */
    queryFailed: {
      reducer(state, action: PayloadAction<QueryFailure & { endDttm: number }>) {
        const { queryId, message, link, errors, endDttm } = action.payload;
        const query = state.queries[queryId];
        if (!query || query.state === 'stopped') return;
        query.state = 'failed';
        query.streamedResults = null;
        query.errorMessage = message;
        query.errors = errors ?? [];
        query.link = link ?? null;
        query.endDttm = endDttm;
      },
      prepare(failure: QueryFailure, now: number = Date.now()) {
        return { payload: { ...failure, endDttm: now } };
      },
    },
    queryStopped(state, action: PayloadAction<string>) {
      const query = state.queries[action.payload];
      if (!query) return;
      query.state = 'stopped';
      query.results = null;
      query.streamedResults = null;
    },
    /** Rows of a streamed answer so far: drawn while the run goes on; ignored once it has ended. */
    queryRowsArrived: {
      reducer(
        state,
        action: PayloadAction<{ queryId: string; columns: ResultColumn[]; data: Array<Record<string, unknown>> }>,
      ) {
        const { queryId, columns, data } = action.payload;
        const query = state.queries[queryId];
        if (query?.state !== 'running') return;
        query.streamedResults = { columns, data };
      },
      prepare(queryId: string, columns: ResultColumn[], data: Array<Record<string, unknown>>) {
        // Frozen, so Immer and the development checks leave the rows alone, as with querySucceeded.
        return { payload: { queryId, columns, data: Object.freeze(data) as Array<Record<string, unknown>> } };
      },
    },
    queryResultsRequested(state, action: PayloadAction<string>) {
      const query = state.queries[action.payload];
      if (query) query.state = 'fetching';
    },
    /**
     * Server records of runs. Stopped and failed runs are not overwritten; a server success does not
     * override a local fetching, success or running state (the results arrive by their own call).
     */
    queriesRefreshed(state, action: PayloadAction<Query[]>) {
      let lastUpdate = state.queriesLastUpdate;
      for (const update of action.payload) {
        const local = state.queries[update.id];
        if (local && FINAL_LOCALLY.includes(local.state)) continue;
        if (!local && !state.queryEditors.some((editor) => editor.id === update.sqlEditorId)) continue;
        const changedOn = parseTime(update.changed_on);
        if (changedOn !== null && changedOn > lastUpdate) lastUpdate = changedOn;
        if (!local) {
          state.queries[update.id] = update;
          continue;
        }
        // Which tab a run belongs to and what kind of run it is are the browser's to say.
        const { sqlEditorId: _tab, isDataPreview: _preview, inLocalStorage: _local, ...serverFields } = update;
        const keep = update.state === 'success' && KEEP_ON_SERVER_SUCCESS.includes(local.state);
        Object.assign(local, serverFields, { state: keep ? local.state : update.state });
      }
      state.queriesLastUpdate = lastUpdate;
    },
    queryResultsCleared(state, action: PayloadAction<string>) {
      const query = state.queries[action.payload];
      if (!query) return;
      if (query.results) query.results = { ...query.results, data: [] };
      query.cached = true;
    },
    /**
     * Drops runs still running or pending after the interval with zero progress (lost runs); the
     * others adopt the status of their stored results.
     */
    inactiveQueriesCleared: {
      reducer(state, action: PayloadAction<{ interval: number; now: number }>) {
        const { interval, now } = action.payload;
        for (const [id, query] of Object.entries(state.queries)) {
          const lost =
            (query.state === 'running' || query.state === 'pending') &&
            now - query.startDttm > interval &&
            query.progress === 0;
          if (lost) delete state.queries[id];
          else if (query.resultsKey && query.results?.status) query.state = query.results.status;
        }
      },
      prepare(interval: number, now: number = Date.now()) {
        return { payload: { interval, now } };
      },
    },
    queryRemoved(state, action: PayloadAction<string>) {
      delete state.queries[action.payload];
    },
    /** A run made while its tab was local now belongs to the tab on the server. */
    queryMigrated(state, action: PayloadAction<{ queryId: string; queryEditorId: string }>) {
      const query = state.queries[action.payload.queryId];
      if (!query) return;
      query.sqlEditorId = action.payload.queryEditorId;
      query.inLocalStorage = false;
    },
  },
});

export const queriesActions = queriesSlice.actions;
export const queriesReducer = queriesSlice.reducer;
