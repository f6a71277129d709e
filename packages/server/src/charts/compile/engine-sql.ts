// What chart SQL needs per engine beyond the dialect: ordered and percentile aggregates, ILIKE, null-safe
// equality, and how a time bound is bound. Engines lacking an aggregate get it through a window function.
import type { EngineName } from '../../engines/types.js';

/** `(t IS NULL), t` puts rows without a time last on every engine (MySQL has no NULLS LAST). */
function timeOrder(timeSql: string, last: boolean): string {
  return `(${timeSql} IS NULL), ${timeSql}${last ? ' DESC' : ''}`;
}

export interface ChartEngineSql {
  /** PERCENTILE as an aggregate, or null when only a window function can compute it. */
  percentile(valueSql: string, fraction: number): string | null;
  /** The same as a window function over a partition, for engines without the aggregate; null: not at all. */
  percentileWindow(valueSql: string, fraction: number): string | null;
  /** FIRST/LAST: the value at the earliest/latest time, as an aggregate, or null when a window is needed. */
  ordered(valueSql: string, timeSql: string, last: boolean): string | null;
  ilike(leftSql: string, rightSql: string): string;
  /** `declaredType`: the dataset's type of the left column when it is one, for engines that pick a form by it. */
  nullSafeEquals(leftSql: string, rightSql: string, declaredType?: string | null): string;
  /** A bound time value compared with a temporal column. */
  temporalValue(marker: string): string;
  /** Time grain input: PostgreSQL's EXTRACT refuses sub-day fields of a DATE, so DATEs become TIMESTAMPs. */
  grainInput(columnSql: string, columnType: string | null | undefined): string;
  /** The text a time bound is bound as (UTC, no zone). */
  temporalText(date: Date): string;
  /** A number as floating point, so that a division does not truncate (MySQL's `/` never does). */
  toDouble(valueSql: string): string;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function timestampText(date: Date): string {
  return (
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}

/**
 * SQLite compares time as text: a midnight bound written as a bare date sorts correctly against both
 * 'YYYY-MM-DD' and 'YYYY-MM-DD HH:MM:SS' values, where '2012-01-01 00:00:00' would sort after '2012-01-01'.
 */
function sqliteTimeText(date: Date): string {
  const text = timestampText(date);
  return text.endsWith(' 00:00:00') ? text.slice(0, 10) : text;
}

/** Where a window function's PARTITION BY goes; NUL cannot come from custom SQL (see custom-sql.ts). */
export const PARTITION = '\u0000partition\u0000';

const windowFirstLast = (valueSql: string, timeSql: string, last: boolean) =>
  `FIRST_VALUE(${valueSql}) OVER (${PARTITION} ORDER BY ${timeOrder(timeSql, last)} ` +
  'ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)';

/** Declared types whose every value has a text form, and those that read the literal '0' as a number. */
const PG_TEXT_TYPE = /^\s*(text|citext|name|(character varying|varchar|character|char|bpchar)(\s*\(\s*\d+\s*\))?)\s*$/i;
const PG_NUMBER_TYPE =
  /^\s*(smallint|integer|bigint|int[248]?|numeric|decimal|real|double precision|float[48]?)(\s*\(\s*\d+\s*(,\s*\d+\s*)?\))?\s*$/i;

/**
 * PostgreSQL runs `IS NOT DISTINCT FROM` (and `a = b OR both NULL`) only as a nested loop. On a column of a known
 * text or number type, the same match as two equalities, a NULL standing in as a value and flagged, is hashable:
 * `COALESCE(a, '') = COALESCE(b, '') AND (a IS NULL) = (b IS NULL)` (the flag keeps NULL apart from the stand-in).
 */
function postgresNullSafeEquals(left: string, right: string, declaredType?: string | null): string {
  const standIn = PG_TEXT_TYPE.test(declaredType ?? '') ? "''" : PG_NUMBER_TYPE.test(declaredType ?? '') ? "'0'" : null;
  if (standIn === null) return `(${left} = ${right} OR (${left} IS NULL AND ${right} IS NULL))`;
  return `COALESCE(${left}, ${standIn}) = COALESCE(${right}, ${standIn}) AND (${left} IS NULL) = (${right} IS NULL)`;
}

const ENGINE_SQL: Record<EngineName, ChartEngineSql> = {
  duckdb: {
    percentile: (value, fraction) => `QUANTILE_CONT(${value}, ${fraction})`,
    percentileWindow: () => null,
    ordered: (value, time, last) => `FIRST(${value} ORDER BY ${timeOrder(time, last)})`,
    ilike: (left, right) => `${left} ILIKE ${right}`,
    nullSafeEquals: (left, right) => `${left} IS NOT DISTINCT FROM ${right}`,
    temporalValue: (marker) => `CAST(${marker} AS TIMESTAMP)`,
    grainInput: (column) => column,
    temporalText: timestampText,
    toDouble: (value) => `CAST(${value} AS DOUBLE)`,
  },
  postgresql: {
    percentile: (value, fraction) => `PERCENTILE_CONT(${fraction}) WITHIN GROUP (ORDER BY ${value})`,
    percentileWindow: () => null,
    ordered: (value, time, last) => `(ARRAY_AGG(${value} ORDER BY ${timeOrder(time, last)}))[1]`,
    ilike: (left, right) => `${left} ILIKE ${right}`,
    nullSafeEquals: postgresNullSafeEquals,
    temporalValue: (marker) => `CAST(${marker} AS TIMESTAMP)`,
    grainInput: (column, type) => (/^date$/i.test(type ?? '') ? `CAST(${column} AS TIMESTAMP)` : column),
    temporalText: timestampText,
    toDouble: (value) => `CAST(${value} AS DOUBLE PRECISION)`,
  },
  // MariaDB has PERCENTILE_CONT only as a window function; MySQL 8 has neither and fails with its own error.
  mysql: {
    percentile: () => null,
    percentileWindow: (value, fraction) =>
      `PERCENTILE_CONT(${fraction}) WITHIN GROUP (ORDER BY ${value}) OVER (${PARTITION})`,
    ordered: () => null,
    ilike: (left, right) => `LOWER(${left}) LIKE LOWER(${right})`,
    nullSafeEquals: (left, right) => `${left} <=> ${right}`,
    temporalValue: (marker) => `CAST(${marker} AS DATETIME)`,
    grainInput: (column) => column,
    temporalText: timestampText,
    toDouble: (value) => value,
  },
  // better-sqlite3 bundles SQLite's percentile extension; it has no ordered aggregate returning a value.
  sqlite: {
    percentile: (value, fraction) => `PERCENTILE_CONT(${value}, ${fraction})`,
    percentileWindow: () => null,
    ordered: () => null,
    ilike: (left, right) => `LOWER(${left}) LIKE LOWER(${right})`,
    nullSafeEquals: (left, right) => `${left} IS ${right}`,
    temporalValue: (marker) => marker,
    grainInput: (column) => column,
    temporalText: sqliteTimeText,
    toDouble: (value) => `CAST(${value} AS REAL)`,
  },
};

export function chartEngineSql(engine: EngineName): ChartEngineSql {
  return ENGINE_SQL[engine];
}

/** FIRST/LAST through FIRST_VALUE over the group's rows; the assembler fills in PARTITION. */
export function orderedWindow(valueSql: string, timeSql: string, last: boolean): string {
  return windowFirstLast(valueSql, timeSql, last);
}
