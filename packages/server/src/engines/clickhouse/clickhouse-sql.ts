// ClickHouse's SQL (as 18.16 speaks it) for Nezha's tokenizer, SQL Lab guards, chart compiler and saved columns.
import type { EditorDialect, NumericTimeMethod } from '@nezha/core';
import {
  type ChartEngineSql,
  type SavedColumnSql,
  type SqlDialectFacts,
  type SqlLabFacts,
  timestampText,
} from '../capabilities.js';

export const clickhouseFacts: SqlDialectFacts = {
  engine: 'clickhouse',
  identifierQuote: '"',
  identifierQuotes: ['"', '`'],
  doubleQuotedStrings: false,
  // 'a\'b' is a string with a quote in it; backslashes escape inside strings and names.
  backslashEscapes: true,
  backslashEscapesInNames: true,
  escapeStringPrefix: false,
  hashComments: false,
  dashCommentNeedsSpace: false,
  nestedBlockComments: false,
  executableComments: false,
  dollarQuotes: false,
  formatterLanguage: 'clickhouse',
  foldsUnquotedNames: false,
  // Over HTTP without a session a SET lasts for its own request only.
  settingMutates: () => false,
};

export const clickhouseSqlLab: SqlLabFacts = {
  refusedKeywords: [],
  // Table functions (and file()) that read the server's files, other servers, object stores or programs: an SSRF
  // and file-read path from the database server's network position. numbers(), values() and the like stay.
  refusedFunctions: [
    'url',
    'urlcluster',
    'remote',
    'remotesecure',
    'cluster',
    'clusterallreplicas',
    'file',
    'filecluster',
    's3',
    's3cluster',
    'gcs',
    'hdfs',
    'hdfscluster',
    'azureblobstorage',
    'mysql',
    'postgresql',
    'mongodb',
    'redis',
    'sqlite',
    'jdbc',
    'odbc',
    'executable',
    'dictionary',
    'input',
  ],
  formatterParams: { positional: true },
  formatterAliases: ['clickhousedb'],
  // Names are case-sensitive in ClickHouse and the formatter's keyword list holds common column names (n, name,
  // key, type): upper-casing its "keywords" would make `SELECT n` read a column N that does not exist.
  formatterKeywordCase: 'preserve',
  // 18.16 creates no table without a table engine (default_table_engine came in 22.x, where it is MergeTree with
  // no sorting key). MergeTree with ORDER BY tuple() is what a newer server would pick: a SQL Lab user's CTAS table
  // is meant to be kept and explored as a dataset, and a Memory table would vanish when the server restarts.
  ctasTableOptions: 'ENGINE = MergeTree ORDER BY tuple()',
  // ClickHouse 18.16 has no EXPLAIN (it came in 20.6).
  costEstimate: false,
};

/**
 * PERCENTILE_CONT: ClickHouse's quantile() samples and 18.16 has no interpolating exact quantile, so the sorted
 * values of the group are interpolated here, as PERCENTILE_CONT does (NULLs are left out of groupArray).
 */
function percentile(value: string, fraction: number): string {
  const at = `(${fraction} * (length(s) - 1))`;
  const below = `s[toUInt64(floor(${at})) + 1]`;
  const above = `s[toUInt64(ceil(${at})) + 1]`;
  return (
    `if(count(${value}) = 0, NULL, ` +
    `arrayMap(s -> ${below} + (${above} - ${below}) * (${at} - floor(${at})), ` +
    `[arraySort(groupArray(toFloat64(${value})))])[1])`
  );
}

export const clickhouseChartSql: ChartEngineSql = {
  percentile,
  percentileWindow: () => null,
  // argMin/argMax take the value at the earliest/latest time; rows without a time are skipped by both.
  ordered: (value, time, last) => `${last ? 'argMax' : 'argMin'}(${value}, ${time})`,
  ilike: (left, right) => `lowerUTF8(${left}) LIKE lowerUTF8(${right})`,
  // 18.16 has no IS NOT DISTINCT FROM, and its JOIN … ON takes only equalities of one side with the other: the
  // values as text (NULL as '') and their NULL flags.
  nullSafeEquals: (left, right) =>
    `ifNull(toString(${left}), '') = ifNull(toString(${right}), '') AND isNull(${left}) = isNull(${right})`,
  temporalValue: (marker) => `toDateTime(${marker})`,
  // toDateTime is monotonic, so a MergeTree key on the column still prunes.
  temporalColumn: (column) => `toDateTime(${column})`,
  aliasesShadowColumns: true,
  grainInput: (column) => column,
  temporalText: timestampText,
  toDouble: (value) => `toFloat64(${value})`,
  toText: (value) => `toString(${value})`,
};

const FUNCTION: Record<NumericTimeMethod, (sql: string) => string> = {
  SECOND_OF_MINUTE: (sql) => `toSecond(${sql})`,
  MINUTE_OF_HOUR: (sql) => `toMinute(${sql})`,
  HOUR_OF_DAY: (sql) => `toHour(${sql})`,
  // toDayOfWeek counts Monday = 1 … Sunday = 7; the spec counts from Sunday = 0.
  DAY_OF_WEEK: (sql) => `(toDayOfWeek(${sql}) % 7)`,
  DAY_OF_MONTH: (sql) => `toDayOfMonth(${sql})`,
  DAY_OF_YEAR: (sql) => `toDayOfYear(${sql})`,
  WEEK_OF_YEAR: (sql) => `toISOWeek(${sql})`,
  MONTH_OF_YEAR: (sql) => `toMonth(${sql})`,
  QUARTER_OF_YEAR: (sql) => `toQuarter(${sql})`,
  YEAR: (sql) => `toYear(${sql})`,
};

export const clickhouseSavedColumnSql: SavedColumnSql = {
  datetime: (sql) => `toDateTime(${sql})`,
  timePart: (method, sql) => FUNCTION[method](sql),
};

/** The SQL editor's CodeMirror dialect for this engine. CodeMirror has no ClickHouse dialect; its standard SQL keeps backtick and double-quote names readable. */
export const clickhouseEditorDialect: EditorDialect = 'StandardSQL';
