// Rows, the post-processing error, and typed reading of a step's untyped options.
import { topLevel } from './levels.js';

/** One result row, keyed by column label. */
export type Row = Record<string, unknown>;

export class PostProcessingError extends Error {
  override name = 'PostProcessingError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

export { isRecord };

/** Reads one step's options, naming the operation and the option in every complaint. */
export class OptionReader {
  constructor(
    readonly operation: string,
    private readonly raw: Record<string, unknown>,
  ) {}

  fail(message: string): never {
    throw new PostProcessingError(`${this.operation}: ${message}`);
  }

  private value(key: string): unknown {
    const value = this.raw[key];
    return value === null ? undefined : value;
  }

  has(key: string): boolean {
    return this.value(key) !== undefined;
  }

  string(key: string): string;
  string(key: string, fallback: string | undefined): string | undefined;
  string(key: string, ...fallback: [string?]): string | undefined {
    const value = this.value(key);
    if (value === undefined) {
      if (fallback.length > 0) return fallback[0];
      this.fail(`option "${key}" is required`);
    }
    if (typeof value !== 'string') this.fail(`option "${key}" must be a string`);
    return value;
  }

  strings(key: string, required = false): string[] {
    const value = this.value(key);
    if (value === undefined) {
      if (required) this.fail(`option "${key}" is required`);
      return [];
    }
    const list = typeof value === 'string' ? [value] : value;
    if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) {
      this.fail(`option "${key}" must be a list of column names`);
    }
    return list;
  }

  boolean(key: string, fallback: boolean): boolean {
    const value = this.value(key);
    if (value === undefined) return fallback;
    if (typeof value !== 'boolean') this.fail(`option "${key}" must be true or false`);
    return value;
  }

  number(key: string): number | undefined {
    const value = this.value(key);
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value)) this.fail(`option "${key}" must be a number`);
    return value;
  }

  integer(key: string): number | undefined {
    const value = this.number(key);
    if (value !== undefined && !Number.isInteger(value)) this.fail(`option "${key}" must be an integer`);
    return value;
  }

  /** A `{source: target}` map such as `columns` of rolling or cum; targets may be null where allowed. */
  mapping<T>(key: string, isTarget: (value: unknown) => value is T, required = false): Record<string, T> | undefined {
    const value = this.value(key);
    if (value === undefined) {
      if (required) this.fail(`option "${key}" is required`);
      return undefined;
    }
    if (!isRecord(value) || !Object.values(value).every(isTarget)) this.fail(`option "${key}" has an invalid shape`);
    return value as Record<string, T>;
  }

  record(key: string): Record<string, unknown> | undefined {
    const value = this.value(key);
    if (value === undefined) return undefined;
    if (!isRecord(value)) this.fail(`option "${key}" must be an object`);
    return value;
  }

  /** The option as given, for options with several accepted shapes. */
  any(key: string): unknown {
    return this.value(key);
  }
}

export const isString = (value: unknown): value is string => typeof value === 'string';
export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

/** All column labels, in first-seen order (rows may omit keys). */
export function columnNames(rows: readonly Row[]): string[] {
  const names = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) names.add(key);
  return [...names];
}

/**
 * Superset refuses options naming columns the result does not have; on a pivoted result a name refers to
 * the first (metric) level. An empty result carries no column names in the row form, so it is not checked.
 */
export function requireColumns(reader: OptionReader, rows: readonly Row[], names: Iterable<string>): void {
  if (rows.length === 0) return;
  const known = new Set(columnNames(rows).map(topLevel));
  for (const name of names) {
    if (!known.has(name)) reader.fail(`Referenced columns not available in DataFrame: "${name}"`);
  }
}
