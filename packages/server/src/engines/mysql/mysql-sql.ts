// MySQL's and MariaDB's SQL as Nezha's tokenizer, SQL Lab guards, chart compiler and saved columns see it.
import type { EditorDialect, NumericTimeMethod } from '@nezha/core';
import {
  type ChartEngineSql,
  PARTITION,
  type SavedColumnSql,
  type SqlDialectFacts,
  type SqlLabFacts,
  timestampText,
} from '../capabilities.js';

export const mysqlFacts: SqlDialectFacts = {
  engine: 'mysql',
  identifierQuote: '`',
  identifierQuotes: ['`'],
  doubleQuotedStrings: true,
  backslashEscapes: true,
  backslashEscapesInNames: false,
  escapeStringPrefix: false,
  hashComments: true,
  dashCommentNeedsSpace: true,
  nestedBlockComments: false,
  executableComments: true,
  dollarQuotes: false,
  formatterLanguage: 'mysql',
  foldsUnquotedNames: false,
  // GLOBAL/PERSIST or RESET MASTER outlive the session.
  settingMutates: (keyword, words) =>
    keyword === 'RESET' ||
    words.some((word) => ['GLOBAL', 'PERSIST', 'PERSIST_ONLY', 'PASSWORD', 'DEFAULT', 'RESOURCE'].includes(word)),
};

export const mysqlSqlLab: SqlLabFacts = {
  refusedKeywords: [],
  refusedFunctions: [],
  formatterParams: { positional: true },
  formatterAliases: ['mariadb'],
  formatterKeywordCase: 'upper',
  ctasTableOptions: '',
  costEstimate: true,
};

// MariaDB has PERCENTILE_CONT only as a window function; MySQL 8 has neither and fails with its own error.
export const mysqlChartSql: ChartEngineSql = {
  percentile: () => null,
  percentileWindow: (value, fraction) =>
    `PERCENTILE_CONT(${fraction}) WITHIN GROUP (ORDER BY ${value}) OVER (${PARTITION})`,
  ordered: () => null,
  ilike: (left, right) => `LOWER(${left}) LIKE LOWER(${right})`,
  nullSafeEquals: (left, right) => `${left} <=> ${right}`,
  temporalValue: (marker) => `CAST(${marker} AS DATETIME)`,
  temporalColumn: (column) => column,
  aliasesShadowColumns: false,
  grainInput: (column) => column,
  temporalText: timestampText,
  toDouble: (value) => value,
  toText: (value) => `CAST(${value} AS CHAR)`,
};

const MYSQL_FUNCTION: Record<NumericTimeMethod, (sql: string) => string> = {
  SECOND_OF_MINUTE: (sql) => `SECOND(${sql})`,
  MINUTE_OF_HOUR: (sql) => `MINUTE(${sql})`,
  HOUR_OF_DAY: (sql) => `HOUR(${sql})`,
  DAY_OF_WEEK: (sql) => `(DAYOFWEEK(${sql}) - 1)`,
  DAY_OF_MONTH: (sql) => `DAYOFMONTH(${sql})`,
  DAY_OF_YEAR: (sql) => `DAYOFYEAR(${sql})`,
  WEEK_OF_YEAR: (sql) => `WEEK(${sql}, 3)`,
  MONTH_OF_YEAR: (sql) => `MONTH(${sql})`,
  QUARTER_OF_YEAR: (sql) => `QUARTER(${sql})`,
  YEAR: (sql) => `YEAR(${sql})`,
};

export const mysqlSavedColumnSql: SavedColumnSql = {
  datetime: (sql) => `CAST(${sql} AS DATETIME)`,
  timePart: (method, sql) => MYSQL_FUNCTION[method](sql),
};

/** The SQL editor's CodeMirror dialect for this engine. MySQL and MariaDB servers both speak MySQL's dialect (backticks, # comments). */
export const mysqlEditorDialect: EditorDialect = 'MySQL';
