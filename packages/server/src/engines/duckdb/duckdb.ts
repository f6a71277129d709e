// DuckDB, embedded: one shared instance per file, connections kept between plain SELECTs, cancel by interrupting.
import {
  type DuckDBConnection,
  type DuckDBDataChunk,
  DuckDBInstance,
  DuckDBMaterializedResult,
  type DuckDBPreparedStatement,
  type DuckDBResult,
  type DuckDBValue,
  ResultReturnType,
  StatementType,
} from '@duckdb/node-api';
import { assertFolderExists, connectArgs, databaseFile, TIME_GRAIN as G, genericTypeOf, makeDialect } from '../base.js';
import {
  assertSchemaNameWithoutNul,
  type ErrorContext,
  ERROR_MESSAGES as M,
  mapEngineError,
  QueryCancelledError,
  runCancellable,
  throwIfAborted,
} from '../errors.js';
import type {
  ConnectSpec,
  CostEstimate,
  Engine,
  EngineConnection,
  ErrorPattern,
  ExecuteOptions,
  ExecuteResult,
  LatestPartition,
  ResultColumn,
  Row,
  TableMetadata,
  TableSummary,
} from '../types.js';
import { parseUri } from '../uri.js';
import * as catalog from './duckdb-catalog.js';
import * as partitions from './duckdb-partitions.js';
import { duckdbChartSql, duckdbEditorDialect, duckdbFacts, duckdbSavedColumnSql, duckdbSqlLab } from './duckdb-sql.js';
import { duckValue, toDuckParam } from './duckdb-values.js';

const bucket = (interval: string) => `TIME_BUCKET(INTERVAL '${interval}', {col})`;

const dialect = makeDialect({
  timeGrains: {
    [G.SECOND]: "DATE_TRUNC('second', {col})",
    [G.FIVE_SECONDS]: bucket('5 seconds'),
    [G.THIRTY_SECONDS]: bucket('30 seconds'),
    [G.MINUTE]: "DATE_TRUNC('minute', {col})",
    [G.FIVE_MINUTES]: bucket('5 minutes'),
    [G.TEN_MINUTES]: bucket('10 minutes'),
    [G.FIFTEEN_MINUTES]: bucket('15 minutes'),
    [G.THIRTY_MINUTES]: bucket('30 minutes'),
    [G.HOUR]: "DATE_TRUNC('hour', {col})",
    [G.SIX_HOURS]: bucket('6 hours'),
    [G.DAY]: "DATE_TRUNC('day', {col})",
    [G.WEEK]: "DATE_TRUNC('week', {col})",
    [G.WEEK_STARTING_SUNDAY]: "DATE_TRUNC('week', {col} + INTERVAL '1 day') - INTERVAL '1 day'",
    [G.WEEK_STARTING_MONDAY]: "DATE_TRUNC('week', {col})",
    [G.WEEK_ENDING_SATURDAY]: "DATE_TRUNC('week', {col} + INTERVAL '1 day') + INTERVAL '5 days'",
    [G.WEEK_ENDING_SUNDAY]: "DATE_TRUNC('week', {col}) + INTERVAL '6 days'",
    [G.MONTH]: "DATE_TRUNC('month', {col})",
    [G.QUARTER]: "DATE_TRUNC('quarter', {col})",
    [G.YEAR]: "DATE_TRUNC('year', {col})",
  },
  defaultSchema: 'main',
  formatterLanguage: 'duckdb',
  // node-sql-parser has no DuckDB grammar; DuckDB follows PostgreSQL's closely enough for analysis.
  parserDatabase: 'PostgresQL',
});

const errorPatterns: readonly ErrorPattern[] = [
  // File access is off by configuration: the user asked for something this connection may not do.
  {
    pattern: /Permission Error: (.*)/,
    type: 'DATABASE_SECURITY_ACCESS_ERROR',
    message: 'This database connection may not read or write files on the server: $1',
  },
  { pattern: /syntax error at or near "(.*?)"/, type: 'SYNTAX_ERROR', message: M.syntaxNear },
  { pattern: /syntax error at end of input/, type: 'SYNTAX_ERROR', message: M.syntaxAtEnd },
  { pattern: /Parser Error: /, type: 'SYNTAX_ERROR' },
  { pattern: /Function with name "?(\w+)"? does not exist/, type: 'OBJECT_DOES_NOT_EXIST_ERROR', message: M.function },
  {
    pattern: /Table with name .+? does not exist because schema "?(.+?)"? does not exist/,
    type: 'SCHEMA_DOES_NOT_EXIST_ERROR',
    message: M.schema,
  },
  { pattern: /Schema with name "?(.+?)"? does not exist/, type: 'SCHEMA_DOES_NOT_EXIST_ERROR', message: M.schema },
  // What `SET schema` says when a run or an estimate names a schema the database does not have.
  { pattern: /No catalog \+ schema named "(.+?)" found/, type: 'SCHEMA_DOES_NOT_EXIST_ERROR', message: M.schema },
  { pattern: /Table with name "?(.+?)"? does not exist/, type: 'TABLE_DOES_NOT_EXIST_ERROR', message: M.table },
  {
    pattern: /Referenced column "?(.+?)"? not found/,
    type: 'COLUMN_DOES_NOT_EXIST_ERROR',
    message: M.column,
  },
  {
    pattern: /Cannot open (?:database|file) "(.+?)"/,
    type: 'CONNECTION_UNKNOWN_DATABASE_ERROR',
    message: M.unknownDatabase,
    phase: 'connect',
  },
];

export const duckdb: Engine<'duckdb'> = {
  name: 'duckdb',
  displayName: 'DuckDB',
  uriPlaceholder: 'duckdb:////path/to/file.duckdb',
  schemes: ['duckdb'],
  dialect,
  supportsCatalogs: true,
  errorPatterns,
  sql: duckdbFacts,
  sqlLab: duckdbSqlLab,
  chartSql: duckdbChartSql,
  savedColumnSql: duckdbSavedColumnSql,
  editorDialect: duckdbEditorDialect,
  connect,
  localFile: (uri, baseDir) => databaseFile(parseUri(uri).database, baseDir),
  unsafeReason: (_uri, extra) =>
    instanceOptions(extra).enable_external_access?.toLowerCase() === 'false'
      ? null
      : 'DuckDB with enable_external_access cannot be used as a data source for security reasons.',
};

/**
 * `connect_args.config` holds DuckDB settings (Superset's duckdb-engine convention); `read_only` is a shortcut.
 * External access (read_csv of server files, COPY … TO, ATTACH, extensions) is off unless a config turns it
 * on: otherwise anyone with SQL Lab access could read the server's own files, its secret key among them.
 */
function instanceOptions(extra: Record<string, unknown> | undefined): Record<string, string> {
  const args = connectArgs(extra);
  const options: Record<string, string> = { enable_external_access: 'false' };
  if (typeof args.config === 'object' && args.config !== null) {
    // DuckDB reads setting names in any case: one spelling per setting, so the check below sees the one used.
    for (const [key, value] of Object.entries(args.config)) options[key.toLowerCase()] = String(value);
  }
  if (args.read_only === true) options.access_mode = 'READ_ONLY';
  return options;
}

async function connect(spec: ConnectSpec): Promise<EngineConnection> {
  const file = databaseFile(parseUri(spec.uri).database, spec.baseDir);
  const context: ErrorContext = { database: file ?? ':memory:', phase: 'connect' };
  try {
    if (file) assertFolderExists(file);
    // The cache makes two connections to one file share an instance: DuckDB locks a file per process.
    const instance = file
      ? await DuckDBInstance.fromCache(file, instanceOptions(spec.extra))
      : await DuckDBInstance.create(':memory:', instanceOptions(spec.extra));
    return new DuckDBEngineConnection(instance, { ...context, phase: 'query' });
  } catch (error) {
    throw mapEngineError(duckdb, error, context);
  }
}

const MID_STREAM_FAILURE =
  'The query failed while its rows were being read (the DuckDB Node client does not report why); run it again to see the error.';

/**
 * DuckDB's Node client ends a streaming read that failed half-way exactly like one that finished (the C API's
 * duckdb_result_error is not exposed); the one trace left is that the result no longer calls itself streaming.
 */
function failedMidStream(result: DuckDBResult): boolean {
  return !result.isStreaming && result.statementType === StatementType.INVALID;
}

/**
 * A chunk's rows as JSON-safe values, read column by column: the client's getRows asks the native side for the column
 * count once per row and builds each vector's type once per value, which was most of the read on a million rows
 * (column by column: about half the time).
 */
function chunkRows(chunk: DuckDBDataChunk, limit = Number.POSITIVE_INFINITY): Row[] {
  const columns = chunk.getColumns();
  const count = Math.min(chunk.rowCount, limit);
  const rows: Row[] = new Array(count);
  for (let index = 0; index < count; index += 1) {
    const row: unknown[] = new Array(columns.length);
    for (let column = 0; column < columns.length; column += 1) {
      row[column] = duckValue((columns[column] as DuckDBValue[])[index] as DuckDBValue);
    }
    rows[index] = row;
  }
  return rows;
}

/** Rows chunk by chunk until the end or one past `limit`, so a capped read stops DuckDB instead of materialising all. */
async function readCapped(result: DuckDBResult, limit: number): Promise<{ rows: Row[]; capped: boolean }> {
  const rows: Row[] = [];
  if (result instanceof DuckDBMaterializedResult) {
    // Already in memory: its chunks are read without a round trip through the thread pool each.
    for (let index = 0; index < result.chunkCount; index += 1) {
      for (const row of chunkRows(result.getChunk(index), limit + 1 - rows.length)) rows.push(row);
      if (rows.length > limit) return { rows, capped: true };
    }
    return { rows, capped: false };
  }
  for (;;) {
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) return { rows, capped: false };
    for (const row of chunkRows(chunk, limit + 1 - rows.length)) rows.push(row);
    if (rows.length > limit) return { rows, capped: true };
  }
}

function columnsOf(result: DuckDBResult): ResultColumn[] {
  return result.columnNames().map((name, index) => {
    const type = result.columnType(index).toString();
    return { name, type, genericType: genericTypeOf(type) };
  });
}

/** DuckDB's refusals of a text that is not exactly one statement (its ClientContext::Prepare). */
const NOT_ONE_STATEMENT = /Cannot prepare multiple statements at once|No statement to prepare/;

/** The text prepared when it is one statement; null when it holds several or none (nothing has run then). */
async function prepareSingle(connection: DuckDBConnection, sql: string): Promise<DuckDBPreparedStatement | null> {
  try {
    return await connection.prepare(sql);
  } catch (error) {
    if (error instanceof Error && NOT_ONE_STATEMENT.test(error.message)) return null;
    throw error;
  }
}

/** Idle DuckDB connections kept per engine connection, for the next statement. */
const IDLE_CONNECTIONS = 4;

class DuckDBEngineConnection implements EngineConnection {
  readonly engine = duckdb;
  readonly defaultSchema = 'main';
  private closed = false;
  /**
   * Connections whose whole life was single SELECT statements without a schema of their own: nothing of theirs
   * (settings, temp objects, search path) can differ from a new one, so the next such statement reuses one instead of
   * paying a connect (a round trip through the thread pool, several ms on a busy machine) on every chart query.
   */
  private readonly idle: DuckDBConnection[] = [];

  constructor(
    private readonly instance: DuckDBInstance,
    private readonly context: ErrorContext,
  ) {}

  private async open(schema: string | null | undefined): Promise<DuckDBConnection> {
    assertSchemaNameWithoutNul(schema);
    const connection = await this.instance.connect();
    if (schema) {
      try {
        await connection.run(`SET schema = ${dialect.quoteString(schema)}`);
      } catch (error) {
        connection.closeSync();
        throw error;
      }
    }
    return connection;
  }

  /** A kept connection when the statement needs no schema of its own, else a new one. */
  private async take(schema: string | null | undefined): Promise<DuckDBConnection> {
    const kept = schema ? undefined : this.idle.pop();
    return kept ?? (await this.open(schema));
  }

  private release(connection: DuckDBConnection, reusable: boolean): void {
    if (reusable && !this.closed && this.idle.length < IDLE_CONNECTIONS) this.idle.push(connection);
    else connection.closeSync();
  }

  async execute(sql: string, options: ExecuteOptions = {}): Promise<ExecuteResult> {
    const { signal, maxRows, params = [], schema } = options;
    let connection: DuckDBConnection | undefined;
    const run = async (): Promise<ExecuteResult> => {
      const open = await this.take(schema);
      connection = open;
      let reusable = false;
      try {
        throwIfAborted(signal);
        const values = params.map(toDuckParam) as DuckDBValue[];
        // Prepared at once: DuckDB prepares only a text of one statement, and refuses any other without running
        // it, so a refusal means several (or none) and the text runs as a whole. Only a single statement leaves a
        // SELECT as all that ran, and the connection fit to keep. (Splitting first, with extractStatements, parsed
        // every chart query twice: a thread-pool round trip and its parse on each request.)
        const prepared = await prepareSingle(open, sql);
        const single = prepared !== null;
        let result: DuckDBResult;
        if (prepared) {
          try {
            prepared.bind(values);
            // Every row is wanted when there is no cap: materialised in one go, as the raw client's runAndReadAll
            // does, rather than streamed chunk by chunk (a thread-pool round trip per chunk and one to find the end).
            result = maxRows === undefined ? await prepared.run() : await prepared.stream();
          } finally {
            prepared.destroySync();
          }
        } else {
          result = await open.stream(sql, values);
        }
        if (result.returnType !== ResultReturnType.QUERY_RESULT) {
          return { columns: [], rows: [], truncated: false, affectedRows: Number(result.rowsChanged) };
        }
        const columns = columnsOf(result);
        const limit = maxRows ?? Number.POSITIVE_INFINITY;
        const isSelect = result.statementType === StatementType.SELECT;
        let read = await readCapped(result, limit);
        if (!read.capped && failedMidStream(result)) {
          if (!isSelect) throw new Error(MID_STREAM_FAILURE);
          // A SELECT can be read again, materialised: then DuckDB reports the failure with its message.
          read = await readCapped(await open.run(sql, values), limit);
        }
        if (read.capped) read.rows.length = limit;
        // A capped read leaves its result unfinished; a stopped one may leave the connection interrupted.
        reusable = single && isSelect && !schema && !read.capped && !signal?.aborted;
        return { columns, rows: read.rows, truncated: read.capped };
      } finally {
        this.release(open, reusable && !signal?.aborted);
      }
    };
    try {
      return await runCancellable(signal, run, () => connection?.interrupt());
    } catch (error) {
      throw mapEngineError(duckdb, error, this.context);
    }
  }

  async *stream(
    sql: string,
    options: Omit<ExecuteOptions, 'maxRows'> & { batchSize?: number } = {},
  ): AsyncIterable<{ columns: ResultColumn[]; rows: Row[] }> {
    const { signal, params = [], schema, batchSize = 1000 } = options;
    throwIfAborted(signal);
    let connection: DuckDBConnection;
    try {
      connection = await this.open(schema);
    } catch (error) {
      throw mapEngineError(duckdb, error, this.context);
    }
    const interrupt = () => connection.interrupt();
    signal?.addEventListener('abort', interrupt, { once: true });
    try {
      const result = await connection.stream(sql, params.map(toDuckParam) as DuckDBValue[]);
      const columns = columnsOf(result);
      let batch: Row[] = [];
      let yielded = false;
      for (;;) {
        const chunk = await result.fetchChunk();
        if (!chunk || chunk.rowCount === 0) break;
        for (const row of chunkRows(chunk)) {
          batch.push(row);
          if (batch.length >= batchSize) {
            yield { columns, rows: batch };
            yielded = true;
            batch = [];
            throwIfAborted(signal);
          }
        }
      }
      if (failedMidStream(result)) throw new Error(MID_STREAM_FAILURE);
      if (batch.length > 0 || !yielded) yield { columns, rows: batch };
    } catch (error) {
      if (signal?.aborted) throw new QueryCancelledError();
      throw mapEngineError(duckdb, error, this.context);
    } finally {
      signal?.removeEventListener('abort', interrupt);
      connection.closeSync();
    }
  }

  private query: catalog.RunQuery = async (sql, params = []) => (await this.execute(sql, { params })).rows;

  listCatalogs(): Promise<string[]> {
    return catalog.listCatalogs(this.query);
  }

  listSchemas(catalogName?: string | null): Promise<string[]> {
    return catalog.listSchemas(this.query, catalogName);
  }

  listTables(schema: string | null, catalogName?: string | null): Promise<TableSummary[]> {
    return catalog.listTables(this.query, schema ?? 'main', catalogName);
  }

  tableMetadata(table: string, schema: string | null, catalogName?: string | null): Promise<TableMetadata> {
    return catalog.tableMetadata(this.query, dialect, table, schema ?? 'main', catalogName);
  }

  /** Superset's `partitions` for a view over Hive-partitioned Parquet (when file access is on); else nothing. */
  async tableExtraMetadata(table: string, schema: string | null): Promise<Record<string, unknown>> {
    const found = await partitions.tablePartitions(this.query, dialect, table, schema ?? 'main');
    return found ? { partitions: found } : {};
  }

  latestPartition(table: string, schema: string | null): Promise<LatestPartition | null> {
    return partitions.latestPartition(this.query, dialect, table, schema ?? 'main');
  }

  async estimate(sql: string, options: { schema?: string | null } = {}): Promise<CostEstimate[]> {
    return catalog.estimate((await this.execute(`EXPLAIN (FORMAT JSON) ${sql}`, { schema: options.schema })).rows);
  }

  async ping(): Promise<void> {
    await this.execute('SELECT 1');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const connection of this.idle.splice(0)) connection.closeSync();
    // Releases this handle only; another connection to the same cached file keeps the instance alive.
    this.instance.closeSync();
  }
}

declare module '../engine-names.js' {
  /** This folder's engine, by the name it answers to (see engine-names.ts). */
  interface EngineNames {
    duckdb: true;
  }
}
