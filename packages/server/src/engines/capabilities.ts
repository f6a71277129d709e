// What Nezha's SQL tooling, chart compiler and semantic layer need to know about an engine's SQL. Every engine
// folder fills in each of these (they are required members of `Engine`), so a new engine that forgets one fails to
// compile instead of borrowing another engine's SQL.
import type { NumericTimeMethod } from '@nezha/core';
import type { ParamTypes, SqlLanguage } from 'sql-formatter';

/** The lexical facts of the engine's SQL that SQL Lab's tokenizer, guards and rewrites depend on. */
export interface SqlDialectFacts {
  engine: string;
  /** Character that quotes identifiers when we write them (CTAS targets). */
  identifierQuote: '"' | '`';
  /** Characters that open a quoted identifier when reading; SQLite also reads [name]. */
  identifierQuotes: readonly string[];
  /** MySQL reads "…" as a string literal unless ANSI_QUOTES is set. */
  doubleQuotedStrings: boolean;
  /** `\'` escapes inside '…' (MySQL's default sql_mode). */
  backslashEscapes: boolean;
  /** `\"` escapes inside quoted names too (ClickHouse: "a\"b" is the name a"b), so a backslash cannot end one. */
  backslashEscapesInNames: boolean;
  /** `E'…'` strings with backslash escapes (PostgreSQL, DuckDB). */
  escapeStringPrefix: boolean;
  /** `#` starts a line comment (MySQL). */
  hashComments: boolean;
  /** MySQL only treats `--` as a comment when whitespace follows it (`1--1` is arithmetic). */
  dashCommentNeedsSpace: boolean;
  /** PostgreSQL and DuckDB nest block comments: `/* a /* b *\/ c *\/`. */
  nestedBlockComments: boolean;
  /** MySQL runs the body of `/*! … *\/` comments, so their content is code, not comment. */
  executableComments: boolean;
  /** `$tag$ … $tag$` strings (PostgreSQL, DuckDB). */
  dollarQuotes: boolean;
  /** sql-formatter's language name. */
  formatterLanguage: SqlLanguage;
  /** Unquoted names fold to lower case when compared (PostgreSQL); elsewhere they compare as written. */
  foldsUnquotedNames: boolean;
  /**
   * Whether `SET …` / `RESET …` (`words`: the statement's words, upper-cased) changes more than the pooled session,
   * or changes who that session acts as for its next user: such a statement mutates.
   */
  settingMutates(keyword: 'SET' | 'RESET', words: readonly string[]): boolean;
}

/** What SQL Lab refuses or formats per engine. */
export interface SqlLabFacts {
  /** Statement keywords SQL Lab never sends, whatever the database allows (SQLite's ATTACH could open any file). */
  refusedKeywords: readonly string[];
  /**
   * Functions (lower-cased) SQL Lab and virtual datasets never call: they make the database server read its own
   * files or reach other hosts, which its users should not be able to do through Nezha (ClickHouse's url()).
   */
  refusedFunctions: readonly string[];
  /** sql-formatter's placeholders: giving paramTypes replaces the language's own, so each engine states them. */
  formatterParams: ParamTypes;
  /** Other names a caller may give for this engine when formatting (postgres, mariadb). */
  formatterAliases: readonly string[];
  /** Whether formatting upper-cases keywords ('preserve' where the formatter's keywords include names). */
  formatterKeywordCase: 'upper' | 'preserve';
  /**
   * What CTAS writes between the new table's name and AS (a table engine where the database needs one), '' where
   * `CREATE TABLE t AS SELECT …` is complete. Views need none.
   */
  ctasTableOptions: string;
  /**
   * Whether the engine can say what a query would cost before it runs (Superset's `get_allow_cost_estimate`): SQL
   * Lab offers "Estimate cost" only where it can.
   */
  costEstimate: boolean;
}

/** What chart SQL needs beyond the dialect: ordered and percentile aggregates, ILIKE, null-safe equality, time. */
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
  /** The column side of that comparison (ClickHouse 18.16 compares a Date with a DateTime as raw numbers). */
  temporalColumn(columnSql: string): string;
  /**
   * The engine reads a SELECT alias in place of the column of the same name inside WHERE and GROUP BY (ClickHouse
   * 18.16), so answer columns are aliased by position (their labels come from the compiled query's columns).
   */
  aliasesShadowColumns: boolean;
  /** Time grain input: PostgreSQL's EXTRACT refuses sub-day fields of a DATE, so DATEs become TIMESTAMPs. */
  grainInput(columnSql: string, columnType: string | null | undefined): string;
  /** The text a time bound is bound as (UTC, no zone). */
  temporalText(date: Date): string;
  /** A number as floating point, so that a division does not truncate (MySQL's `/` never does). */
  toDouble(valueSql: string): string;
  /** A value as text (filter value search): the engine's text type in a CAST. */
  toText(valueSql: string): string;
}

/** The SQL of a saved (calculated) column's method. */
export interface SavedColumnSql {
  /** DATETIME: the expression as a timestamp. */
  datetime(expressionSql: string): string;
  /** A numeric time part (day of week counts from Sunday = 0 on every engine). */
  timePart(method: NumericTimeMethod, expressionSql: string): string;
}

/** `(t IS NULL), t` puts rows without a time last on every engine (MySQL has no NULLS LAST). */
export function timeOrder(timeSql: string, last: boolean): string {
  return `(${timeSql} IS NULL), ${timeSql}${last ? ' DESC' : ''}`;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** 'YYYY-MM-DD HH:MM:SS' in UTC. */
export function timestampText(date: Date): string {
  return (
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}

/** Where a window function's PARTITION BY goes; NUL cannot come from custom SQL (see custom-sql.ts). */
export const PARTITION = '\u0000partition\u0000';

/** EXTRACT fields of DuckDB and PostgreSQL; day of week counts from Sunday = 0 on both. */
const EXTRACT_FIELD: Record<NumericTimeMethod, string> = {
  SECOND_OF_MINUTE: 'SECOND',
  MINUTE_OF_HOUR: 'MINUTE',
  HOUR_OF_DAY: 'HOUR',
  DAY_OF_WEEK: 'DOW',
  DAY_OF_MONTH: 'DAY',
  DAY_OF_YEAR: 'DOY',
  WEEK_OF_YEAR: 'WEEK',
  MONTH_OF_YEAR: 'MONTH',
  QUARTER_OF_YEAR: 'QUARTER',
  YEAR: 'YEAR',
};

/** Time parts through standard EXTRACT (DuckDB, PostgreSQL). */
export function extractTimePart(method: NumericTimeMethod, expressionSql: string): string {
  return `CAST(EXTRACT(${EXTRACT_FIELD[method]} FROM ${expressionSql}) AS INTEGER)`;
}
