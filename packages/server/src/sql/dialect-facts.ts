// The lexical facts of each engine's SQL that SQL Lab's tokenizer, guards and rewrites depend on (stated in each
// engine's folder, engines/<engine>/<engine>-sql.ts), and the quoting built on them.
import type { SqlDialectFacts } from '../engines/capabilities.js';
import { engineByName } from '../engines/registry.js';
import type { EngineName } from '../engines/types.js';

export type { SqlDialectFacts } from '../engines/capabilities.js';

/** The engine's lexical facts (each engine's folder states them); an unknown name fails loudly, never parses as ANSI. */
export function dialectFacts(engine: EngineName | SqlDialectFacts): SqlDialectFacts {
  if (typeof engine !== 'string') return engine;
  return engineByName(engine).sql;
}

/**
 * `name` quoted for the engine, the quote character doubled inside: "a""b", `a``b`; where a backslash escapes
 * inside names (ClickHouse) it is doubled first, so a name ending in one cannot escape the closing quote.
 */
export function quoteIdentifier(name: string, engine: EngineName | SqlDialectFacts): string {
  const facts = dialectFacts(engine);
  const quote = facts.identifierQuote;
  const body = facts.backslashEscapesInNames ? name.replaceAll('\\', '\\\\') : name;
  return `${quote}${body.replaceAll(quote, quote + quote)}${quote}`;
}

/** The body of a string literal, escaped so it cannot close the quotes around it. */
export function escapeStringBody(value: string, engine: EngineName | SqlDialectFacts): string {
  const facts = dialectFacts(engine);
  // On MySQL a trailing backslash would escape the closing quote, so backslashes are doubled first.
  const escaped = facts.backslashEscapes ? value.replaceAll('\\', '\\\\') : value;
  return escaped.replaceAll("'", "''");
}

export function quoteStringLiteral(value: string, engine: EngineName | SqlDialectFacts): string {
  return `'${escapeStringBody(value, engine)}'`;
}

/** The row-limit clause appended to a query; every engine we support spells it the same. */
export function limitClause(limit: number): string {
  return `LIMIT ${limit}`;
}
