// PostgreSQL through a pg Pool: portal reads that stop at maxRows, cancel with pg_cancel_backend from a side connection.
import pg from 'pg';
import { guardPgPool, isConnectionLoss } from '../../errors/connection-loss.js';
import { NezhaError } from '../../errors/nezha-error.js';
import { connectTimeoutMs, TIME_GRAIN as G, genericTypeOf, makeDialect, quoteWith } from '../base.js';
import {
  assertSchemaNameWithoutNul,
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
  LatestPartition,
  ResultColumn,
  Row,
  TableMetadata,
  TableSummary,
} from '../types.js';
import { parseUri } from '../uri.js';
import * as catalog from './postgresql-catalog.js';
import { latestPartition, tablePartitions } from './postgresql-partitions.js';
import {
  KNOWN_TYPE_NAMES,
  type PortalField,
  PortalQuery,
  parsePgValue,
  RAW_TYPES,
  type RawRow,
} from './postgresql-portal.js';
import {
  postgresqlChartSql,
  postgresqlEditorDialect,
  postgresqlFacts,
  postgresqlSavedColumnSql,
  postgresqlSqlLab,
} from './postgresql-sql.js';

/** Sub-hour and sub-day buckets: truncate to the enclosing unit, then add whole multiples of the step. */
const step = (unit: string, field: string, every: number, stepText: string) =>
  `DATE_TRUNC('${unit}', {col}) + INTERVAL '${stepText}' * FLOOR(EXTRACT(${field} FROM {col}) / ${every})`;

const dialect = makeDialect({
  timeGrains: {
    [G.SECOND]: "DATE_TRUNC('second', {col})",
    [G.FIVE_SECONDS]: step('minute', 'SECOND', 5, '5 seconds'),
    [G.THIRTY_SECONDS]: step('minute', 'SECOND', 30, '30 seconds'),
    [G.MINUTE]: "DATE_TRUNC('minute', {col})",
    [G.FIVE_MINUTES]: step('hour', 'MINUTE', 5, '5 minutes'),
    [G.TEN_MINUTES]: step('hour', 'MINUTE', 10, '10 minutes'),
    [G.FIFTEEN_MINUTES]: step('hour', 'MINUTE', 15, '15 minutes'),
    [G.THIRTY_MINUTES]: step('hour', 'MINUTE', 30, '30 minutes'),
    [G.HOUR]: "DATE_TRUNC('hour', {col})",
    [G.SIX_HOURS]: step('day', 'HOUR', 6, '6 hours'),
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
  quoteIdentifier: quoteWith('"'),
  placeholder: (index) => `$${index}`,
  defaultSchema: 'public',
  formatterLanguage: 'postgresql',
  parserDatabase: 'PostgresQL',
});

const HOST_DOWN = 'The host "{host}" might be down, and can\'t be reached on port {port}.';

const errorPatterns: readonly ErrorPattern[] = [
  {
    pattern: /role "(.+?)" does not exist/,
    type: 'CONNECTION_INVALID_USERNAME_ERROR',
    message: 'The username "$1" does not exist.',
  },
  {
    pattern: /password authentication failed for user "(.+?)"/,
    type: 'CONNECTION_INVALID_PASSWORD_ERROR',
    message: 'The password provided for username "$1" is incorrect.',
  },
  {
    pattern: /no password supplied|client password must be a string/,
    type: 'CONNECTION_ACCESS_DENIED_ERROR',
    message: 'Please re-enter the password.',
  },
  {
    pattern: /no pg_hba\.conf entry for host "(.+?)", user "(.+?)", database "(.+?)"/,
    type: 'CONNECTION_ACCESS_DENIED_ERROR',
    message: 'The server does not accept username "$2" on database "$3" from this host.',
  },
  {
    pattern: /database "(.+?)" does not exist/,
    type: 'CONNECTION_UNKNOWN_DATABASE_ERROR',
    message: M.unknownDatabase,
  },
  {
    pattern:
      /timeout expired|connection timeout|timeout exceeded when trying to connect|Connection terminated unexpectedly/,
    type: 'CONNECTION_HOST_DOWN_ERROR',
    message: HOST_DOWN,
    phase: 'connect',
  },
  { pattern: /syntax error at or near "(.*?)"/, type: 'SYNTAX_ERROR', message: M.syntaxNear },
  { pattern: /permission denied for \w+ (\S+)/, type: 'DATABASE_SECURITY_ACCESS_ERROR', message: M.permission },
  { pattern: /function (.+?) does not exist/, type: 'OBJECT_DOES_NOT_EXIST_ERROR', message: M.function },
  { pattern: /syntax error at end of input/, type: 'SYNTAX_ERROR', message: M.syntaxAtEnd },
  { pattern: /schema "(.+?)" does not exist/, type: 'SCHEMA_DOES_NOT_EXIST_ERROR', message: M.schema },
  { pattern: /relation "(.+?)" does not exist/, type: 'TABLE_DOES_NOT_EXIST_ERROR', message: M.table },
  { pattern: /column "?(.+?)"? does not exist/, type: 'COLUMN_DOES_NOT_EXIST_ERROR', message: M.column },
  {
    pattern: /canceling statement due to statement timeout/,
    type: 'SQLLAB_TIMEOUT_ERROR',
    message: M.statementTimeout,
  },
];

export const postgresql: Engine<'postgresql'> = {
  name: 'postgresql',
  displayName: 'PostgreSQL',
  uriPlaceholder: 'postgresql://user:password@host:5432/database',
  schemes: ['postgresql', 'postgres', 'postgresql+psycopg2', 'postgresql+psycopg'],
  dialect,
  supportsCatalogs: false,
  errorPatterns,
  sql: postgresqlFacts,
  sqlLab: postgresqlSqlLab,
  chartSql: postgresqlChartSql,
  savedColumnSql: postgresqlSavedColumnSql,
  editorDialect: postgresqlEditorDialect,
  connect,
  localFile: () => null,
  unsafeReason: () => null,
};

/** libpq's sslmode as pg's `ssl` option: disable/allow/prefer → off, require → unverified TLS, verify-* → verified. */
function sslOption(mode: string | undefined): pg.ClientConfig['ssl'] {
  if (!mode || mode === 'disable' || mode === 'allow' || mode === 'prefer') return false;
  return mode === 'require' ? { rejectUnauthorized: false } : true;
}

async function connect(spec: ConnectSpec): Promise<EngineConnection> {
  const uri = parseUri(spec.uri);
  const missing = [!uri.host && 'host', !uri.database && 'database'].filter((item): item is string => Boolean(item));
  if (missing.length > 0) throw missingParametersError(missing);
  const config: pg.ClientConfig = {
    host: uri.host ?? undefined,
    port: uri.port ?? 5432,
    user: uri.username ?? undefined,
    password: uri.password ?? undefined,
    database: uri.database ?? undefined,
    ssl: sslOption(uri.query.sslmode),
    application_name: uri.query.application_name ?? 'nezha',
    connectionTimeoutMillis: connectTimeoutMs(spec.extra),
    types: RAW_TYPES,
  };
  const pool = new pg.Pool({ ...config, max: spec.poolSize ?? 5, idleTimeoutMillis: 10_000, allowExitOnIdle: true });
  // A pooled client whose backend dies (restart, pg_terminate_backend), idle or mid-query, must not end the process.
  guardPgPool(pool);
  const context: ErrorContext = {
    host: uri.host,
    port: uri.port ?? 5432,
    database: uri.database,
    username: uri.username,
  };
  return new PostgresConnection(pool, config, context);
}

type Client = pg.PoolClient & { processID?: number | null };

class PostgresConnection implements EngineConnection {
  readonly engine = postgresql;
  readonly defaultSchema = 'public';
  /** The search_path we set on each pooled client, so a later query for another schema resets it. */
  private readonly searchPaths = new WeakMap<pg.PoolClient, string>();
  private readonly typeNames = new Map<number, string>(KNOWN_TYPE_NAMES);

  constructor(
    private readonly pool: pg.Pool,
    private readonly config: pg.ClientConfig,
    private readonly context: ErrorContext,
  ) {}

  private fail(error: unknown, phase: ErrorContext['phase'] = 'query') {
    return mapEngineError(postgresql, error, { ...this.context, phase });
  }

  private async acquire(schema: string | null | undefined): Promise<Client> {
    assertSchemaNameWithoutNul(schema);
    let client: Client;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw this.fail(error, 'connect');
    }
    try {
      const current = this.searchPaths.get(client) ?? null;
      const wanted = schema ?? null;
      if (current !== wanted) {
        await client.query(wanted ? `SET search_path TO ${dialect.quoteIdentifier(wanted)}` : 'RESET search_path');
        if (wanted) this.searchPaths.set(client, wanted);
        else this.searchPaths.delete(client);
      }
      return client;
    } catch (error) {
      client.release(true);
      throw this.fail(error);
    }
  }

  /** pg_cancel_backend from a fresh connection: the pool may be full of the very queries being stopped. */
  private async cancelBackend(pid: number | null | undefined): Promise<void> {
    if (!pid) return;
    const side = new pg.Client({ ...this.config, application_name: 'nezha-cancel' });
    // A side connection killed while idle emits 'error'; without a listener that would end the process.
    side.on('error', () => undefined);
    try {
      await side.connect();
      await side.query('SELECT pg_cancel_backend($1)', [pid]);
    } finally {
      await side.end().catch(() => undefined);
    }
  }

  /**
   * Result columns with type names. Names of uncommon types (enums, arrays, extensions) come from pg_type once, on
   * `client` when the caller holds an idle one, else on a side connection (a streaming client is busy mid-portal).
   */
  private async columns(fields: PortalField[], client?: Client): Promise<ResultColumn[]> {
    const unknown = [...new Set(fields.map((field) => field.dataTypeID))].filter((oid) => !this.typeNames.has(oid));
    if (unknown.length > 0) {
      const lookup = {
        text: 'SELECT oid::int, upper(format_type(oid, NULL)) FROM pg_type WHERE oid = ANY($1::oid[])',
        values: [`{${unknown.join(',')}}`],
        rowMode: 'array' as const,
      };
      let rows: unknown[][];
      if (client) rows = (await client.query(lookup)).rows;
      else {
        const side = new pg.Client({ ...this.config, application_name: 'nezha-types' });
        side.on('error', () => undefined);
        try {
          await side.connect();
          rows = (await side.query(lookup)).rows;
        } finally {
          await side.end().catch(() => undefined);
        }
      }
      for (const [oid, name] of rows) this.typeNames.set(Number(oid), String(name));
    }
    return fields.map((field) => {
      const type = this.typeNames.get(field.dataTypeID) ?? String(field.dataTypeID);
      return { name: field.name, type, genericType: genericTypeOf(type) };
    });
  }

  private rowsOf(fields: PortalField[], raw: RawRow[]): Row[] {
    // Plain loops, the columns' type ids looked up once: SQL Lab streams a million rows through here.
    const oids = fields.map((field) => field.dataTypeID ?? 25);
    const rows: Row[] = new Array(raw.length);
    for (let at = 0; at < raw.length; at += 1) {
      const texts = raw[at] as RawRow;
      const row: unknown[] = new Array(texts.length);
      for (let column = 0; column < texts.length; column += 1) {
        row[column] = parsePgValue(oids[column] ?? 25, texts[column] ?? null);
      }
      rows[at] = row;
    }
    return rows;
  }

  async execute(sql: string, options: ExecuteOptions = {}): Promise<ExecuteResult> {
    const { signal, maxRows, params = [], schema } = options;
    let pid: number | null | undefined;
    let cancelling: Promise<void> | undefined;
    const run = async (): Promise<ExecuteResult> => {
      const client = await this.acquire(schema);
      pid = client.processID;
      let broken = false;
      try {
        throwIfAborted(signal);
        if (maxRows === undefined && params.length === 0) {
          // The simple protocol accepts scripts of several statements; the last result is the answer.
          const results = (await client.query({ text: sql, rowMode: 'array' })) as unknown as
            | pg.QueryArrayResult
            | pg.QueryArrayResult[];
          const last = Array.isArray(results) ? results[results.length - 1] : results;
          const fields = (last?.fields ?? []) as PortalField[];
          if (!last || fields.length === 0) {
            return { columns: [], rows: [], truncated: false, affectedRows: last?.rowCount ?? undefined };
          }
          return {
            columns: await this.columns(fields, client),
            rows: this.rowsOf(fields, last.rows as RawRow[]),
            truncated: false,
          };
        }
        const portal = new PortalQuery(sql, params);
        client.query(portal);
        const batch = await portal.fetch(maxRows === undefined ? 0 : maxRows + 1);
        const truncated = maxRows !== undefined && batch.rows.length > maxRows;
        if (!batch.done) portal.close();
        if (truncated) batch.rows.length = maxRows;
        if (portal.fields.length === 0) {
          const affected = Number(portal.command?.split(' ').pop());
          return {
            columns: [],
            rows: [],
            truncated: false,
            ...(Number.isFinite(affected) ? { affectedRows: affected } : {}),
          };
        }
        return {
          columns: await this.columns(portal.fields, client),
          rows: this.rowsOf(portal.fields, batch.rows),
          truncated,
        };
      } catch (error) {
        // A driver failure outside the protocol (socket, parse) or a terminated backend leaves the client unusable.
        broken = isConnectionLoss(error) || !(error instanceof pg.DatabaseError || error instanceof NezhaError);
        throw error;
      } finally {
        // Never hand the client on while a cancel aimed at its backend may still land.
        await cancelling;
        client.release(broken);
      }
    };
    try {
      return await runCancellable(signal, run, () => {
        cancelling = this.cancelBackend(pid).catch(() => undefined);
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
    const client = await this.acquire(schema);
    let cancelling: Promise<void> | undefined;
    const cancel = () => {
      cancelling = this.cancelBackend(client.processID).catch(() => undefined);
    };
    signal?.addEventListener('abort', cancel, { once: true });
    // Read ahead: the server sends the next batch while this one is encoded and written.
    const portal = new PortalQuery(sql, params, true);
    let broken = false;
    try {
      client.query(portal);
      let columns: ResultColumn[] | null = null;
      for (;;) {
        const batch = await portal.fetch(batchSize);
        columns ??= await this.columns(portal.fields);
        if (batch.rows.length > 0 || batch.done) yield { columns, rows: this.rowsOf(portal.fields, batch.rows) };
        if (batch.done) return;
        throwIfAborted(signal);
      }
    } catch (error) {
      broken = isConnectionLoss(error) || !(error instanceof pg.DatabaseError || error instanceof NezhaError);
      if (signal?.aborted) throw new QueryCancelledError();
      throw this.fail(error);
    } finally {
      signal?.removeEventListener('abort', cancel);
      portal.close();
      await cancelling;
      client.release(broken);
    }
  }

  private query: catalog.RunQuery = async (sql, params = []) =>
    (await this.execute(sql, { params: params.length > 0 ? params : undefined })).rows;

  async listCatalogs(): Promise<string[]> {
    return [];
  }

  listSchemas(): Promise<string[]> {
    return catalog.listSchemas(this.query);
  }

  listTables(schema: string | null): Promise<TableSummary[]> {
    return catalog.listTables(this.query, schema ?? 'public');
  }

  tableMetadata(table: string, schema: string | null): Promise<TableMetadata> {
    return catalog.tableMetadata(this.query, dialect, table, schema ?? 'public');
  }

  async tableExtraMetadata(table: string, schema: string | null): Promise<Record<string, unknown>> {
    const partitions = await tablePartitions(this.query, dialect, table, schema ?? 'public');
    return partitions ? { partitions } : {};
  }

  latestPartition(table: string, schema: string | null): Promise<LatestPartition | null> {
    return latestPartition(this.query, dialect, table, schema ?? 'public');
  }

  estimate(sql: string, options: { schema?: string | null } = {}): Promise<CostEstimate[]> {
    return catalog.estimate(async (text) => (await this.execute(text, { schema: options.schema })).rows, sql);
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
    postgresql: true;
  }
}
