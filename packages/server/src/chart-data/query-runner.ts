// One query object of a chart data request: compiled (with its time offsets), looked up in the cache, run on
// the engine with a timeout, joined with its shifted runs and post-processed.
import {
  applyPostProcessing,
  POST_PROCESSING_OPERATIONS,
  PostProcessingError,
  type QueryObject,
  unsupportedOperationMessage,
} from '@nezha/core';
import { isVirtual } from '../datasets/json-fields.js';
import type { EngineConnection } from '../engines/types.js';
import { isNezhaError, NezhaError } from '../errors/nezha-error.js';
import type { DatasetFull } from '../store/datasets.js';
import type { DatabaseRow } from '../store/schema.js';
import { type ChartCache, cacheKey } from './cache.js';
import { CACHE_DISABLED_TIMEOUT, type QueryResult, type ResultFormat, type ResultType } from './chart-data-request.js';
import { type CompiledQuery, compileChartQuery } from './compile/assemble.js';
import type { CompileContext } from './compile/dataset-scope.js';
import { invalidQuery } from './compile/errors.js';
import { type Frame, frameOf, jsonRows, reframe } from './result-frame.js';
import { joinOffset, labelMap, shiftedQuery, timeOffsetsOf } from './time-offsets.js';

/** Superset's CACHE_DEFAULT_TIMEOUT: one day when neither the dataset nor its database sets one. */
export const DEFAULT_CACHE_TIMEOUT = 86_400;

export interface PreparedQuery {
  query: QueryObject;
  main: CompiledQuery;
  offsets: Array<{ offset: string; compiled: CompiledQuery }>;
  steps: unknown[];
}

export interface RunEnv {
  full: DatasetFull;
  database: DatabaseRow;
  connection: EngineConnection;
  cache: ChartCache<QueryResult>;
  timeoutMs: number;
  /**
   * Waits for a turn on the database (the per-database cap) and returns its release. Taken around each statement,
   * after the cache and the sharing of identical runs, so that a chart served by either waits for nothing.
   */
  acquireSlot?: (signal: AbortSignal) => Promise<() => void>;
}

export interface RunOptions {
  force: boolean;
  /** Seconds to keep the answer (the request's, the chart's, the dataset's…); -1 bypasses the cache. */
  cacheTimeout: number;
  resultType: ResultType;
  resultFormat: ResultFormat;
  signal?: AbortSignal | undefined;
  /** Only a kept answer will do (async chart data: the 200-or-202 check and the result_url read). */
  cachedOnly?: boolean | undefined;
}

export interface RunAnswer {
  result: QueryResult;
  cacheKey: string;
  /** Null when the cache was not read (forced, or disabled). */
  isCached: boolean | null;
  cachedAt: Date | null;
  cacheTimeout: number;
}

/** Unknown operations are refused before anything runs, so a bad request costs no query and caches nothing. */
function postProcessingSteps(query: QueryObject): unknown[] {
  const steps = (query.post_processing ?? []) as unknown[];
  for (const step of steps) {
    if (step && typeof step === 'object' && 'operation' in step) {
      const { operation } = step as { operation: unknown };
      if (typeof operation === 'string' && !Object.hasOwn(POST_PROCESSING_OPERATIONS, operation)) {
        throw invalidQuery(unsupportedOperationMessage(operation));
      }
    }
  }
  return steps;
}

export function prepareQuery(context: CompileContext, query: QueryObject): PreparedQuery {
  const steps = postProcessingSteps(query);
  const offsets = timeOffsetsOf(query);
  const main = compileChartQuery(context, query);
  const shifted = shiftedQuery(query);
  return {
    query,
    main,
    offsets: offsets.map((offset) => ({
      offset,
      compiled: compileChartQuery(context, shifted, { timeShift: offset }),
    })),
    steps,
  };
}

/** "View query": the main SQL, then each shifted one, as Superset joins them. */
export function preparedSql(prepared: PreparedQuery): string {
  return [prepared.main, ...prepared.offsets.map((o) => o.compiled)].map((c) => c.displaySql).join(';\n\n');
}

/** Query failures answer 400 as Superset's chart data API does; a server fault stays a 500. */
function chartError(error: unknown): unknown {
  // Superset's ChartDataQueryFailedError wording for a query that failed once run: "Error: …".
  if (error instanceof PostProcessingError) return invalidQuery(`Error: ${error.message}`);
  if (!isNezhaError(error) || error.status < 500 || error.type !== 'GENERIC_DB_ENGINE_ERROR') return error;
  return new NezhaError({
    type: error.type,
    status: 400,
    message: error.message,
    level: error.level,
    ...(error.extra ? { extra: error.extra } : {}),
    cause: error,
  });
}

async function execute(env: RunEnv, compiled: CompiledQuery, signal: AbortSignal): Promise<Frame> {
  const release = env.acquireSlot ? await env.acquireSlot(signal) : () => undefined;
  // The timeout counts from the turn, not from the wait in the queue.
  const timeout = AbortSignal.timeout(env.timeoutMs);
  try {
    const result = await env.connection.execute(compiled.sql, {
      params: compiled.params,
      signal: AbortSignal.any([signal, timeout]),
      // A table is named with its schema; only a virtual dataset's own SQL needs the schema as search path
      // (and skipping it spares a statement per query on every engine).
      schema: isVirtual(env.full.dataset) ? env.full.dataset.schema : undefined,
    });
    return frameOf(compiled.columns, result);
  } catch (error) {
    if (timeout.aborted) {
      throw new NezhaError({
        type: 'BACKEND_TIMEOUT_ERROR',
        status: 408,
        message: `The chart query took longer than ${Math.round(env.timeoutMs / 1000)} seconds and was stopped.`,
      });
    }
    throw chartError(error);
  } finally {
    release();
  }
}

async function compute(env: RunEnv, prepared: PreparedQuery, signal: AbortSignal): Promise<QueryResult> {
  const { main } = prepared;
  const runs = await Promise.all([
    execute(env, main, signal),
    ...prepared.offsets.map((offset) => execute(env, offset.compiled, signal)),
  ]);
  let frame = runs[0] as Frame;
  const sqlRowcount = frame.rows.length;
  prepared.offsets.forEach(({ offset }, index) => {
    frame = joinOffset(frame, runs[index + 1] as Frame, offset, main.columns, main.bounds);
  });
  if (prepared.steps.length > 0) {
    try {
      frame = reframe(frame, applyPostProcessing(frame.rows, prepared.steps));
    } catch (error) {
      throw chartError(error);
    }
  }
  const bounds = main.bounds;
  return {
    data: jsonRows(frame),
    colnames: frame.columns,
    // Superset reads an unknown type as a string column.
    coltypes: frame.columns.map((column) => frame.types[column] ?? 1),
    rowcount: frame.rows.length,
    sql_rowcount: sqlRowcount,
    query: preparedSql(prepared),
    applied_filters: main.applied,
    rejected_filters: main.rejected,
    from_dttm: bounds?.since?.getTime() ?? null,
    to_dttm: bounds?.until?.getTime() ?? null,
    label_map: labelMap(
      frame.columns,
      prepared.offsets.map((o) => o.offset),
    ),
  };
}

/** Superset's order: the request's custom_cache_timeout, the chart's, the dataset's, the database's, the default. */
export function cacheTimeoutOf(
  full: DatasetFull,
  database: DatabaseRow,
  own: { custom?: number | null | undefined; chart?: number | null | undefined } = {},
): number {
  return own.custom ?? own.chart ?? full.dataset.cache_timeout ?? database.cache_timeout ?? DEFAULT_CACHE_TIMEOUT;
}

export async function runPrepared(env: RunEnv, prepared: PreparedQuery, options: RunOptions): Promise<RunAnswer> {
  const { full, database } = env;
  const { main } = prepared;
  const key = cacheKey({
    v: 1,
    datasource: { id: full.dataset.id, changed_on: full.dataset.changed_on },
    database: { id: database.id, changed_on: database.changed_on },
    query: prepared.query,
    // Relative ranges ("Last week") resolve against the request time: their bounds belong in the key.
    bounds: [main.bounds?.since?.toISOString() ?? null, main.bounds?.until?.toISOString() ?? null],
    sql: [main, ...prepared.offsets.map((o) => o.compiled)].map((c) => [c.sql, c.params]),
    result_type: options.resultType,
    result_format: options.resultFormat,
  });
  const { cacheTimeout } = options;
  const bypass = options.force || cacheTimeout === CACHE_DISABLED_TIMEOUT;
  const answer = await env.cache.fetch(
    key,
    { force: bypass, ttlSeconds: cacheTimeout, signal: options.signal, cachedOnly: options.cachedOnly },
    (signal) => compute(env, prepared, signal),
  );
  return {
    result: answer.value,
    cacheKey: key,
    isCached: bypass ? null : answer.isCached,
    cachedAt: answer.cachedAt,
    cacheTimeout,
  };
}
