// DuckDB's SQL as Nezha's tokenizer, SQL Lab guards, chart compiler and saved columns see it.

import type { EditorDialect } from '@nezha/core';
import {
  type ChartEngineSql,
  extractTimePart,
  type SavedColumnSql,
  type SqlDialectFacts,
  type SqlLabFacts,
  timeOrder,
  timestampText,
} from '../capabilities.js';

export const duckdbFacts: SqlDialectFacts = {
  engine: 'duckdb',
  identifierQuote: '"',
  identifierQuotes: ['"'],
  doubleQuotedStrings: false,
  backslashEscapes: false,
  backslashEscapesInNames: false,
  escapeStringPrefix: true,
  hashComments: false,
  dashCommentNeedsSpace: false,
  nestedBlockComments: true,
  executableComments: false,
  dollarQuotes: true,
  formatterLanguage: 'duckdb',
  foldsUnquotedNames: false,
  // DuckDB settings are mostly instance-wide.
  settingMutates: () => true,
};

export const duckdbSqlLab: SqlLabFacts = {
  // File functions and ATTACH are refused by the connection itself (enable_external_access=false).
  refusedKeywords: [],
  refusedFunctions: [],
  formatterParams: { positional: true, numbered: ['$'], named: ['$'] },
  formatterAliases: [],
  formatterKeywordCase: 'upper',
  ctasTableOptions: '',
  costEstimate: true,
};

export const duckdbChartSql: ChartEngineSql = {
  percentile: (value, fraction) => `QUANTILE_CONT(${value}, ${fraction})`,
  percentileWindow: () => null,
  ordered: (value, time, last) => `FIRST(${value} ORDER BY ${timeOrder(time, last)})`,
  ilike: (left, right) => `${left} ILIKE ${right}`,
  nullSafeEquals: (left, right) => `${left} IS NOT DISTINCT FROM ${right}`,
  temporalValue: (marker) => `CAST(${marker} AS TIMESTAMP)`,
  temporalColumn: (column) => column,
  aliasesShadowColumns: false,
  grainInput: (column) => column,
  temporalText: timestampText,
  toDouble: (value) => `CAST(${value} AS DOUBLE)`,
  toText: (value) => `CAST(${value} AS VARCHAR)`,
};

export const duckdbSavedColumnSql: SavedColumnSql = {
  datetime: (sql) => `CAST(${sql} AS TIMESTAMP)`,
  timePart: extractTimePart,
};

/** The SQL editor's CodeMirror dialect for this engine. DuckDB's syntax (quoting, ::casts, $$ strings) follows PostgreSQL's. */
export const duckdbEditorDialect: EditorDialect = 'PostgreSQL';
