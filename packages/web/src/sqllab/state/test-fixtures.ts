// Builders of SQL Lab entities for the unit tests of the state (not used by the app).
import type { QueryRecord as ServerQuery, SqlLabDatabase } from '@nezha/core';
import type { QueryResultsPayload, TabStateRecord } from '../api/types';
import { createInitialSqlLabState } from './initial-state';
import { QUERY_EDITOR_VERSION, type Query, type QueryEditor, type SqlLabState, type Table } from './types';

export function anEditor(id: string, overrides: Partial<QueryEditor> = {}): QueryEditor {
  return {
    id,
    name: `Tab ${id}`,
    sql: 'SELECT 1',
    autorun: false,
    dbId: 1,
    loaded: true,
    inLocalStorage: false,
    version: QUERY_EDITOR_VERSION,
    ...overrides,
  };
}

export function aQuery(id: string, overrides: Partial<Query> = {}): Query {
  return {
    id,
    dbId: 1,
    sql: 'SELECT 1',
    sqlEditorId: 'e1',
    tab: 'Tab e1',
    ctas: false,
    runAsync: false,
    progress: 0,
    startDttm: 1_000,
    state: 'running',
    ...overrides,
  };
}

export function aTable(id: string, overrides: Partial<Table> = {}): Table {
  return {
    id,
    dbId: 1,
    queryEditorId: 'e1',
    catalog: null,
    schema: 'main',
    name: `table_${id}`,
    expanded: true,
    dataPreviewQueryId: null,
    isMetadataLoading: false,
    isExtraMetadataLoading: false,
    initialized: true,
    ...overrides,
  };
}

export function aState(overrides: Partial<SqlLabState> = {}): SqlLabState {
  return { ...createInitialSqlLabState(0), ...overrides };
}

export function aServerQuery(id: string, overrides: Partial<ServerQuery> = {}): ServerQuery {
  return {
    id,
    queryId: 7,
    serverId: 7,
    dbId: 1,
    sql: 'SELECT 1',
    executedSql: 'SELECT 1 LIMIT 1001',
    sqlEditorId: 'e1',
    tab: 'Tab e1',
    catalog: null,
    schema: 'main',
    tempTable: null,
    tempSchema: null,
    ctas: false,
    ctas_method: null,
    limit: 1000,
    limitingFactor: 'NOT_LIMITED',
    progress: 0,
    rows: null,
    state: 'running',
    startDttm: 1_000,
    endDttm: null,
    changed_on: '2024-01-01T00:00:10.000Z',
    errorMessage: null,
    resultsKey: null,
    trackingUrl: null,
    runAsync: true,
    extra: {},
    ...overrides,
  };
}

export function someResults(
  rows: Array<Record<string, unknown>>,
  overrides: Partial<ServerQuery> = {},
): QueryResultsPayload {
  return {
    status: 'success',
    data: rows,
    columns: [{ column_name: 'x', name: 'x', type: 'INTEGER', type_generic: 0, is_dttm: false }],
    query: aServerQuery('q1', { state: 'success', rows: rows.length, progress: 100, ...overrides }),
  };
}

export function aDatabase(id: number, overrides: Partial<SqlLabDatabase> = {}): SqlLabDatabase {
  return {
    id,
    database_name: `db${id}`,
    backend: 'duckdb',
    editor_dialect: 'PostgreSQL',
    allow_run_async: false,
    allow_ctas: false,
    allow_cvas: false,
    allow_dml: false,
    expose_in_sqllab: true,
    disable_data_preview: false,
    extra: {},
    ...overrides,
  };
}

export function aTabState(id: number, overrides: Partial<TabStateRecord> = {}): TabStateRecord {
  return {
    id,
    user_id: 1,
    label: `Server tab ${id}`,
    active: true,
    database_id: 1,
    catalog: null,
    schema: 'main',
    table_schemas: [],
    sql: 'SELECT 2',
    query_limit: 100,
    latest_query: null,
    latest_query_id: null,
    autorun: false,
    template_params: null,
    hide_left_bar: false,
    saved_query: null,
    extra_json: { updatedAt: 5_000, version: 1 },
    ...overrides,
  };
}
