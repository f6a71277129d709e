// ORDER BY, LIMIT and OFFSET of a chart query: orderby pairs resolved to metrics or columns, row limit rules.
import {
  getMetricLabel,
  isAdhocColumn,
  isAdhocMetric,
  parseOrderby,
  type QueryFormMetric,
  type QueryFormOrderBy,
  type QueryObject,
  validateInteger,
} from '@nezha/core';
import type { CompiledColumn } from './columns.js';
import { compileColumn } from './columns.js';
import type { DatasetScope } from './dataset-scope.js';
import { invalidQuery, unknownColumn } from './errors.js';

/** Superset's default row limit when a query gives none (capped by SQL_MAX_ROW). */
export const DEFAULT_QUERY_ROW_LIMIT = 10000;

export interface OrderContext {
  scope: DatasetScope;
  raw: boolean;
  columns: readonly CompiledColumn[];
  /** Selected metrics by label → what ORDER BY names them by (their alias). */
  metricLabels: ReadonlyMap<string, string>;
  /** SQL of a metric not in the SELECT list (adhoc or saved), compiled as the query's own metrics are. */
  metricSql: (metric: QueryFormMetric) => string;
}

/** Orderby pairs, with JSON-text entries parsed ('Found invalid orderby options' when one does not parse). */
export function orderbyPairs(query: QueryObject): QueryFormOrderBy[] {
  let pairs: QueryFormOrderBy[];
  try {
    pairs = parseOrderby((query.orderby ?? []) as unknown[]);
  } catch (error) {
    throw invalidQuery((error as Error).message, 'INVALID_PAYLOAD_SCHEMA_ERROR');
  }
  for (const pair of pairs) {
    if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[1] !== 'boolean') {
      throw invalidQuery('Found invalid orderby options', 'INVALID_PAYLOAD_SCHEMA_ERROR');
    }
  }
  return pairs;
}

function targetSql(ctx: OrderContext, target: QueryFormOrderBy[0]): string {
  const { scope } = ctx;
  if (isAdhocMetric(target)) {
    if (ctx.raw) throw invalidQuery('Raw records cannot be ordered by a metric.');
    // The same metric as a selected one (by label) is ordered by the selected value.
    return ctx.metricLabels.get(getMetricLabel(target)) ?? ctx.metricSql(target);
  }
  if (isAdhocColumn(target)) return compileColumn(scope, target, { bounds: null }).sql;
  if (typeof target !== 'string') throw invalidQuery('Found invalid orderby options', 'INVALID_PAYLOAD_SCHEMA_ERROR');
  const selectedMetric = ctx.metricLabels.get(target);
  if (selectedMetric !== undefined) return selectedMetric;
  const selectedColumn = ctx.columns.find((column) => column.label === target);
  if (selectedColumn) return selectedColumn.sql;
  if (scope.hasColumn(target)) return scope.columnSql(scope.column(target));
  if (!ctx.raw && (scope.savedMetric(target) || scope.measure(target))) return ctx.metricSql(target);
  throw unknownColumn(target);
}

export function orderByClause(ctx: OrderContext, pairs: readonly QueryFormOrderBy[]): string {
  if (pairs.length === 0) return '';
  const items = pairs.map(([target, ascending]) => `${targetSql(ctx, target)} ${ascending ? 'ASC' : 'DESC'}`);
  return `ORDER BY ${items.join(', ')}`;
}

/**
 * LIMIT and OFFSET. As Superset's apply_max_row_limit, a row limit over SQL_MAX_ROW is brought down to it, and 0
 * (or none) means the default capped likewise; negative limits and offsets are refused in its schema's words.
 */
export function limitClause(scope: DatasetScope, query: QueryObject, fallback = DEFAULT_QUERY_ROW_LIMIT): string {
  const { maxRow } = scope.context;
  const integerError = validateInteger(query.row_limit);
  if (integerError) throw invalidQuery(`row_limit ${integerError}`, 'INVALID_PAYLOAD_SCHEMA_ERROR');
  const offsetError = validateInteger(query.row_offset);
  if (offsetError) throw invalidQuery(`row_offset ${offsetError}`, 'INVALID_PAYLOAD_SCHEMA_ERROR');
  if (Number(query.row_offset ?? 0) < 0) {
    throw invalidQuery('`row_offset` must be greater than or equal to 0', 'INVALID_PAYLOAD_SCHEMA_ERROR');
  }
  const given = query.row_limit === undefined || query.row_limit === null ? null : Number(query.row_limit);
  if (given !== null && given < 0) {
    throw invalidQuery('`row_limit` must be greater than or equal to 0', 'INVALID_PAYLOAD_SCHEMA_ERROR');
  }
  const limit = given === null ? Math.min(fallback, maxRow) : given === 0 ? maxRow : Math.min(given, maxRow);
  return scope.dialect.limitClause(limit, Number(query.row_offset ?? 0) || undefined);
}
