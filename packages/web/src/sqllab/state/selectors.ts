// Selectors of SQL Lab's state for the UI: the active tab with its pending edits, its runs, panels and history.
import type { QueryHistoryRecord } from '@nezha/core';
import { createSelector } from '@reduxjs/toolkit';
import type { SessionState } from '../../session/state/session';
import { type SqlLabConf, sqlLabConfOf } from './defaults';
import { mergedEditor } from './editor-edits';
import type { Query, QueryCostEstimate, QueryEditor, SqlLabDatabase, SqlLabState, Table } from './types';

/** The part of the app's state SQL Lab reads. */
export interface SqlLabRootState {
  sqlLab: SqlLabState;
  session: SessionState;
}

export const selectSqlLab = (state: SqlLabRootState): SqlLabState => state.sqlLab;

export const selectSqlLabConf = createSelector(
  [(state: SqlLabRootState) => state.session.common],
  (common): SqlLabConf => sqlLabConfOf(common),
);

export const selectBackendPersistence = (state: SqlLabRootState): boolean => selectSqlLabConf(state).backendPersistence;

export const selectActiveEditorId = (state: SqlLabRootState): string | undefined =>
  state.sqlLab.tabHistory[state.sqlLab.tabHistory.length - 1];

/** Every tab with its pending unsaved edits applied, in tab order. */
export const selectQueryEditors = createSelector(
  [(state: SqlLabRootState) => state.sqlLab.queryEditors, (state: SqlLabRootState) => state.sqlLab.unsavedQueryEditor],
  (editors, unsaved): QueryEditor[] =>
    editors.map((editor) => (unsaved.id === editor.id ? ({ ...editor, ...unsaved } as QueryEditor) : editor)),
);

export const selectActiveEditor = createSelector(
  [selectQueryEditors, selectActiveEditorId],
  (editors, id): QueryEditor | undefined => editors.find((editor) => editor.id === id),
);

export function selectQueryEditor(state: SqlLabRootState, id: string): QueryEditor | undefined {
  return mergedEditor(state.sqlLab, id);
}

/** The runs of a tab (not data previews), oldest first. */
export const selectEditorQueries = createSelector(
  [
    (state: SqlLabRootState) => state.sqlLab.queries,
    (_state: SqlLabRootState, editorId: string | undefined) => editorId,
  ],
  (queries, editorId): Query[] =>
    Object.values(queries)
      .filter((query) => editorId !== undefined && query.sqlEditorId === editorId && !query.isDataPreview)
      .sort((a, b) => a.startDttm - b.startDttm),
);

/** The latest run of a tab (the active tab when none is given). */
export function selectLatestQuery(state: SqlLabRootState, editorId?: string): Query | undefined {
  const editor = mergedEditor(state.sqlLab, editorId ?? selectActiveEditorId(state));
  return editor?.latestQueryId ? state.sqlLab.queries[editor.latestQueryId] : undefined;
}

export const selectTablesOfEditor = createSelector(
  [
    (state: SqlLabRootState) => state.sqlLab.tables,
    (_state: SqlLabRootState, editorId: string | undefined) => editorId,
  ],
  (tables, editorId): Table[] => tables.filter((table) => table.queryEditorId === editorId),
);

/** The data preview runs of a tab's panels, for the south pane. */
export const selectDataPreviewQueries = createSelector(
  [selectTablesOfEditor, (state: SqlLabRootState) => state.sqlLab.queries],
  (tables, queries): Query[] =>
    tables
      .map((table) => (table.dataPreviewQueryId ? queries[table.dataPreviewQueryId] : undefined))
      .filter((query): query is Query => query !== undefined),
);

export interface HistoryView {
  /** Runs of this browser session for the tab, newest first, filtered by the search text. */
  local: Query[];
  /** The page fetched from the server. */
  server: QueryHistoryRecord[];
  search: string;
  page: number;
  pageSize: number;
  count: number;
  loading: boolean;
  error: string | null;
}

export const selectHistory = createSelector(
  [selectEditorQueries, (state: SqlLabRootState) => state.sqlLab.queryHistory],
  (queries, history): HistoryView => {
    const needle = history.search.trim().toLowerCase();
    const local = queries
      .filter((query) => needle === '' || query.sql.toLowerCase().includes(needle))
      .sort((a, b) => b.startDttm - a.startDttm);
    return {
      local,
      server: history.result,
      search: history.search,
      page: history.page,
      pageSize: history.pageSize,
      count: history.count,
      loading: history.loading,
      error: history.error,
    };
  },
);

export function selectCostEstimate(state: SqlLabRootState, editorId: string): QueryCostEstimate | undefined {
  return state.sqlLab.queryCostEstimates[editorId];
}

export const selectDatabases = createSelector([(state: SqlLabRootState) => state.sqlLab.databases], (databases) =>
  Object.values(databases).sort((a, b) => a.database_name.localeCompare(b.database_name)),
);

export function selectDatabase(state: SqlLabRootState, dbId: number | null | undefined): SqlLabDatabase | undefined {
  return dbId === null || dbId === undefined ? undefined : state.sqlLab.databases[String(dbId)];
}
