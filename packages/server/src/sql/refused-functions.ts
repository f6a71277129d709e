// Calls SQL Lab and virtual datasets never send, whatever the database user may do: functions that make the database
// server read its own files or reach other hosts (ClickHouse's url(), remote(), file()…), found with the tokenizer.
import { engineByName } from '../engines/registry.js';
import type { EngineName } from '../engines/types.js';
import { NezhaError } from '../errors/nezha-error.js';
import { identifierText } from './custom-sql-guard.js';
import { dialectFacts } from './dialect-facts.js';
import { significantTokens, tokenize } from './tokenize.js';

/** The first refused function the statement calls (as written), or null. */
export function refusedFunctionCall(statement: string, engine: EngineName): string | null {
  const refused = engineByName(engine).sqlLab.refusedFunctions;
  if (refused.length === 0) return null;
  const tokens = significantTokens(tokenize(statement, dialectFacts(engine)));
  for (const [index, token] of tokens.entries()) {
    if (token.type !== 'word' && token.type !== 'identifier') continue;
    if (tokens[index + 1]?.type !== 'open_paren') continue;
    // A qualified name (db.url(…)) is a column or table, never the table function.
    if (tokens[index - 1]?.type === 'operator' && tokens[index - 1]?.text === '.') continue;
    const name = identifierText(token);
    if (refused.includes(name.toLowerCase())) return name;
  }
  return null;
}

/** Refuses (403, named) a statement that calls such a function. */
export function assertNoRefusedFunctions(statements: readonly string[], engine: EngineName): void {
  for (const statement of statements) {
    const name = refusedFunctionCall(statement, engine);
    if (name) {
      throw new NezhaError({
        type: 'QUERY_SECURITY_ACCESS_ERROR',
        status: 403,
        message: `${name}() is not allowed: it reads files or other hosts from the database server.`,
      });
    }
  }
}
