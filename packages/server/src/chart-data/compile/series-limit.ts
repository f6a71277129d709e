// The series limit: only the top N series by a metric, through Superset's "prequery" join on the series columns.
import type { CompiledColumn } from './columns.js';
import type { DatasetScope } from './dataset-scope.js';

export interface SeriesLimitInput {
  scope: DatasetScope;
  /** The columns that tell series apart (the query's columns but the time axis, or series_columns). */
  series: readonly CompiledColumn[];
  limit: number;
  /** The metric the series are ranked by, and whether the top is the largest. */
  metricSql: string;
  descending: boolean;
  /** The unwindowed source and the query's WHERE clause, so the ranking sees the chart's rows. */
  source: string;
  where: string;
}

const SERIES_LIMIT_ALIAS = 'series_limit';

/** The catalog type of a series column that is a plain dataset column (not an expression), else null. */
function declaredType(scope: DatasetScope, column: CompiledColumn): string | null {
  if (column.columnName === null || !scope.hasPhysicalColumn(column.columnName)) return null;
  const row = scope.column(column.columnName);
  return row.expression ? null : row.type;
}

/**
 * `JOIN (SELECT series… GROUP BY series ORDER BY metric LIMIT n) AS series_limit ON …`. Series columns are
 * compared null-safely so that a NULL series can be among the top ones; ties at the cut are broken by the
 * series values, so the same request always keeps the same series.
 */
export function seriesLimitJoin(input: SeriesLimitInput): string {
  const { scope, series } = input;
  const q = (name: string) => scope.dialect.quoteIdentifier(name);
  const aliases = series.map((_, index) => `__nz_series_${index}`);
  const select = series.map((column, index) => `${column.sql} AS ${q(aliases[index] as string)}`).join(', ');
  const groupBy = series.map((column) => column.sql).join(', ');
  const direction = input.descending ? 'DESC' : 'ASC';
  const prequery = [
    `SELECT ${select}`,
    `FROM ${input.source}`,
    ...(input.where ? [input.where] : []),
    `GROUP BY ${groupBy}`,
    `ORDER BY ${input.metricSql} ${direction}, ${groupBy}`,
    scope.dialect.limitClause(input.limit),
  ].join('\n');
  const on = series
    .map((column, index) =>
      scope.engineSql.nullSafeEquals(
        column.sql,
        `${q(SERIES_LIMIT_ALIAS)}.${q(aliases[index] as string)}`,
        declaredType(scope, column),
      ),
    )
    .join(' AND ');
  return `INNER JOIN (\n${prequery}\n) AS ${q(SERIES_LIMIT_ALIAS)} ON ${on}`;
}
