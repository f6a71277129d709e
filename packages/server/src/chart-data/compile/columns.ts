// Columns of a chart query → SQL: dataset columns (physical or calculated), saved columns of the semantic layer,
// adhoc SQL columns, the time axis.
import { getColumnLabel, isAdhocColumn, type QueryFormColumn, type TimeRangeBounds } from '@nezha/core';
import { typeGeneric } from '../../datasets/json-fields.js';
import type { ColumnUse, DatasetScope } from './dataset-scope.js';
import { invalidQuery } from './errors.js';
import { grainSql } from './time.js';

/** Superset's GenericDataType of a temporal column. */
export const TEMPORAL = 2;

export interface CompiledColumn {
  label: string;
  sql: string;
  /** GenericDataType when the dataset knows it (the engine's result type decides otherwise). */
  typeHint: number | null;
  /** The x-axis (BASE_AXIS) or legacy __timestamp column: what time offsets join on. */
  isAxis: boolean;
  /** The dataset column it reads, when it reads exactly one. */
  columnName: string | null;
}

export interface ColumnOptions {
  /** The bounds the time grain must suit (spec §5), or null for an open query. */
  bounds: TimeRangeBounds | null;
  /** 'group' when the query groups by the column (aggregate mode): saved columns must then be groupable. */
  use?: ColumnUse | undefined;
}

export function compileColumn(scope: DatasetScope, column: QueryFormColumn, options: ColumnOptions): CompiledColumn {
  const label = getColumnLabel(column);
  if (typeof column === 'string') {
    const row = scope.column(column, options.use);
    return { label, sql: scope.columnSql(row), typeHint: typeGeneric(row), isAxis: false, columnName: column };
  }
  if (!isAdhocColumn(column)) throw invalidQuery(`Invalid column: ${JSON.stringify(column)}`);
  const isAxis = column.columnType === 'BASE_AXIS';
  let sql: string;
  let typeHint: number | null = null;
  let columnType: string | null = null;
  let columnName: string | null = null;
  // Superset's rule: a grain buckets a column it knows to be temporal, and is ignored on one it knows is not (an
  // x-axis of states keeps the grain its control defaults to). Free SQL has no known type, so it keeps the grain.
  let takesGrain = true;
  if (column.isColumnReference) {
    const row = scope.column(column.sqlExpression, options.use);
    sql = scope.columnSql(row);
    typeHint = typeGeneric(row);
    columnType = row.type;
    columnName = row.column_name;
    takesGrain = scope.isTemporal(row);
  } else {
    sql = scope.guard(column.sqlExpression);
  }
  if (column.timeGrain && takesGrain) {
    sql = grainSql(scope, sql, columnType, column.timeGrain, options.bounds);
    typeHint = TEMPORAL;
  }
  return { label, sql, typeHint, isAxis, columnName };
}

/** Superset's legacy time series column: the time column bucketed by the query's grain, first in the row. */
export function timestampColumn(
  scope: DatasetScope,
  granularity: string,
  grain: string | undefined,
  bounds: TimeRangeBounds | null,
): CompiledColumn {
  const row = scope.column(granularity, 'group');
  const sql = scope.columnSql(row);
  const temporal = scope.isTemporal(row);
  return {
    label: '__timestamp',
    sql: grain && temporal ? grainSql(scope, sql, row.type, grain, bounds) : sql,
    typeHint: temporal ? TEMPORAL : typeGeneric(row),
    isAxis: true,
    columnName: row.column_name,
  };
}
