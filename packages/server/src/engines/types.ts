// The contract every database engine adapter satisfies: dialect facts, connect, execute with cancel,
// introspect, estimate, and the patterns that map driver errors to the error catalogue.
import type { EditorDialect, EngineGenericType, ErrorType, TableMetadata, TableObjectType } from '@nezha/core';
import type { ChartEngineSql, SavedColumnSql, SqlDialectFacts, SqlLabFacts } from './capabilities.js';
import type { EngineName } from './engine-names.js';

export type { EngineName } from './engine-names.js';

/** Generic column types of the spec (measure is a semantic-layer type, not an engine one). */
export type GenericType = EngineGenericType;

export interface ResultColumn {
  /** Column name as the database returned it (may repeat in a SELECT; callers de-duplicate). */
  name: string;
  /** The database's own type name, e.g. BIGINT, TIMESTAMP WITH TIME ZONE, varchar(255). */
  type: string;
  genericType: GenericType | null;
}

/** One row per entry, values in column order; JSON-safe (bigint → number or string, dates → ISO text). */
export type Row = unknown[];

export interface ExecuteOptions {
  /** Aborting cancels the running statement in the database itself and rejects with a stop error. */
  signal?: AbortSignal;
  /** Stop reading after this many rows; `truncated` tells whether more were there. */
  maxRows?: number;
  /** Bound parameters, positional, in the engine's placeholder style (see dialect.placeholder). */
  params?: unknown[];
  /** Schema (search path / current database) to run in. */
  schema?: string | null;
}

export interface ExecuteResult {
  columns: ResultColumn[];
  rows: Row[];
  /** True when maxRows cut the result short. */
  truncated: boolean;
  /** Rows changed by DML, where the driver reports it. */
  affectedRows?: number;
}

export interface TableSummary {
  name: string;
  type: TableObjectType;
}

/** A table's columns and keys are the table_metadata answer itself (a wire type of @nezha/core). */
export type { TableColumnMetadata as ColumnMetadata, TableMetadata } from '@nezha/core';

/** Superset's `partitions` of table_metadata/extra: key columns, the newest partition's key value, the listing. */
export interface TablePartitions {
  cols: string[];
  /** Key column → the newest partition's (greatest) value; {} when the key has no order or no rows. */
  latest: Record<string, unknown>;
  partitionQuery: string;
}

/** The rows of the newest partition as a condition on its one key column: its key values, or their range. */
export interface LatestPartition {
  column: string;
  /** A list (or Hive) partition's key values; null for a range partition. */
  values: unknown[] | null;
  /** A range partition's least and greatest key value present; null for a list partition or no rows. */
  range: { min: unknown; max: unknown } | null;
  /**
   * Several key columns, one per folder level (Hive): each → its value in the newest partition (null: no rows).
   * LATEST_PARTITION then applies to each of them; `column` is the outermost.
   */
  keys?: Record<string, unknown>;
}

export interface CostEstimate {
  /** Engine-specific figures shown in the cost dialog, e.g. {"Total cost": 12.5, "Rows": 1000}. */
  [label: string]: string | number;
}

/** A connection pool to one database. Methods are safe to call concurrently. */
export interface EngineConnection {
  readonly engine: Engine;
  /** Schema used when none is chosen: dialect.defaultSchema, or the URI's database for MySQL. */
  readonly defaultSchema: string | null;
  execute(sql: string, options?: ExecuteOptions): Promise<ExecuteResult>;
  /** Rows in batches, for results too large to hold twice; the first batch carries the columns. */
  stream(
    sql: string,
    options?: Omit<ExecuteOptions, 'maxRows'> & { batchSize?: number },
  ): AsyncIterable<{
    columns: ResultColumn[];
    rows: Row[];
  }>;
  listCatalogs(): Promise<string[]>;
  listSchemas(catalog?: string | null): Promise<string[]>;
  listTables(schema: string | null, catalog?: string | null): Promise<TableSummary[]>;
  tableMetadata(table: string, schema: string | null, catalog?: string | null): Promise<TableMetadata>;
  /** Engine-specific extras (partitions, clustering, engine options); {} when there are none. */
  tableExtraMetadata(table: string, schema: string | null, catalog?: string | null): Promise<Record<string, unknown>>;
  /**
   * The newest partition of a partitioned table, read now; null when the table is not partitioned by one ordered
   * column (or, for Hive folders, by key columns). Absent on engines without partition metadata (LATEST_PARTITION
   * is then refused).
   */
  latestPartition?(table: string, schema: string | null): Promise<LatestPartition | null>;
  estimate(sql: string, options?: { schema?: string | null }): Promise<CostEstimate[]>;
  /** Runs a trivial statement; rejects with a mapped NezhaError when the database is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface Dialect {
  quoteIdentifier(name: string): string;
  /** Quote a possibly-qualified name: ['schema', 'table'] → "schema"."table". */
  quoteQualified(parts: Array<string | null | undefined>): string;
  quoteString(value: string): string;
  /** Placeholder for the n-th (1-based) bound parameter: $1 or ?. */
  placeholder(index: number): string;
  /** Time grain (ISO 8601 duration, e.g. P1D, PT1H, P1W) → SQL template with {col}. */
  timeGrains: Readonly<Record<string, string>>;
  limitClause(limit: number, offset?: number): string;
  booleanLiteral(value: boolean): string;
  dateLiteral(isoDate: string): string;
  timestampLiteral(isoTimestamp: string): string;
  /** Default schema when none is chosen (main, public, the URI's database…). */
  defaultSchema: string | null;
  /** Name used by sql-formatter and node-sql-parser for this dialect. */
  formatterLanguage: string;
  parserDatabase: string;
}

export interface ErrorPattern {
  pattern: RegExp;
  type: ErrorType;
  /**
   * Message template; $1… and $<name> refer to the pattern's groups, {host} {port} {database} {username} to the
   * connection. The driver's own text always follows it in the mapped error. Without it only the driver's text is kept.
   */
  message?: string;
  /** Only while connecting, or only while running a query (MySQL's "Unknown database" means either). */
  phase?: 'connect' | 'query';
}

export interface ConnectSpec {
  /** The connection URI as stored (with the decrypted password put back). */
  uri: string;
  /** Parsed `extra` JSON of the database: engine_params, connect_args, etc. */
  extra?: Record<string, unknown>;
  /** Folder that relative file paths (duckdb:///x.duckdb, sqlite:///x.db) resolve against. */
  baseDir: string;
  /** Pool size; engines that cannot pool ignore it. */
  poolSize?: number;
}

export interface ParsedUri {
  scheme: string;
  username: string | null;
  password: string | null;
  host: string | null;
  port: number | null;
  database: string | null;
  query: Record<string, string>;
}

/** Everything Nezha knows about one database; each member is required, so a new engine cannot forget one. */
export interface Engine<N extends string = EngineName> {
  readonly name: N;
  readonly displayName: string;
  /** The URI the add-database dialog shows as an example. */
  readonly uriPlaceholder: string;
  /** URI schemes this engine accepts, e.g. ['postgresql', 'postgres', 'postgresql+psycopg2']. */
  readonly schemes: readonly string[];
  readonly dialect: Dialect;
  readonly supportsCatalogs: boolean;
  readonly errorPatterns: readonly ErrorPattern[];
  /** Lexical facts for the tokenizer, statement guards and rewrites. */
  readonly sql: SqlDialectFacts;
  readonly sqlLab: SqlLabFacts;
  readonly chartSql: ChartEngineSql;
  readonly savedColumnSql: SavedColumnSql;
  /** The CodeMirror SQL dialect SQL Lab's editor highlights and completes with (served with the databases). */
  readonly editorDialect: EditorDialect;
  connect(spec: ConnectSpec): Promise<EngineConnection>;
  /** The local file a URI opens (a relative one under baseDir), or null for a server or an in-memory database. */
  localFile(uri: string, baseDir: string): string | null;
  /**
   * Why a connection would reach beyond its own data (Superset's PREVENT_UNSAFE_DB_CONNECTIONS: SQLite files,
   * DuckDB reading the server's files), in Superset's words where it has them; null when it would not.
   */
  unsafeReason(uri: string, extra: Record<string, unknown>): string | null;
}
