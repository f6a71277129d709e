// Engine errors: a stopped query, unusable connection strings, driver errors mapped to the catalogue, cancellation.
import type { ErrorType } from '@nezha/core';
import { isConnectionLoss } from '../errors/connection-loss.js';
import { NezhaError } from '../errors/nezha-error.js';
import type { Engine, ErrorPattern } from './types.js';

/** Rejection of a query whose abort signal fired; the statement has been cancelled in the database. */
export class QueryCancelledError extends NezhaError {
  override name = 'QueryCancelledError';

  constructor() {
    // 400 rather than 5xx: stopping is the user's own doing, nothing failed on our side.
    super({ type: 'GENERIC_DB_ENGINE_ERROR', message: 'Query was stopped.', status: 400, level: 'warning' });
  }
}

export function isQueryCancelledError(error: unknown): error is QueryCancelledError {
  return error instanceof QueryCancelledError;
}

const URI_SHAPE = 'driver://user:password@database-host/database-name';

/** A connection string that does not parse (Superset answers 400 "Invalid connection string"). */
export function invalidUriError(reason: string): NezhaError {
  return new NezhaError({
    type: 'GENERIC_DB_ENGINE_ERROR',
    message: `Invalid connection string: ${reason}. A valid string usually follows: ${URI_SHAPE}`,
    status: 400,
  });
}

/** A scheme no engine claims; the wording is Superset's. */
export function unknownDriverError(scheme: string): NezhaError {
  return new NezhaError({
    type: 'GENERIC_DB_ENGINE_ERROR',
    message: `Could not load database driver: ${scheme}`,
    status: 400,
    extra: { driver: scheme },
  });
}

/**
 * Refuses a schema name holding a NUL byte before it reaches a driver: no database has such a schema, DuckDB reads
 * SQL text only up to the byte and PostgreSQL's protocol refuses it, both as a server error.
 */
export function assertSchemaNameWithoutNul(schema: string | null | undefined): void {
  if (!schema?.includes('\u0000')) return;
  throw new NezhaError({
    type: 'SCHEMA_DOES_NOT_EXIST_ERROR',
    status: 400,
    message: ERROR_MESSAGES.schema.replace('$1', schema.replaceAll('\u0000', '\\0')),
  });
}

export function missingParametersError(missing: string[]): NezhaError {
  return new NezhaError({
    type: 'CONNECTION_MISSING_PARAMETERS_ERROR',
    message: `One or more parameters are missing: ${missing.join(', ')}`,
    status: 400,
    level: 'warning',
    extra: { missing },
  });
}

// ---------------------------------------------------------------------------------------------- errors

/** What a message template may refer to besides the pattern's groups. */
export interface ErrorContext {
  host?: string | null;
  port?: number | null;
  database?: string | null;
  username?: string | null;
  /** Connection errors and query errors share driver codes (MySQL's "Unknown database"); the phase tells them apart. */
  phase?: 'connect' | 'query';
}

/** Socket failures, the same for every networked driver. */
export const NETWORK_ERROR_PATTERNS: readonly ErrorPattern[] = [
  {
    pattern: /\b(ENOTFOUND|EAI_AGAIN|EAI_NONAME)\b/,
    type: 'CONNECTION_INVALID_HOSTNAME_ERROR',
    message: 'The hostname "{host}" cannot be resolved.',
  },
  {
    pattern: /\bECONNREFUSED\b/,
    type: 'CONNECTION_PORT_CLOSED_ERROR',
    message: 'Port {port} on hostname "{host}" refused the connection.',
  },
  {
    pattern: /\b(EHOSTUNREACH|ENETUNREACH|EHOSTDOWN|ETIMEDOUT)\b/,
    type: 'CONNECTION_HOST_DOWN_ERROR',
    message: 'The host "{host}" might be down, and can\'t be reached on port {port}.',
  },
];

const QUERY_ERROR_TYPES: readonly ErrorType[] = [
  'SYNTAX_ERROR',
  'TABLE_DOES_NOT_EXIST_ERROR',
  'COLUMN_DOES_NOT_EXIST_ERROR',
  'SCHEMA_DOES_NOT_EXIST_ERROR',
  'OBJECT_DOES_NOT_EXIST_ERROR',
  'DATABASE_SECURITY_ACCESS_ERROR',
];

/**
 * The HTTP status of a mapped error when the caller does not choose one: 400 for mistakes in the query,
 * 422 for connection problems (Superset's test_connection answer), 408 for a statement timeout, else 500.
 */
export function defaultStatusOf(type: ErrorType): number {
  if (QUERY_ERROR_TYPES.includes(type)) return 400;
  if (type.startsWith('CONNECTION_')) return type === 'CONNECTION_DATABASE_TIMEOUT' ? 408 : 422;
  if (type === 'SQLLAB_TIMEOUT_ERROR') return 408;
  return 500;
}

/** The driver's text: message, else the messages inside an AggregateError (dual-stack connects), else the code. */
export function driverMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.message) return error.message;
  if (error instanceof AggregateError) {
    const inner = error.errors.map(driverMessage).filter(Boolean);
    if (inner.length > 0) return [...new Set(inner)].join('; ');
  }
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : error.name;
}

function render(template: string, match: RegExpExecArray, context: ErrorContext): string {
  return template.replace(/\$(\d+)|\$<(\w+)>|\{(\w+)\}/g, (whole, index?: string, group?: string, key?: string) => {
    if (index !== undefined) return match[Number(index)] ?? '';
    if (group !== undefined) return match.groups?.[group] ?? '';
    const value = context[key as keyof ErrorContext];
    return value === undefined || value === null ? whole : String(value);
  });
}

/**
 * A driver error as a NezhaError of the catalogue: the engine's patterns first, then the network ones.
 * The friendly message is followed by the driver's own text so nothing the database said is lost.
 * `status` overrides {@link defaultStatusOf}. NezhaErrors (a stopped query) pass through unchanged.
 */
export function mapEngineError(
  engine: Pick<Engine, 'displayName' | 'errorPatterns'>,
  error: unknown,
  context: ErrorContext = {},
  status?: number,
): NezhaError {
  if (error instanceof NezhaError) return error;
  const text = driverMessage(error);
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  const haystack = typeof code === 'string' && !text.includes(code) ? `${text}\n${code}` : text;
  const extra: Record<string, unknown> = { engine_name: engine.displayName, driver_message: text };
  if (typeof code === 'string' || typeof code === 'number') extra.driver_code = code;
  for (const rule of [...engine.errorPatterns, ...NETWORK_ERROR_PATTERNS]) {
    if (rule.phase && context.phase && rule.phase !== context.phase) continue;
    const match = rule.pattern.exec(haystack);
    if (!match) continue;
    const friendly = rule.message ? render(rule.message, match, context) : null;
    return new NezhaError({
      type: rule.type,
      message: friendly && friendly !== text ? `${friendly}\n\n${text}` : text,
      status: status ?? defaultStatusOf(rule.type),
      extra,
      cause: error,
    });
  }
  if (isConnectionLoss(error)) {
    // Killed, restarted, failed over: the statement did not fail, its connection did. The pool has dropped it.
    return new NezhaError({
      type: 'GENERIC_DB_ENGINE_ERROR',
      message: `The connection to ${engine.displayName} was lost before the query finished. Run it again.\n\n${text}`,
      status: status ?? 503,
      extra: { ...extra, connection_lost: true },
      cause: error,
    });
  }
  // The database refused the user's statement for a reason no pattern names (a type mismatch, a constraint):
  // still a mistake in the query, answered 400 with the engine's words; a lost connection answered 503 above.
  const userError = context.phase === 'query';
  return new NezhaError({
    type: 'GENERIC_DB_ENGINE_ERROR',
    message: `${engine.displayName} error: ${text}`,
    status: status ?? (userError ? 400 : 500),
    extra,
    cause: error,
  });
}

/** Superset's wording for the query errors every engine maps; `$1` is the object's name. */
export const ERROR_MESSAGES = {
  syntaxNear: 'Please check your query for syntax errors at or near "$1". Then, try running your query again.',
  syntaxAtEnd: 'Please check your query for syntax errors at the end of the query. Then, try running your query again.',
  table: 'The table "$1" does not exist. A valid table must be used to run this query.',
  column: 'The column "$1" does not exist. A valid column must be used to run this query.',
  schema: 'The schema "$1" does not exist. A valid schema must be used to run this query.',
  unknownDatabase: 'Unable to connect to database "$1".',
  statementTimeout: 'The query exceeded the statement timeout set on the database and was stopped.',
  function: 'The function "$1" does not exist on this database.',
  permission: "The database refused this query: the connection's user has no permission for it.",
} as const;

/** Driver texts of a connection that broke under a running statement: a fault of ours or the network's. */

// ---------------------------------------------------------------------------------------------- cancellation

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new QueryCancelledError();
}

/** How long a cancelled statement may take to wind down before we stop waiting for the database. */
const CANCEL_GRACE_MS = 5_000;

/**
 * Runs `run` and, when `signal` fires, calls `cancel` (which stops the statement in the database) and
 * rejects with QueryCancelledError once the run has ended — so by then the database no longer runs it.
 * A run that finished anyway (MySQL's SLEEP returns 1 when killed) still counts as stopped.
 */
export function runCancellable<T>(
  signal: AbortSignal | undefined,
  run: () => Promise<T>,
  cancel: () => unknown,
): Promise<T> {
  if (signal?.aborted) return Promise.reject(new QueryCancelledError());
  const task = run();
  if (!signal) return task;
  return new Promise<T>((resolve, reject) => {
    let stopped = false;
    const onAbort = () => {
      stopped = true;
      const fallback = setTimeout(() => reject(new QueryCancelledError()), CANCEL_GRACE_MS);
      fallback.unref();
      Promise.resolve()
        .then(cancel)
        .catch(() => undefined); // a failed cancel must not hide that the user stopped the query
      const settle = () => {
        clearTimeout(fallback);
        reject(new QueryCancelledError());
      };
      task.then(settle, settle);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    task.then(
      (value) => {
        if (stopped) return;
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        if (stopped) return;
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
