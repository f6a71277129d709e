// The tab lifecycle of spec sql-editor §4: add, migrate, activate, load, remove, clone, save and edit tabs.
//
// State touched (see types.ts): sqlLab.queryEditors (QueryEditor[]), sqlLab.unsavedQueryEditor (pending edits
// of the active tab), sqlLab.tabHistory (activated ids, active last), sqlLab.destroyedQueryEditors (id → removal
// ms), and, when a tab goes or changes id, the runs (sqlEditorId) and table panels (queryEditorId) that belong to it.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { copyTabName } from './defaults';
import { activeEditorId, applyEditorEdit, foldUnsavedEdits, mergedEditor, removeEditor } from './editor-edits';
import { createInitialSqlLabState } from './initial-state';
import {
  type CursorPosition,
  QUERY_EDITOR_VERSION,
  type Query,
  type QueryEditor,
  type QueryEditorChanges,
  type SelectionRange,
  type SqlLabState,
} from './types';

/** What a caller gives to open a tab; the rest is filled in. */
export type NewQueryEditor = Partial<Omit<QueryEditor, 'loaded' | 'inLocalStorage' | 'version'>> & {
  name: string;
  sql: string;
};

interface EditPayload<T> {
  id: string;
  value: T;
  now: number;
}

/** A new local tab: loaded, kept in the browser until migrated, version 1. */
export function buildQueryEditor(editor: NewQueryEditor, id: string, now: number): QueryEditor {
  return {
    autorun: false,
    ...editor,
    id,
    loaded: true,
    inLocalStorage: true,
    updatedAt: now,
    version: QUERY_EDITOR_VERSION,
  };
}

function appendEditor(state: SqlLabState, editor: QueryEditor): void {
  foldUnsavedEdits(state);
  state.queryEditors.push(editor);
  state.tabHistory.push(editor.id);
}

function editReducer<T>(toChanges: (value: T) => QueryEditorChanges, silent = false) {
  return {
    reducer(state: SqlLabState, action: PayloadAction<EditPayload<T>>) {
      const { id, value, now } = action.payload;
      applyEditorEdit(state, id, toChanges(value), { silent, now });
    },
    prepare(id: string, value: T, now: number = Date.now()) {
      return { payload: { id, value, now } };
    },
  };
}

const queryEditorsSlice = createSlice({
  name: 'sqlLab',
  initialState: createInitialSqlLabState,
  reducers: {
    queryEditorAdded: {
      reducer(state, action: PayloadAction<QueryEditor>) {
        appendEditor(state, action.payload);
      },
      prepare(editor: NewQueryEditor, id: string, now: number = Date.now()) {
        return { payload: buildQueryEditor(editor, id, now) };
      },
    },
    /** The server stored a local tab: from now on its id is the server's, everywhere. */
    queryEditorMigrated(state, action: PayloadAction<{ oldId: string; newId: string }>) {
      const { oldId, newId } = action.payload;
      const editor = state.queryEditors.find((candidate) => candidate.id === oldId);
      if (!editor) return;
      editor.viewKey = editor.viewKey ?? oldId;
      editor.id = newId;
      editor.inLocalStorage = false;
      editor.loaded = true;
      state.tabHistory = state.tabHistory.map((id) => (id === oldId ? newId : id));
      if (state.unsavedQueryEditor.id === oldId) state.unsavedQueryEditor.id = newId;
      for (const query of Object.values(state.queries)) {
        if (query.sqlEditorId === oldId) query.sqlEditorId = newId;
      }
      for (const table of state.tables) {
        if (table.queryEditorId === oldId) table.queryEditorId = newId;
      }
      const estimate = state.queryCostEstimates[oldId];
      if (estimate) {
        state.queryCostEstimates[newId] = estimate;
        delete state.queryCostEstimates[oldId];
      }
      const conversation = state.copilotConversations[oldId];
      if (conversation !== undefined) {
        state.copilotConversations[newId] = conversation;
        delete state.copilotConversations[oldId];
      }
    },
    /** Saves the pending edits into their tab and pushes the activated tab onto the history. */
    queryEditorActivated(state, action: PayloadAction<string>) {
      const id = action.payload;
      if (!state.queryEditors.some((editor) => editor.id === id) || activeEditorId(state) === id) return;
      foldUnsavedEdits(state);
      state.tabHistory.push(id);
    },
    queryEditorRemoved: {
      reducer(state, action: PayloadAction<{ id: string; now: number }>) {
        removeEditor(state, action.payload.id, action.payload.now);
      },
      prepare(id: string, now: number = Date.now()) {
        return { payload: { id, now } };
      },
    },
    /** A tab the server does not know (404 on load) is removed; there is nothing left to delete. */
    queryEditorNotFound(state, action: PayloadAction<string>) {
      removeEditor(state, action.payload, null);
    },
    destroyedQueryEditorCleared(state, action: PayloadAction<string>) {
      delete state.destroyedQueryEditors[action.payload];
    },
    /** The content of a server tab arrived; pending edits are folded in first so the server copy wins. */
    queryEditorLoaded(state, action: PayloadAction<Partial<QueryEditor> & { id: string }>) {
      const editor = state.queryEditors.find((candidate) => candidate.id === action.payload.id);
      if (!editor) return;
      foldUnsavedEdits(state);
      Object.assign(editor, action.payload, { loaded: true });
    },
    queryClonedToNewTab: {
      reducer(state, action: PayloadAction<{ query: ClonedQuery; id: string; now: number }>) {
        const { query, id, now } = action.payload;
        const progenitor = mergedEditor(state, activeEditorId(state));
        const editor: NewQueryEditor = {
          name: copyTabName(progenitor?.name),
          dbId: query.dbId,
          catalog: query.catalog ?? null,
          schema: query.schema ?? null,
          sql: query.sql,
          autorun: true,
          queryLimit: progenitor?.queryLimit ?? query.queryLimit ?? undefined,
          templateParams: progenitor?.templateParams ?? null,
        };
        if (progenitor?.maxRow !== undefined) editor.maxRow = progenitor.maxRow;
        appendEditor(state, buildQueryEditor(editor, id, now));
      },
      prepare(query: ClonedQuery, id: string, now: number = Date.now()) {
        return { payload: { query, id, now } };
      },
    },
    queryEditorSaved: {
      reducer(state, action: PayloadAction<{ id: string; remoteId: number; name: string; now: number }>) {
        const { id, remoteId, name, now } = action.payload;
        applyEditorEdit(state, id, { remoteId, name }, { silent: false, now });
      },
      prepare(id: string, remoteId: number, name: string, now: number = Date.now()) {
        return { payload: { id, remoteId, name, now } };
      },
    },
    queryEditorSqlChanged: editReducer((sql: string) => ({ sql })),
    /** SQL set together with the run it produced (formatting, saved tab state). */
    queryEditorSqlAndLatestQueryChanged: editReducer((value: { sql: string; latestQueryId: string }) => value),
    queryEditorDbChanged: editReducer((dbId: number | null) => ({ dbId })),
    queryEditorCatalogChanged: editReducer((catalog: string | null) => ({ catalog })),
    queryEditorSchemaChanged: editReducer((schema: string | null) => ({ schema })),
    queryEditorNameChanged: editReducer((name: string) => ({ name })),
    queryEditorAutorunChanged: editReducer((autorun: boolean) => ({ autorun })),
    queryEditorQueryLimitChanged: editReducer((queryLimit: number) => ({ queryLimit })),
    queryEditorTemplateParamsChanged: editReducer((templateParams: string | null) => ({ templateParams })),
    queryEditorLeftBarToggled: editReducer((hideLeftBar: boolean) => ({ hideLeftBar })),
    queryEditorHeightChanged: editReducer((value: { northPercent: number; southPercent: number }) => value),
    queryEditorSelectedTextChanged: editReducer((selectedText: string | null) => ({ selectedText }), true),
    queryEditorCursorMoved: editReducer((cursorPosition: CursorPosition) => ({ cursorPosition }), true),
    queryEditorSelectionChanged: editReducer((selectionRange: SelectionRange | null) => ({ selectionRange }), true),
  },
});

/** The run a tab is cloned from. */
export type ClonedQuery = Pick<Query, 'dbId' | 'sql'> & Partial<Pick<Query, 'catalog' | 'schema' | 'queryLimit'>>;

export const queryEditorsActions = queryEditorsSlice.actions;
export const queryEditorsReducer = queryEditorsSlice.reducer;
