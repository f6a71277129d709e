// Comparing metrics with their time-shifted twins, and each cell's share of its row or column total.
import { keysUnder, levelKey, levelsOf, topLevel } from './levels.js';
import { columnNames, OptionReader, type Row, requireColumns } from './options.js';
import { isNumericColumn, toNumber } from './values.js';

/** Superset's TIME_COMPARISON separator between a metric and its time shift ("SUM(x)__1 year ago"). */
export const TIME_COMPARISON = '__';
export const COMPARISON_TYPES = ['values', 'difference', 'absolute', 'percentage', 'ratio'] as const;
export type ComparisonType = (typeof COMPARISON_TYPES)[number];

/** The column holding a metric's values shifted by a time shift. */
export function timeShiftedColumn(metric: string, timeShift: string): string {
  return `${metric}${TIME_COMPARISON}${timeShift}`;
}

export interface CompareOptions {
  source_columns: string[];
  compare_columns: string[];
  compare_type: ComparisonType;
  drop_original_columns?: boolean;
  precision?: number;
}

function round(value: number, precision: number): number {
  const factor = 10 ** precision;
  return Math.round(value * factor) / factor;
}

/** Division that, like Superset's JSON output of inf and NaN, yields null when undefined. */
function divide(a: number, b: number): number | null {
  return b === 0 ? null : a / b;
}

/**
 * Adds `<type>__<source>__<compare>` per pair: source − compare, (source − compare) / compare or
 * source / compare, the last two rounded to `precision` places. "values" shows both series as they are;
 * "absolute" is the spec's name for "difference".
 */
export function compare(rows: readonly Row[], options: CompareOptions): Row[] {
  const reader: OptionReader = new OptionReader('compare', {});
  const { source_columns: sources, compare_columns: targets } = options;
  if (sources.length !== targets.length)
    reader.fail('`compare_columns` must have the same length as `source_columns`.');
  if (!(COMPARISON_TYPES as readonly string[]).includes(options.compare_type)) {
    reader.fail('`compare_type` must be `difference`, `percentage` or `ratio`');
  }
  requireColumns(reader, rows, [...sources, ...targets]);
  if (options.compare_type === 'values' || sources.length === 0) return rows.map((row) => ({ ...row }));
  const type = options.compare_type === 'absolute' ? 'difference' : options.compare_type;
  const precision = options.precision ?? 4;
  const keys = columnNames(rows);
  const dropped = new Set(options.drop_original_columns ? [...sources, ...targets] : []);
  // On a pivoted result each metric stands for its columns (metric, value…); the pair is compared column
  // by column on matching values, a value present on one side only giving null, as pandas aligns them.
  const rest = (key: string) => JSON.stringify(levelsOf(key)?.slice(1) ?? []);
  const plan = sources.flatMap((source, at) => {
    const target = targets[at] as string;
    const name = [type, source, target].join(TIME_COMPARISON);
    const left = new Map(keysUnder(keys, source).map((key) => [rest(key), key]));
    const right = new Map(keysUnder(keys, target).map((key) => [rest(key), key]));
    return [...new Set([...left.keys(), ...right.keys()])].map((levels) => {
      const tail = JSON.parse(levels) as Array<string | null>;
      return {
        left: left.get(levels),
        right: right.get(levels),
        name: tail.length ? levelKey([name, ...tail]) : name,
      };
    });
  });
  return rows.map((row) => {
    const out: Row = {};
    for (const [key, value] of Object.entries(row)) {
      const top = topLevel(key);
      if (top === null || !dropped.has(top)) out[key] = value;
    }
    for (const { left, right, name } of plan) {
      const a = left === undefined ? null : toNumber(row[left]);
      const b = right === undefined ? null : toNumber(row[right]);
      let value: number | null = null;
      if (a !== null && b !== null) {
        if (type === 'difference') value = a - b;
        else {
          const ratio = type === 'percentage' ? divide(a - b, b) : divide(a, b);
          value = ratio === null ? null : round(ratio, precision);
        }
      }
      out[name] = value;
    }
    return out;
  });
}

export interface ContributionOptions {
  orientation?: 'row' | 'column';
  columns?: string[];
  rename_columns?: string[];
  time_shifts?: string[];
  /** Column totals computed over the whole result set (before a row limit), by column. */
  contribution_totals?: Record<string, number>;
}

/**
 * Each numeric cell divided by its column total (default) or by its row total. Missing cells count as 0
 * in a column total and stay missing by row; a zero total gives null. In row orientation each time shift's columns make their own total.
 */
export function contribution(rows: readonly Row[], options: ContributionOptions = {}): Row[] {
  const reader: OptionReader = new OptionReader('contribution', {});
  const numeric = columnNames(rows).filter((name) => isNumericColumn(rows, name));
  for (const column of options.columns ?? []) {
    if (rows.length && !numeric.includes(column)) {
      reader.fail(`Column "${column}" is not numeric or does not exists in the query results.`);
    }
  }
  const columns = options.columns?.length ? options.columns : numeric;
  const renamed = options.rename_columns?.length ? options.rename_columns : columns;
  if (renamed.length !== columns.length) {
    reader.fail('`rename_columns` must have the same length as `columns` + `time_shift_columns`.');
  }
  const value = (row: Row, column: string) => toNumber(row[column]) ?? 0;
  const out = rows.map((row) => ({ ...row }));
  if ((options.orientation ?? 'column') === 'column') {
    const given = options.contribution_totals;
    columns.forEach((column, at) => {
      const total = given ? (given[column] ?? 0) : rows.reduce((acc, row) => acc + value(row, column), 0);
      out.forEach((row, index) => {
        // Superset writes 0 for a missing or zero given total; a zero computed total divides to NaN (null).
        row[renamed[at] as string] = total !== 0 ? value(rows[index] as Row, column) / total : given ? 0 : null;
      });
    });
    return out;
  }
  // A time shift's columns end in "__<shift>" (on a pivoted result, their metric level does).
  const groupOf = (column: string) =>
    options.time_shifts?.find((shift) => (topLevel(column) ?? '').endsWith(`${TIME_COMPARISON}${shift}`)) ?? '';
  const groups = new Map<string, number[]>();
  columns.forEach((column, at) => {
    const group = groupOf(column);
    groups.set(group, [...(groups.get(group) ?? []), at]);
  });
  // By row Superset divides the cells as they are: a missing cell stays missing, and a row summing to 0
  // divides to NaN (null).
  out.forEach((row, index) => {
    const source = rows[index] as Row;
    for (const members of groups.values()) {
      const total = members.reduce((acc, at) => acc + value(source, columns[at] as string), 0);
      for (const at of members) {
        const cell = toNumber(source[columns[at] as string]);
        row[renamed[at] as string] = cell === null ? null : divide(cell, total);
      }
    }
  });
  return out;
}

export function compareStep(rows: readonly Row[], raw: Record<string, unknown>): Row[] {
  const reader: OptionReader = new OptionReader('compare', raw);
  return compare(rows, {
    source_columns: reader.strings('source_columns', true),
    compare_columns: reader.strings('compare_columns', true),
    compare_type: reader.string('compare_type') as ComparisonType,
    drop_original_columns: reader.boolean('drop_original_columns', false),
    precision: reader.integer('precision'),
  });
}

export function contributionStep(rows: readonly Row[], raw: Record<string, unknown>): Row[] {
  const reader: OptionReader = new OptionReader('contribution', raw);
  const orientation = reader.string('orientation', 'column') ?? 'column';
  if (orientation !== 'row' && orientation !== 'column') reader.fail('orientation must be "row" or "column"');
  const totals = reader.mapping('contribution_totals', (value): value is number => typeof value === 'number');
  return contribution(rows, {
    orientation,
    columns: reader.strings('columns'),
    rename_columns: reader.strings('rename_columns'),
    time_shifts: reader.strings('time_shifts'),
    ...(totals ? { contribution_totals: totals } : {}),
  });
}
