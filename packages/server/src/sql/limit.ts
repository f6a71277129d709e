// Row limits of SQL Lab runs: rewriting or appending the outer LIMIT, and Superset's limiting factor.
import type { EngineName } from '../engines/types.js';
import { describeStatement } from './classify.js';
import { dialectFacts, limitClause, type SqlDialectFacts } from './dialect-facts.js';
import { findUnterminated, isWord, significantTokens, type Token, tokenize } from './tokenize.js';

export interface LimitResult {
  sql: string;
  /** The numeric limit the statement itself asked for (LIMIT n or FETCH FIRST n ROWS), else null. */
  queryLimit: number | null;
  /** The limit now written in `sql`, or null when the statement was left without a numeric one. */
  appliedLimit: number | null;
}

export interface ApplyLimitOptions {
  /**
   * Write `limit` even over a smaller LIMIT in the statement. SQL Lab asks for one row more than it
   * shows, to tell whether the user's own LIMIT cut the result (Superset's `force=True`).
   */
  force?: boolean;
}

type LimitSpot =
  | { kind: 'number'; token: Token; value: number }
  | { kind: 'implicit-one' }
  | { kind: 'opaque' }
  | { kind: 'none'; before: Token | undefined; after: Token | undefined };

const SET_OPERATORS = ['UNION', 'INTERSECT', 'EXCEPT', 'MINUS'];
/** Words that may follow the count of a LIMIT; anything else means the count is an expression. */
const AFTER_LIMIT_COUNT = ['OFFSET', 'FOR', 'LOCK', 'INTO'];
const INTEGER = /^\d[\d_]*$/;

function integerValue(token: Token | undefined): number | null {
  if (token?.type !== 'number' || !INTEGER.test(token.text)) return null;
  const value = Number(token.text.replaceAll('_', ''));
  return Number.isSafeInteger(value) ? value : null;
}

/** Where the outermost query's row limit is, or where one would go. */
function findLimit(tokens: readonly Token[]): LimitSpot {
  const top = tokens.filter((token) => token.depth === 0 && token.type !== 'semicolon');
  let tailStart = 0;
  top.forEach((token, i) => {
    if (isWord(token, ...SET_OPERATORS)) tailStart = i + 1;
  });
  // Only the part after the last UNION/INTERSECT/EXCEPT limits the whole result.
  const tail = top.slice(tailStart);

  const limitAt = tail.findLastIndex((token) => isWord(token, 'LIMIT'));
  if (limitAt >= 0) {
    const first = tail[limitAt + 1];
    let count = first;
    let follower = tail[limitAt + 2];
    if (integerValue(first) !== null && follower?.type === 'comma') {
      // MySQL and SQLite: LIMIT offset, count.
      count = tail[limitAt + 3];
      follower = tail[limitAt + 4];
    }
    const value = integerValue(count);
    if (value === null || !count || (follower && !isWord(follower, ...AFTER_LIMIT_COUNT))) return { kind: 'opaque' };
    return { kind: 'number', token: count, value };
  }

  const fetchAt = tail.findIndex((token, i) => isWord(token, 'FETCH') && isWord(tail[i + 1], 'FIRST', 'NEXT'));
  if (fetchAt >= 0) {
    const count = tail[fetchAt + 2];
    if (isWord(count, 'ROW', 'ROWS')) return { kind: 'implicit-one' };
    const value = integerValue(count);
    if (value === null || !count || !isWord(tail[fetchAt + 3], 'ROW', 'ROWS')) return { kind: 'opaque' };
    return { kind: 'number', token: count, value };
  }

  // A LIMIT goes before OFFSET and before a locking clause (FOR UPDATE, LOCK IN SHARE MODE).
  const before = tail.find(
    (token, i) =>
      isWord(token, 'OFFSET') ||
      (isWord(token, 'FOR') && isWord(tail[i + 1], 'UPDATE', 'SHARE', 'NO', 'KEY')) ||
      (isWord(token, 'LOCK') && isWord(tail[i + 1], 'IN')),
  );
  const after = tokens.findLast((token) => token.type !== 'semicolon');
  return { kind: 'none', before, after };
}

/** The numeric LIMIT (or FETCH FIRST) of the outermost query, like Superset's `get_limit_from_sql`. */
export function getQueryLimit(statement: string, engine: EngineName | SqlDialectFacts): number | null {
  const spot = findLimit(significantTokens(tokenize(statement, engine)));
  if (spot.kind === 'number') return spot.value;
  return spot.kind === 'implicit-one' ? 1 : null;
}

/**
 * Caps the row count of one query statement. Only queries are touched (SELECT, WITH … SELECT, VALUES,
 * TABLE, FROM-first); SHOW/DESCRIBE/EXPLAIN/PRAGMA and anything mutating come back unchanged.
 * LIMIT ALL, parameters and expressions are left alone and nothing is appended: the engine's read cap
 * still bounds what is fetched.
 */
export function applyLimit(
  statement: string,
  limit: number,
  engine: EngineName | SqlDialectFacts,
  options: ApplyLimitOptions = {},
): LimitResult {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`Invalid row limit: ${limit}`);
  const facts = dialectFacts(engine);
  const unchanged: LimitResult = { sql: statement, queryLimit: null, appliedLimit: null };
  if (!describeStatement(statement, facts).isQuery) return unchanged;
  const tokens = tokenize(statement, facts);
  // Text appended after an unterminated string would land inside it.
  if (findUnterminated(tokens)) return unchanged;

  const spot = findLimit(significantTokens(tokens));
  switch (spot.kind) {
    case 'opaque':
      return unchanged;
    case 'implicit-one':
      return { sql: statement, queryLimit: 1, appliedLimit: 1 };
    case 'number': {
      const applied = options.force ? limit : Math.min(spot.value, limit);
      const sql =
        applied === spot.value
          ? statement
          : statement.slice(0, spot.token.start) + String(applied) + statement.slice(spot.token.end);
      return { sql, queryLimit: spot.value, appliedLimit: applied };
    }
    case 'none': {
      const clause = limitClause(limit);
      if (spot.before) {
        const at = spot.before.start;
        return {
          sql: `${statement.slice(0, at)}${clause} ${statement.slice(at)}`,
          queryLimit: null,
          appliedLimit: limit,
        };
      }
      // Right after the last code token, so a trailing comment or semicolon stays after the LIMIT.
      const at = spot.after?.end ?? statement.length;
      return {
        sql: `${statement.slice(0, at)} ${clause}${statement.slice(at)}`,
        queryLimit: null,
        appliedLimit: limit,
      };
    }
  }
}

export type LimitingFactor = 'QUERY' | 'DROPDOWN' | 'QUERY_AND_DROPDOWN' | 'NOT_LIMITED';

export interface RowLimitSettings {
  /** The row limit picked in the editor (the run's `queryLimit`); null, absent or ≤ 0 when none was sent. */
  dropdownLimit?: number | null;
  /** DEFAULT_SQLLAB_LIMIT. When absent SQL_MAX_ROW stands in, as on Superset's server. */
  defaultLimit?: number | null;
  /** SQL_MAX_ROW: no run returns more rows. */
  sqlMaxRow: number;
}

function positive(value: number | null | undefined): number | null {
  return typeof value === 'number' && value > 0 ? value : null;
}

/** The editor's limit after defaults and the SQL_MAX_ROW cap (Superset's `apply_max_row_limit`). */
export function dropdownRowLimit(settings: RowLimitSettings): number {
  const requested = positive(settings.dropdownLimit) ?? positive(settings.defaultLimit) ?? settings.sqlMaxRow;
  return Math.min(requested, settings.sqlMaxRow);
}

/** min(the query's own LIMIT, the editor's limit or DEFAULT_SQLLAB_LIMIT, SQL_MAX_ROW). */
export function effectiveLimit(settings: RowLimitSettings & { queryLimit: number | null }): number {
  const dropdown = dropdownRowLimit(settings);
  return settings.queryLimit === null ? dropdown : Math.min(settings.queryLimit, dropdown);
}

/**
 * What cut the result, decided as Superset does: nothing when no more rows came back than the limit
 * (the engine is asked for limit + 1); otherwise the smaller of the query's LIMIT and the editor's limit,
 * or both when they are equal.
 */
export function limitingFactor(
  settings: RowLimitSettings & { queryLimit: number | null; rowsReturned: number },
): LimitingFactor {
  if (settings.rowsReturned <= effectiveLimit(settings)) return 'NOT_LIMITED';
  const dropdown = dropdownRowLimit(settings);
  const query = settings.queryLimit;
  if (query === null || query > dropdown) return 'DROPDOWN';
  if (dropdown > query) return 'QUERY';
  return 'QUERY_AND_DROPDOWN';
}

export interface RowLimitPlan {
  /** The statement to run: its outer LIMIT set to `fetchLimit` when it is a query. */
  sql: string;
  queryLimit: number | null;
  /** Rows to show at most. */
  limit: number;
  /** Rows to read from the engine: one more than `limit`, so the limiting factor can be told. */
  fetchLimit: number;
  /** The statement as the user is shown it: `sql` with `limit` where `fetchLimit` is written. */
  displaySql: string;
}

/** The whole SQL Lab row-limit step for one statement; pass `rowsReturned` of the run to `limitingFactor`. */
export function planRowLimit(
  statement: string,
  engine: EngineName | SqlDialectFacts,
  settings: RowLimitSettings,
): RowLimitPlan {
  const queryLimit = describeStatement(statement, engine).isQuery ? getQueryLimit(statement, engine) : null;
  const limit = effectiveLimit({ ...settings, queryLimit });
  const fetchLimit = limit + 1;
  const { sql } = applyLimit(statement, fetchLimit, engine, { force: true });
  const displaySql = applyLimit(statement, limit, engine, { force: true }).sql;
  return { sql, queryLimit, limit, fetchLimit, displaySql };
}

/**
 * Puts the shown limit back into text that quotes the statement run (a driver's error echoing `LIMIT 11` for the
 * user's `LIMIT 10`): the internal one-more row is how truncation is detected, never something the user wrote.
 * The clause is located with the tokenizer on both statements; the text itself is only searched for that clause.
 */
export function showPlannedLimit(
  text: string,
  plan: Pick<RowLimitPlan, 'sql' | 'displaySql'>,
  engine: EngineName | SqlDialectFacts,
): string {
  if (plan.sql === plan.displaySql) return text;
  const run = significantTokens(tokenize(plan.sql, engine));
  const shown = significantTokens(tokenize(plan.displaySql, engine));
  const at = run.findIndex((token, i) => token.text !== shown[i]?.text);
  const before = run[at - 1];
  const count = run[at];
  const shownBefore = shown[at - 1];
  const shownCount = shown[at];
  if (at <= 0 || !before || !count || !shownBefore || !shownCount) return text;
  const internal = plan.sql.slice(before.start, count.end);
  const display = plan.displaySql.slice(shownBefore.start, shownCount.end);
  // A longer number that merely starts with the internal count (LIMIT 110 for LIMIT 11) is not the clause.
  return text.split(internal).reduce((joined, part, i) => {
    if (i === 0) return part;
    return `${joined}${/^\d/.test(part) ? internal : display}${part}`;
  }, '');
}
