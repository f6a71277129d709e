// Thunks of table panels: add with metadata (stored on the server when persistence is on), preview,
// expand, collapse and remove.
import type { TableMetadata } from '@nezha/core';
import { addDangerToast } from '../../../components/toasts/state/message-toasts';
import { i18nKey, t } from '../../../i18n/i18n';
import { createTableSchema, deleteTableSchema, fetchTableMetadata, setTableSchemaExpanded } from '../../api';
import { mergedEditor } from '../editor-edits';
import { editorStateActions } from '../editor-state-slice';
import type { NewQuery } from '../queries-slice';
import { type SqlLabRootState, selectSqlLabConf } from '../selectors';
import { type SqlLabThunk, servicesOf } from '../services';
import { sameTable, tablesActions } from '../tables-slice';
import type { Table, TablePersistData } from '../types';
import { runQuery } from './run-query';

const { tableMerged, tableExpanded, tableCollapsed, tablesRemoved } = tablesActions;

const METADATA_FAILURE = i18nKey('An error occurred while fetching table metadata. Please contact your administrator.');

function findTable(state: SqlLabRootState, id: string): Table | undefined {
  return state.sqlLab.tables.find((table) => table.id === id);
}

/** Whether a panel's changes are stored on the server: persistence on and the panel already there. */
function isServerBacked(state: SqlLabRootState, table: Table): boolean {
  return selectSqlLabConf(state).backendPersistence && table.initialized && !table.inLocalStorage;
}

/** The panel as POST /tableschemaview/ receives it; what is not a column of its own is its description. */
export function serverTable(table: Table): Record<string, unknown> {
  return {
    dbId: table.dbId,
    queryEditorId: table.queryEditorId,
    catalog: table.catalog,
    schema: table.schema,
    name: table.name,
    expanded: table.expanded,
    dataPreviewQueryId: table.dataPreviewQueryId,
    ...(table.persistData ?? {}),
  };
}

function persistData(metadata: TableMetadata): TablePersistData {
  const { columns, selectStar, primaryKey, foreignKeys, indexes } = metadata;
  return { columns, selectStar, primaryKey, foreignKeys, indexes };
}

/** Runs a panel's select-star as a data preview, shown in its own south pane tab. */
export function runTablePreview(tableId: string): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState, extra) => {
    const state = getState();
    const table = findTable(state, tableId);
    const database = table ? state.sqlLab.databases[String(table.dbId)] : undefined;
    if (!table?.selectStar || !database || database.disable_data_preview) return;
    const query: NewQuery = {
      id: servicesOf(extra).newId(),
      dbId: table.dbId,
      catalog: table.catalog,
      schema: table.schema,
      sql: table.selectStar,
      tableName: table.name,
      sqlEditorId: null,
      tab: '',
      runAsync: database.allow_run_async,
      ctas: false,
      isDataPreview: true,
    };
    if (table.dataPreviewQueryId) dispatch(tablesActions.dataPreviewRemoved(table.id));
    dispatch(tableMerged({ table: { ...table, dataPreviewQueryId: query.id }, previewQueryId: query.id }));
    dispatch(editorStateActions.southPaneTabChanged(query.id));
    await dispatch(runQuery(query));
  };
}

export interface AddTableOptions {
  expanded?: boolean;
  /** Run the data preview once the metadata is in (when the database allows previews). */
  preview?: boolean;
}

/**
 * Adds (or refreshes) a table panel of a tab: it starts expanded and loading; the metadata is
 * fetched, then the panel is stored on the server when persistence is on and the tab is there.
 */
export function addTable(
  editorId: string,
  name: string,
  schema: string | null,
  catalog: string | null = null,
  options: AddTableOptions = {},
): SqlLabThunk<Promise<string | null>> {
  return async (dispatch, getState, extra) => {
    const services = servicesOf(extra);
    const editor = mergedEditor(getState().sqlLab, editorId);
    if (!editor?.dbId) return null;
    const identity = { dbId: editor.dbId, queryEditorId: editorId, catalog, schema, name };
    dispatch(
      tableMerged({
        table: { ...identity, id: services.newId(), expanded: options.expanded ?? true, isMetadataLoading: true },
      }),
    );
    const placedId = getState().sqlLab.tables.find((table) => sameTable(table, identity))?.id;
    if (placedId === undefined) return null;
    let metadata: TableMetadata;
    try {
      metadata = await fetchTableMetadata(identity.dbId, name, schema, catalog);
    } catch {
      const placed = findTable(getState(), placedId);
      if (placed) dispatch(tableMerged({ table: { ...placed, isMetadataLoading: false } }));
      dispatch(addDangerToast(t(METADATA_FAILURE)));
      return null;
    }
    // Read again: the panel may have been removed, or its tab migrated (new id), meanwhile.
    const current = findTable(getState(), placedId);
    if (!current) return null;
    const data = persistData(metadata);
    const loaded: Table = {
      ...current,
      ...data,
      persistData: data,
      isMetadataLoading: false,
      initialized: true,
      inLocalStorage: true,
    };
    const state = getState();
    const tab = state.sqlLab.queryEditors.find((candidate) => candidate.id === current.queryEditorId);
    let tableId = current.id;
    if (selectSqlLabConf(state).backendPersistence && tab && !tab.inLocalStorage) {
      try {
        tableId = String(await createTableSchema(serverTable(loaded)));
        loaded.inLocalStorage = false;
      } catch {
        dispatch(addDangerToast(t(METADATA_FAILURE)));
      }
    }
    dispatch(tableMerged({ table: { ...loaded, id: tableId } }));
    if (options.preview !== false) await dispatch(runTablePreview(tableId));
    return tableId;
  };
}

function setExpanded(tableId: string, expanded: boolean): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const state = getState();
    const table = findTable(state, tableId);
    if (!table) return;
    try {
      if (isServerBacked(state, table)) await setTableSchemaExpanded(table.id, expanded);
      dispatch(expanded ? tableExpanded(tableId) : tableCollapsed(tableId));
    } catch {
      const message = expanded
        ? t('An error occurred while expanding the table schema. Please contact your administrator.')
        : t('An error occurred while collapsing the table schema. Please contact your administrator.');
      dispatch(addDangerToast(message));
    }
  };
}

export const expandTable = (tableId: string) => setExpanded(tableId, true);
export const collapseTable = (tableId: string) => setExpanded(tableId, false);

/** Removes panels (and their previews); stored ones are deleted on the server first. */
export function removeTables(tableIds: string[]): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const state = getState();
    const tables = tableIds.map((id) => findTable(state, id)).filter((table): table is Table => table !== undefined);
    try {
      await Promise.all(
        tables.filter((table) => isServerBacked(state, table)).map((table) => deleteTableSchema(table.id)),
      );
      dispatch(tablesRemoved(tables.map((table) => table.id)));
    } catch {
      dispatch(
        addDangerToast(t('An error occurred while removing the table schema. Please contact your administrator.')),
      );
    }
  };
}
