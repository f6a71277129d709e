// A small lossless-by-offset SQL tokenizer: enough to split scripts, classify statements and find LIMITs safely.
import type { EngineName } from '../engines/types.js';
import { dialectFacts, type SqlDialectFacts } from './dialect-facts.js';
import { scanTokens, type Token } from './scan-tokens.js';

export { findUnterminated, isWord, significantTokens, type Token, type TokenType } from './scan-tokens.js';

/**
 * Tokens of `sql`, whitespace left out. Never throws: unterminated strings, identifiers and comments
 * run to the end and carry `unterminated`, so callers decide between INVALID_SQL_ERROR and SYNTAX_ERROR.
 */
export function tokenize(sql: string, engine: EngineName | SqlDialectFacts): Token[] {
  return scanTokens(sql, dialectFacts(engine));
}
