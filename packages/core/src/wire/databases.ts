// The database answers: GET /api/v1/database/ (list), /available/ (engines) and the databases of SQL Lab's
// bootstrap (GET /api/v1/sqllab/). Each engine names the CodeMirror SQL dialect its editor highlights and completes.

/** The SQL dialects of @codemirror/lang-sql the SQL editor can use; an engine without a close one uses StandardSQL. */
export const EDITOR_DIALECTS = ['PostgreSQL', 'MySQL', 'MariaSQL', 'SQLite', 'MSSQL', 'StandardSQL'] as const;
export type EditorDialect = (typeof EDITOR_DIALECTS)[number];

export interface DatabasePerson {
  first_name: string;
  last_name: string;
}

/** A row of GET /api/v1/database/ (Superset's field names). */
export interface DatabaseListItem {
  id: number;
  uuid: string;
  database_name: string;
  /** The engine's name (duckdb, postgresql, …). */
  backend: string;
  /** The SQL dialect the editor uses for this database's engine. */
  editor_dialect: EditorDialect;
  expose_in_sqllab: boolean;
  allow_run_async: boolean;
  allow_dml: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  allow_file_upload: boolean;
  /** Whether SQL Lab offers "Estimate cost": the engine can, and the database's extra does not turn it off. */
  allows_cost_estimate: boolean;
  disable_data_preview: boolean;
  force_ctas_schema: string | null;
  cache_timeout: number | null;
  /** The stored extra JSON, as text. */
  extra: string;
  created_on: string;
  changed_on: string;
  changed_on_delta_humanized: string;
  created_by: DatabasePerson | null;
  changed_by: DatabasePerson | null;
}

/** One engine of GET /api/v1/database/available/. */
export interface AvailableEngine {
  engine: string;
  name: string;
  sqlalchemy_uri_placeholder: string;
  schemes: string[];
}

/** GET /api/v1/database/available/: the engines the server can connect to (Superset's `databases` list). */
export interface AvailableEngines {
  databases: AvailableEngine[];
}

/** A database as SQL Lab's bootstrap describes it (the keys Superset's SQL Lab reads). */
export interface SqlLabDatabase {
  id: number;
  database_name: string;
  backend: string;
  /** The SQL dialect the editor uses for this database's engine. */
  editor_dialect: EditorDialect;
  allow_run_async: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  allow_dml: boolean;
  allow_file_upload?: boolean;
  allows_subquery?: boolean;
  /** Whether SQL Lab offers "Estimate cost" (see DatabaseListItem). */
  allows_cost_estimate?: boolean;
  expose_in_sqllab: boolean;
  force_ctas_schema?: string | null;
  disable_data_preview: boolean;
  disable_drill_to_detail?: boolean;
  allow_multi_catalog?: boolean;
  extra: Record<string, unknown>;
}
