// MySQL and MariaDB through a mysql2 pool: rows read as they arrive, cancel with KILL QUERY from a side connection.
import type { EventEmitter } from 'node:events';
import type { FieldPacket } from 'mysql2';
import mysql2 from 'mysql2/promise';
import {
  connectTimeoutMs,
  TIME_GRAIN as G,
  genericTypeOf,
  isoTimestampText,
  jsonSafe,
  makeDialect,
  quoteWith,
  safeInteger,
  toHex,
} from '../base.js';
import {
  type ErrorContext,
  ERROR_MESSAGES as M,
  mapEngineError,
  missingParametersError,
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
import * as catalog from './mysql-catalog.js';
import { readRows, type StreamedQuery, streamRows } from './mysql-read.js';
import { mysqlChartSql, mysqlEditorDialect, mysqlFacts, mysqlSavedColumnSql, mysqlSqlLab } from './mysql-sql.js';

/** Seconds (or minutes, hours) since midnight, rounded down to a multiple, added back to the date. */
const sinceMidnight = (amount: string, every: number, unit: string) =>
  `DATE_ADD(DATE({col}), INTERVAL ${amount} DIV ${every} * ${every} ${unit})`;
const SECONDS = '(HOUR({col}) * 3600 + MINUTE({col}) * 60 + SECOND({col}))';
const MINUTES = '(HOUR({col}) * 60 + MINUTE({col}))';

const dialect = makeDialect({
  timeGrains: {
    [G.SECOND]: `DATE_ADD(DATE({col}), INTERVAL ${SECONDS} SECOND)`,
    [G.FIVE_SECONDS]: sinceMidnight(SECONDS, 5, 'SECOND'),
    [G.THIRTY_SECONDS]: sinceMidnight(SECONDS, 30, 'SECOND'),
    [G.MINUTE]: `DATE_ADD(DATE({col}), INTERVAL ${MINUTES} MINUTE)`,
    [G.FIVE_MINUTES]: sinceMidnight(MINUTES, 5, 'MINUTE'),
    [G.TEN_MINUTES]: sinceMidnight(MINUTES, 10, 'MINUTE'),
    [G.FIFTEEN_MINUTES]: sinceMidnight(MINUTES, 15, 'MINUTE'),
    [G.THIRTY_MINUTES]: sinceMidnight(MINUTES, 30, 'MINUTE'),
    [G.HOUR]: 'DATE_ADD(DATE({col}), INTERVAL HOUR({col}) HOUR)',
    [G.SIX_HOURS]: sinceMidnight('HOUR({col})', 6, 'HOUR'),
    [G.DAY]: 'DATE({col})',
    // Superset's MySQL week starts on Sunday (DAYOFWEEK: 1 = Sunday).
    [G.WEEK]: 'DATE(DATE_SUB({col}, INTERVAL DAYOFWEEK({col}) - 1 DAY))',
    [G.WEEK_STARTING_SUNDAY]: 'DATE(DATE_SUB({col}, INTERVAL DAYOFWEEK({col}) - 1 DAY))',
    [G.WEEK_STARTING_MONDAY]: 'DATE(DATE_SUB({col}, INTERVAL DAYOFWEEK(DATE_SUB({col}, INTERVAL 1 DAY)) - 1 DAY))',
    [G.WEEK_ENDING_SATURDAY]: 'DATE(DATE_ADD({col}, INTERVAL (7 - DAYOFWEEK({col})) DAY))',
    [G.WEEK_ENDING_SUNDAY]: 'DATE(DATE_ADD({col}, INTERVAL ((8 - DAYOFWEEK({col})) % 7) DAY))',
    [G.MONTH]: 'DATE(DATE_SUB({col}, INTERVAL DAYOFMONTH({col}) - 1 DAY))',
    [G.QUARTER]: 'MAKEDATE(YEAR({col}), 1) + INTERVAL QUARTER({col}) QUARTER - INTERVAL 1 QUARTER',
    [G.YEAR]: 'DATE(DATE_SUB({col}, INTERVAL DAYOFYEAR({col}) - 1 DAY))',
  },
  quoteIdentifier: quoteWith('`'),
  // MySQL reads backslashes in string literals as escapes unless NO_BACKSLASH_ESCAPES is set.
  quoteString: (value) => `'${value.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`,
  defaultSchema: null,
  formatterLanguage: 'mysql',
  parserDatabase: 'MySQL',
});

const errorPatterns: readonly ErrorPattern[] = [
  {
    pattern: /Access denied for user '(.*?)'@'(.*?)' to database '(.*?)'/,
    type: 'CONNECTION_DATABASE_PERMISSIONS_ERROR',
    message: 'The username "$1" is not allowed to use the database "$3".',
  },
  {
    pattern: /Access denied for user '(.*?)'@'(.*?)'/,
    type: 'CONNECTION_ACCESS_DENIED_ERROR',
    message: 'Either the username "$1" or the password is incorrect.',
  },
  {
    pattern: /Unknown (?:MySQL|MariaDB) server host '(.*?)'/,
    type: 'CONNECTION_INVALID_HOSTNAME_ERROR',
    message: 'The hostname "$1" cannot be resolved.',
  },
  {
    pattern: /Can't connect to (?:MySQL|MariaDB) server on '(.*?)'/,
    type: 'CONNECTION_HOST_DOWN_ERROR',
    message: 'The host "$1" might be down, and can\'t be reached on port {port}.',
  },
  {
    pattern: /Unknown database '(.*?)'/,
    type: 'CONNECTION_UNKNOWN_DATABASE_ERROR',
    message: M.unknownDatabase,
    phase: 'connect',
  },
  { pattern: /Unknown database '(.*?)'/, type: 'SCHEMA_DOES_NOT_EXIST_ERROR', message: M.schema, phase: 'query' },
  {
    pattern: /right syntax to use near '([\s\S]*?)' at line \d+/,
    type: 'SYNTAX_ERROR',
    message: 'Please check your query for syntax errors near "$1". Then, try running your query again.',
  },
  { pattern: /You have an error in your SQL syntax/, type: 'SYNTAX_ERROR' },
  {
    pattern: /\w+ command denied to user '(.*?)'@'(.*?)' for table/,
    type: 'DATABASE_SECURITY_ACCESS_ERROR',
    message: M.permission,
  },
  { pattern: /FUNCTION (\S+) does not exist/, type: 'OBJECT_DOES_NOT_EXIST_ERROR', message: M.function },
  { pattern: /Table '(.+?)' doesn't exist/, type: 'TABLE_DOES_NOT_EXIST_ERROR', message: M.table },
  { pattern: /Unknown column '(.+?)' in/, type: 'COLUMN_DOES_NOT_EXIST_ERROR', message: M.column },
  {
    pattern: /max_statement_time exceeded|maximum statement execution time exceeded/,
    type: 'SQLLAB_TIMEOUT_ERROR',
    message: M.statementTimeout,
  },
];

export const mysql: Engine<'mysql'> = {
  name: 'mysql',
  displayName: 'MySQL',
  uriPlaceholder: 'mysql://user:password@host:3306/database',
  schemes: ['mysql', 'mysql+pymysql', 'mysql+mysqldb', 'mysql+mysqlconnector', 'mariadb', 'mariadb+mariadbconnector'],
  dialect,
  supportsCatalogs: false,
  errorPatterns,
  sql: mysqlFacts,
  sqlLab: mysqlSqlLab,
  chartSql: mysqlChartSql,
  savedColumnSql: mysqlSavedColumnSql,
  editorDialect: mysqlEditorDialect,
  connect,
  localFile: () => null,
  unsafeReason: () => null,
};

type ConnectionOptions = mysql2.ConnectionOptions;

/** `?ssl=true` or `?ssl_mode=REQUIRED` (and stricter) as mysql2's ssl option. */
function sslOption(query: Record<string, string>): ConnectionOptions['ssl'] {
  const mode = (query.ssl_mode ?? query['ssl-mode'] ?? '').toUpperCase();
  if (mode.startsWith('VERIFY')) return { rejectUnauthorized: true };
  if (mode === 'REQUIRED' || query.ssl === 'true' || query.ssl === '1') return { rejectUnauthorized: false };
  return undefined;
}

async function connect(spec: ConnectSpec): Promise<EngineConnection> {
  const uri = parseUri(spec.uri);
  const missing = [!uri.host && 'host', !uri.database && 'database'].filter((item): item is string => Boolean(item));
  if (missing.length > 0) throw missingParametersError(missing);
  const options: ConnectionOptions = {
    host: uri.host ?? undefined,
    port: uri.port ?? 3306,
    user: uri.username ?? undefined,
    password: uri.password ?? undefined,
    database: uri.database ?? undefined,
    ssl: sslOption(uri.query),
    charset: uri.query.charset ?? 'utf8mb4',
    connectTimeout: connectTimeoutMs(spec.extra),
    // Exact BIGINT/DECIMAL and server-side date text: we convert them ourselves (mysqlValue).
    supportBigNumbers: true,
    bigNumberStrings: true,
    dateStrings: true,
    jsonStrings: true,
  };
  const size = spec.poolSize ?? 5;
  const pool = mysql2.createPool({ ...options, connectionLimit: size, maxIdle: size, idleTimeout: 10_000 });
  // mysql2's pool listens for one 'error' per connection; a killed connection (KILL, a restart) can emit more, and an
  // 'error' nobody hears ends the process. The pool has dropped the connection after the first.
  pool.on('connection', (connection) => {
    connection.on('error', () => undefined);
  });
  const context: ErrorContext = {
    host: uri.host,
    port: uri.port ?? 3306,
    database: uri.database,
    username: uri.username,
  };
  return new MysqlConnection(pool, options, uri.database ?? '', context);
}

/** A JSON-safe value by the field's type code (see mysqlTypeName for the codes). */
function mysqlValue(value: unknown, field: FieldPacket | undefined): unknown {
  if (value === null || value === undefined) return null;
  const code = field?.columnType ?? field?.type;
  if (typeof value === 'string') {
    if (code === 8) return safeInteger(BigInt(value));
    if (code === 0 || code === 246) return Number(value);
    if (code === 7 || code === 12) return isoTimestampText(value);
    return value;
  }
  if (Buffer.isBuffer(value)) {
    if (code === 16) return safeInteger(value.length === 0 ? 0n : BigInt(`0x${value.toString('hex')}`));
    return toHex(value);
  }
  return jsonSafe(value);
}

type PoolConnection = mysql2.PoolConnection;

function connectionLost(): Error {
  return Object.assign(new Error('Connection lost: The server closed the connection.'), {
    code: 'PROTOCOL_CONNECTION_LOST',
    fatal: true,
  });
}

class MysqlConnection implements EngineConnection {
  readonly engine = mysql;
  readonly defaultSchema: string;
  /**
   * The database each pooled connection was switched to with USE. Keyed by the core connection: the promise
   * wrapper is a new object on every getConnection.
   */
  private readonly current = new WeakMap<object, string>();

  constructor(
    private readonly pool: mysql2.Pool,
    private readonly options: ConnectionOptions,
    defaultSchema: string,
    private readonly context: ErrorContext,
  ) {
    this.defaultSchema = defaultSchema;
  }

  private fail(error: unknown, phase: ErrorContext['phase'] = 'query') {
    return mapEngineError(mysql, error, { ...this.context, phase });
  }

  private async acquire(schema: string | null | undefined): Promise<PoolConnection> {
    let connection: PoolConnection;
    try {
      connection = await this.pool.getConnection();
    } catch (error) {
      throw this.fail(error, 'connect');
    }
    const wanted = schema ?? this.defaultSchema;
    if ((this.current.get(connection.connection) ?? this.defaultSchema) !== wanted) {
      try {
        await connection.query(`USE ${dialect.quoteIdentifier(wanted)}`);
        this.current.set(connection.connection, wanted);
      } catch (error) {
        if ((error as { fatal?: boolean }).fatal) connection.destroy();
        else connection.release();
        throw this.fail(error);
      }
    }
    return connection;
  }

  /** KILL QUERY from a fresh connection: the pool may be full of the very queries being stopped. */
  private async killQuery(threadId: number): Promise<void> {
    const side = await mysql2.createConnection({ ...this.options, database: undefined });
    // Killed while idle, it emits 'error'; without a listener that would end the process.
    side.on('error', () => undefined);
    try {
      await side.query(`KILL QUERY ${Number(threadId)}`);
    } finally {
      await side.end().catch(() => undefined);
    }
  }

  private columns(fields: FieldPacket[]): ResultColumn[] {
    return fields.map((field) => {
      const type = catalog.mysqlTypeName(field.columnType ?? field.type, field.characterSet);
      return { name: field.name, type, genericType: genericTypeOf(type) };
    });
  }

  private start(connection: PoolConnection, sql: string, params: unknown[]): StreamedQuery {
    const core = connection.connection as unknown as EventEmitter;
    const query = connection.connection.query({ sql, values: params, rowsAsArray: true }) as unknown as StreamedQuery &
      EventEmitter;
    // mysql2 tells a query read by events nothing when its connection dies mid-read (KILL, a restart): the read would
    // wait forever. The connection's own 'error' or 'end' fails the query instead.
    const lost = (error?: unknown) => {
      detach();
      query.emit('error', error instanceof Error ? error : connectionLost());
    };
    const onEnd = () => lost();
    const detach = () => {
      core.off('error', lost);
      core.off('end', onEnd);
    };
    core.once('error', lost);
    core.once('end', onEnd);
    query.once('end', detach);
    query.once('error', detach);
    return query;
  }

  async execute(sql: string, options: ExecuteOptions = {}): Promise<ExecuteResult> {
    const { signal, maxRows, params = [], schema } = options;
    let threadId: number | undefined;
    let cancelling: Promise<void> | undefined;
    const run = async (): Promise<ExecuteResult> => {
      const connection = await this.acquire(schema);
      threadId = connection.threadId;
      let keep = true;
      try {
        throwIfAborted(signal);
        const read = await readRows(this.start(connection, sql, params), maxRows);
        // Rows past the cap are still on the wire: dropping the connection stops the read (the server stops too).
        if (read.truncated) keep = false;
        if (!read.fields) return { columns: [], rows: [], truncated: false, affectedRows: read.affectedRows };
        const fields = read.fields;
        return {
          columns: this.columns(fields),
          rows: read.rows.map((row) => row.map((value, index) => mysqlValue(value, fields[index]))),
          truncated: read.truncated,
        };
      } catch (error) {
        keep = !(error as { fatal?: boolean }).fatal;
        throw error;
      } finally {
        await cancelling;
        if (keep) connection.release();
        else connection.destroy();
      }
    };
    try {
      return await runCancellable(signal, run, () => {
        if (threadId !== undefined) cancelling = this.killQuery(threadId).catch(() => undefined);
        return cancelling;
      });
    } catch (error) {
      throw this.fail(error);
    }
  }

  async *stream(
    sql: string,
    options: Omit<ExecuteOptions, 'maxRows'> & { batchSize?: number } = {},
  ): AsyncIterable<{ columns: ResultColumn[]; rows: Row[] }> {
    const { signal, params = [], schema, batchSize = 1000 } = options;
    throwIfAborted(signal);
    const connection = await this.acquire(schema);
    let cancelling: Promise<void> | undefined;
    const cancel = () => {
      cancelling = this.killQuery(connection.threadId).catch(() => undefined);
    };
    signal?.addEventListener('abort', cancel, { once: true });
    let complete = false;
    try {
      let columns: ResultColumn[] | null = null;
      for await (const batch of streamRows(this.start(connection, sql, params), connection.connection, batchSize)) {
        const fields = batch.fields ?? [];
        columns ??= this.columns(fields);
        yield { columns, rows: batch.rows.map((row) => row.map((value, index) => mysqlValue(value, fields[index]))) };
        throwIfAborted(signal);
      }
      complete = true;
    } catch (error) {
      if (signal?.aborted) throw new QueryCancelledError();
      throw this.fail(error);
    } finally {
      signal?.removeEventListener('abort', cancel);
      await cancelling;
      // A reader that left early leaves unread rows on the wire; only a fully read connection can be reused.
      if (complete) connection.release();
      else connection.destroy();
    }
  }

  private query: catalog.RunQuery = (sql, params = []) => this.execute(sql, { params });

  async listCatalogs(): Promise<string[]> {
    return [];
  }

  listSchemas(): Promise<string[]> {
    return catalog.listSchemas(this.query);
  }

  listTables(schema: string | null): Promise<TableSummary[]> {
    return catalog.listTables(this.query, schema ?? this.defaultSchema);
  }

  tableMetadata(table: string, schema: string | null): Promise<TableMetadata> {
    return catalog.tableMetadata(this.query, dialect, table, schema ?? this.defaultSchema);
  }

  async tableExtraMetadata(): Promise<Record<string, unknown>> {
    return {};
  }

  estimate(sql: string, options: { schema?: string | null } = {}): Promise<CostEstimate[]> {
    return catalog.estimate((text) => this.execute(text, { schema: options.schema }), sql);
  }

  async ping(): Promise<void> {
    await this.execute('SELECT 1');
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

declare module '../engine-names.js' {
  /** This folder's engine, by the name it answers to (see engine-names.ts). */
  interface EngineNames {
    mysql: true;
  }
}
