// ClickHouse over its HTTP interface (clickhousedb://user:pass@host:8123/db, as Superset writes it; clickhouse://
// too). Written against Debian's clickhouse-server 18.16, which lacks, and Nezha therefore does without:
// - EXPLAIN (added in 20.6): no cost estimate; estimate() says so.
// - `{name:Type}` query parameters (19.x): values are bound as external data instead (clickhouse-http.ts).
// - BOOLEAN (a UInt8 here), IS NOT DISTINCT FROM, toStartOfInterval/toStartOfTenMinutes/toStartOfSecond: the SQL
//   below spells them out with what 18.16 has.
// - cancel_http_readonly_queries_on_client_close (19.x): a closed request does not stop its query, so every stop
//   (an abort, a reader leaving early) is a KILL QUERY by the request's query_id.
// - session_timezone: times are read and truncated in the server's time zone (UTC on the test machines).
// - default_table_engine (22.x): SQL Lab's CTAS names the table engine itself (ctasTableOptions, clickhouse-sql.ts).
// - common table expressions, WITH name AS (SELECT …) (20.x): such a query is the server's syntax error.
// Keys, foreign keys and indexes in the relational sense do not exist: tables report their primary key only.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { NezhaError } from '../../errors/nezha-error.js';
import {
  buildTableMetadata,
  connectTimeoutMs,
  TIME_GRAIN as G,
  genericTypeOf,
  isoTimestampText,
  makeDialect,
  quoteWith,
  safeInteger,
  sqlDateText,
  sqlTimestampText,
  tableNotFound,
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
import { type HttpColumn, type HttpTarget, type RowReader, send } from './clickhouse-http.js';
import {
  clickhouseChartSql,
  clickhouseEditorDialect,
  clickhouseFacts,
  clickhouseSavedColumnSql,
  clickhouseSqlLab,
} from './clickhouse-sql.js';

const quoteString = (value: string) => `'${value.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/** Seconds since the epoch rounded down to a multiple (the server's time zone is UTC-aligned for these). */
const everySeconds = (seconds: number) => `toDateTime(intDiv(toUInt32(toDateTime({col})), ${seconds}) * ${seconds})`;

const dialect = makeDialect({
  timeGrains: {
    [G.SECOND]: 'toDateTime({col})',
    [G.FIVE_SECONDS]: everySeconds(5),
    [G.THIRTY_SECONDS]: everySeconds(30),
    [G.MINUTE]: 'toStartOfMinute(toDateTime({col}))',
    [G.FIVE_MINUTES]: 'toStartOfFiveMinute(toDateTime({col}))',
    [G.TEN_MINUTES]: everySeconds(600),
    [G.FIFTEEN_MINUTES]: 'toStartOfFifteenMinutes(toDateTime({col}))',
    [G.THIRTY_MINUTES]: everySeconds(1800),
    [G.HOUR]: 'toStartOfHour(toDateTime({col}))',
    [G.SIX_HOURS]: everySeconds(21600),
    [G.DAY]: 'toDateTime(toDate({col}))',
    // ISO weeks, as Superset's ClickHouse spec: toMonday.
    [G.WEEK]: 'toDateTime(toMonday(toDate({col})))',
    [G.WEEK_STARTING_SUNDAY]: 'toDateTime(toMonday(toDate({col}) + 1) - 1)',
    [G.WEEK_STARTING_MONDAY]: 'toDateTime(toMonday(toDate({col})))',
    [G.WEEK_ENDING_SATURDAY]: 'toDateTime(toMonday(toDate({col}) + 1) + 5)',
    [G.WEEK_ENDING_SUNDAY]: 'toDateTime(toMonday(toDate({col})) + 6)',
    [G.MONTH]: 'toDateTime(toStartOfMonth(toDate({col})))',
    [G.QUARTER]: 'toDateTime(toStartOfQuarter(toDate({col})))',
    [G.YEAR]: 'toDateTime(toStartOfYear(toDate({col})))',
  },
  // ClickHouse reads "…" and `…` as names alike; backslash escapes inside them, as inside strings.
  quoteIdentifier: (name) => quoteWith('"')(name.replaceAll('\\', '\\\\')),
  quoteString,
  booleanLiteral: (value) => (value ? '1' : '0'),
  dateLiteral: (isoDate) => `toDate(${quoteString(sqlDateText(isoDate))})`,
  timestampLiteral: (isoTimestamp) => `toDateTime(${quoteString(sqlTimestampText(isoTimestamp).slice(0, 19))})`,
  defaultSchema: null,
  formatterLanguage: 'clickhouse',
  parserDatabase: 'clickhouse',
});

const code = (n: number) => new RegExp(`\\(code ${n}\\)$`);

const errorPatterns: readonly ErrorPattern[] = [
  {
    pattern: /Unknown user (\S+?),?(?: \(code 192\))?$/m,
    type: 'CONNECTION_INVALID_USERNAME_ERROR',
    message: 'The username "$1" does not exist.',
  },
  {
    pattern: /Wrong password for user (\S+?),?(?: \(code 193\))?$/m,
    type: 'CONNECTION_ACCESS_DENIED_ERROR',
    message: 'Either the username "$1" or the password is incorrect.',
  },
  {
    pattern: /Database (\S+) doesn't exist/,
    type: 'CONNECTION_UNKNOWN_DATABASE_ERROR',
    message: M.unknownDatabase,
    phase: 'connect',
  },
  { pattern: /Database (\S+) doesn't exist/, type: 'SCHEMA_DOES_NOT_EXIST_ERROR', message: M.schema, phase: 'query' },
  {
    pattern: /Syntax error: failed at position \d+[^:]*: (\S*?)\.?(?:\s|$)/,
    type: 'SYNTAX_ERROR',
    message: M.syntaxNear,
  },
  { pattern: code(62), type: 'SYNTAX_ERROR' },
  { pattern: /Table (\S+) doesn't exist/, type: 'TABLE_DOES_NOT_EXIST_ERROR', message: M.table },
  { pattern: /Unknown identifier: (\S+?),?(?:\s|$)/, type: 'COLUMN_DOES_NOT_EXIST_ERROR', message: M.column },
  { pattern: /Unknown function (\S+?),?(?:\s|$)/, type: 'OBJECT_DOES_NOT_EXIST_ERROR', message: M.function },
  { pattern: /Not enough privileges|readonly mode/, type: 'DATABASE_SECURITY_ACCESS_ERROR', message: M.permission },
  { pattern: /Timeout exceeded: elapsed/, type: 'SQLLAB_TIMEOUT_ERROR', message: M.statementTimeout },
];

export const clickhouse: Engine<'clickhouse'> = {
  name: 'clickhouse',
  displayName: 'ClickHouse',
  uriPlaceholder: 'clickhousedb://user:password@host:8123/database',
  schemes: ['clickhousedb', 'clickhouse', 'clickhousedb+connect', 'clickhouse+http', 'clickhouse+https'],
  dialect,
  supportsCatalogs: false,
  errorPatterns,
  sql: clickhouseFacts,
  sqlLab: clickhouseSqlLab,
  chartSql: clickhouseChartSql,
  savedColumnSql: clickhouseSavedColumnSql,
  editorDialect: clickhouseEditorDialect,
  connect,
  localFile: () => null,
  unsafeReason: () => null,
};

async function connect(spec: ConnectSpec): Promise<EngineConnection> {
  const uri = parseUri(spec.uri);
  const missing = [!uri.host && 'host', !uri.database && 'database'].filter((item): item is string => Boolean(item));
  if (missing.length > 0) throw missingParametersError(missing);
  const secure = uri.scheme.endsWith('https') || ['true', '1'].includes(uri.query.secure ?? '');
  const port = uri.port ?? (secure ? 8443 : 8123);
  const size = spec.poolSize ?? 5;
  const agent = secure
    ? new https.Agent({ keepAlive: true, maxSockets: size })
    : new http.Agent({ keepAlive: true, maxSockets: size });
  const target: HttpTarget = {
    protocol: secure ? 'https:' : 'http:',
    host: uri.host ?? '',
    port,
    username: uri.username ?? 'default',
    password: uri.password ?? '',
    connectTimeoutMs: connectTimeoutMs(spec.extra),
    agent,
  };
  const context: ErrorContext = { host: uri.host, port, database: uri.database, username: uri.username };
  return new ClickHouseConnection(target, uri.database ?? 'default', context);
}

// ---------------------------------------------------------------------------------------------- values

/** The type inside Nullable(…) and LowCardinality(…). */
function baseType(type: string): string {
  const match = /^(?:Nullable|LowCardinality)\((.*)\)$/.exec(type);
  return match ? baseType(match[1] as string) : type;
}

/** Decimal(10, 2) → Decimal: the family name genericTypeOf knows. */
function plainType(type: string): string {
  return baseType(type).replace(/\(.*$/, '');
}

function resultColumn(column: HttpColumn): ResultColumn {
  return { name: column.name, type: column.type, genericType: genericTypeOf(plainType(column.type)) };
}

/** A JSON-safe value from its TSV text by the column's type. */
function clickhouseValue(text: string | null, type: string): unknown {
  if (text === null) return null;
  const base = baseType(type);
  if (/^U?Int(64|128|256)$/.test(base)) return safeInteger(BigInt(text));
  if (/^(U?Int\d+|Float\d+|Decimal)/.test(base)) {
    const value = Number(text);
    return Number.isFinite(value) ? value : text;
  }
  if (base.startsWith('DateTime')) return isoTimestampText(text);
  return text;
}

// ---------------------------------------------------------------------------------------------- connection

class ClickHouseConnection implements EngineConnection {
  readonly engine = clickhouse;

  constructor(
    private readonly target: HttpTarget,
    readonly defaultSchema: string,
    private readonly context: ErrorContext,
  ) {}

  private fail(error: unknown, phase: 'connect' | 'query' = 'query'): NezhaError {
    return mapEngineError(clickhouse, error, { ...this.context, phase });
  }

  /** Stops a query in the server; it may already have ended, which is no failure. */
  private kill(queryId: string): Promise<void> {
    // The id is ours (a UUID), never a caller's text; KILL QUERY takes no bound values on 18.16.
    if (!/^[0-9a-f-]{36}$/.test(queryId)) return Promise.resolve();
    return send(this.target, {
      sql: `KILL QUERY WHERE query_id = '${queryId}' SYNC`,
      database: this.defaultSchema,
    }).then(
      (reader) => reader.close(),
      () => undefined,
    );
  }

  private open(sql: string, options: ExecuteOptions, queryId: string, signal?: AbortSignal): Promise<RowReader> {
    return send(this.target, {
      sql,
      database: options.schema ?? this.defaultSchema,
      params: options.params,
      queryId,
      signal,
    });
  }

  async execute(sql: string, options: ExecuteOptions = {}): Promise<ExecuteResult> {
    throwIfAborted(options.signal);
    const queryId = randomUUID();
    const local = new AbortController();
    const run = async (): Promise<ExecuteResult> => {
      const reader = await this.open(sql, options, queryId, local.signal);
      const rows: Row[] = [];
      let truncated = false;
      try {
        for await (const fields of reader.rows) {
          if (options.maxRows !== undefined && rows.length >= options.maxRows) {
            truncated = true;
            break;
          }
          rows.push(fields.map((field, index) => clickhouseValue(field, reader.columns[index]?.type ?? 'String')));
        }
      } finally {
        reader.close();
      }
      // Leaving early does not stop the query in 18.16; KILL QUERY does, so the rows past the cap are not computed.
      if (truncated) await this.kill(queryId);
      return { columns: reader.columns.map(resultColumn), rows, truncated };
    };
    try {
      // KILL QUERY … SYNC returns once the query has stopped; only then is the request dropped, so the run
      // settles (and the caller hears "stopped") when the server no longer runs it.
      return await runCancellable(options.signal, run, () => this.kill(queryId).finally(() => local.abort()));
    } catch (error) {
      throw this.fail(error);
    }
  }

  async *stream(
    sql: string,
    options: Omit<ExecuteOptions, 'maxRows'> & { batchSize?: number } = {},
  ): AsyncIterable<{ columns: ResultColumn[]; rows: Row[] }> {
    throwIfAborted(options.signal);
    const queryId = randomUUID();
    const local = new AbortController();
    const onAbort = () => {
      void this.kill(queryId).finally(() => local.abort());
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const batchSize = options.batchSize ?? 10_000;
    let reader: RowReader | null = null;
    let finished = false;
    try {
      reader = await this.open(sql, options, queryId, local.signal);
      const columns = reader.columns.map(resultColumn);
      const types = reader.columns.map((column) => column.type);
      let batch: Row[] = [];
      let sent = false;
      for await (const fields of reader.rows) {
        batch.push(fields.map((field, index) => clickhouseValue(field, types[index] ?? 'String')));
        if (batch.length >= batchSize) {
          yield { columns, rows: batch };
          sent = true;
          batch = [];
        }
      }
      if (batch.length > 0 || !sent) yield { columns, rows: batch };
      finished = true;
    } catch (error) {
      if (options.signal?.aborted) throw new QueryCancelledError();
      throw this.fail(error);
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
      reader?.close();
      // A reader that left early (break, return) leaves the query running in the server.
      if (!finished) await this.kill(queryId);
    }
  }

  listCatalogs(): Promise<string[]> {
    return Promise.resolve([]);
  }

  async listSchemas(): Promise<string[]> {
    const { rows } = await this.execute('SELECT name FROM system.databases ORDER BY name');
    return rows.map((row) => String(row[0]));
  }

  async listTables(schema: string | null): Promise<TableSummary[]> {
    const { rows } = await this.execute('SELECT name, engine FROM system.tables WHERE database = ? ORDER BY name', {
      params: [schema ?? this.defaultSchema],
    });
    return rows.map((row) => ({ name: String(row[0]), type: tableType(String(row[1])) }));
  }

  async tableMetadata(table: string, schema: string | null): Promise<TableMetadata> {
    const database = schema ?? this.defaultSchema;
    const found = await this.execute('SELECT engine FROM system.tables WHERE database = ? AND name = ?', {
      params: [database, table],
    });
    if (found.rows.length === 0) throw tableNotFound(table, database);
    const { rows } = await this.execute(
      'SELECT name, type, default_kind, default_expression, comment, is_in_primary_key ' +
        'FROM system.columns WHERE database = ? AND table = ?',
      { params: [database, table] },
    );
    const primary = rows.filter((row) => Number(row[5]) === 1).map((row) => String(row[0]));
    const meta = buildTableMetadata(dialect, {
      name: table,
      schema: database,
      type: tableType(String(found.rows[0]?.[0])),
      comment: null,
      columns: rows.map((row) => ({
        name: String(row[0]),
        type: String(row[1]),
        nullable: String(row[1]).startsWith('Nullable('),
        default: row[2] ? String(row[3]) : null,
        comment: row[4] ? String(row[4]) : null,
      })),
      primaryKey: primary.length > 0 ? { name: null, column_names: primary } : null,
      foreignKeys: [],
      indexes: [],
    });
    // The generic type is the wrapped one's: Nullable(Int32) is a number.
    const columns = meta.columns.map((column) => ({ ...column, genericType: genericTypeOf(plainType(column.type)) }));
    return { ...meta, columns };
  }

  tableExtraMetadata(): Promise<Record<string, unknown>> {
    return Promise.resolve({});
  }

  estimate(): Promise<CostEstimate[]> {
    return Promise.reject(
      new NezhaError({
        type: 'GENERIC_DB_ENGINE_ERROR',
        status: 400,
        message:
          'Database does not support cost estimation: ClickHouse 18.16 has no EXPLAIN (it came in 20.6), ' +
          'so the cost of a query cannot be estimated.',
      }),
    );
  }

  async ping(): Promise<void> {
    try {
      const reader = await send(this.target, { sql: 'SELECT 1', database: this.defaultSchema, answerTimeout: true });
      for await (const _ of reader.rows) {
        // Reading the answer to its end.
      }
    } catch (error) {
      throw this.fail(error, 'connect');
    }
  }

  close(): Promise<void> {
    this.target.agent.destroy();
    return Promise.resolve();
  }
}

function tableType(engine: string): TableSummary['type'] {
  if (engine === 'View') return 'view';
  if (engine === 'MaterializedView') return 'materialized_view';
  return 'table';
}

declare module '../engine-names.js' {
  /** This folder's engine, by the name it answers to (see engine-names.ts). */
  interface EngineNames {
    clickhouse: true;
  }
}
