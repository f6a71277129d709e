// Refuses SQL text no engine can take safely: NUL characters and lone UTF-16 surrogates (invalid UTF-8).
import { NezhaError } from '../errors/nezha-error.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Drivers cut text at a NUL (PostgreSQL refuses it, SQLite's C API stops reading there, so the guards and the
 * engine would see different statements) and a lone surrogate has no UTF-8 form, so both are refused before
 * any guard looks at the text. `what` names the text in the message ("The query", "Custom SQL").
 */
export function assertCleanSqlText(sql: string, what = 'The query'): void {
  if (sql.includes('\u0000')) {
    throw new NezhaError({
      type: 'INVALID_SQL_ERROR',
      status: 400,
      message: `${what} contains a NUL character (\\0), which SQL cannot hold.`,
    });
  }
  if (LONE_SURROGATE.test(sql)) {
    throw new NezhaError({
      type: 'INVALID_SQL_ERROR',
      status: 400,
      message: `${what} is not valid UTF-8: it contains a lone surrogate character.`,
    });
  }
}
