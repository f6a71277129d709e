// SQL Lab's editor-wide state (spec sql-editor §3–4): load, databases, panes, sync marks, cost estimates,
// datasource creation and the query history page.
//
// State touched (see types.ts): the whole sqlLab object on load; otherwise databases, offline,
// activeSouthPaneTab, editorTabLastUpdatedAt, lastUpdatedActiveTab, queryCostEstimates (tab id →
// {completed, cost, error}), datasource, isDatasourceLoading, errorMessage, queryHistory and copilotConversations
// (tab id → the assistant's conversation).
import type { QueryHistoryRecord, SqlLabDatabase } from '@nezha/core';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CostEstimateRow } from '../api/types';
import { createInitialSqlLabState } from './initial-state';
import type { SqlLabState } from './types';

const editorStateSlice = createSlice({
  name: 'sqlLab',
  initialState: createInitialSqlLabState,
  reducers: {
    /** The state built from the server's bootstrap and the browser's storage replaces everything. */
    sqlLabLoaded(_state, action: PayloadAction<SqlLabState>) {
      return action.payload;
    },
    databasesLoaded(state, action: PayloadAction<SqlLabDatabase[]>) {
      for (const database of action.payload) state.databases[String(database.id)] = database;
    },
    offlineChanged(state, action: PayloadAction<boolean>) {
      state.offline = action.payload;
    },
    southPaneTabChanged(state, action: PayloadAction<string>) {
      state.activeSouthPaneTab = action.payload;
    },
    editorTabLastUpdateChanged(state, action: PayloadAction<number>) {
      state.editorTabLastUpdatedAt = action.payload;
    },
    lastUpdatedActiveTabChanged(state, action: PayloadAction<string>) {
      state.lastUpdatedActiveTab = action.payload;
    },
    costEstimateStarted(state, action: PayloadAction<string>) {
      state.queryCostEstimates[action.payload] = { completed: false, cost: null, error: null };
    },
    costEstimateReturned(state, action: PayloadAction<{ editorId: string; cost: CostEstimateRow[] }>) {
      state.queryCostEstimates[action.payload.editorId] = { completed: true, cost: action.payload.cost, error: null };
    },
    costEstimateFailed(state, action: PayloadAction<{ editorId: string; error: string }>) {
      state.queryCostEstimates[action.payload.editorId] = { completed: false, cost: null, error: action.payload.error };
    },
    datasourceCreationStarted(state) {
      state.isDatasourceLoading = true;
      state.errorMessage = null;
    },
    datasourceCreationSucceeded(state, action: PayloadAction<string>) {
      state.isDatasourceLoading = false;
      state.errorMessage = null;
      state.datasource = action.payload;
    },
    datasourceCreationFailed(state, action: PayloadAction<string>) {
      state.isDatasourceLoading = false;
      state.errorMessage = action.payload;
    },
    queryHistoryRequested(state, action: PayloadAction<{ search: string; page: number; pageSize: number }>) {
      Object.assign(state.queryHistory, action.payload, { loading: true, error: null });
    },
    queryHistoryLoaded(state, action: PayloadAction<{ count: number; result: QueryHistoryRecord[] }>) {
      Object.assign(state.queryHistory, action.payload, { loading: false, error: null });
    },
    copilotConversationChanged(state, action: PayloadAction<{ editorId: string; conversationId: number | null }>) {
      const { editorId, conversationId } = action.payload;
      if (conversationId === null) delete state.copilotConversations[editorId];
      else state.copilotConversations[editorId] = conversationId;
    },
    queryHistoryFailed(state, action: PayloadAction<string>) {
      state.queryHistory.loading = false;
      state.queryHistory.error = action.payload;
    },
  },
});

export const editorStateActions = editorStateSlice.actions;
export const editorStateReducer = editorStateSlice.reducer;
