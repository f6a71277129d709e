// Pure translations between the server's SQL Lab records and the browser's state (both directions).
import type { QueryRecord } from '@nezha/core';
import { t } from '../../i18n/i18n';
import type {
  SavedQuery,
  SavedQueryPayload,
  SqlLabBootstrap,
  TableSchemaRecord,
  TabStateRecord,
  TabStateUpdate,
} from '../api/types';
import { UNTITLED_QUERY } from './defaults';
import { createInitialSqlLabState } from './initial-state';
import type { NewQueryEditor } from './query-editors-slice';
import { QUERY_EDITOR_VERSION, type Query, type QueryEditor, type SqlLabState, type Table } from './types';

/** A run record of the server in the browser's shape; only fields the server knows are set. */
export function fromServerQuery(record: QueryRecord): Query {
  const query: Query = {
    id: record.id,
    dbId: record.dbId,
    sql: record.sql,
    sqlEditorId: record.sqlEditorId ?? null,
    tab: record.tab ?? null,
    catalog: record.catalog,
    schema: record.schema,
    tempTable: record.tempTable,
    tempSchema: record.tempSchema,
    ctas: record.ctas,
    ctas_method: record.ctas_method,
    queryLimit: record.limit,
    limitingFactor: record.limitingFactor,
    runAsync: record.runAsync,
    progress: record.progress,
    startDttm: Number(record.startDttm ?? 0),
    endDttm: record.endDttm === null || record.endDttm === undefined ? null : Number(record.endDttm),
    state: record.state,
    resultsKey: record.resultsKey,
    rows: record.rows,
    errorMessage: record.errorMessage,
    trackingUrl: record.trackingUrl,
    changed_on: record.changed_on,
    extra: record.extra ?? {},
    executedSql: record.executedSql,
  };
  const serverId = record.serverId ?? record.queryId;
  if (serverId !== undefined) query.serverId = serverId;
  const errors = record.extra?.errors;
  if (Array.isArray(errors) && errors.length > 0) query.errors = errors;
  return query;
}

/** A server tab whose content is loaded. */
export function editorFromTabState(tab: TabStateRecord): QueryEditor {
  const editor: QueryEditor = {
    id: String(tab.id),
    name: tab.label,
    sql: tab.sql ?? '',
    selectedText: null,
    dbId: tab.database_id,
    catalog: tab.catalog,
    schema: tab.schema,
    autorun: Boolean(tab.autorun),
    templateParams: tab.template_params,
    remoteId: tab.saved_query?.id ?? null,
    latestQueryId: tab.latest_query?.id ?? tab.latest_query_id ?? null,
    hideLeftBar: Boolean(tab.hide_left_bar),
    loaded: true,
    inLocalStorage: false,
    version: tab.extra_json?.version ?? QUERY_EDITOR_VERSION,
  };
  if (tab.query_limit !== null && tab.query_limit !== undefined) editor.queryLimit = tab.query_limit;
  if (typeof tab.extra_json?.updatedAt === 'number') editor.updatedAt = tab.extra_json.updatedAt;
  return editor;
}

/** A server tab known by id and label only; its content is fetched when it is activated. */
export function placeholderEditor(id: number, label: string): QueryEditor {
  return {
    id: String(id),
    name: label || t(UNTITLED_QUERY),
    sql: '',
    autorun: false,
    loaded: false,
    inLocalStorage: false,
    version: QUERY_EDITOR_VERSION,
  };
}

export function tableFromSchemaRecord(record: TableSchemaRecord): Table | null {
  if (record.description === null) return null;
  const { dataPreviewQueryId, columns, selectStar, primaryKey, foreignKeys, indexes } = record.description;
  const table: Table = {
    id: String(record.id),
    dbId: record.database_id,
    queryEditorId: String(record.tab_state_id),
    catalog: record.catalog,
    schema: record.schema,
    name: record.table,
    expanded: Boolean(record.expanded),
    dataPreviewQueryId: dataPreviewQueryId ?? null,
    isMetadataLoading: false,
    isExtraMetadataLoading: false,
    initialized: true,
    inLocalStorage: false,
  };
  if (columns) table.columns = columns;
  if (selectStar !== undefined) table.selectStar = selectStar;
  if (primaryKey !== undefined) table.primaryKey = primaryKey;
  if (foreignKeys) table.foreignKeys = foreignKeys;
  if (indexes) table.indexes = indexes;
  table.persistData = { columns, selectStar, primaryKey, foreignKeys, indexes };
  return table;
}

export function tablesFromTabState(tab: TabStateRecord): Table[] {
  return (tab.table_schemas ?? []).map(tableFromSchemaRecord).filter((table): table is Table => table !== null);
}

/**
 * The PUT body of a tab: undefined fields are omitted. The latest run is named only when the server
 * is known to hold it (it refuses a run it does not know).
 */
export function tabStateUpdateBody(editor: QueryEditor, latestQueryOnServer: boolean): TabStateUpdate {
  const body: TabStateUpdate = {
    database_id: editor.dbId,
    catalog: editor.catalog,
    schema: editor.schema,
    sql: editor.sql,
    label: editor.name,
    query_limit: editor.queryLimit,
    latest_query_id: latestQueryOnServer ? editor.latestQueryId : undefined,
    template_params: editor.templateParams,
    hide_left_bar: editor.hideLeftBar,
    autorun: editor.autorun,
    extra_json: JSON.stringify({ updatedAt: editor.updatedAt, version: editor.version }),
  };
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as TabStateUpdate;
}

/** The query editor as POST /tabstateview/ receives it: the client's object, minus browser-only keys. */
export function queryEditorForServer(editor: QueryEditor): Record<string, unknown> {
  const { loaded: _loaded, inLocalStorage: _local, selectedText: _selected, ...rest } = editor;
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
}

/** The state the server's bootstrap describes (tabs on the server; databases always). */
export function initialStateFromBootstrap(bootstrap: SqlLabBootstrap, now: number): SqlLabState {
  const state = createInitialSqlLabState(now);
  const active = bootstrap.active_tab;
  const tabs = [...bootstrap.tab_state_ids];
  if (active && !tabs.some((tab) => tab.id === active.id)) tabs.push({ id: active.id, label: active.label });
  state.queryEditors = tabs.map((tab) =>
    active && active.id === tab.id ? editorFromTabState(active) : placeholderEditor(tab.id, tab.label),
  );
  state.databases = { ...bootstrap.databases };
  for (const record of Object.values(bootstrap.queries ?? {})) state.queries[record.id] = fromServerQuery(record);
  if (active) {
    const id = String(active.id);
    state.tabHistory = [id];
    state.lastUpdatedActiveTab = id;
    state.tables = tablesFromTabState(active);
    if (active.latest_query) state.queries[active.latest_query.id] = fromServerQuery(active.latest_query);
    if (typeof active.extra_json?.updatedAt === 'number') state.editorTabLastUpdatedAt = active.extra_json.updatedAt;
  }
  return state;
}

/** Saved-query fields from a tab (server names: label, db_id, template_parameters). */
export function savedQueryPayload(
  editor: QueryEditor,
  overrides: { name?: string; description?: string | null } = {},
): SavedQueryPayload {
  const payload: SavedQueryPayload = {
    label: overrides.name ?? editor.name,
    catalog: editor.catalog ?? null,
    schema: editor.schema ?? null,
    sql: editor.sql,
    template_parameters: editor.templateParams || null,
  };
  if (editor.dbId) payload.db_id = editor.dbId;
  if (overrides.description !== undefined) payload.description = overrides.description;
  return payload;
}

/** A new tab opening a saved query; not run until asked. */
export function editorFromSavedQuery(saved: SavedQuery): NewQueryEditor {
  return {
    name: saved.label,
    dbId: saved.db_id ?? saved.database?.id ?? null,
    catalog: saved.catalog,
    schema: saved.schema,
    sql: saved.sql,
    templateParams: saved.template_parameters,
    remoteId: saved.id,
    autorun: false,
  };
}
