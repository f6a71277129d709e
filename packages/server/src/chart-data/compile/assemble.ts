// A chart query object → one SELECT for the dataset's engine, every identifier quoted and every value bound.
import { isAdhocColumn, type QueryFormColumn, type QueryObject, type TimeRangeBounds } from '@nezha/core';
import { type CompiledColumn, compileColumn, timestampColumn } from './columns.js';
import { type CompileContext, DatasetScope } from './dataset-scope.js';
import { PARTITION } from './engine-sql.js';
import { invalidQuery } from './errors.js';
import type { ConditionContext } from './filter-condition.js';
import { type AppliedFilter, compileHaving, type RejectedFilter, WhereCompiler } from './filters.js';
import { type CompiledMetric, MetricCompiler } from './metrics.js';
import { DEFAULT_QUERY_ROW_LIMIT, limitClause, orderByClause, orderbyPairs } from './order.js';
import { seriesLimitJoin } from './series-limit.js';
import { SqlParams, type SqlValue } from './sql-params.js';
import { queryTimeBounds } from './time.js';
import { isRealRange } from './time-range-column.js';

export interface OutputColumn {
  label: string;
  kind: 'column' | 'metric';
  /** GenericDataType the dataset gives the column (null: judge by the engine's result type). */
  typeHint: number | null;
  /** The time axis: what time offsets join on after moving it back. */
  isAxis: boolean;
}

export interface CompiledQuery {
  sql: string;
  params: SqlValue[];
  /** The same SQL with values inlined, for "View query"; never run. */
  displaySql: string;
  columns: OutputColumn[];
  metricLabels: string[];
  bounds: TimeRangeBounds | null;
  applied: AppliedFilter[];
  rejected: RejectedFilter[];
}

export interface CompileOptions {
  /** Re-runs the query shifted back in time ("1 year ago"), for time comparison. */
  timeShift?: string | null;
}

const EMPTY_QUERY_MESSAGE = 'Empty query?';

/** Raw mode: asked for, or no metrics at all (Superset's raw table charts send none). */
function isRawQuery(query: QueryObject): boolean {
  return query.query_mode === 'raw' || query.metrics === undefined || query.metrics === null;
}

/**
 * PostgreSQL cuts names at 63 bytes; longer labels get a positional alias (results are read by position),
 * as do labels holding NUL, the bound-value marker.
 */
function alias(scope: DatasetScope, label: string, index: number): string {
  const usable = !scope.engineSql.aliasesShadowColumns && Buffer.byteLength(label) <= 63 && !label.includes('\u0000');
  return scope.dialect.quoteIdentifier(usable ? label : `__nz_column_${index}`);
}

function assertUniqueLabels(labels: readonly string[]): void {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const label of labels) (seen.has(label) ? duplicates : seen).add(label);
  if (duplicates.size > 0) {
    throw invalidQuery(
      `Duplicate column/metric labels: ${[...duplicates].map((label) => `"${label}"`).join(', ')}. ` +
        'Please make sure all columns and metrics have a unique label.',
    );
  }
}

/** Names of the dataset columns the time axis reads: the granularity and any BASE_AXIS column reference. */
function axisColumnNames(query: QueryObject): Set<string> {
  const names = new Set<string>();
  if (query.granularity) names.add(query.granularity);
  for (const column of query.columns ?? []) {
    if (isAdhocColumn(column) && column.columnType === 'BASE_AXIS' && column.isColumnReference) {
      names.add(column.sqlExpression);
    }
  }
  return names;
}

/** The column FIRST and LAST order by: the query's time column, else its x-axis, else the dataset's default. */
function orderingTimeSql(scope: DatasetScope, query: QueryObject, axis: ReadonlySet<string>): string | null {
  const name = query.granularity ?? [...axis][0] ?? scope.mainDttmCol;
  return name && scope.hasColumn(name) ? scope.columnSql(scope.column(name)) : null;
}

export function compileChartQuery(
  context: CompileContext,
  query: QueryObject,
  options: CompileOptions = {},
): CompiledQuery {
  const scope = new DatasetScope(context);
  const params = new SqlParams();
  const raw = isRawQuery(query);
  const timeShift = options.timeShift ?? null;
  const bounds = queryTimeBounds(query, context.now, timeShift);
  const axis = axisColumnNames(query);
  const ctx: ConditionContext = { scope, params, now: context.now, timeShift, axisColumns: axis };
  const where = new WhereCompiler(ctx).compile(query, bounds);
  // The x-axis's span (from/to and the grain's check): the query's own range, else its axis's TEMPORAL_RANGE filter.
  const effectiveBounds = isRealRange(bounds) ? bounds : (where.axisBounds ?? bounds);

  const columns: CompiledColumn[] = [];
  if (query.is_timeseries && query.granularity && !raw) {
    columns.push(timestampColumn(scope, query.granularity, query.extras?.time_grain_sqla, effectiveBounds));
  }
  const use = raw ? undefined : 'group';
  for (const column of (query.columns ?? []) as QueryFormColumn[]) {
    columns.push(compileColumn(scope, column, { bounds: effectiveBounds, use }));
  }
  const timeSql = orderingTimeSql(scope, query, axis);
  const metricCompiler = new MetricCompiler(scope, timeSql);
  const metrics: CompiledMetric[] = raw ? [] : (query.metrics ?? []).map((metric) => metricCompiler.compile(metric));
  if (columns.length === 0 && metrics.length === 0) throw invalidQuery(EMPTY_QUERY_MESSAGE);
  assertUniqueLabels([...columns.map((c) => c.label), ...metrics.map((m) => m.label)]);

  const windows = metrics.flatMap((metric) => metric.windows);
  const extraMetricSql = (metric: Parameters<MetricCompiler['compile']>[0]) => {
    const compiled = metricCompiler.compile(metric);
    windows.push(...compiled.windows);
    return compiled.sql;
  };
  const metricLabels = new Map(metrics.map((metric) => [metric.label, metric.sql]));
  if (raw && ((query.having_filters?.length ?? 0) > 0 || query.extras?.having?.trim())) {
    throw invalidQuery('HAVING filters need an aggregate query with metrics.');
  }
  const having = raw ? [] : compileHaving(ctx, query, (name) => metricLabels.get(name) ?? extraMetricSql(name));

  const pairs = orderbyPairs(query);
  // A selected metric is ordered by its alias, as Superset does where the engine allows it (all of ours): the engine
  // then sorts on the computed value, and a constant metric ('{{ time_grain }}') is not a constant ORDER BY item,
  // which PostgreSQL and DuckDB refuse.
  const orderLabels = new Map(
    metrics.map((metric, index) => [metric.label, alias(scope, metric.label, columns.length + index)]),
  );
  const firstMetric = metrics[0];
  const orderBy =
    pairs.length === 0 && firstMetric
      ? `ORDER BY ${orderLabels.get(firstMetric.label)} ${query.order_desc === false ? 'ASC' : 'DESC'}`
      : orderByClause({ scope, raw, columns, metricLabels: orderLabels, metricSql: extraMetricSql }, pairs);

  const whereClause = where.conditions.length > 0 ? `WHERE ${where.conditions.join('\n  AND ')}` : '';
  const groupBy = raw ? [] : columns.map((column) => column.sql);
  const seriesJoin = raw ? null : seriesLimit(scope, query, columns, timeSql, whereClause);

  let from = scope.source();
  let outerWhere = whereClause;
  if (windows.length > 0) {
    // Aggregates the engine lacks are window functions over the filtered rows, partitioned like the groups.
    const partitionBy = groupBy.length > 0 ? `PARTITION BY ${groupBy.join(', ')}` : '';
    const helpers = windows.map((w) => `${w.sql.replaceAll(PARTITION, partitionBy)} AS ${q(scope, w.alias)}`);
    from = `(\nSELECT *, ${helpers.join(', ')}\nFROM ${from}${whereClause ? `\n${whereClause}` : ''}\n) AS ${q(scope, '__nz_rows')}`;
    outerWhere = '';
  }

  const select = [
    ...columns.map((column, index) => `${column.sql} AS ${alias(scope, column.label, index)}`),
    ...metrics.map((metric, index) => `${metric.sql} AS ${alias(scope, metric.label, columns.length + index)}`),
  ];
  const text = [
    `SELECT ${select.join(',\n       ')}`,
    `FROM ${from}`,
    ...(seriesJoin ? [seriesJoin] : []),
    ...(outerWhere ? [outerWhere] : []),
    ...(groupBy.length > 0 ? [`GROUP BY ${groupBy.join(', ')}`] : []),
    ...(having.length > 0 ? [`HAVING ${having.join('\n  AND ')}`] : []),
    ...(orderBy ? [orderBy] : []),
    limitClause(scope, query, DEFAULT_QUERY_ROW_LIMIT),
  ].join('\n');
  // Superset's is_rowcount: how many rows the query gives (within its row limit), as one `rowcount` row.
  const counted = query.is_rowcount === true;
  const finalText = counted
    ? `SELECT COUNT(*) AS ${q(scope, 'rowcount')}\nFROM (\n${text}\n) AS ${q(scope, 'rowcount_qry')}`
    : text;

  const engineSql = params.forEngine(finalText, scope.dialect);
  return {
    sql: engineSql.sql,
    params: engineSql.params,
    displaySql: params.forDisplay(finalText, scope.dialect),
    columns: counted
      ? [{ label: 'rowcount', kind: 'metric' as const, typeHint: null, isAxis: false }]
      : [
          ...columns.map((c) => ({ label: c.label, kind: 'column' as const, typeHint: c.typeHint, isAxis: c.isAxis })),
          ...metrics.map((m) => ({ label: m.label, kind: 'metric' as const, typeHint: null, isAxis: false })),
        ],
    metricLabels: counted ? ['rowcount'] : metrics.map((metric) => metric.label),
    bounds: effectiveBounds,
    applied: where.applied,
    rejected: where.rejected,
  };
}

function q(scope: DatasetScope, name: string): string {
  return scope.dialect.quoteIdentifier(name);
}

function seriesLimit(
  scope: DatasetScope,
  query: QueryObject,
  columns: readonly CompiledColumn[],
  timeSql: string | null,
  whereClause: string,
): string | null {
  const limit = Number(query.series_limit ?? 0);
  if (!Number.isInteger(limit) || limit <= 0) return null;
  const series = query.series_columns?.length
    ? query.series_columns.map((column) => compileColumn(scope, column, { bounds: null, use: 'group' }))
    : columns.filter((column) => !column.isAxis);
  if (series.length === 0) return null;
  const limitMetric = query.series_limit_metric ?? query.metrics?.[0];
  if (limitMetric === undefined) return null;
  const ranking = new MetricCompiler(scope, timeSql).compile(limitMetric);
  if (ranking.windows.length > 0) {
    throw invalidQuery(`The series limit metric "${ranking.label}" cannot be computed on ${scope.displayName}.`);
  }
  return seriesLimitJoin({
    scope,
    series,
    limit,
    metricSql: ranking.sql,
    descending: query.order_desc !== false,
    source: scope.source(),
    where: whereClause,
  });
}
