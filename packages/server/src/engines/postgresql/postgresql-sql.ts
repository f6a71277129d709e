// PostgreSQL's SQL as Nezha's tokenizer, SQL Lab guards, chart compiler and saved columns see it.

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

export const postgresqlFacts: SqlDialectFacts = {
  engine: 'postgresql',
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
  formatterLanguage: 'postgresql',
  foldsUnquotedNames: true,
  // SET ROLE / SET SESSION AUTHORIZATION change who the pooled connection acts as for its next user.
  settingMutates: (_keyword, words) => words.includes('ROLE') || words.includes('AUTHORIZATION'),
};

export const postgresqlSqlLab: SqlLabFacts = {
  refusedKeywords: [],
  refusedFunctions: [],
  formatterParams: { numbered: ['$'] },
  formatterAliases: ['postgres'],
  formatterKeywordCase: 'upper',
  ctasTableOptions: '',
  costEstimate: true,
};

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

export const postgresqlChartSql: ChartEngineSql = {
  percentile: (value, fraction) => `PERCENTILE_CONT(${fraction}) WITHIN GROUP (ORDER BY ${value})`,
  percentileWindow: () => null,
  ordered: (value, time, last) => `(ARRAY_AGG(${value} ORDER BY ${timeOrder(time, last)}))[1]`,
  ilike: (left, right) => `${left} ILIKE ${right}`,
  nullSafeEquals: postgresNullSafeEquals,
  temporalValue: (marker) => `CAST(${marker} AS TIMESTAMP)`,
  temporalColumn: (column) => column,
  aliasesShadowColumns: false,
  grainInput: (column, type) => (/^date$/i.test(type ?? '') ? `CAST(${column} AS TIMESTAMP)` : column),
  temporalText: timestampText,
  toDouble: (value) => `CAST(${value} AS DOUBLE PRECISION)`,
  toText: (value) => `CAST(${value} AS VARCHAR)`,
};

export const postgresqlSavedColumnSql: SavedColumnSql = {
  datetime: (sql) => `CAST(${sql} AS TIMESTAMP)`,
  timePart: extractTimePart,
};

/** The SQL editor's CodeMirror dialect for this engine. */
export const postgresqlEditorDialect: EditorDialect = 'PostgreSQL';
