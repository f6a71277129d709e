// Row-order operations on numeric columns: rolling windows, cumulative totals and differences.
import { keysUnder, withTopLevel } from './levels.js';
import { columnNames, isString, OptionReader, type Row, requireColumns } from './options.js';
import { max, mean, median, min, percentile, std, sum, variance } from './stats.js';
import { isNumericColumn, toNumber } from './values.js';

export const ROLLING_TYPES = ['sum', 'mean', 'std', 'max', 'min', 'median', 'var', 'count', 'quantile'] as const;
/** Superset's schema range for a rolling window, enforced where the window is used. */
export const MAX_ROLLING_WINDOW = 10_000;
export type RollingType = (typeof ROLLING_TYPES)[number];
export const CUMULATIVE_OPERATORS = ['sum', 'prod', 'min', 'max'] as const;
export type CumulativeOperator = (typeof CUMULATIVE_OPERATORS)[number];

/** Source → target column; targets equal to sources overwrite in place, others are added. */
export type ColumnMapping = Record<string, string>;

/** One column to compute from and the column to write, as row keys (a pivot's metric level expanded). */
interface Pair {
  source: string;
  target: string;
}

/**
 * The columns an operation applies to: every column under each mapped name (on a pivoted result a name is
 * the metric level, so "SUM(x)" covers (SUM(x), UK), (SUM(x), US)…), or without a mapping (a Nezha client
 * shortcut) every numeric column outside `index`. Time cells should be Dates or ISO strings here: epoch
 * numbers in an index column not listed in `index` would be taken for a series.
 */
function targetColumns(
  reader: OptionReader,
  rows: readonly Row[],
  mapping: ColumnMapping | undefined,
  index: string[],
): Pair[] {
  const keys = columnNames(rows);
  if (mapping) {
    requireColumns(reader, rows, Object.keys(mapping));
    return Object.entries(mapping).flatMap(([source, target]) =>
      keysUnder(keys, source).map((key) => ({ source: key, target: withTopLevel(key, target) })),
    );
  }
  return keys
    .filter((name) => !index.includes(name) && isNumericColumn(rows, name))
    .map((name) => ({ source: name, target: name }));
}

function writeColumns(rows: readonly Row[], pairs: readonly Pair[], compute: (values: unknown[]) => unknown[]): Row[] {
  const out = rows.map((row) => ({ ...row }));
  for (const { source, target } of pairs) {
    const result = compute(rows.map((row) => row[source]));
    out.forEach((row, at) => {
      row[target] = result[at] ?? null;
    });
  }
  return out;
}

type WindowReducer = (values: readonly unknown[]) => number | null;

/** The keyword arguments each pandas rolling method takes (rolling_type_options). */
const ROLLING_OPTIONS: Record<RollingType, readonly string[]> = {
  sum: [],
  mean: [],
  std: ['ddof'],
  var: ['ddof'],
  max: [],
  min: [],
  median: [],
  count: [],
  quantile: ['quantile', 'interpolation'],
};

const INTERPOLATIONS = ['linear', 'lower', 'higher', 'midpoint', 'nearest'] as const;

/** Python's repr of an options dict, as Superset prints it in "Invalid options for …". */
function pythonDict(options: Record<string, unknown>): string {
  const repr = (value: unknown): string =>
    typeof value === 'string'
      ? `'${value}'`
      : value === null
        ? 'None'
        : typeof value === 'boolean'
          ? value
            ? 'True'
            : 'False'
          : String(value);
  return `{${Object.entries(options)
    .map(([key, value]) => `'${key}': ${repr(value)}`)
    .join(', ')}}`;
}

/** pandas' quantile of the window's non-null values with the given interpolation. */
function quantile(values: readonly unknown[], q: number, interpolation: string): number | null {
  const list = values.map(toNumber).filter((value): value is number => value !== null);
  if (list.length === 0) return null;
  list.sort((a, b) => a - b);
  const position = (list.length - 1) * q;
  const lower = list[Math.floor(position)] as number;
  const upper = list[Math.ceil(position)] as number;
  const fraction = position - Math.floor(position);
  if (interpolation === 'lower') return lower;
  if (interpolation === 'higher') return upper;
  if (interpolation === 'midpoint') return fraction === 0 ? lower : (lower + upper) / 2;
  if (interpolation === 'nearest')
    return fraction < 0.5 || (fraction === 0.5 && Math.floor(position) % 2 === 0) ? lower : upper;
  return percentile(list, q * 100);
}

/** The window reduction of a rolling type, its options checked as pandas' method signature would. */
function rollingReducer(reader: OptionReader, type: RollingType, options: Record<string, unknown>): WindowReducer {
  const allowed = ROLLING_OPTIONS[type];
  const invalid = () => reader.fail(`Invalid options for ${type}: ${pythonDict(options)}`);
  if (Object.keys(options).some((key) => !allowed.includes(key))) invalid();
  const ddof = options.ddof ?? 1;
  if (typeof ddof !== 'number' || !Number.isInteger(ddof)) invalid();
  switch (type) {
    case 'sum':
      return sum;
    case 'mean':
      return mean;
    // pandas' rolling statistics use the sample (n − 1) denominator unless ddof says otherwise.
    case 'std':
      return (values) => std(values, ddof as number);
    case 'var':
      return (values) => variance(values, ddof as number);
    case 'max':
      return max;
    case 'min':
      return min;
    case 'median':
      return median;
    case 'count':
      return (values) => values.filter((value) => toNumber(value) !== null).length;
    case 'quantile': {
      const q = options.quantile;
      const interpolation = options.interpolation ?? 'linear';
      if (typeof q !== 'number' || q < 0 || q > 1) invalid();
      if (!(INTERPOLATIONS as readonly unknown[]).includes(interpolation)) invalid();
      return (values) => quantile(values, q as number, interpolation as string);
    }
  }
}

export interface RollingOptions {
  rolling_type: RollingType;
  window: number;
  columns?: ColumnMapping;
  rolling_type_options?: Record<string, unknown>;
  min_periods?: number;
  center?: boolean;
  index?: string[];
}

/**
 * pandas' rolling window over the last `window` rows (or around the row when centred): a result needs at
 * least `min_periods` (default: window) non-null values. As in Superset, an explicit min_periods also drops
 * the first min_periods − 1 rows, whose windows could not have been full.
 */
export function rolling(rows: readonly Row[], options: RollingOptions): Row[] {
  const reader: OptionReader = new OptionReader('rolling', {});
  if (!Number.isInteger(options.window) || options.window <= 0) reader.fail('Window must be > 0');
  if (options.window > MAX_ROLLING_WINDOW) reader.fail(`Window must not exceed ${MAX_ROLLING_WINDOW}`);
  if (!(ROLLING_TYPES as readonly string[]).includes(options.rolling_type)) {
    reader.fail(`Invalid rolling_type: ${options.rolling_type}`);
  }
  const reduce = rollingReducer(reader, options.rolling_type, options.rolling_type_options ?? {});
  const { window } = options;
  const minPeriods = options.min_periods ?? window;
  const before = options.center ? Math.floor(window / 2) : window - 1;
  const pairs = targetColumns(reader, rows, options.columns, options.index ?? []);
  const result = writeColumns(rows, pairs, (values) =>
    values.map((_, at) => {
      const slice = values.slice(Math.max(0, at - before), at - before + window);
      const observed = slice.filter((value) => toNumber(value) !== null).length;
      return observed >= minPeriods ? reduce(slice) : null;
    }),
  );
  return options.min_periods ? result.slice(options.min_periods - 1) : result;
}

export interface CumOptions {
  operator: CumulativeOperator;
  columns?: ColumnMapping;
  index?: string[];
}

const STEP: Record<CumulativeOperator, (total: number, value: number) => number> = {
  sum: (total, value) => total + value,
  prod: (total, value) => total * value,
  min: (total, value) => Math.min(total, value),
  max: (total, value) => Math.max(total, value),
};

/**
 * Cumulative sum, product, minimum or maximum. Superset fills missing values with 0 first, so a gap
 * carries the running sum and zeroes a running product.
 */
export function cum(rows: readonly Row[], options: CumOptions): Row[] {
  const reader: OptionReader = new OptionReader('cum', {});
  const step = STEP[options.operator];
  if (!step) reader.fail(`Invalid cumulative operator: ${options.operator}`);
  const pairs = targetColumns(reader, rows, options.columns, options.index ?? []);
  return writeColumns(rows, pairs, (values) => {
    let total: number | null = null;
    return values.map((value) => {
      const number = toNumber(value) ?? 0;
      total = total === null ? number : step(total, number);
      return total;
    });
  });
}

export interface DiffOptions {
  columns: ColumnMapping;
  periods?: number;
  /** 0 (default): with the row `periods` earlier; 1: with the column `periods` to the left among `columns`. */
  axis?: 0 | 1;
}

function difference(current: unknown, previous: unknown): number | null {
  const a = toNumber(current);
  const b = toNumber(previous);
  return a === null || b === null ? null : a - b;
}

/** Difference with the row `periods` earlier (or later, when negative), or across the selected columns. */
export function diff(rows: readonly Row[], options: DiffOptions): Row[] {
  const reader: OptionReader = new OptionReader('diff', {});
  const pairs = targetColumns(reader, rows, options.columns, []);
  const periods = options.periods ?? 1;
  if ((options.axis ?? 0) === 0) {
    return writeColumns(rows, pairs, (values) => values.map((value, at) => difference(value, values[at - periods])));
  }
  return rows.map((row) => {
    const out: Row = { ...row };
    pairs.forEach(({ source, target }, at) => {
      const other = pairs[at - periods];
      out[target] = other ? difference(row[source], row[other.source]) : null;
    });
    return out;
  });
}

export function rollingStep(rows: readonly Row[], raw: Record<string, unknown>): Row[] {
  const reader: OptionReader = new OptionReader('rolling', raw);
  const window = reader.integer('window');
  if (window === undefined) reader.fail('Undefined window for rolling operation');
  const type = reader.string('rolling_type');
  if (!(ROLLING_TYPES as readonly string[]).includes(type)) reader.fail(`Invalid rolling_type: ${type}`);
  if (reader.has('win_type')) reader.fail('win_type is not supported');
  return rolling(rows, {
    rolling_type: type as RollingType,
    window,
    rolling_type_options: reader.record('rolling_type_options') ?? {},
    columns: reader.mapping('columns', isString),
    min_periods: reader.integer('min_periods'),
    center: reader.boolean('center', false),
    index: reader.strings('index'),
  });
}

export function cumStep(rows: readonly Row[], raw: Record<string, unknown>): Row[] {
  const reader: OptionReader = new OptionReader('cum', raw);
  const operator = reader.string('operator');
  if (!(CUMULATIVE_OPERATORS as readonly string[]).includes(operator)) {
    reader.fail(`Invalid cumulative operator: ${operator}`);
  }
  return cum(rows, {
    operator: operator as CumulativeOperator,
    columns: reader.mapping('columns', isString),
    index: reader.strings('index'),
  });
}

export function diffStep(rows: readonly Row[], raw: Record<string, unknown>): Row[] {
  const reader: OptionReader = new OptionReader('diff', raw);
  const axis = reader.any('axis') ?? 0;
  const byRows = axis === 0 || axis === 'index' || axis === 'rows';
  if (!byRows && axis !== 1 && axis !== 'columns')
    reader.fail(`No axis named ${String(axis)} for object type DataFrame`);
  return diff(rows, {
    columns: reader.mapping('columns', isString, true) ?? {},
    periods: reader.integer('periods'),
    axis: byRows ? 0 : 1,
  });
}
