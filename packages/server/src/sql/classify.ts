// What a statement is (select, DML, DDL, other) and whether it may change data, schema, files or settings.
import type { EngineName } from '../engines/types.js';
import { dialectFacts, type SqlDialectFacts } from './dialect-facts.js';
import { splitStatements } from './split-statements.js';
import { isWord, significantTokens, type Token, tokenize } from './tokenize.js';

export type StatementKind = 'select' | 'dml' | 'ddl' | 'other';

export interface StatementInfo {
  kind: StatementKind;
  /** Upper-cased leading keyword; for `WITH … <main>` the main statement's keyword. '' when there is none. */
  keyword: string;
  /** A query returning rows that a LIMIT and CTAS/CVAS can wrap: SELECT, VALUES, TABLE, FROM-first, PIVOT. */
  isQuery: boolean;
  /** May change data, schema, files, extensions or shared settings; unknown statements count as mutating. */
  mutating: boolean;
  /**
   * The statement starts with a statement keyword of some engine we know. False for a typo (`SELEC`) or text that
   * starts with no word at all: such a statement cannot be valid, so it is reported as a syntax error.
   */
  known: boolean;
}

const QUERY_KEYWORDS = new Set(['SELECT', 'VALUES', 'TABLE', 'FROM', 'PIVOT', 'UNPIVOT']);
/** Read-only commands that return rows but are not queries (no LIMIT, no CTAS). */
const METADATA_KEYWORDS = new Set(['SHOW', 'DESCRIBE', 'DESC', 'EXPLAIN', 'SUMMARIZE']);
const DML_KEYWORDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'UPSERT', 'REPLACE', 'COPY']);
const DDL_KEYWORDS = new Set(['CREATE', 'DROP', 'ALTER', 'TRUNCATE', 'RENAME', 'GRANT', 'REVOKE', 'COMMENT']);
/**
 * `other` statements that only touch the session; everything else of kind `other` is treated as mutating.
 * Not here on purpose: USE (switches the database of a pooled connection the next user gets), CHECKPOINT
 * (writes the database files), ANALYZE (rewrites statistics the planner of every session reads) and NOTIFY
 * (reaches other sessions).
 */
const SESSION_KEYWORDS = new Set([
  'SET',
  'RESET',
  'BEGIN',
  'START',
  'COMMIT',
  'END',
  'ROLLBACK',
  'ABORT',
  'SAVEPOINT',
  'RELEASE',
  'LISTEN',
  'UNLISTEN',
  'DISCARD',
  'DEALLOCATE',
  'DECLARE',
  'FETCH',
  'CLOSE',
  'MOVE',
  'CHECK',
  'CHECKSUM',
  'HELP',
]);
/**
 * Statement keywords that are neither queries, DML, DDL nor session commands, but which some engine runs: known, so a
 * refusal says "not allowed" rather than "syntax error". All of them count as mutating.
 */
const OTHER_STATEMENT_KEYWORDS = new Set([
  'USE',
  'CHECKPOINT',
  'ANALYZE',
  'ANALYSE',
  'NOTIFY',
  'CALL',
  'EXEC',
  'EXECUTE',
  'PREPARE',
  'DO',
  'VACUUM',
  'ATTACH',
  'DETACH',
  'INSTALL',
  'UNINSTALL',
  'FORCE',
  'LOAD',
  'EXPORT',
  'IMPORT',
  'LOCK',
  'UNLOCK',
  'REINDEX',
  'CLUSTER',
  'REFRESH',
  'SECURITY',
  'REASSIGN',
  'HANDLER',
  'OPTIMIZE',
  'REPAIR',
  'FLUSH',
  'KILL',
  'PURGE',
  'SHUTDOWN',
  'RESTART',
  'CACHE',
  'BINLOG',
  'XA',
  'GET',
  'SIGNAL',
  'RESIGNAL',
]);
/** Every leading word that starts a statement on at least one engine. */
const KNOWN_STATEMENT_KEYWORDS = new Set([
  'WITH',
  'PRAGMA',
  ...QUERY_KEYWORDS,
  ...METADATA_KEYWORDS,
  ...DML_KEYWORDS,
  ...DDL_KEYWORDS,
  ...SESSION_KEYWORDS,
  ...OTHER_STATEMENT_KEYWORDS,
]);
/** Words that can start the statement a WITH clause leads into. */
const MAIN_AFTER_WITH = new Set([...QUERY_KEYWORDS, ...DML_KEYWORDS]);

/** Statement keywords that, right after `(`, start a data-modifying sub-statement (PostgreSQL CTEs). */
const NESTED_MUTATORS = new Set([...DML_KEYWORDS, ...DDL_KEYWORDS]);
/** Words that can start the statement an EXPLAIN describes. */
const EXPLAINABLE = new Set([...QUERY_KEYWORDS, ...DML_KEYWORDS, ...DDL_KEYWORDS, 'WITH', 'EXECUTE', 'DECLARE']);
/** Pragmas that only read, whatever their argument (a table or index name). */
const READ_PRAGMAS = new Set([
  'table_info',
  'table_xinfo',
  'table_list',
  'index_list',
  'index_info',
  'index_xinfo',
  'foreign_key_list',
  'foreign_key_check',
  'integrity_check',
  'quick_check',
  'database_list',
  'function_list',
  'module_list',
  'pragma_list',
  'collation_list',
  'compile_options',
  'data_version',
  'freelist_count',
  'page_count',
  'show_tables',
  'show_tables_expanded',
  'show',
  'storage_info',
  'database_size',
  'version',
  'platform',
  'metadata_info',
  'user_agent',
]);
/** Settings pragmas that read when bare and write when given a value (`PRAGMA user_version = 1`). */
const READ_WHEN_BARE_PRAGMAS = new Set([
  'user_version',
  'application_id',
  'schema_version',
  'encoding',
  'journal_mode',
  'foreign_keys',
  'page_size',
  'cache_size',
  'auto_vacuum',
  'synchronous',
]);

export function describeStatement(statement: string, engine: EngineName | SqlDialectFacts): StatementInfo {
  const facts = dialectFacts(engine);
  return describeTokens(significantTokens(tokenize(statement, facts)), facts);
}

export function classifyStatement(statement: string, engine: EngineName | SqlDialectFacts): StatementKind {
  return describeStatement(statement, engine).kind;
}

/** True when any statement of `sql` (one statement or a script) may change data, schema, files or settings. */
export function isMutating(sql: string, engine: EngineName | SqlDialectFacts): boolean {
  return splitStatements(sql, engine).some((statement) => describeStatement(statement.text, engine).mutating);
}

/** CVAS rule: the script is exactly one query. */
export function isSingleSelect(script: string, engine: EngineName | SqlDialectFacts): boolean {
  const statements = splitStatements(script, engine);
  return statements.length === 1 && describeStatement((statements[0] as { text: string }).text, engine).isQuery;
}

/** CTAS rule: the script's last statement is a query (earlier statements run first, as they are). */
export function isLastStatementSelect(script: string, engine: EngineName | SqlDialectFacts): boolean {
  const last = splitStatements(script, engine).at(-1);
  return last !== undefined && describeStatement(last.text, engine).isQuery;
}

function info(kind: StatementKind, keyword: string, mutating: boolean, isQuery = false): StatementInfo {
  return { kind, keyword, isQuery: isQuery && !mutating, mutating, known: true };
}

/** Whether a word starts a statement on some engine (the leading word of `describeStatement`). */
export function isStatementKeyword(word: string): boolean {
  return KNOWN_STATEMENT_KEYWORDS.has(word.toUpperCase());
}

function describeTokens(tokens: readonly Token[], facts: SqlDialectFacts): StatementInfo {
  let start = 0;
  while (tokens[start]?.type === 'open_paren') start += 1;
  const first = tokens[start];
  if (!first) return { ...info('other', '', tokens.length > 0), known: tokens.length === 0 };
  if (first.type !== 'word') return { ...info('other', '', true), known: false };
  const keyword = first.text.toUpperCase();
  if (!KNOWN_STATEMENT_KEYWORDS.has(keyword)) return { ...info('other', keyword, true), known: false };
  const rest = tokens.slice(start);

  if (keyword === 'WITH') {
    const main = mainStatementAfterWith(rest, first.depth);
    if (!main) return info('other', keyword, true);
    const mainKeyword = main.text.toUpperCase();
    if (QUERY_KEYWORDS.has(mainKeyword)) return info('select', mainKeyword, selectMutates(rest), true);
    if (DML_KEYWORDS.has(mainKeyword)) return info('dml', mainKeyword, true);
    return info('other', mainKeyword, true);
  }
  if (QUERY_KEYWORDS.has(keyword)) return info('select', keyword, selectMutates(rest), true);
  if (keyword === 'EXPLAIN') return info('select', keyword, explainMutates(rest, facts));
  if (METADATA_KEYWORDS.has(keyword)) return info('select', keyword, false);
  if (keyword === 'PRAGMA') {
    return pragmaReads(rest) ? info('select', keyword, false) : info('other', keyword, true);
  }
  if (keyword === 'LOAD' && isWord(rest[1], 'DATA', 'XML')) return info('dml', keyword, true);
  if (DML_KEYWORDS.has(keyword)) return info('dml', keyword, true);
  if (DDL_KEYWORDS.has(keyword)) return info('ddl', keyword, true);
  return info('other', keyword, otherMutates(keyword, rest, facts));
}

/**
 * The statement keyword after the CTEs: the first such word at the WITH's depth that is not itself a
 * CTE name (`WITH update AS (…)`, `WITH delete(a) AS (…)` are valid PostgreSQL).
 */
function mainStatementAfterWith(tokens: readonly Token[], depth: number): Token | undefined {
  for (let i = 1; i < tokens.length; i += 1) {
    const token = tokens[i] as Token;
    if (token.depth !== depth || token.type !== 'word' || !MAIN_AFTER_WITH.has(token.text.toUpperCase())) continue;
    let next = i + 1;
    if (tokens[next]?.type === 'open_paren') {
      while (next < tokens.length && !(tokens[next]?.type === 'close_paren' && tokens[next]?.depth === depth))
        next += 1;
      next += 1;
    }
    const afterAs = tokens[next + 1];
    const namesCte =
      isWord(tokens[next], 'AS') && (afterAs?.type === 'open_paren' || isWord(afterAs, 'MATERIALIZED', 'NOT'));
    if (!namesCte) return token;
  }
  return undefined;
}

/** SELECT … INTO creates a table or writes a file; `(DELETE …)` and friends are data-modifying CTEs. */
function selectMutates(tokens: readonly Token[]): boolean {
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] as Token;
    if (isWord(token, 'INTO')) return true;
    if (token.type !== 'open_paren') continue;
    const word = tokens[i + 1];
    // `replace(a, 'x', 'y')` and MySQL's INSERT()/TRUNCATE() functions are calls, not statements.
    if (word?.type === 'word' && NESTED_MUTATORS.has(word.text.toUpperCase()) && tokens[i + 2]?.type !== 'open_paren') {
      return true;
    }
  }
  return false;
}

/** EXPLAIN ANALYZE runs the statement it explains (PostgreSQL, DuckDB, MySQL); plain EXPLAIN does not. */
function explainMutates(tokens: readonly Token[], facts: SqlDialectFacts): boolean {
  const depth = (tokens[0] as Token).depth;
  let analyze = false;
  for (let i = 1; i < tokens.length; i += 1) {
    const token = tokens[i] as Token;
    if (isWord(token, 'ANALYZE', 'ANALYSE')) analyze = true;
    if (token.depth === depth && token.type === 'word' && EXPLAINABLE.has(token.text.toUpperCase())) {
      return analyze && describeTokens(tokens.slice(i), facts).mutating;
    }
  }
  return false;
}

function pragmaReads(tokens: readonly Token[]): boolean {
  let last = 1;
  if (tokens[last]?.type !== 'word') return false;
  // `PRAGMA main.table_info(t)`: the last word before the argument is the pragma.
  while (tokens[last + 1]?.text === '.' && tokens[last + 2]?.type === 'word') last += 2;
  const pragma = (tokens[last] as Token).text.toLowerCase();
  const after = tokens.slice(last + 1);
  if (after.some((token) => token.text === '=')) return false;
  if (READ_PRAGMAS.has(pragma)) return true;
  return READ_WHEN_BARE_PRAGMAS.has(pragma) && after.length === 0;
}

function otherMutates(keyword: string, tokens: readonly Token[], facts: SqlDialectFacts): boolean {
  if (!SESSION_KEYWORDS.has(keyword)) return true;
  if (keyword !== 'SET' && keyword !== 'RESET') return false;
  // What outlives the session differs per engine (DuckDB's instance-wide settings, MySQL's GLOBAL, SET ROLE…).
  const words = tokens.filter((token) => token.type === 'word').map((token) => token.text.toUpperCase());
  return facts.settingMutates(keyword, words);
}
