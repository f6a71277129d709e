// Shapes of the SQL Lab endpoints (spec sql-editor §7), as the Nezha server sends and reads them.
import type { QueryRecord, SqlLabDatabase, TableColumnMetadata, TableMetadata } from '@nezha/core';

/** A result column of a run (`columns` of the results payload). */
export interface ResultColumn {
  column_name: string;
  name: string;
  type: string;
  /** Superset's GenericDataType: 0 numeric, 1 string, 2 temporal, 3 boolean. */
  type_generic: number | null;
  is_dttm: boolean;
}

/** The success answer of execute (synchronous run) and of results-by-key. */
export interface QueryResultsPayload {
  status: 'success';
  data: Array<Record<string, unknown>>;
  columns: ResultColumn[];
  selected_columns?: ResultColumn[];
  expanded_columns?: ResultColumn[];
  query: QueryRecord;
  query_id?: number;
  /** Set when the results call cut the rows to `rows`. */
  displayLimitReached?: boolean;
  warning?: string | null;
}

/** The 202 answer of an asynchronous execute: the run is queued, its record is returned. */
export interface QueryAcceptedPayload {
  query: QueryRecord;
}

export type ExecuteResponse = QueryResultsPayload | QueryAcceptedPayload;

export interface ExecutePayload {
  client_id: string;
  database_id: number;
  json: boolean;
  runAsync: boolean;
  catalog: string | null;
  schema: string | null;
  sql: string;
  sql_editor_id: string | null;
  tab: string | null;
  tmp_table_name: string | null;
  select_as_cta: boolean;
  ctas_method: 'TABLE' | 'VIEW' | null;
  templateParams: string | null;
  queryLimit: number | null;
  expand_data: boolean;
}

/** A row of the cost estimate: engine-specific labels and figures. */
export type CostEstimateRow = Record<string, string | number>;

export interface EstimatePayload {
  database_id: number;
  catalog: string | null;
  schema: string | null;
  sql: string;
  template_params: Record<string, unknown> | null;
}

export interface FormatPayload {
  sql: string;
  engine?: string | null;
  database_id?: number | null;
}

/** Stored description of a table panel: what the client sent beyond the named columns. */
export interface TableSchemaDescription {
  dataPreviewQueryId?: string | null;
  columns?: TableColumnMetadata[];
  selectStar?: string;
  primaryKey?: TableMetadata['primaryKey'];
  foreignKeys?: TableMetadata['foreignKeys'];
  indexes?: TableMetadata['indexes'];
  [key: string]: unknown;
}

export interface TableSchemaRecord {
  id: number;
  tab_state_id: number;
  database_id: number;
  catalog: string | null;
  schema: string | null;
  table: string;
  description: TableSchemaDescription | null;
  expanded: boolean;
}

/** GET /tabstateview/{id} and the bootstrap's active tab. */
export interface TabStateRecord {
  id: number;
  user_id: number;
  label: string;
  active: boolean;
  database_id: number | null;
  catalog: string | null;
  schema: string | null;
  table_schemas: TableSchemaRecord[];
  sql: string;
  query_limit: number | null;
  latest_query: QueryRecord | null;
  latest_query_id: string | null;
  autorun: boolean;
  template_params: string | null;
  hide_left_bar: boolean;
  saved_query: { id: number } | null;
  extra_json: { updatedAt?: number; version?: number; [key: string]: unknown };
}

/** Body of PUT /tabstateview/{id}; an absent field is left as it is on the server. */
export interface TabStateUpdate {
  database_id?: number | null;
  catalog?: string | null;
  schema?: string | null;
  sql?: string | null;
  label?: string;
  query_limit?: number | null;
  latest_query_id?: string | null;
  template_params?: string | null;
  hide_left_bar?: boolean;
  autorun?: boolean;
  extra_json?: string;
  saved_query_id?: number | null;
}

/** GET /api/v1/sqllab/. */
export interface SqlLabBootstrap {
  active_tab: TabStateRecord | null;
  tab_state_ids: Array<{ id: number; label: string }>;
  databases: Record<string, SqlLabDatabase>;
  queries: Record<string, QueryRecord>;
}

export interface TableListItem {
  value: string;
  type: string;
  extra: unknown;
}

/** A saved query as the server answers it. */
export interface SavedQuery {
  id: number;
  uuid?: string;
  label: string;
  description: string;
  db_id: number | null;
  database: { id: number; database_name: string | null } | null;
  catalog: string | null;
  schema: string | null;
  sql: string;
  template_parameters: string | null;
  extra_json: string;
  extra?: Record<string, unknown>;
  changed_on?: string;
  /** Its tags (tag links), as the show and list answers carry them. */
  tags?: Array<{ id: number; name: string; type: number }>;
}

/** Fields of a saved-query create or update. */
export interface SavedQueryPayload {
  label?: string;
  db_id?: number;
  catalog?: string | null;
  schema?: string | null;
  sql?: string;
  description?: string | null;
  template_parameters?: string | null;
  extra_json?: string | null;
}

/** What a shared link stores through /kv/store/. */
export interface SharedQuery {
  name?: string;
  dbId?: number | string | null;
  catalog?: string | null;
  schema?: string | null;
  sql?: string;
  autorun?: boolean;
  templateParams?: string | null;
}

/** Body of POST /api/v1/dataset/ from query results. */
export interface DatasetFromSqlPayload {
  database: number;
  catalog: string | null;
  schema: string | null;
  sql: string;
  table_name: string;
  is_managed_externally: boolean;
  external_url: string | null;
  template_params?: string;
}

/** The fields SQL Lab asks of a dataset to open it in a tab. */
export interface DatasetForQuery {
  name?: string;
  table_name?: string;
  schema: string | null;
  database: { id: number };
  select_star: string | null;
}
