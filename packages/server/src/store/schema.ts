// Table types of the metadata store, as Kysely sees them. Timestamps are ISO-8601 UTC text and
// flags are 0/1 integers on every backend, so SQLite and PostgreSQL share one code path.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AnnotationTables } from './schema-annotations.js';
import type { AssistantTables } from './schema-assistant.js';
import type { ChartTables } from './schema-charts.js';
import type { EmbeddingTables } from './schema-embedding.js';
import type { ReportTables } from './schema-reports.js';
import type { TagTables } from './schema-tags.js';

type Id = Generated<number>;
type Timestamp = string;
type Flag = number;

export interface UserTable {
  id: Id;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  password: string | null;
  active: Flag;
  created_on: Timestamp;
  changed_on: Timestamp;
  last_login: Timestamp | null;
  login_count: ColumnType<number, number | undefined, number>;
  fail_login_count: ColumnType<number, number | undefined, number>;
  /** Carried in every bearer token; bumping it (logout, password change) revokes them all. */
  token_version: ColumnType<number, number | undefined, number>;
  /** The locale the user chose (one of SUPPORTED_LOCALES); null until they choose. */
  locale: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface RoleTable {
  id: Id;
  name: string;
}

export interface PermissionTable {
  id: Id;
  name: string;
}

export interface ViewMenuTable {
  id: Id;
  name: string;
}

export interface PermissionViewTable {
  id: Id;
  permission_id: number;
  view_menu_id: number;
}

export interface PermissionViewRoleTable {
  id: Id;
  permission_view_id: number;
  role_id: number;
}

export interface UserRoleTable {
  id: Id;
  user_id: number;
  role_id: number;
}

export interface SessionTable {
  /** SHA-256 of the cookie token: a stolen database does not yield live cookies. */
  id: string;
  user_id: number;
  csrf_token: string;
  created_on: Timestamp;
  expires_on: Timestamp;
  last_seen: Timestamp;
}

/** Refresh tokens issued; each may be used once (rotation). */
export interface RefreshTokenTable {
  jti: string;
  user_id: number;
  issued_on: Timestamp;
  expires_on: Timestamp;
  used_on: Timestamp | null;
}

export interface DatabaseTable {
  id: Id;
  uuid: string;
  database_name: string;
  /** The URI with its password taken out (kept encrypted in `password`). */
  sqlalchemy_uri: string;
  password: string | null;
  backend: string;
  expose_in_sqllab: Flag;
  allow_run_async: Flag;
  allow_dml: Flag;
  allow_ctas: Flag;
  allow_cvas: Flag;
  allow_file_upload: Flag;
  disable_data_preview: Flag;
  force_ctas_schema: string | null;
  cache_timeout: number | null;
  extra: string;
  created_on: Timestamp;
  changed_on: Timestamp;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface LogTable {
  id: Id;
  action: string;
  user_id: number | null;
  json: string;
  dttm: Timestamp;
  dashboard_id: number | null;
  slice_id: number | null;
  duration_ms: number | null;
  referrer: string | null;
}

/** Charts, dashboards and the semantic layer are typed in schema-charts.ts, annotations in schema-annotations.ts,
 * reports in schema-reports.ts, embedding and row-level security in schema-embedding.ts, tags in schema-tags.ts, the
 * assistant in schema-assistant.ts. */
export interface MetadataSchema
  extends ChartTables,
    AnnotationTables,
    ReportTables,
    EmbeddingTables,
    TagTables,
    AssistantTables {
  ab_user: UserTable;
  ab_role: RoleTable;
  ab_permission: PermissionTable;
  ab_view_menu: ViewMenuTable;
  ab_permission_view: PermissionViewTable;
  ab_permission_view_role: PermissionViewRoleTable;
  ab_user_role: UserRoleTable;
  sessions: SessionTable;
  refresh_tokens: RefreshTokenTable;
  dbs: DatabaseTable;
  logs: LogTable;
  query: QueryTable;
  saved_query: SavedQueryTable;
  tab_state: TabStateTable;
  table_schema: TableSchemaTable;
  key_value: KeyValueTable;
  tables: DatasetTable;
  table_columns: TableColumnTable;
  sql_metrics: SqlMetricTable;
  dataset_owners: DatasetOwnerTable;
}

export type UserRow = Selectable<UserTable>;
export type DatabaseRow = Selectable<DatabaseTable>;
export type NewDatabase = Insertable<DatabaseTable>;
export type DatabaseUpdate = Updateable<DatabaseTable>;

export interface QueryTable {
  id: Id;
  client_id: string;
  database_id: number;
  user_id: number | null;
  status: string;
  tab_name: string | null;
  sql_editor_id: string | null;
  catalog: string | null;
  schema: string | null;
  sql: string;
  select_sql: string | null;
  executed_sql: string | null;
  limit: number | null;
  limiting_factor: string;
  select_as_cta: Flag;
  select_as_cta_used: Flag;
  ctas_method: string | null;
  tmp_table_name: string | null;
  tmp_schema_name: string | null;
  progress: number;
  rows: number | null;
  error_message: string | null;
  results_key: string | null;
  run_async: Flag;
  /** Milliseconds since the epoch, as Superset's query model keeps them. */
  start_time: number | null;
  start_running_time: number | null;
  end_time: number | null;
  end_result_backend_time: number | null;
  tracking_url: string | null;
  extra_json: string;
  changed_on: Timestamp;
}

export interface SavedQueryTable {
  id: Id;
  uuid: string;
  user_id: number | null;
  db_id: number | null;
  catalog: string | null;
  schema: string | null;
  label: string;
  description: string;
  sql: string;
  template_parameters: string | null;
  extra_json: string;
  rows: number | null;
  last_run: Timestamp | null;
  created_on: Timestamp;
  changed_on: Timestamp;
}

export interface TabStateTable {
  id: Id;
  user_id: number;
  label: string;
  active: Flag;
  database_id: number | null;
  catalog: string | null;
  schema: string | null;
  sql: string;
  query_limit: number | null;
  latest_query_id: string | null;
  autorun: Flag;
  template_params: string | null;
  hide_left_bar: Flag;
  saved_query_id: number | null;
  extra_json: string;
  created_on: Timestamp;
  changed_on: Timestamp;
}

export interface TableSchemaTable {
  id: Id;
  tab_state_id: number;
  database_id: number;
  catalog: string | null;
  schema: string | null;
  table: string;
  description: string;
  expanded: Flag;
  created_on: Timestamp;
  changed_on: Timestamp;
}

export interface KeyValueTable {
  id: Id;
  uuid: string;
  value: string;
  created_by_fk: number | null;
  created_on: Timestamp;
}

export type QueryRow = Selectable<QueryTable>;
export type SavedQueryRow = Selectable<SavedQueryTable>;
export type TabStateRow = Selectable<TabStateTable>;
export type TableSchemaRow = Selectable<TableSchemaTable>;

/** A dataset (Superset's SqlaTable): physical when `sql` is null, virtual otherwise. */
export interface DatasetTable {
  id: Id;
  uuid: string;
  table_name: string;
  schema: string | null;
  catalog: string | null;
  database_id: number;
  sql: string | null;
  is_sqllab_view: Flag;
  main_dttm_col: string | null;
  description: string | null;
  default_endpoint: string | null;
  offset: number;
  cache_timeout: number | null;
  filter_select_enabled: Flag;
  fetch_values_predicate: string | null;
  /** JSON text: certification {certified_by, details}, warning_markdown, … */
  extra: string | null;
  template_params: string | null;
  normalize_columns: Flag;
  always_filter_main_dttm: Flag;
  is_managed_externally: Flag;
  external_url: string | null;
  /** JSON list of column names whose values never leave the server. */
  sensitive_columns: string;
  /** The datasource_access view name, `[db].[table](id:N)`. */
  perm: string | null;
  schema_perm: string | null;
  created_on: Timestamp;
  changed_on: Timestamp;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface TableColumnTable {
  id: Id;
  uuid: string;
  table_id: number;
  column_name: string;
  verbose_name: string | null;
  is_dttm: Flag;
  is_active: Flag;
  type: string | null;
  advanced_data_type: string | null;
  groupby: Flag;
  filterable: Flag;
  /** Set for calculated columns: a SQL expression written by the dataset's owners. */
  expression: string | null;
  description: string | null;
  python_date_format: string | null;
  extra: string | null;
  created_on: Timestamp;
  changed_on: Timestamp;
}

export interface SqlMetricTable {
  id: Id;
  uuid: string;
  table_id: number;
  metric_name: string;
  verbose_name: string | null;
  metric_type: string | null;
  expression: string;
  description: string | null;
  d3format: string | null;
  /** JSON text {symbol, symbolPosition}. */
  currency: string | null;
  warning_text: string | null;
  extra: string | null;
  created_on: Timestamp;
  changed_on: Timestamp;
}

export interface DatasetOwnerTable {
  id: Id;
  dataset_id: number;
  user_id: number;
}

export type DatasetRow = Selectable<DatasetTable>;
export type NewDataset = Insertable<DatasetTable>;
export type TableColumnRow = Selectable<TableColumnTable>;
export type SqlMetricRow = Selectable<SqlMetricTable>;
