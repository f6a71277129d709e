// SQLite through better-sqlite3, one child process per running statement (see sqlite-child.ts for why).
import {
  assertFolderExists,
  buildTableMetadata,
  databaseFile,
  TIME_GRAIN as G,
  genericTypeOf,
  genericTypeOfValue,
  groupBy,
  makeDialect,
  sqlDateText,
  sqlTimestampText,
  tableNotFound,
} from '../base.js';
import {
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
  ResultColumn,
  Row,
  TableMetadata,
  TableSummary,
} from '../types.js';
import { parseUri } from '../uri.js';
import type { ChildColumn } from './sqlite-child.js';
import { childError, type SqliteChild, SqlitePool } from './sqlite-pool.js';
import { sqliteChartSql, sqliteEditorDialect, sqliteFacts, sqliteSavedColumnSql, sqliteSqlLab } from './sqlite-sql.js';

/** Fixed-width buckets through epoch seconds; SQLite has no interval arithmetic on timestamps. */
const epochBucket = (seconds: number) =>
  `DATETIME(CAST(STRFTIME('%s', {col}) AS INTEGER) / ${seconds} * ${seconds}, 'unixepoch')`;

const quoteString = (value: string) => `'${value.replaceAll("'", "''")}'`;

const dialect = makeDialect({
  timeGrains: {
    [G.SECOND]: "DATETIME(STRFTIME('%Y-%m-%dT%H:%M:%S', {col}))",
    [G.FIVE_SECONDS]: epochBucket(5),
    [G.THIRTY_SECONDS]: epochBucket(30),
    [G.MINUTE]: "DATETIME(STRFTIME('%Y-%m-%dT%H:%M:00', {col}))",
    [G.FIVE_MINUTES]: epochBucket(300),
    [G.TEN_MINUTES]: epochBucket(600),
    [G.FIFTEEN_MINUTES]: epochBucket(900),
    [G.THIRTY_MINUTES]: epochBucket(1800),
    [G.HOUR]: "DATETIME(STRFTIME('%Y-%m-%dT%H:00:00', {col}))",
    [G.SIX_HOURS]: epochBucket(21600),
    [G.DAY]: "DATETIME({col}, 'start of day')",
    [G.WEEK]: "DATETIME({col}, 'start of day', -STRFTIME('%w', {col}) || ' days')",
    // 'weekday N' moves forward to the next such day (or stays): step back six days first to land on this week's.
    [G.WEEK_STARTING_SUNDAY]: "DATETIME({col}, 'start of day', '-6 days', 'weekday 0')",
    [G.WEEK_STARTING_MONDAY]: "DATETIME({col}, 'start of day', '-6 days', 'weekday 1')",
    [G.WEEK_ENDING_SATURDAY]: "DATETIME({col}, 'start of day', 'weekday 6')",
    [G.WEEK_ENDING_SUNDAY]: "DATETIME({col}, 'start of day', 'weekday 0')",
    [G.MONTH]: "DATETIME({col}, 'start of month')",
    [G.QUARTER]:
      "DATETIME({col}, 'start of month', '-' || ((CAST(STRFTIME('%m', {col}) AS INTEGER) - 1) % 3) || ' months')",
    [G.YEAR]: "DATETIME({col}, 'start of year')",
  },
  quoteString,
  booleanLiteral: (value) => (value ? '1' : '0'),
  dateLiteral: (isoDate) => quoteString(sqlDateText(isoDate)),
  timestampLiteral: (isoTimestamp) => quoteString(sqlTimestampText(isoTimestamp)),
  defaultSchema: 'main',
  formatterLanguage: 'sqlite',
  parserDatabase: 'Sqlite',
});

const errorPatterns: readonly ErrorPattern[] = [
  { pattern: /near "(.*?)": syntax error/, type: 'SYNTAX_ERROR', message: M.syntaxNear },
  { pattern: /incomplete input/, type: 'SYNTAX_ERROR', message: M.syntaxAtEnd },
  { pattern: /no such table: (\S+)/, type: 'TABLE_DOES_NOT_EXIST_ERROR', message: M.table },
  { pattern: /no such column: (\S+)/, type: 'COLUMN_DOES_NOT_EXIST_ERROR', message: M.column },
  { pattern: /no such function: (\S+)/, type: 'OBJECT_DOES_NOT_EXIST_ERROR', message: M.function },
  { pattern: /unknown database "?([^"\s]+)"?/, type: 'SCHEMA_DOES_NOT_EXIST_ERROR', message: M.schema },
  {
    pattern: /unable to open database file|Cannot open database/i,
    type: 'CONNECTION_UNKNOWN_DATABASE_ERROR',
    message: 'Unable to connect to database "{database}".',
  },
];

export const sqlite: Engine<'sqlite'> = {
  name: 'sqlite',
  displayName: 'SQLite',
  uriPlaceholder: 'sqlite:////path/to/file.db',
  schemes: ['sqlite'],
  dialect,
  supportsCatalogs: false,
  errorPatterns,
  sql: sqliteFacts,
  sqlLab: sqliteSqlLab,
  chartSql: sqliteChartSql,
  savedColumnSql: sqliteSavedColumnSql,
  editorDialect: sqliteEditorDialect,
  connect,
  localFile: (uri, baseDir) => databaseFile(parseUri(uri).database, baseDir),
  // Superset refuses every SQLite URI: SQL on it can ATTACH any file the server can read.
  unsafeReason: () => 'SQLiteDialect_pysqlite cannot be used as a data source for security reasons.',
};

async function connect(spec: ConnectSpec): Promise<EngineConnection> {
  const file = databaseFile(parseUri(spec.uri).database, spec.baseDir);
  const context: ErrorContext = { database: file ?? ':memory:', phase: 'connect' };
  try {
    if (file) assertFolderExists(file);
    // Every process has its own in-memory database, so an in-memory one gets exactly one process.
    const pool = new SqlitePool(file ?? ':memory:', file ? (spec.poolSize ?? 2) : 1, 5_000);
    const connection = new SqliteConnection(pool, { ...context, phase: 'query' });
    // Opening now turns a bad file into an error here rather than on the first query.
    await pool.acquire().then((child) => pool.release(child));
    return connection;
  } catch (error) {
    throw mapEngineError(sqlite, error, context);
  }
}

/** better-sqlite3 binds numbers, strings, bigints, buffers and null only. */
function toSqliteParam(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && !(value instanceof Uint8Array)) return JSON.stringify(value);
  return value;
}

/** Declared types where there are some; expressions have none, so their first value decides. */
function resultColumns(columns: ChildColumn[], rows: unknown[][]): ResultColumn[] {
  return columns.map((column, index) => {
    if (column.type) return { name: column.name, type: column.type, genericType: genericTypeOf(column.type) };
    const sample = rows.find((row) => row[index] !== null)?.[index];
    return { name: column.name, type: '', genericType: genericTypeOfValue(sample) };
  });
}

class SqliteConnection implements EngineConnection {
  readonly engine = sqlite;
  readonly defaultSchema = 'main';

  constructor(
    private readonly pool: SqlitePool,
    private readonly context: ErrorContext,
  ) {}

  async execute(sql: string, options: ExecuteOptions = {}): Promise<ExecuteResult> {
    const { signal, maxRows, params = [] } = options;
    let child: SqliteChild | undefined;
    const run = async (): Promise<ExecuteResult> => {
      const acquired = await this.pool.acquire();
      child = acquired;
      try {
        throwIfAborted(signal);
        acquired.send({ kind: 'execute', sql, params: params.map(toSqliteParam), maxRows: maxRows ?? null });
        const reply = await acquired.receive();
        if (reply.kind === 'error') throw childError(reply);
        if (reply.kind !== 'result') throw new Error(`Unexpected message from the SQLite process: ${reply.kind}`);
        const result: ExecuteResult = {
          columns: resultColumns(reply.columns, reply.rows),
          rows: reply.rows,
          truncated: reply.truncated,
        };
        if (reply.affectedRows !== undefined) result.affectedRows = reply.affectedRows;
        return result;
      } finally {
        this.pool.release(acquired);
      }
    };
    try {
      // The process dies with the statement; its exit ends run(), so the stop is confirmed when we reject.
      return await runCancellable(signal, run, () => child?.kill());
    } catch (error) {
      throw mapEngineError(sqlite, error, this.context);
    }
  }

  async *stream(
    sql: string,
    options: Omit<ExecuteOptions, 'maxRows'> & { batchSize?: number } = {},
  ): AsyncIterable<{ columns: ResultColumn[]; rows: Row[] }> {
    const { signal, params = [], batchSize = 1000 } = options;
    throwIfAborted(signal);
    const child = await this.pool.acquire().catch((error: unknown) => {
      throw mapEngineError(sqlite, error, this.context);
    });
    const kill = () => void child.kill();
    signal?.addEventListener('abort', kill, { once: true });
    let finished = false;
    try {
      child.send({ kind: 'stream', sql, params: params.map(toSqliteParam), batchSize });
      let columns: ResultColumn[] | null = null;
      let yielded = false;
      for (;;) {
        const reply = await child.receive();
        if (reply.kind === 'error') {
          finished = true;
          throw childError(reply);
        }
        if (reply.kind === 'result') {
          finished = true;
          yield { columns: [], rows: [] };
          return;
        }
        if (reply.kind !== 'batch') throw new Error(`Unexpected message from the SQLite process: ${reply.kind}`);
        columns ??= resultColumns(reply.columns, reply.rows);
        if (reply.last) {
          finished = true;
          if (reply.rows.length > 0 || !yielded) yield { columns, rows: reply.rows };
          return;
        }
        yield { columns, rows: reply.rows };
        yielded = true;
        child.send({ kind: 'more' });
      }
    } catch (error) {
      if (signal?.aborted) throw new QueryCancelledError();
      throw mapEngineError(sqlite, error, this.context);
    } finally {
      signal?.removeEventListener('abort', kill);
      if (!finished && child.alive) {
        // The reader left early: tell the child to drop the statement, then it can serve others.
        child.send({ kind: 'stop' });
        await child.receive().catch(() => undefined);
      }
      this.pool.release(child);
    }
  }

  private async rows(sql: string, params: unknown[] = []): Promise<Row[]> {
    return (await this.execute(sql, { params })).rows;
  }

  async listCatalogs(): Promise<string[]> {
    return [];
  }

  async listSchemas(): Promise<string[]> {
    const rows = await this.rows("SELECT name FROM pragma_database_list WHERE name <> 'temp' ORDER BY seq");
    return rows.map((row) => String(row[0]));
  }

  async listTables(schema: string | null): Promise<TableSummary[]> {
    const rows = await this.rows(
      `SELECT name, type FROM ${dialect.quoteIdentifier(schema ?? 'main')}.sqlite_master
       WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name`,
    );
    return rows.map((row) => ({ name: String(row[0]), type: row[1] === 'view' ? 'view' : 'table' }));
  }

  async tableMetadata(table: string, schema: string | null): Promise<TableMetadata> {
    const db = schema ?? 'main';
    const [kind] = await this.rows(
      `SELECT type FROM ${dialect.quoteIdentifier(db)}.sqlite_master WHERE type IN ('table', 'view') AND name = ?`,
      [table],
    );
    if (!kind) throw tableNotFound(table, schema);
    const columns = await this.rows(
      'SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(?, ?) ORDER BY cid',
      [table, db],
    );
    const foreignKeys = await this.rows(
      'SELECT id, "table", "from", "to" FROM pragma_foreign_key_list(?, ?) ORDER BY id, seq',
      [table, db],
    );
    const indexes = await this.rows(
      `SELECT il.name, il."unique", ii.name FROM pragma_index_list(?, ?) AS il, pragma_index_info(il.name, ?) AS ii
       WHERE il.name NOT LIKE 'sqlite\\_autoindex%' ESCAPE '\\' ORDER BY il.name, ii.seqno`,
      [table, db, db],
    );
    const pkColumns = columns
      .filter((row) => Number(row[4]) > 0)
      .sort((a, b) => Number(a[4]) - Number(b[4]))
      .map((row) => String(row[0]));
    return buildTableMetadata(dialect, {
      name: table,
      schema: db,
      type: kind[0] === 'view' ? 'view' : 'table',
      comment: null,
      columns: columns.map((row) => ({
        name: String(row[0]),
        type: String(row[1] ?? ''),
        nullable: Number(row[2]) === 0 && Number(row[4]) === 0,
        default: row[3] === null ? null : String(row[3]),
        comment: null,
      })),
      primaryKey: pkColumns.length > 0 ? { name: null, column_names: pkColumns } : null,
      foreignKeys: [...groupBy(foreignKeys, (row) => Number(row[0])).values()].map((group) => ({
        name: null,
        column_names: group.map((row) => String(row[2])),
        referred_schema: db,
        referred_table: String(group[0]?.[1]),
        referred_columns: group.map((row) => String(row[3])),
      })),
      indexes: [...groupBy(indexes, (row) => String(row[0])).entries()].map(([name, group]) => ({
        name,
        unique: Number(group[0]?.[1]) === 1,
        column_names: group.map((row) => String(row[2])),
      })),
    });
  }

  async tableExtraMetadata(): Promise<Record<string, unknown>> {
    return {};
  }

  async estimate(sql: string): Promise<CostEstimate[]> {
    const rows = await this.rows(`EXPLAIN QUERY PLAN ${sql}`);
    return rows.map((row) => ({ 'Query plan': String(row[3]) }));
  }

  async ping(): Promise<void> {
    await this.execute('SELECT 1');
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

declare module '../engine-names.js' {
  /** This folder's engine, by the name it answers to (see engine-names.ts). */
  interface EngineNames {
    sqlite: true;
  }
}
