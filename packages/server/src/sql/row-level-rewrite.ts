// Row-level security in SQL Lab (Superset's RLS_IN_SQLLAB, RLSAsSubqueryTransformer): every table a statement reads
// that carries a row rule is replaced by `(SELECT * FROM t WHERE <rule>) AS t`, found with the engine's tokenizer.
import type { EngineName } from '../engines/types.js';
import { describeStatement } from './classify.js';
import { identifierText } from './custom-sql-guard.js';
import { dialectFacts, quoteIdentifier } from './dialect-facts.js';
import { isWord, significantTokens, type Token, tokenize } from './tokenize.js';

/** Why a statement cannot run under row rules; the caller turns it into a 400. */
export class RowLevelRewriteError extends Error {}

/** Row rules by lower-cased table name: the predicate every read of that table must carry. */
export type RowRules = ReadonlyMap<string, string>;

/** A table read at a FROM/JOIN position (`from`) or by the `TABLE t` query (`table`). */
interface TableReference {
  kind: 'from' | 'table';
  /** Where the replaced text starts (the name, or the TABLE keyword) and ends (the name, or its alias). */
  start: number;
  end: number;
  nameStart: number;
  nameEnd: number;
  /** The table's own name, unquoted: the last part of a qualified name. */
  table: string;
  /** The parts before it (catalog, schema), unquoted. */
  qualifiers: string[];
  alias: Token | null;
}

/** Words that end a FROM clause at its own level: a comma after them is no longer a table list. */
const FROM_END = new Set([
  'WHERE',
  'GROUP',
  'HAVING',
  'WINDOW',
  'QUALIFY',
  'ORDER',
  'LIMIT',
  'OFFSET',
  'FETCH',
  'UNION',
  'EXCEPT',
  'INTERSECT',
  'MINUS',
  'SELECT',
  'RETURNING',
  'FOR',
  'LOCK',
  'INTO',
  'VALUES',
]);
/** Words after which an identifier is never a table alias: the ones that end the FROM clause, and those that go on
 * with it. */
const NOT_ALIAS = new Set([
  ...FROM_END,
  'JOIN',
  'INNER',
  'LEFT',
  'RIGHT',
  'FULL',
  'OUTER',
  'CROSS',
  'NATURAL',
  'ON',
  'USING',
  'ASOF',
  'POSITIONAL',
  'ANTI',
  'SEMI',
  'STRAIGHT_JOIN',
  'TABLESAMPLE',
  'USE',
  'FORCE',
  'IGNORE',
  'INDEXED',
  'NOT',
  'PARTITION',
  'PIVOT',
  'UNPIVOT',
  'SET',
  'FROM',
  'WITH',
  'LATERAL',
  'AS',
]);
/** What may start a sub-query where a table could stand. */
const QUERY_START = new Set(['SELECT', 'WITH', 'VALUES', 'TABLE', 'FROM', 'PIVOT', 'UNPIVOT', 'SUMMARIZE']);
/** Calls whose SQL syntax puts FROM inside them: EXTRACT(YEAR FROM d), SUBSTRING(s FROM 1)… */
const FROM_FUNCTIONS = new Set(['EXTRACT', 'SUBSTRING', 'SUBSTR', 'TRIM', 'OVERLAY']);
/** `WITH` followed by these is a type, ordinality, rollup or fetch option, not a list of common table expressions. */
const NOT_CTE = new Set(['TIME', 'LOCAL', 'ORDINALITY', 'ROLLUP', 'CUBE', 'TIES', 'CHECK', 'NO', 'DATA', 'OFFSET']);
/**
 * Words that read a table named right after them in a way this rewrite does not wrap (DuckDB's PIVOT statement and
 * SUMMARIZE, metadata commands, SELECT … INTO's target is written, not read). A ruled table there is refused.
 */
const UNWRAPPED_RELATION_WORDS = new Set(['PIVOT', 'UNPIVOT', 'SUMMARIZE', 'DESCRIBE', 'DESC', 'SHOW', 'UPDATE']);
/**
 * Functions that run SQL text or read a table named in a string (DuckDB's query/query_table, PostgreSQL's
 * query_to_xml family, dblink, ts_stat): a ruled table could be read through them unseen.
 */
const SQL_TEXT_FUNCTIONS = new Set(['query', 'query_table', 'json_execute_serialized_sql', 'ts_stat', 'ts_rewrite']);
const SQL_TEXT_FUNCTION_PREFIXES = ['dblink'];
const SQL_TEXT_FUNCTION_SUFFIXES = ['_to_xml', '_to_xmlschema', '_to_xml_and_xmlschema'];
/**
 * Catalog relations that hold samples of a table's values (PostgreSQL's planner statistics, SQLite's sqlite_stat4,
 * MySQL's histograms): under row rules they would show values of rows the rules hide.
 */
const STATISTICS_RELATIONS = new Set([
  'pg_stats',
  'pg_statistic',
  'pg_stats_ext',
  'pg_stats_ext_exprs',
  'pg_statistic_ext_data',
  'sqlite_stat1',
  'sqlite_stat3',
  'sqlite_stat4',
  'column_statistics',
  'innodb_index_stats',
]);
/** Statements that run SQL held elsewhere (a prepared statement, a procedure, an anonymous block). */
const DYNAMIC_STATEMENTS = new Set(['PREPARE', 'EXECUTE', 'EXEC', 'CALL', 'DO']);

function isName(token: Token | undefined): token is Token {
  return token?.type === 'word' || token?.type === 'identifier';
}

/**
 * A name, or a string where a table may be named: SQLite takes `FROM 'sales'` for the table, and MySQL reads
 * `"sales"` as a name once a script sets ANSI_QUOTES.
 */
function isTableName(token: Token | undefined): token is Token {
  return token?.type === 'word' || token?.type === 'identifier' || token?.type === 'string';
}

/** The name a name or string token stands for, unquoted. */
function nameOf(token: Token): string {
  if (token.type !== 'string') return identifierText(token);
  const quote = token.text[0] as string;
  return token.text.slice(1, -1).replaceAll(quote + quote, quote);
}

function isDot(token: Token | undefined): boolean {
  return token?.type === 'operator' && token.text === '.';
}

function runsSqlText(name: string): boolean {
  const lower = name.toLowerCase();
  return (
    SQL_TEXT_FUNCTIONS.has(lower) ||
    SQL_TEXT_FUNCTION_PREFIXES.some((prefix) => lower.startsWith(prefix)) ||
    SQL_TEXT_FUNCTION_SUFFIXES.some((suffix) => lower.endsWith(suffix))
  );
}

/**
 * How the engine compares a common table expression's name with a reference: PostgreSQL folds unquoted names to
 * lower case; elsewhere the text is compared as written. A name that only might be the CTE is treated as the table
 * (wrapped): a wrapped CTE still answers its own rows, narrowed, while an unwrapped table would leak.
 */
function cteKey(token: Token, engine: EngineName): string {
  const text = identifierText(token);
  return dialectFacts(engine).foldsUnquotedNames && token.type === 'word' ? text.toLowerCase() : text;
}

interface ScanMode {
  /** Inside a FROM clause: a comma starts another table. */
  inFrom: boolean;
  /** The next token stands where a table may. */
  tablePos: boolean;
  /** Inside EXTRACT(… FROM …) and its kind: FROM reads no table. */
  noFrom: boolean;
}

const FRESH: ScanMode = { inFrom: false, tablePos: false, noFrom: false };

/** The table references of one query statement, found region by region (a region is a parenthesis' content). */
class ReferenceScanner {
  readonly references: TableReference[] = [];
  /** Tokens the scan took as names of a table, alias or CTE; the rest are checked apart. */
  readonly consumed = new Set<number>();
  private readonly close: number[];

  constructor(
    private readonly tokens: readonly Token[],
    private readonly engine: EngineName,
  ) {
    this.close = new Array<number>(tokens.length).fill(-1);
    const open: number[] = [];
    tokens.forEach((token, index) => {
      if (token.type === 'open_paren') open.push(index);
      if (token.type === 'close_paren') {
        const start = open.pop();
        if (start === undefined) throw new RowLevelRewriteError('unbalanced parentheses');
        this.close[start] = index;
      }
    });
    if (open.length > 0) throw new RowLevelRewriteError('unbalanced parentheses');
  }

  scan(lo: number, hi: number, ctes: ReadonlySet<string>, initial: ScanMode): void {
    const { tokens } = this;
    const mode = { ...initial };
    let visible = ctes;
    let i = lo;
    while (i < hi) {
      const token = tokens[i] as Token;
      if (token.type === 'open_paren') {
        const end = this.close[i] as number;
        const previous = tokens[i - 1];
        const call = !mode.tablePos && isName(previous) ? identifierText(previous).toUpperCase() : '';
        const inner: ScanMode = mode.tablePos
          ? { inFrom: true, tablePos: true, noFrom: false }
          : { ...FRESH, noFrom: FROM_FUNCTIONS.has(call) };
        this.scan(i + 1, end, visible, inner);
        mode.tablePos = false;
        i = end + 1;
        continue;
      }
      if (token.type === 'comma') {
        if (mode.inFrom && !mode.noFrom) mode.tablePos = true;
        i += 1;
        continue;
      }
      const upper = token.type === 'word' ? token.text.toUpperCase() : '';
      if (mode.tablePos) {
        if (upper === 'LATERAL' || upper === 'ONLY') {
          i += 1;
          continue;
        }
        // MySQL's ODBC escape: FROM { OJ a LEFT JOIN b ON … }.
        if (token.type === 'operator' && token.text === '{') {
          i += isWord(tokens[i + 1], 'OJ') ? 2 : 1;
          continue;
        }
        mode.tablePos = false;
        if (isTableName(token) && !QUERY_START.has(upper)) {
          i = this.tableAt(i, 'from', i, visible);
          continue;
        }
      }
      if (upper === 'WITH' && this.startsCteList(i)) {
        const [next, names] = this.cteList(i, hi, visible);
        visible = names;
        i = next;
        continue;
      }
      if (upper === 'FROM' && !mode.noFrom && !this.isDistinctFrom(i)) {
        mode.inFrom = true;
        mode.tablePos = true;
      } else if (upper === 'JOIN' || upper === 'STRAIGHT_JOIN') {
        mode.inFrom = true;
        mode.tablePos = true;
      } else if (upper === 'TABLE' && isTableName(tokens[i + 1]) && !isDot(tokens[i - 1])) {
        i = this.tableAt(i + 1, 'table', i, visible);
        continue;
      } else if (FROM_END.has(upper)) {
        mode.inFrom = false;
      }
      i += 1;
    }
  }

  private isDistinctFrom(i: number): boolean {
    const t = this.tokens;
    return (
      isWord(t[i - 1], 'DISTINCT') && (isWord(t[i - 2], 'IS') || (isWord(t[i - 2], 'NOT') && isWord(t[i - 3], 'IS')))
    );
  }

  /** A (qualified) name at `at`: a table reference unless a call follows it. Returns the index after it. */
  private tableAt(at: number, kind: TableReference['kind'], start: number, ctes: ReadonlySet<string>): number {
    const { tokens } = this;
    const parts: number[] = [at];
    let j = at;
    while (isDot(tokens[j + 1]) && isTableName(tokens[j + 2])) {
      parts.push(j + 2);
      j += 2;
    }
    // A table function (generate_series(…), a table macro): not a stored table.
    if (tokens[j + 1]?.type === 'open_paren') return j + 1;
    const last = tokens[j] as Token;
    for (const part of parts) this.consumed.add(part);
    let end = j;
    let alias: Token | null = null;
    if (kind === 'from') {
      const next = tokens[j + 1];
      if (isWord(next, 'AS') && isName(tokens[j + 2])) {
        alias = tokens[j + 2] as Token;
        end = j + 2;
      } else if (next?.type === 'identifier' || (next?.type === 'word' && !NOT_ALIAS.has(next.text.toUpperCase()))) {
        alias = next;
        end = j + 1;
      }
      if (alias) this.consumed.add(end);
    }
    const isCte = parts.length === 1 && last.type !== 'string' && ctes.has(cteKey(last, this.engine));
    if (!isCte) {
      this.references.push({
        kind,
        start: (tokens[start] as Token).start,
        end: (tokens[end] as Token).end,
        nameStart: (tokens[at] as Token).start,
        nameEnd: last.end,
        table: nameOf(last),
        qualifiers: parts.slice(0, -1).map((part) => nameOf(tokens[part] as Token)),
        alias,
      });
    }
    return end + 1;
  }

  private startsCteList(i: number): boolean {
    const next = this.tokens[i + 1];
    if (isWord(next, 'RECURSIVE')) return true;
    if (!isName(next) || (next.type === 'word' && NOT_CTE.has(next.text.toUpperCase()))) return false;
    const after = this.tokens[i + 2];
    return isWord(after, 'AS') || after?.type === 'open_paren';
  }

  /**
   * `WITH [RECURSIVE] a [(cols)] AS [[NOT] MATERIALIZED] (…), …`: each body sees the CTEs before it, the rest of the
   * query sees all of them. A body's own name is the table even under RECURSIVE: engines differ on what a
   * self-reference that is not a recursive UNION reads, and a wrapped CTE only fails, where an unwrapped table leaks.
   * Returns where the list ends and the names now visible.
   */
  private cteList(at: number, hi: number, outer: ReadonlySet<string>): [number, ReadonlySet<string>] {
    const { tokens } = this;
    let j = at + 1;
    if (isWord(tokens[j], 'RECURSIVE')) j += 1;
    const names = new Set(outer);
    for (;;) {
      const name = tokens[j];
      if (!isName(name)) throw new RowLevelRewriteError('a common table expression has no name');
      this.consumed.add(j);
      j += 1;
      if (tokens[j]?.type === 'open_paren') j = (this.close[j] as number) + 1;
      if (!isWord(tokens[j], 'AS')) throw new RowLevelRewriteError('a common table expression has no AS');
      j += 1;
      if (isWord(tokens[j], 'NOT')) j += 1;
      if (isWord(tokens[j], 'MATERIALIZED')) j += 1;
      if (tokens[j]?.type !== 'open_paren' || j >= hi) {
        throw new RowLevelRewriteError('a common table expression has no body');
      }
      const end = this.close[j] as number;
      const key = cteKey(name, this.engine);
      this.scan(j + 1, end, new Set(names), FRESH);
      names.add(key);
      j = end + 1;
      if (tokens[j]?.type !== 'comma') return [j, names];
      j += 1;
    }
  }
}

function rewriteQuery(
  sql: string,
  all: readonly Token[],
  tokens: readonly Token[],
  engine: EngineName,
  rules: RowRules,
): string {
  const scanner = new ReferenceScanner(tokens, engine);
  scanner.scan(0, tokens.length, new Set(), FRESH);
  const replaced = scanner.references.filter((ref) => rules.has(ref.table.toLowerCase()));
  // A comment inside a replaced span would be cut in two (MySQL's /*! … */ runs its content): refused instead.
  for (const comment of all.filter((token) => token.type === 'comment')) {
    if (replaced.some((ref) => comment.start < ref.end && comment.end > ref.start)) {
      throw new RowLevelRewriteError('a comment inside a table reference');
    }
  }
  tokens.forEach((token, index) => {
    if (!isTableName(token) || scanner.consumed.has(index) || !rules.has(nameOf(token).toLowerCase())) return;
    const previous = tokens[index - 1];
    if (previous?.type === 'word' && UNWRAPPED_RELATION_WORDS.has(previous.text.toUpperCase())) {
      throw new RowLevelRewriteError(`"${nameOf(token)}" is read in a way row rules cannot follow`);
    }
  });
  let out = sql;
  // From the end, so earlier offsets stay valid.
  for (const ref of [...replaced].sort((a, b) => b.start - a.start)) {
    const predicate = rules.get(ref.table.toLowerCase()) as string;
    const alias = ref.alias ? ref.alias.text : quoteIdentifier(ref.table, engine);
    const narrowed = `(SELECT * FROM ${sql.slice(ref.nameStart, ref.nameEnd)} WHERE (${predicate})) AS ${alias}`;
    const replacement = ref.kind === 'table' ? `SELECT * FROM ${narrowed}` : narrowed;
    out = out.slice(0, ref.start) + replacement + out.slice(ref.end);
  }
  return out;
}

/**
 * The statement with every ruled table it reads narrowed by its rule. A query is rewritten; any other statement that
 * names a ruled table, runs SQL held elsewhere, or a statement the scan cannot follow, is refused
 * (RowLevelRewriteError): under row rules nothing runs unfiltered. With no rules the statement is returned as is.
 */
export function applyRowRules(statement: string, engine: EngineName, rules: RowRules): string {
  if (rules.size === 0) return statement;
  const all = tokenize(statement, dialectFacts(engine));
  if (all.some((token) => token.unterminated)) throw new RowLevelRewriteError('an unterminated string or comment');
  const tokens = significantTokens(all);
  tokens.forEach((token, index) => {
    if (isName(token) && tokens[index + 1]?.type === 'open_paren' && runsSqlText(identifierText(token))) {
      throw new RowLevelRewriteError(`${identifierText(token)}() runs SQL text that row rules cannot follow`);
    }
    if (isName(token) && STATISTICS_RELATIONS.has(identifierText(token).toLowerCase())) {
      throw new RowLevelRewriteError(`${identifierText(token)} holds samples of rows that row rules hide`);
    }
  });
  const info = describeStatement(statement, engine);
  if (info.isQuery) return rewriteQuery(statement, all, tokens, engine, rules);
  if (DYNAMIC_STATEMENTS.has(info.keyword)) {
    throw new RowLevelRewriteError(`${info.keyword} runs SQL that row rules cannot follow`);
  }
  const ruled = tokens.find((token) => isTableName(token) && rules.has(nameOf(token).toLowerCase()));
  if (ruled) {
    throw new RowLevelRewriteError(`only queries may read "${nameOf(ruled)}" under row rules`);
  }
  return statement;
}

/** A stored table a statement reads, as Superset's `sql_tables` lists it. */
export interface TableRead {
  table: string;
  schema: string | null;
  catalog: string | null;
}

/**
 * The stored tables a query statement reads (CTE names and table functions left out), each once, in reading order;
 * a statement that is not a query, or one the scan cannot follow, reads none as far as a listing is concerned.
 */
export function tablesRead(statement: string, engine: EngineName): TableRead[] {
  const all = tokenize(statement, dialectFacts(engine));
  if (all.some((token) => token.unterminated) || !describeStatement(statement, engine).isQuery) return [];
  const tokens = significantTokens(all);
  let references: readonly TableReference[];
  try {
    const scanner = new ReferenceScanner(tokens, engine);
    scanner.scan(0, tokens.length, new Set(), FRESH);
    references = scanner.references;
  } catch (error) {
    if (error instanceof RowLevelRewriteError) return [];
    throw error;
  }
  const seen = new Set<string>();
  const tables: TableRead[] = [];
  for (const ref of references) {
    const [catalog = null, schema = null] =
      ref.qualifiers.length >= 2 ? ref.qualifiers.slice(-2) : [null, ...ref.qualifiers];
    const key = JSON.stringify([catalog, schema, ref.table]);
    if (seen.has(key)) continue;
    seen.add(key);
    tables.push({ table: ref.table, schema, catalog });
  }
  return tables;
}
