// SQLite's SQL as Nezha's tokenizer, SQL Lab guards, chart compiler and saved columns see it.
import type { EditorDialect, NumericTimeMethod } from '@nezha/core';
import {
  type ChartEngineSql,
  type SavedColumnSql,
  type SqlDialectFacts,
  type SqlLabFacts,
  timestampText,
} from '../capabilities.js';

export const sqliteFacts: SqlDialectFacts = {
  engine: 'sqlite',
  identifierQuote: '"',
  identifierQuotes: ['"', '`', '['],
  doubleQuotedStrings: false,
  backslashEscapes: false,
  backslashEscapesInNames: false,
  escapeStringPrefix: false,
  hashComments: false,
  dashCommentNeedsSpace: false,
  nestedBlockComments: false,
  executableComments: false,
  dollarQuotes: false,
  formatterLanguage: 'sqlite',
  foldsUnquotedNames: false,
  settingMutates: () => false,
};

export const sqliteSqlLab: SqlLabFacts = {
  // An attached file could be any file the server can read, the metadata store included.
  refusedKeywords: ['ATTACH'],
  refusedFunctions: [],
  formatterParams: { positional: true, numbered: ['?'], named: [':', '@', '$'] },
  formatterAliases: [],
  formatterKeywordCase: 'upper',
  ctasTableOptions: '',
  costEstimate: true,
};

/**
 * SQLite compares time as text: a midnight bound written as a bare date sorts correctly against both
 * 'YYYY-MM-DD' and 'YYYY-MM-DD HH:MM:SS' values, where '2012-01-01 00:00:00' would sort after '2012-01-01'.
 */
function sqliteTimeText(date: Date): string {
  const text = timestampText(date);
  return text.endsWith(' 00:00:00') ? text.slice(0, 10) : text;
}

// better-sqlite3 bundles SQLite's percentile extension; it has no ordered aggregate returning a value.
export const sqliteChartSql: ChartEngineSql = {
  percentile: (value, fraction) => `PERCENTILE_CONT(${value}, ${fraction})`,
  percentileWindow: () => null,
  ordered: () => null,
  ilike: (left, right) => `LOWER(${left}) LIKE LOWER(${right})`,
  nullSafeEquals: (left, right) => `${left} IS ${right}`,
  temporalValue: (marker) => marker,
  temporalColumn: (column) => column,
  aliasesShadowColumns: false,
  grainInput: (column) => column,
  temporalText: sqliteTimeText,
  toDouble: (value) => `CAST(${value} AS REAL)`,
  toText: (value) => `CAST(${value} AS TEXT)`,
};

const SQLITE_FORMAT: Record<Exclude<NumericTimeMethod, 'QUARTER_OF_YEAR'>, string> = {
  SECOND_OF_MINUTE: '%S',
  MINUTE_OF_HOUR: '%M',
  HOUR_OF_DAY: '%H',
  DAY_OF_WEEK: '%w',
  DAY_OF_MONTH: '%d',
  DAY_OF_YEAR: '%j',
  WEEK_OF_YEAR: '%W',
  MONTH_OF_YEAR: '%m',
  YEAR: '%Y',
};

export const sqliteSavedColumnSql: SavedColumnSql = {
  datetime: (sql) => `datetime(${sql})`,
  timePart: (method, sql) =>
    method === 'QUARTER_OF_YEAR'
      ? `((CAST(strftime('%m', ${sql}) AS INTEGER) + 2) / 3)`
      : `CAST(strftime('${SQLITE_FORMAT[method]}', ${sql}) AS INTEGER)`,
};

/** The SQL editor's CodeMirror dialect for this engine. */
export const sqliteEditorDialect: EditorDialect = 'SQLite';
