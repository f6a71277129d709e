// Reshaping operations that do no arithmetic on metrics: sort, rank, select, rename and flatten.
import { groupRows } from './aggregate.js';
import { flatName, isLevelKey, levelKey, levelsOf } from './levels.js';
import { columnNames, isBoolean, isRecord, OptionReader, type Row, requireColumns } from './options.js';
import { compareValues, isMissing, toNumber } from './values.js';

/** Sorts by several columns, each ascending or not; missing values go last either way, as in pandas. */
export function sort(rows: readonly Row[], columns: Record<string, boolean>): Row[] {
  requireColumns(new OptionReader('sort', {}), rows, Object.keys(columns));
  const keys = Object.entries(columns);
  return rows
    .map((row, at) => ({ row, at }))
    .sort((a, b) => {
      for (const [column, ascending] of keys) {
        const x = a.row[column];
        const y = b.row[column];
        if (isMissing(x) || isMissing(y)) {
          if (isMissing(x) !== isMissing(y)) return isMissing(x) ? 1 : -1;
          continue;
        }
        const order = compareValues(x, y);
        if (order !== 0) return ascending ? order : -order;
      }
      return a.at - b.at;
    })
    .map(({ row }) => row);
}

/** Percentile rank (average rank of ties / count) of a metric, within each group when `group_by` is set. */
export function rank(rows: readonly Row[], metric: string, groupBy?: string): Row[] {
  requireColumns(new OptionReader('rank', {}), rows, groupBy ? [metric, groupBy] : [metric]);
  const ranks = new Map<Row, number | null>();
  const groups = groupBy ? groupRows(rows, [groupBy]) : [{ key: [], rows: [...rows] }];
  for (const group of groups) {
    const present = group.rows
      .map((row) => ({ row, value: toNumber(row[metric]) }))
      .filter((entry): entry is { row: Row; value: number } => entry.value !== null)
      .sort((a, b) => a.value - b.value);
    let start = 0;
    while (start < present.length) {
      let end = start;
      while (
        end + 1 < present.length &&
        (present[end + 1] as { value: number }).value === (present[start] as { value: number }).value
      )
        end += 1;
      const average = (start + end) / 2 + 1;
      for (let at = start; at <= end; at += 1) ranks.set((present[at] as { row: Row }).row, average / present.length);
      start = end + 1;
    }
  }
  return rows.map((row) => ({ ...row, rank: ranks.get(row) ?? null }));
}

/**
 * Renames columns in place of the old ones. On a pivoted result `level` picks the level whose labels are
 * renamed (all levels without it), and a null target drops the label, which flatten then leaves out; on
 * plain columns a null target keeps the name. A rename that would make two columns share a label is
 * refused, as Superset does.
 */
export function rename(rows: readonly Row[], columns: Record<string, string | null>, level?: number): Row[] {
  const reader: OptionReader = new OptionReader('rename', {});
  if (Object.keys(columns).length === 0) return rows.map((row) => ({ ...row }));
  requireColumns(reader, rows, Object.keys(columns));
  const keys = columnNames(rows);
  const depth = Math.max(1, ...keys.map((key) => levelsOf(key)?.length ?? 1));
  if (level !== undefined && (!Number.isInteger(level) || level < -depth || level >= depth)) {
    reader.fail(`Too many levels: Index has only ${depth} level${depth === 1 ? '' : 's'}, not ${level + 1}`);
  }
  const at = level === undefined ? undefined : level < 0 ? depth + level : level;
  const renamed = (label: string | null) =>
    label !== null && Object.hasOwn(columns, label) ? (columns[label] as string | null) : label;
  const newKey = (key: string): string => {
    const levels = levelsOf(key);
    if (!levels) return at === undefined || at === 0 ? (renamed(key) ?? key) : key;
    return levelKey(levels.map((label, index) => (at === undefined || at === index ? renamed(label) : label)));
  };
  const mapping = new Map(keys.map((key) => [key, newKey(key)]));
  const targets = [...mapping.values()];
  if (new Set(targets).size < targets.length) reader.fail('Label already exists');
  return rows.map((row) => {
    const out: Row = {};
    for (const [key, value] of Object.entries(row)) out[mapping.get(key) ?? key] = value;
    return out;
  });
}

/**
 * Pivoted columns become flat names: their levels joined with ", " (a comma inside a label escaped as
 * "\\,", dropped labels left out, `drop_levels` levels removed). Nested records are flattened by path too.
 */
export function flatten(rows: readonly Row[], dropLevels: readonly number[] = []): Row[] {
  const walk = (out: Row, path: string[], value: unknown) => {
    if (isRecord(value)) {
      for (const [key, inner] of Object.entries(value)) walk(out, [...path, key], inner);
    } else if (path.length === 1) {
      const [key = ''] = path;
      out[isLevelKey(key) ? flatName(key, dropLevels) : key] = value;
    } else {
      const kept = path.filter((_, level) => !dropLevels.includes(level));
      out[kept.join(', ')] = value;
    }
  };
  return rows.map((row) => {
    const out: Row = {};
    walk(out, [], row);
    return out;
  });
}

export interface SelectOptions {
  columns?: string[];
  exclude?: string[];
  rename?: Record<string, string>;
}

/**
 * Superset's select: keeps `columns` in the given order (all by default), then drops `exclude`, then
 * renames. Every name must be present at its step, so a column is not selected by its new name.
 */
export function select(rows: readonly Row[], options: SelectOptions): Row[] {
  const reader: OptionReader = new OptionReader('select', {});
  const { columns = [], exclude = [], rename: renames = {} } = options;
  requireColumns(reader, rows, [...columns, ...Object.keys(renames)]);
  const kept = columns.length ? columns : columnNames(rows);
  if (rows.length) {
    for (const name of exclude) {
      if (!kept.includes(name)) reader.fail(`Referenced columns not available in DataFrame: "${name}"`);
    }
  }
  const names = kept.filter((name) => !exclude.includes(name));
  return rows.map((row) => Object.fromEntries(names.map((name) => [renames[name] ?? name, row[name] ?? null])));
}

export function sortStep(rows: readonly Row[], raw: Record<string, unknown>): Row[] {
  const reader: OptionReader = new OptionReader('sort', raw);
  const columns = reader.mapping('columns', isBoolean);
  if (columns) return sort(rows, columns);
  // Newer Superset sends `by` and `ascending` instead of a columns map.
  const by = reader.strings('by');
  // Superset's sort without `by` (and not sorting the index) returns the frame as it is.
  if (by.length === 0 && !reader.boolean('is_sort_index', false)) return rows.map((row) => ({ ...row }));
  if (by.length === 0) reader.fail('sorting by the index is not supported');
  const ascending = reader.any('ascending');
  const directions = Array.isArray(ascending) ? ascending : by.map(() => ascending ?? true);
  if (directions.length !== by.length || !directions.every(isBoolean)) {
    reader.fail('option "ascending" must be a boolean or one boolean per column');
  }
  return sort(rows, Object.fromEntries(by.map((column, at) => [column, directions[at] as boolean])));
}

export function rankStep(rows: readonly Row[], raw: Record<string, unknown>): Row[] {
  const reader: OptionReader = new OptionReader('rank', raw);
  return rank(rows, reader.string('metric'), reader.string('group_by', undefined));
}

export function renameStep(rows: readonly Row[], raw: Record<string, unknown>): Row[] {
  const reader: OptionReader = new OptionReader('rename', raw);
  const columns = reader.mapping(
    'columns',
    (value): value is string | null => value === null || typeof value === 'string',
  );
  const level = reader.any('level');
  if (level !== undefined && typeof level !== 'number') reader.fail(`Level ${String(level)} not found`);
  return rename(rows, columns ?? {}, level);
}

export function flattenStep(rows: readonly Row[], raw: Record<string, unknown>): Row[] {
  const reader: OptionReader = new OptionReader('flatten', raw);
  const levels = reader.any('drop_levels') ?? [];
  if (!Array.isArray(levels) || !levels.every((level) => Number.isInteger(level))) {
    reader.fail('option "drop_levels" must be a list of level numbers');
  }
  return flatten(rows, levels as number[]);
}

export function selectStep(rows: readonly Row[], raw: Record<string, unknown>): Row[] {
  const reader: OptionReader = new OptionReader('select', raw);
  return select(rows, {
    columns: reader.strings('columns'),
    exclude: reader.strings('exclude'),
    rename: reader.mapping('rename', (value): value is string => typeof value === 'string') ?? {},
  });
}
