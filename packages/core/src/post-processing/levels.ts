// Multi-level column labels (pandas' MultiIndex columns after a pivot), carried as encoded row keys.

/**
 * A pivot's columns are tuples (metric, value…). Rows keep them as one string key that no label from a
 * database can take (it starts with a NUL character); flatten turns them into "metric, value" names.
 */
const MARK = '\u0000';

/** One level's label; null where a rename dropped it (flatten then leaves it out). */
export type Level = string | null;

export function levelKey(levels: readonly Level[]): string {
  return `${MARK}${JSON.stringify(levels)}`;
}

/** The levels of a multi-level key, or undefined for a plain column name. */
/** Decoded keys: every row of a pivoted result repeats the same few, so each is parsed once. */
const decoded = new Map<string, readonly Level[] | undefined>();
const DECODED_LIMIT = 10_000;

function decode(key: string): readonly Level[] | undefined {
  // A label from the database could start with NUL too; anything but our encoding stays a plain name.
  try {
    const levels: unknown = JSON.parse(key.slice(1));
    const valid = Array.isArray(levels) && levels.every((level) => level === null || typeof level === 'string');
    return valid ? Object.freeze(levels as Level[]) : undefined;
  } catch {
    return undefined;
  }
}

export function levelsOf(key: string): readonly Level[] | undefined {
  if (!key.startsWith(MARK)) return undefined;
  if (decoded.has(key)) return decoded.get(key);
  if (decoded.size >= DECODED_LIMIT) decoded.clear();
  const levels = decode(key);
  decoded.set(key, levels);
  return levels;
}

export function isLevelKey(key: string): boolean {
  return levelsOf(key) !== undefined;
}

/** The first level of a key (the metric after a pivot), or the plain name itself. */
export function topLevel(key: string): Level {
  const levels = levelsOf(key);
  return levels ? (levels[0] ?? null) : key;
}

/** The same key with its first level replaced (rolling/cum/compare write "target" beside "source"). */
export function withTopLevel(key: string, top: string): string {
  const levels = levelsOf(key);
  return levels ? levelKey([top, ...levels.slice(1)]) : top;
}

/** The keys among `keys` whose first level is `name`, in their order. */
export function keysUnder(keys: readonly string[], name: string): string[] {
  return keys.filter((key) => topLevel(key) === name);
}

/** Superset's flatten separator, and its escape of the separator's comma inside a level. */
export const FLAT_COLUMN_SEPARATOR = ', ';

function escapeSeparator(text: string): string {
  return text.replaceAll(',', '\\,');
}

/** The flat name of a key: its non-null levels (outside `dropLevels`) joined by ", ". */
export function flatName(key: string, dropLevels: readonly number[] = []): string {
  const levels = levelsOf(key);
  if (!levels) return key;
  return levels
    .filter((level, at): level is string => level !== null && !dropLevels.includes(at))
    .map(escapeSeparator)
    .join(FLAT_COLUMN_SEPARATOR);
}
