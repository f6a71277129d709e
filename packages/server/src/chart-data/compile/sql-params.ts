// Bound values of a chart query: markers while the SQL is assembled, then engine placeholders or display literals.
import type { Dialect } from '../../engines/types.js';

export type SqlValue = string | number | boolean | null;

/**
 * Pieces of the query are built out of order (the WHERE clause before the SELECT list, the series-limit
 * sub-query repeating the WHERE clause), so values get markers first and are numbered by where they end
 * up in the text. A NUL character cannot come from the dataset or the request (custom SQL refuses it).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is the marker precisely because SQL never holds it.
const MARKER = /\u0000(\d+)\u0000/g;

export class SqlParams {
  private readonly values: SqlValue[] = [];

  bind(value: SqlValue): string {
    this.values.push(value);
    return `\u0000${this.values.length - 1}\u0000`;
  }

  /** The SQL the engine runs: placeholders in text order and the values in the same order. */
  forEngine(text: string, dialect: Dialect): { sql: string; params: SqlValue[] } {
    const params: SqlValue[] = [];
    const sql = text.replace(MARKER, (_whole, index: string) => {
      params.push(this.value(index));
      return dialect.placeholder(params.length);
    });
    return { sql, params };
  }

  /** The SQL shown to users ("View query"): values inlined as literals. Never run. */
  forDisplay(text: string, dialect: Dialect): string {
    return text.replace(MARKER, (_whole, index: string) => literal(this.value(index), dialect));
  }

  private value(index: string): SqlValue {
    const value = this.values[Number(index)];
    if (value === undefined) throw new Error(`no bound value #${index}`);
    return value;
  }
}

export function literal(value: SqlValue, dialect: Dialect): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return dialect.booleanLiteral(value);
  if (typeof value === 'number') return String(value);
  return dialect.quoteString(value);
}
