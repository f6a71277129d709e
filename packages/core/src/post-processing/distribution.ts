// Distribution summaries: box plot statistics per group and histograms of one column.
import { aggregate } from './aggregate.js';
import { OptionReader, PostProcessingError, type Row, requireColumns } from './options.js';
import { countAll, max, mean, median, min, percentile } from './stats.js';
import { compareTuples, isMissing, pythonFloat, toNumber, tupleKey } from './values.js';

export const WHISKER_TYPES = ['tukey', 'min/max', 'percentile'] as const;
export type WhiskerType = (typeof WHISKER_TYPES)[number];
export const MAX_HISTOGRAM_BINS = 1000;

export interface BoxplotOptions {
  groupby: string[];
  metrics: string[];
  whisker_type: WhiskerType;
  /** [low, high] percentiles of the whiskers, for whisker_type "percentile". */
  percentiles?: [number, number];
}

function numbersOf(values: readonly unknown[]): number[] {
  return values.map(toNumber).filter((value): value is number => value !== null);
}

/**
 * For each metric: `__mean`, `__median`, `__max` and `__min` (whisker ends), `__q1`, `__q3`, `__count` and
 * `__outliers`. Tukey whiskers reach the furthest values within 1.5 IQR of the quartiles.
 */
export function boxplot(rows: readonly Row[], options: BoxplotOptions): Row[] {
  const reader: OptionReader = new OptionReader('boxplot', {});
  const q1 = (values: readonly unknown[]) => percentile(values, 25, 'midpoint');
  const q3 = (values: readonly unknown[]) => percentile(values, 75, 'midpoint');
  let high: (values: readonly unknown[]) => number | null = max;
  let low: (values: readonly unknown[]) => number | null = min;
  if (options.whisker_type === 'tukey') {
    const fence = (values: readonly unknown[], side: 1 | -1) => {
      const a = q1(values);
      const b = q3(values);
      if (a === null || b === null) return null;
      const limit = side === 1 ? b + 1.5 * (b - a) : a - 1.5 * (b - a);
      const inside = numbersOf(values).filter((value) => (side === 1 ? value <= limit : value >= limit));
      return side === 1 ? max(inside) : min(inside);
    };
    high = (values) => fence(values, 1);
    low = (values) => fence(values, -1);
  } else if (options.whisker_type === 'percentile') {
    const given: readonly unknown[] = Array.isArray(options.percentiles) ? options.percentiles : [];
    const [lower, upper] = given;
    if (given.length !== 2 || typeof lower !== 'number' || typeof upper !== 'number' || lower >= upper) {
      reader.fail(
        'percentiles must be a list or tuple with two numeric values, of which the first is lower than the second value',
      );
    }
    high = (values) => percentile(values, upper);
    low = (values) => percentile(values, lower);
  } else if (options.whisker_type !== 'min/max') {
    reader.fail(`Invalid whisker type: ${String(options.whisker_type)}`);
  }
  const outliers = (values: readonly unknown[]) => {
    const list = numbersOf(values);
    const top = high(values);
    const bottom = low(values);
    return [
      ...list.filter((value) => top !== null && value > top),
      ...list.filter((value) => bottom !== null && value < bottom),
    ];
  };
  // Superset's count is np.ma.count: every row of the group, NULL metric values included.
  const operators = { mean, median, max: high, min: low, q1, q3, count: countAll, outliers };
  const aggregates = Object.fromEntries(
    Object.entries(operators).flatMap(([name, operator]) =>
      options.metrics.map((metric) => [`${metric}__${name}`, { column: metric, operator }]),
    ),
  );
  // Superset groups with dropna=False: rows whose group value is NULL make their own box.
  return aggregate(rows, { groupby: options.groupby, aggregates }, 'boxplot', true);
}

export interface HistogramOptions {
  column: string;
  groupby?: string[];
  bins?: number;
  cumulative?: boolean;
  normalize?: boolean;
}

/**
 * Counts of `column` in `bins` equal-width bins over its range, one row per group, with columns named
 * "low - high" as numpy's edges print in Python. Cumulative counts add up bin by bin; normalising divides
 * by the sum of all cells.
 */
export function histogram(rows: readonly Row[], options: HistogramOptions): Row[] {
  const reader: OptionReader = new OptionReader('histogram', {});
  const bins = options.bins ?? 5;
  const groupby = options.groupby ?? [];
  if (!Number.isInteger(bins) || bins < 1 || bins > MAX_HISTOGRAM_BINS) {
    reader.fail(`\`bins\` must be an integer between 1 and ${MAX_HISTOGRAM_BINS}`);
  }
  requireColumns(reader, rows, [options.column, ...groupby]);
  const present = rows.filter((row) => !isMissing(row[options.column]));
  if (present.length === 0) return [];
  const values = present.map((row) => toNumber(row[options.column]));
  if (values.some((value) => value === null)) {
    throw new PostProcessingError(`Column '${options.column}' contains non-numeric values`);
  }
  const numbers = values as number[];
  let first = numbers.reduce((a, b) => Math.min(a, b));
  let last = numbers.reduce((a, b) => Math.max(a, b));
  if (first === last) {
    first -= 0.5;
    last += 0.5;
  }
  const step = (last - first) / bins;
  const edges = Array.from({ length: bins + 1 }, (_, i) => (i === bins ? last : i * step + first));
  const labels = edges.slice(0, -1).map((edge, i) => `${pythonFloat(edge)} - ${pythonFloat(edges[i + 1] as number)}`);
  const binOf = (value: number) => {
    // numpy's search: a direct estimate, corrected against the actual edges; the last bin is closed.
    let index = Math.min(Math.floor((value - first) * (bins / (last - first))), bins - 1);
    if (value < (edges[index] as number)) index -= 1;
    else if (index !== bins - 1 && value >= (edges[index + 1] as number)) index += 1;
    return index;
  };

  const groups = new Map<string, { key: unknown[]; counts: number[] }>();
  present.forEach((row, at) => {
    const key = groupby.map((column) => row[column] ?? null);
    if (key.some(isMissing)) return;
    const id = tupleKey(key);
    const group = groups.get(id) ?? { key, counts: new Array<number>(bins).fill(0) };
    groups.set(id, group);
    const bin = binOf(numbers[at] as number);
    group.counts[bin] = (group.counts[bin] ?? 0) + 1;
  });
  const ordered = [...groups.values()].sort((a, b) => compareTuples(a.key, b.key));
  if (options.cumulative) {
    for (const group of ordered) {
      let running = 0;
      group.counts = group.counts.map((cell) => {
        running += cell;
        return running;
      });
    }
  }
  const total = ordered.reduce((acc, group) => acc + group.counts.reduce((a, b) => a + b, 0), 0);
  return ordered.map(({ key, counts }) => {
    const row: Row = {};
    groupby.forEach((column, at) => {
      row[column] = key[at];
    });
    labels.forEach((label, i) => {
      const cell = counts[i] ?? 0;
      row[label] = options.normalize ? cell / total : cell;
    });
    return row;
  });
}

export function boxplotStep(rows: readonly Row[], raw: Record<string, unknown>): Row[] {
  const reader: OptionReader = new OptionReader('boxplot', raw);
  const whisker = reader.string('whisker_type');
  if (!(WHISKER_TYPES as readonly string[]).includes(whisker)) reader.fail(`Invalid whisker type: ${whisker}`);
  const percentiles = reader.any('percentiles');
  return boxplot(rows, {
    groupby: reader.strings('groupby'),
    metrics: reader.strings('metrics', true),
    whisker_type: whisker as WhiskerType,
    ...(percentiles !== undefined ? { percentiles: percentiles as [number, number] } : {}),
  });
}

export function histogramStep(rows: readonly Row[], raw: Record<string, unknown>): Row[] {
  const reader: OptionReader = new OptionReader('histogram', raw);
  const bins = reader.any('bins');
  if (bins !== undefined && (typeof bins !== 'number' || !Number.isInteger(bins))) {
    reader.fail(`\`bins\` must be an integer between 1 and ${MAX_HISTOGRAM_BINS}`);
  }
  return histogram(rows, {
    column: reader.string('column'),
    groupby: reader.strings('groupby'),
    ...(typeof bins === 'number' ? { bins } : {}),
    cumulative: reader.boolean('cumulative', false),
    normalize: reader.boolean('normalize', false),
  });
}
