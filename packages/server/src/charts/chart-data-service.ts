// POST /api/v1/chart/data: datasource access, then for each query object compile → cache → engine →
// post-processing, answered as Superset's `{result: […]}`, a CSV file or an XLSX workbook.

import { formatDateTime } from '@nezha/core';
import type { AppContext } from '../app/context.js';
import { canViewDashboardChart } from '../dashboards/access.js';
import { isVirtual } from '../datasets/json-fields.js';
import { connectionOf, databaseOfDataset, engineOf, exploredDataset, virtualContext } from '../datasets/lookup.js';
import { virtualStatement } from '../datasets/virtual-sql.js';
import { NezhaError } from '../errors/nezha-error.js';
import type { AuthUser } from '../security/current-user.js';
import { loadSemanticCatalog } from '../semantic/chart-catalog.js';
import { ChartCache } from './cache.js';
import type { ChartDataAnswer, ChartDataCall, QueryPayload, QueryResult } from './chart-data-request.js';
import type { CompileContext } from './compile/dataset-scope.js';
import { queryLimiterOf } from './query-limiter.js';
import { type PreparedQuery, preparedSql, prepareQuery, type RunEnv, runPrepared } from './query-runner.js';
import { datasetColumns, reshapeQuery } from './result-shapes.js';
import { toCsv, toXlsx } from './tabular-export.js';

/** Superset's SUPERSET_WEBSERVER_TIMEOUT default: a chart query may run this long. */
export const CHART_QUERY_TIMEOUT_MS = 60_000;

const caches = new WeakMap<AppContext, ChartCache<QueryResult>>();

/** One cache per running app (the context is the app's), over the store the context chose (LRU or Redis). */
export function chartCacheOf(ctx: AppContext): ChartCache<QueryResult> {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new ChartCache<QueryResult>(ctx.chartStore, (value) => JSON.stringify(value).length);
    caches.set(ctx, cache);
  }
  return cache;
}

export interface ChartDataOptions {
  /** The request time; relative time ranges count from it. */
  now?: Date;
  timeoutMs?: number;
  /** Answer only from the chart cache: any query not kept there throws CacheMissError and nothing runs. */
  cachedOnly?: boolean;
}

function payloadOf(
  answer: Awaited<ReturnType<typeof runPrepared>>,
  resultFormat: QueryPayload['result_format'],
): QueryPayload {
  return {
    ...answer.result,
    cache_key: answer.cacheKey,
    is_cached: answer.isCached,
    cached_dttm: answer.cachedAt ? formatDateTime(answer.cachedAt) : null,
    cache_timeout: answer.cacheTimeout,
    result_format: resultFormat,
    error: null,
    status: 'success',
    stacktrace: null,
    annotation_data: {},
  };
}

function fileName(call: ChartDataCall, fallback: string, extension: string): string {
  const named = call.request.form_data?.slice_name;
  const base = (typeof named === 'string' && named.trim() ? named : fallback).replace(/[^\w.-]+/g, '_');
  return `${base}.${extension}`;
}

/** An id from form data, which clients send as a number or as its text. */
function formDataId(value: unknown): number | undefined {
  const id = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * Superset's second route to a dataset: the DashboardRbac dashboard the request comes from (`dashboard_id`, or
 * form data's `dashboardId` as Superset reads it), held to the chart the form data names when it names one.
 */
function throughDashboard(ctx: AppContext, user: AuthUser, call: ChartDataCall): (() => Promise<boolean>) | undefined {
  const formData = call.request.form_data;
  const dashboardId = call.dashboardId ?? formDataId(formData?.dashboardId);
  if (dashboardId === undefined) return undefined;
  const chartId = call.sliceId ?? formDataId(formData?.slice_id);
  return () => canViewDashboardChart(ctx, user, dashboardId, call.request.datasource.id, chartId);
}

export async function chartData(
  ctx: AppContext,
  user: AuthUser,
  call: ChartDataCall,
  options: ChartDataOptions = {},
): Promise<ChartDataAnswer> {
  const { request } = call;
  if (request.datasource.type !== 'table') {
    throw new NezhaError({
      type: 'UNKNOWN_DATASOURCE_TYPE_ERROR',
      status: 400,
      message: `Datasource type "${request.datasource.type}" is not supported here; only "table" datasources are.`,
    });
  }
  const full = await exploredDataset(ctx, user, request.datasource.id, throughDashboard(ctx, user, call));
  const resultType = request.result_type;
  if (resultType === 'columns') return { kind: 'json', body: { result: [{ data: datasetColumns(full) }] } };

  const engine = engineOf(full);
  const { dataset } = full;
  const context: CompileContext = {
    full,
    engine,
    virtualSql: isVirtual(dataset)
      ? virtualStatement(dataset.sql ?? '', virtualContext(ctx, user, engine, dataset.template_params))
      : null,
    now: options.now ?? new Date(),
    maxRow: ctx.config.sqlLab.maxRow,
    // Saved columns, measures and cohorts are usable as columns, metrics and filters.
    semantic: await loadSemanticCatalog(ctx, full, request.queries),
  };
  // Every query compiles before any runs: one bad query object fails the request without running the others.
  const prepared: PreparedQuery[] = request.queries.map((query) =>
    prepareQuery(context, reshapeQuery(resultType, query, full, context.maxRow)),
  );
  if (resultType === 'query') {
    return { kind: 'json', body: { result: prepared.map((p) => ({ query: preparedSql(p), language: 'sql' })) } };
  }

  const database = await databaseOfDataset(ctx, full);
  const env: RunEnv = {
    full,
    database,
    connection: await connectionOf(ctx, database),
    cache: chartCacheOf(ctx),
    timeoutMs: options.timeoutMs ?? CHART_QUERY_TIMEOUT_MS,
    acquireSlot: (signal) => queryLimiterOf(ctx).acquire(database.id, signal),
  };
  const runOptions = {
    force: call.force || request.force,
    resultType,
    resultFormat: request.result_format,
    signal: call.signal,
    cachedOnly: options.cachedOnly === true,
  };
  const answers = await Promise.all(prepared.map((p) => runPrepared(env, p, runOptions)));
  const payloads = answers.map((answer) => payloadOf(answer, request.result_format));

  const first = payloads[0];
  if (request.result_format !== 'json' && first) {
    const table = { colnames: first.colnames, coltypes: first.coltypes, data: first.data };
    if (request.result_format === 'csv') {
      return {
        kind: 'file',
        contentType: 'text/csv; charset=utf-8',
        filename: fileName(call, dataset.table_name, 'csv'),
        body: toCsv(table),
      };
    }
    return {
      kind: 'file',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      filename: fileName(call, dataset.table_name, 'xlsx'),
      body: toXlsx(table, dataset.table_name),
    };
  }
  if (resultType === 'results') {
    return {
      kind: 'json',
      body: {
        result: payloads.map(({ data, colnames, coltypes, rowcount }) => ({ data, colnames, coltypes, rowcount })),
      },
    };
  }
  return { kind: 'json', body: { result: payloads } };
}
