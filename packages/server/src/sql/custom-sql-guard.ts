// The one server-side rule for custom SQL fragments (chart metrics, columns, filters, saved columns, measures,
// row-level security clauses), and its two answers: the chart query's 400 and a form field's message.
import { SUB_QUERY_MESSAGE, sensitiveColumnMessage } from '@nezha/core';
import type { EngineName } from '../engines/types.js';
import { NezhaError } from '../errors/nezha-error.js';
import { dialectFacts } from './dialect-facts.js';
import { isWord, significantTokens, type Token, tokenize } from './tokenize.js';

export const MULTIPLE_STATEMENTS_MESSAGE = 'Custom SQL cannot contain more than one statement';
export const UNBALANCED_MESSAGE = 'Custom SQL has unbalanced parentheses';
export const UNTERMINATED_MESSAGE = 'Custom SQL has an unterminated string, identifier or comment';
export const EMPTY_MESSAGE = 'Custom SQL cannot be empty';
export const INVALID_TEXT_MESSAGE = 'Custom SQL contains a NUL character or invalid UTF-8';

/**
 * Why a fragment is refused. `sensitive` and `sub_query` carry the spec's messages; `structure` is a fragment
 * that would not stay one expression inside the parentheses it is spliced into.
 */
export interface CustomSqlProblem {
  kind: 'sensitive' | 'sub_query' | 'structure';
  message: string;
}

/**
 * Words that only ever start or join a query or statement. In an expression they mean a sub-query, a table
 * reference, a set operation or a second statement. FROM, IN, USING and WITH are handled apart: function-call
 * syntax uses them legitimately.
 */
const QUERY_WORDS = new Set([
  'SELECT',
  'JOIN',
  'UNION',
  'INTERSECT',
  'EXCEPT',
  'MINUS',
  'VALUES',
  'TABLE',
  'EXISTS',
  'LATERAL',
  'INTO',
  'PIVOT',
  'UNPIVOT',
  'RETURNING',
  'SUMMARIZE',
  'DESCRIBE',
  'SHOW',
  'PRAGMA',
  'ATTACH',
  'DETACH',
  'COPY',
  'CALL',
  'EXECUTE',
  'INSERT',
  'UPDATE',
  'DELETE',
  'MERGE',
  'UPSERT',
  'CREATE',
  'DROP',
  'ALTER',
  'TRUNCATE',
  'GRANT',
  'REVOKE',
]);
/** Statement words that are also ordinary function names (MySQL's INSERT(), TRUNCATE(), REPLACE()). */
const ALSO_FUNCTIONS = new Set(['INSERT', 'TRUNCATE']);

/** Functions whose SQL syntax puts FROM inside the call: EXTRACT(YEAR FROM d), SUBSTRING(s FROM 1 FOR 2)… */
const FROM_FUNCTIONS = new Set(['EXTRACT', 'SUBSTRING', 'SUBSTR', 'TRIM', 'OVERLAY']);
/** POSITION('a' IN s). Everywhere else IN must be followed by a parenthesised list. */
const IN_FUNCTIONS = new Set(['POSITION']);
/** MySQL's CONVERT(s USING utf8mb4). */
const USING_FUNCTIONS = new Set(['CONVERT']);

/** Schemas and catalog tables of the engines' own metadata: refused wherever they appear. */
const CATALOG_NAMES = new Set([
  'information_schema',
  'pg_catalog',
  'pg_toast',
  'performance_schema',
  'sqlite_master',
  'sqlite_schema',
  'sqlite_temp_master',
  'sqlite_temp_schema',
  'sqlite_sequence',
]);
/** Catalog schemas whose names are also plausible column names (`temp`, `system`): refused as qualifiers. */
const CATALOG_QUALIFIERS = new Set(['mysql', 'sys', 'system', 'temp']);

/**
 * Table-valued, catalog, file, network and state-changing functions of the four engines. A fragment is an
 * expression over the dataset's rows; none of these is ever needed for one, and each reads elsewhere or
 * changes something.
 */
const FORBIDDEN_FUNCTIONS = new Set([
  'query',
  'query_table',
  'glob',
  'generate_series',
  'generate_subscripts',
  'unnest_table',
  'sniff_csv',
  'delta_scan',
  'json_execute_serialized_sql',
  'json_deserialize_sql',
  'load_file',
  'load_extension',
  'readfile',
  'writefile',
  'edit',
  'fts3_tokenizer',
  'sys_exec',
  'sys_eval',
  'set_config',
  'current_setting',
  'nextval',
  'setval',
  'lastval',
  'dblink',
  'txid_current',
  'getvariable',
  'getenv',
  'which_secret',
  'load_aws_credentials',
  'dbgen',
  'dsdgen',
  'tpch',
  'tpcds',
  'repeat_row',
  'test_all_types',
  'icu_calendar_names',
  'summary',
  'checkpoint',
  'force_checkpoint',
  'json_table',
  'json_each',
  'json_tree',
  'xmltable',
  'ts_stat',
  'ts_rewrite',
  'zipfile',
  'fsdir',
  'get_lock',
  'release_lock',
  'release_all_locks',
]);
const FORBIDDEN_FUNCTION_PREFIXES = [
  'read_',
  'duckdb_',
  'pragma_',
  'sqlite_',
  'pg_',
  'lo_',
  'dblink_',
  'parquet_',
  'iceberg_',
  'postgres_',
  'mysql_',
  'sqlite3_',
  'json_execute',
  'arrow_',
  'http_',
];
const FORBIDDEN_FUNCTION_SUFFIXES = ['_scan', '_to_xml', '_to_xmlschema', '_to_xml_and_xmlschema', '_attach'];

/** The name a word or quoted identifier token stands for ("a""b" → a"b, [x] → x). */
export function identifierText(token: Token): string {
  if (token.type !== 'identifier') return token.text;
  if (token.name !== undefined) return token.name;
  const open = token.text[0] as string;
  const body = token.text.slice(1, -1);
  return open === '[' ? body : body.replaceAll(open + open, open);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function isName(token: Token | undefined): token is Token {
  return token?.type === 'word' || token?.type === 'identifier';
}

function isDot(token: Token | undefined): boolean {
  return token?.type === 'operator' && token.text === '.';
}

function forbiddenFunction(name: string): boolean {
  const lower = name.toLowerCase();
  return (
    FORBIDDEN_FUNCTIONS.has(lower) ||
    FORBIDDEN_FUNCTION_PREFIXES.some((prefix) => lower.startsWith(prefix)) ||
    FORBIDDEN_FUNCTION_SUFFIXES.some((suffix) => lower.endsWith(suffix))
  );
}

/** Structure first: a fragment that is not one balanced, terminated piece of SQL cannot be judged further. */
function structureProblem(sql: string, tokens: readonly Token[]): CustomSqlProblem | null {
  let depth = 0;
  for (const token of tokens) {
    if (token.unterminated) return { kind: 'structure', message: UNTERMINATED_MESSAGE };
    if (token.type === 'semicolon') return { kind: 'structure', message: MULTIPLE_STATEMENTS_MESSAGE };
    if (token.type === 'open_paren') depth += 1;
    if (token.type === 'close_paren') depth -= 1;
    if (depth < 0) return { kind: 'structure', message: UNBALANCED_MESSAGE };
  }
  if (depth !== 0) return { kind: 'structure', message: UNBALANCED_MESSAGE };
  if (!sql.trim() || significantTokens(tokens).length === 0) return { kind: 'structure', message: EMPTY_MESSAGE };
  return null;
}

/**
 * The first reason `sql` may not be used as a custom SQL expression on `engine`, or null.
 *
 * A fragment is an expression: identifiers (optionally qualified by the dataset's table), literals, operators,
 * CASE, CAST, calls of scalar and aggregate functions, window OVER clauses. Refused: a sensitive column of the
 * dataset; anything that reads another relation (SELECT, FROM outside EXTRACT/SUBSTRING/TRIM/OVERLAY and
 * IS DISTINCT FROM, JOIN, set operations, VALUES, WITH, EXISTS, `IN table`); catalog schemas and tables;
 * table-valued, file and catalog functions; statement words; more than one statement; unbalanced parentheses.
 * The spec's messages (sensitive column, sub-query) come before the structural ones.
 */
export function customSqlProblem(
  sql: string,
  engine: EngineName,
  sensitive: readonly string[] = [],
): CustomSqlProblem | null {
  if (sql.includes('\u0000') || LONE_SURROGATE.test(sql)) return { kind: 'structure', message: INVALID_TEXT_MESSAGE };
  const all = tokenize(sql, dialectFacts(engine));
  const tokens = significantTokens(all);
  for (const token of tokens) {
    // MySQL reads "x" as an identifier under ANSI_QUOTES, so there a double-quoted string may name a column too.
    const doubleQuoted = token.type === 'string' && token.text.startsWith('"');
    if (!isName(token) && !doubleQuoted) continue;
    const name = (doubleQuoted ? token.text.slice(1, -1).replaceAll('""', '"') : identifierText(token)).toLowerCase();
    const column = sensitive.find((s) => s && s.toLowerCase() === name);
    if (column) return { kind: 'sensitive', message: sensitiveColumnMessage(column) };
  }
  if (tokens.some((token) => token.type === 'semicolon')) {
    return { kind: 'structure', message: MULTIPLE_STATEMENTS_MESSAGE };
  }
  if (readsElsewhere(tokens)) return { kind: 'sub_query', message: SUB_QUERY_MESSAGE };
  return structureProblem(sql, all);
}

/** True when the tokens step outside one expression over the dataset's row (see customSqlProblem). */
function readsElsewhere(tokens: readonly Token[]): boolean {
  /** The function (upper-cased) whose call each open parenthesis starts; '' for a plain parenthesis. */
  const calls: string[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] as Token;
    const previous = tokens[i - 1];
    const next = tokens[i + 1];
    if (token.type === 'open_paren') {
      calls.push(isName(previous) ? identifierText(previous).toUpperCase() : '');
      continue;
    }
    if (token.type === 'close_paren') {
      calls.pop();
      continue;
    }
    if (!isName(token)) continue;

    const name = identifierText(token);
    const lower = name.toLowerCase();
    const calledAsFunction = next?.type === 'open_paren';
    if (calledAsFunction && forbiddenFunction(name)) return true;
    if (CATALOG_NAMES.has(lower) || (isDot(next) && CATALOG_QUALIFIERS.has(lower))) return true;
    // Quoted identifiers are names, never keywords: "select" may be a column.
    if (token.type !== 'word' || isDot(previous)) continue;

    const upper = name.toUpperCase();
    const enclosing = calls.at(-1) ?? '';
    if (QUERY_WORDS.has(upper) && !(ALSO_FUNCTIONS.has(upper) && calledAsFunction)) return true;
    if (upper === 'FROM') {
      const distinctFrom =
        isWord(previous, 'DISTINCT') &&
        (isWord(tokens[i - 2], 'IS') || (isWord(tokens[i - 2], 'NOT') && isWord(tokens[i - 3], 'IS')));
      if (!distinctFrom && !FROM_FUNCTIONS.has(enclosing)) return true;
    }
    // SQLite reads `x IN some_table`; a list or sub-query needs the parenthesis, POSITION('a' IN s) does not.
    if (upper === 'IN' && next?.type !== 'open_paren' && !IN_FUNCTIONS.has(enclosing)) return true;
    if (upper === 'USING' && !USING_FUNCTIONS.has(enclosing)) return true;
    // Only the type spellings TIMESTAMP WITH [LOCAL] TIME ZONE; WITH … AS (…) is a query.
    if (upper === 'WITH' && !isWord(next, 'TIME', 'LOCAL')) return true;
  }
  return false;
}

/**
 * The fragment wrapped in parentheses, ready to splice into a query; refused (400, the spec's messages first) by
 * `customSqlProblem`. A trailing line comment gets a newline so it cannot swallow what follows.
 */
export function guardCustomSql(sql: string, sensitive: readonly string[], engine: EngineName): string {
  const problem = customSqlProblem(sql, engine, sensitive);
  if (problem)
    throw new NezhaError({ type: 'ADHOC_SUBQUERY_NOT_ALLOWED_ERROR', status: 400, message: problem.message });
  return /--|#|\/\*/.test(sql) ? `(${sql}\n)` : `(${sql})`;
}

/**
 * The message for a form field holding a fragment (saved columns, measures, filter rules), null when it is fine:
 * a sensitive column or a sub-query as `customSqlProblem` says, anything that would not stay one expression alike.
 */
export function customSqlFieldProblem(sql: string, engine: EngineName, sensitive: readonly string[]): string | null {
  const problem = customSqlProblem(sql, engine, sensitive);
  if (!problem) return null;
  return problem.kind === 'structure' ? 'Custom SQL must be a single expression' : problem.message;
}
