// POST /api/v1/chart/data: datasource access, then for each query object compile → cache → engine →
// post-processing, answered as Superset's `{result: […]}`, a CSV file, an XLSX workbook or a ZIP of several.

import { type ChartDataResponse, type ChartDataResult, formatDateTime, type QueryObject } from '@nezha/core';
import type { AppContext } from '../app/context.js';
import { canViewDashboardChart } from '../dashboards/access.js';
import { isVirtual } from '../datasets/json-fields.js';
import { connectionOf, databaseOfDataset, engineOf, exploredDataset, virtualContext } from '../datasets/lookup.js';
import { virtualStatement } from '../datasets/virtual-sql.js';
import { HttpError, NezhaError } from '../errors/nezha-error.js';
import { type AuthUser, userHasPermission } from '../security/current-user.js';
import { rowLevelPredicate } from '../security/row-level-security.js';
import { loadSemanticCatalog } from '../semantic/chart-catalog.js';
import { getChart } from '../store/charts.js';
import { hasAdhocFilterColumns, unusableAdhocColumns } from './adhoc-filter-probe.js';
import { ChartCache, stableStringify } from './cache.js';
import {
  type ChartDataAnswer,
  type ChartDataCall,
  type QueryPayload,
  type QueryResult,
  RESULT_TYPES,
  type ResultType,
} from './chart-data-request.js';
import { fileAnswer } from './chart-file-answer.js';
import type { CompileContext } from './compile/dataset-scope.js';
import { fragmentRenderer } from './fragment-templates.js';
import { usesLatestPartition } from './latest-partition.js';
import { annotationDataOf } from './native-annotations.js';
import { queryLimiterOf } from './query-limiter.js';
import {
  cacheTimeoutOf,
  DEFAULT_CACHE_TIMEOUT,
  type PreparedQuery,
  preparedSql,
  prepareQuery,
  type RunEnv,
  runPrepared,
} from './query-runner.js';
import { datasetColumns, engineTimeGrains, reshapeQuery } from './result-shapes.js';

/** Superset's SUPERSET_WEBSERVER_TIMEOUT default: a chart query may run this long. */
const CHART_QUERY_TIMEOUT_MS = 60_000;

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

/** Superset's 403 for file exports without can_csv on Superset. */
function exportForbidden(): HttpError {
  return new HttpError(403, 'Forbidden');
}

/** The result type one query answers: its own (Superset's per-query result_type), else the request's. */
function resultTypeOf(query: QueryObject, fallback: ResultType): ResultType {
  const own = query.result_type;
  return typeof own === 'string' && (RESULT_TYPES as readonly string[]).includes(own) ? (own as ResultType) : fallback;
}

/** How far ahead the probe for ranges relative to now looks: past a year, so "current year" moves too. */
const NOW_PROBE_MS = 400 * 86_400_000;
/** How long an answer over a range relative to now may be sent again unchanged. */
const RELATIVE_REUSE_MS = 5_000;

/** What a prepared query will run (its SQL, values and time bounds), to compare two compilations. */
function compiledShape(prepared: PreparedQuery | null): string {
  if (!prepared) return '';
  return stableStringify(
    [prepared.main, ...prepared.offsets.map((o) => o.compiled)].map((c) => [
      c.sql,
      c.params,
      c.bounds?.since?.getTime() ?? null,
      c.bounds?.until?.getTime() ?? null,
    ]),
  );
}

const METADATA_TYPES: ReadonlySet<ResultType> = new Set(['columns', 'timegrains']);

/** The chart the form data names (Superset's get_cache_timeout reads its cache_timeout). */
async function chartCacheTimeout(ctx: AppContext, call: ChartDataCall): Promise<number | null> {
  const sliceId = call.sliceId ?? formDataId(call.request.form_data?.slice_id);
  if (sliceId === undefined) return null;
  return (await getChart(ctx.store.db, sliceId))?.cache_timeout ?? null;
}

function stringRecord(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
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
  if (request.result_format !== 'json' && !userHasPermission(user, 'can_csv', 'Superset')) throw exportForbidden();
  const full = await exploredDataset(ctx, user, request.datasource.id, throughDashboard(ctx, user, call));
  const topType = request.result_type;
  const types = request.queries.map((query) => resultTypeOf(query, topType));

  const engine = engineOf(full);
  const { dataset } = full;
  const now = options.now ?? new Date();
  const templating = ctx.config.features.ENABLE_TEMPLATE_PROCESSING;
  const urlParams = stringRecord(request.form_data?.url_params);
  const rendererAt = (at: Date) => (query: QueryObject) =>
    templating
      ? fragmentRenderer(
          {
            engine: engine.name,
            user: { id: user.id, username: user.username, email: user.email },
            datasetParams: dataset.template_params,
            urlParams: { ...urlParams, ...stringRecord(query.url_params) },
            now: at,
          },
          query,
        )
      : undefined;
  const renderer = rendererAt(now);
  const context: CompileContext = {
    full,
    engine,
    virtualSql: isVirtual(dataset)
      ? virtualStatement(dataset.sql ?? '', virtualContext(ctx, user, engine, dataset.template_params))
      : null,
    now,
    maxRow: ctx.config.sqlLab.maxRow,
    // Saved columns, measures and cohorts are usable as columns, metrics and filters.
    semantic: await loadSemanticCatalog(ctx, full, request.queries),
    // Inside the SQL, so it is part of every cache key: callers under different clauses never share an answer.
    rowFilter: await rowLevelPredicate(ctx, user, dataset.id, engine.name),
  };
  const runnable = request.queries.filter((_, index) => !METADATA_TYPES.has(types[index] as ResultType));
  const needsEngine = runnable.length > 0 && !types.every((type) => type === 'query' || METADATA_TYPES.has(type));
  const hasAdhocFilters = hasAdhocFilterColumns(runnable);
  const wantsPartition = usesLatestPartition(runnable) && !isVirtual(dataset);
  const database = runnable.length > 0 ? await databaseOfDataset(ctx, full) : null;
  const connection =
    database && (needsEngine || hasAdhocFilters || wantsPartition) ? await connectionOf(ctx, database) : null;
  if (connection && wantsPartition) {
    context.latestPartition = (await connection.latestPartition?.(dataset.table_name, dataset.schema)) ?? null;
  }
  if (connection && hasAdhocFilters) {
    const noRender = () => (sql: string) => sql;
    context.unusableAdhocColumns = await unusableAdhocColumns(
      context,
      runnable,
      connection,
      (query) => renderer(query) ?? noRender(),
      call.signal,
    );
  }
  // Every query compiles before any runs: one bad query object fails the request without running the others.
  const prepareAt = (at: Date) =>
    request.queries.map((query, index) => {
      const type = types[index] as ResultType;
      if (METADATA_TYPES.has(type)) return null;
      return prepareQuery(
        { ...context, now: at, renderSql: rendererAt(at)(query) },
        reshapeQuery(type, query, full, context.maxRow),
      );
    });
  const prepared = prepareAt(now);

  const customTimeout = request.custom_cache_timeout;
  const cacheTimeout =
    database === null
      ? DEFAULT_CACHE_TIMEOUT
      : cacheTimeoutOf(full, database, {
          custom: customTimeout,
          chart: customTimeout === undefined ? await chartCacheTimeout(ctx, call) : null,
        });
  const env: RunEnv | null =
    database && connection
      ? {
          full,
          database,
          connection,
          cache: chartCacheOf(ctx),
          timeoutMs: options.timeoutMs ?? CHART_QUERY_TIMEOUT_MS,
          acquireSlot: (signal) => queryLimiterOf(ctx).acquire(database.id, signal),
        }
      : null;
  // Whether every query came from the chart cache, and until when the first of those entries stays.
  let reusableUntil = Number.POSITIVE_INFINITY;
  let runs = 0;
  const run = async (p: PreparedQuery, type: ResultType) => {
    if (!env) throw new Error('chart data: no connection for a query to run');
    runs += 1;
    const answer = await runPrepared(env, p, {
      force: call.force || request.force,
      cacheTimeout,
      resultType: type,
      resultFormat: request.result_format,
      signal: call.signal,
      cachedOnly: options.cachedOnly === true,
    });
    if (answer.isCached !== true || !answer.cachedAt) reusableUntil = Number.NEGATIVE_INFINITY;
    else if (answer.cacheTimeout > 0) {
      reusableUntil = Math.min(reusableUntil, answer.cachedAt.getTime() + answer.cacheTimeout * 1000);
    }
    return answer;
  };
  const results = await Promise.all(
    prepared.map(async (p, index): Promise<ChartDataResult> => {
      const type = types[index] as ResultType;
      if (p === null) {
        return { data: type === 'columns' ? datasetColumns(full) : engineTimeGrains(engine.dialect) };
      }
      if (type === 'query') return { query: preparedSql(p), language: 'sql' };
      const payload = payloadOf(await run(p, type), request.result_format);
      if (type === 'results') {
        const { data, colnames, coltypes, rowcount } = payload;
        return { data, colnames, coltypes, rowcount };
      }
      if (type === 'full') payload.annotation_data = await annotationDataOf(ctx, request.queries[index] as QueryObject);
      return payload;
    }),
  );

  if (request.result_format !== 'json') return fileAnswer(call, dataset.table_name, results as QueryPayload[]);
  const body = { result: results } satisfies ChartDataResponse;
  if (runs === 0 || reusableUntil <= now.getTime()) return { kind: 'json', body };
  // A range relative to now ("Last week", "now", a template's now) gives other SQL later: such answers are reused
  // only briefly. Compiling once more (only when an answer is about to be kept) tells the two kinds apart.
  const later = prepareAt(new Date(now.getTime() + NOW_PROBE_MS));
  const relative = prepared.some((p, index) => compiledShape(p) !== compiledShape(later[index] ?? null));
  return {
    kind: 'json',
    body,
    reusableUntil: relative ? Math.min(reusableUntil, now.getTime() + RELATIVE_REUSE_MS) : reusableUntil,
  };
}
