// One simple filter {col, op, val} → a SQL condition with every value bound, after the operator/type rules.
import {
  FILTER_OPERATORS,
  type FilterColumn,
  isBooleanColumn,
  type OperatorId,
  operatorsFor,
  type QueryObjectFilter,
  resolveOperatorId,
  type TimeRangeBounds,
} from '@nezha/core';
import type { LatestPartition } from '../../engines/types.js';
import type { TableColumnRow } from '../../store/schema.js';
import type { DatasetScope } from './dataset-scope.js';
import { invalidOperator, invalidQuery, noPartition } from './errors.js';
import type { SqlParams, SqlValue } from './sql-params.js';
import { grainSql, sinceUntil } from './time.js';

/** Dashboard filters may compare a boolean column by value; a chart's own filters follow the editor's rules. */
const EXTRA_FILTER_OPERATORS: readonly OperatorId[] = ['EQUALS', 'NOT_EQUALS', 'IN', 'NOT_IN'];

export interface ConditionContext {
  scope: DatasetScope;
  params: SqlParams;
  now: Date;
  /** Applied to TEMPORAL_RANGE filters on the time axis when a time offset re-runs the query. */
  timeShift: string | null;
  /** Columns whose TEMPORAL_RANGE filters are the time axis's range. */
  axisColumns: ReadonlySet<string>;
}

export interface Condition {
  sql: string;
  /** Bounds of a TEMPORAL_RANGE filter on the time axis: the query's from/to when it has no time range. */
  axisBounds: TimeRangeBounds | null;
}

function isSqlValue(value: unknown): value is SqlValue {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function scalar(filter: QueryObjectFilter): SqlValue | undefined {
  const { val } = filter;
  if (Array.isArray(val)) {
    if (val.length !== 1) throw invalidQuery(`The operator ${filter.op} takes one value, not a list.`);
    return val[0];
  }
  if (val !== undefined && !isSqlValue(val)) throw invalidQuery(`Invalid value for the filter on "${filter.col}".`);
  return val;
}

export function operatorOf(
  filter: QueryObjectFilter,
  fc: FilterColumn | undefined,
  clause: 'WHERE' | 'HAVING',
  partitionColumn: string | null = null,
) {
  const id = resolveOperatorId(undefined, filter.op);
  if (id === 'LATEST_PARTITION' && clause === 'WHERE' && (!partitionColumn || fc?.column_name !== partitionColumn)) {
    throw noPartition(filter.col, partitionColumn);
  }
  const allowed = id !== undefined && operatorsFor(fc, clause, { partitionColumn }).includes(id);
  const extraAllowed = id !== undefined && clause === 'WHERE' && filter.isExtra && EXTRA_FILTER_OPERATORS.includes(id);
  if (!id || !(allowed || extraAllowed)) throw invalidOperator(filter.op, filter.col, fc ? fc.type : 'metric');
  return id;
}

/** A comparison of `left` (a column or metric expression) with the filter's value(s). */
export function compareCondition(
  id: OperatorId,
  leftSql: string,
  filter: QueryObjectFilter,
  ctx: ConditionContext,
  temporal: boolean,
): string {
  const { params, scope } = ctx;
  const left = temporal ? scope.engineSql.temporalColumn(leftSql) : leftSql;
  const bind = (value: SqlValue) =>
    temporal && typeof value === 'string'
      ? scope.engineSql.temporalValue(params.bind(value))
      : params.bind(typeof value === 'number' && !Number.isFinite(value) ? null : value);
  switch (id) {
    case 'IN':
    case 'NOT_IN': {
      const values = (Array.isArray(filter.val) ? filter.val : [filter.val]).filter((v) => v !== undefined);
      if (!values.every(isSqlValue)) throw invalidQuery(`Invalid value for the filter on "${filter.col}".`);
      const present = values.filter((value) => value !== null);
      const hasNull = present.length < values.length;
      const inList = present.length > 0 ? `${left} IN (${present.map(bind).join(', ')})` : null;
      const match = [inList, hasNull ? `${left} IS NULL` : null].filter((part) => part !== null);
      if (match.length === 0) return id === 'IN' ? '1 = 0' : '1 = 1';
      const joined = match.length === 1 ? (match[0] as string) : `(${match.join(' OR ')})`;
      return id === 'IN' ? joined : `NOT ${match.length === 1 ? `(${joined})` : joined}`;
    }
    case 'IS_NULL':
      return `${left} IS NULL`;
    case 'IS_NOT_NULL':
      return `${left} IS NOT NULL`;
    default:
      break;
  }
  const value = scalar(filter);
  if (value === undefined || value === null) {
    if (id === 'EQUALS') return `${left} IS NULL`;
    if (id === 'NOT_EQUALS') return `${left} IS NOT NULL`;
    throw invalidQuery(`The filter on "${filter.col}" needs a value.`);
  }
  switch (id) {
    case 'EQUALS':
      return `${left} = ${bind(value)}`;
    case 'NOT_EQUALS':
      return `${left} <> ${bind(value)}`;
    case 'LESS_THAN':
      return `${left} < ${bind(value)}`;
    case 'LESS_THAN_OR_EQUAL':
      return `${left} <= ${bind(value)}`;
    case 'GREATER_THAN':
      return `${left} > ${bind(value)}`;
    case 'GREATER_THAN_OR_EQUAL':
      return `${left} >= ${bind(value)}`;
    case 'LIKE':
      return `${left} LIKE ${params.bind(String(value))}`;
    case 'NOT_LIKE':
      return `${left} NOT LIKE ${params.bind(String(value))}`;
    case 'ILIKE':
      return scope.engineSql.ilike(left, params.bind(String(value)));
    default:
      throw invalidQuery(`The operator "${FILTER_OPERATORS[id].operation}" is not supported in chart queries.`);
  }
}

/** [since, until) on a time column; open ends add nothing. */
export function rangeCondition(ctx: ConditionContext, leftSql: string, bounds: TimeRangeBounds): string | null {
  const { scope, params } = ctx;
  const parts: string[] = [];
  const bind = (date: Date) => scope.engineSql.temporalValue(params.bind(scope.engineSql.temporalText(date)));
  const left = scope.engineSql.temporalColumn(leftSql);
  if (bounds.since) parts.push(`${left} >= ${bind(bounds.since)}`);
  if (bounds.until) parts.push(`${left} < ${bind(bounds.until)}`);
  return parts.length > 0 ? parts.join(' AND ') : null;
}

/**
 * Booleans are tested as booleans; integer columns (MySQL's BOOLEAN is TINYINT) by zero and non-zero. The
 * fork's "empty" is NULL or false, "not empty" is true.
 */
function booleanCondition(id: OperatorId, left: string, fc: FilterColumn): string {
  const bool = isBooleanColumn(fc);
  switch (id) {
    case 'IS_TRUE':
    case 'IS_BOOLEAN_NOT_EMPTY':
      return bool ? `${left} IS TRUE` : `${left} <> 0`;
    case 'IS_FALSE':
      return bool ? `${left} IS FALSE` : `${left} = 0`;
    default:
      return bool ? `${left} IS NOT TRUE` : `(${left} IS NULL OR ${left} = 0)`;
  }
}

/**
 * LATEST_PARTITION: the newest partition's rows, by the key values or key range the engine read for this query
 * (Superset renders `{{ latest_partition() }}` at query time too). No partition with rows: no rows.
 */
function latestPartitionCondition(ctx: ConditionContext, left: string, latest: LatestPartition, temporal: boolean) {
  const bound = (id: OperatorId, val: unknown) =>
    compareCondition(
      id,
      left,
      { col: latest.column, op: FILTER_OPERATORS[id].operation, val } as QueryObjectFilter,
      ctx,
      temporal,
    );
  if (latest.values) return latest.values.length > 0 ? bound('IN', latest.values) : '1 = 0';
  if (!latest.range) return '1 = 0';
  return `${bound('GREATER_THAN_OR_EQUAL', latest.range.min)} AND ${bound('LESS_THAN_OR_EQUAL', latest.range.max)}`;
}

/**
 * The newest partition as a condition on `column`: with several Hive key columns, the one filtered on (its value
 * in the newest partition); else the partition's one key column.
 */
function partitionOf(latest: LatestPartition | null, column: TableColumnRow): LatestPartition | null {
  if (!latest?.keys || !Object.hasOwn(latest.keys, column.column_name)) return latest;
  const value = latest.keys[column.column_name];
  return { column: column.column_name, values: value === null || value === undefined ? [] : [value], range: null };
}

/** A WHERE filter on a dataset column. */
export function columnCondition(ctx: ConditionContext, filter: QueryObjectFilter, column: TableColumnRow): Condition {
  const { scope } = ctx;
  const fc = scope.filterColumn(column);
  const latest = partitionOf(scope.context.latestPartition ?? null, column);
  // An adhoc column is an expression, never the table's partition key.
  const partitionColumn = latest && !column.expression ? latest.column : null;
  const id = operatorOf(filter, fc, 'WHERE', partitionColumn);
  const left = scope.columnSql(column);
  const temporal = scope.isTemporal(column);
  if (id === 'LATEST_PARTITION' && latest) {
    return { sql: latestPartitionCondition(ctx, left, latest, temporal), axisBounds: null };
  }
  if (id === 'TEMPORAL_RANGE') {
    if (typeof filter.val !== 'string') throw invalidQuery(`The time range filter on "${filter.col}" needs a range.`);
    const isAxis = ctx.axisColumns.has(filter.col);
    const bounds = sinceUntil(filter.val, { now: ctx.now, timeShift: isAxis ? ctx.timeShift : null });
    // Superset's filter grain: the column is truncated to it before it is compared with the range.
    const compared = filter.grain && temporal ? grainSql(scope, left, column.type, filter.grain, null) : left;
    return { sql: rangeCondition(ctx, compared, bounds) ?? '1 = 1', axisBounds: isAxis ? bounds : null };
  }
  if (id === 'IS_TRUE' || id === 'IS_FALSE' || id === 'IS_BOOLEAN_EMPTY' || id === 'IS_BOOLEAN_NOT_EMPTY') {
    return { sql: booleanCondition(id, left, fc), axisBounds: null };
  }
  return { sql: compareCondition(id, left, filter, ctx, temporal), axisBounds: null };
}
