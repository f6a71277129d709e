// Reductions over a column's values with numpy's names, skipping nulls as pandas skips NaN.
import { toNumber } from './values.js';

export type Reducer = (values: readonly unknown[], options?: Record<string, unknown>) => number | null;

function numbers(values: readonly unknown[]): number[] {
  const result: number[] = [];
  for (const value of values) {
    const number = toNumber(value);
    if (number !== null) result.push(number);
  }
  return result;
}

export function sum(values: readonly unknown[]): number {
  return numbers(values).reduce((total, value) => total + value, 0);
}

export function mean(values: readonly unknown[]): number | null {
  const list = numbers(values);
  return list.length ? sum(list) / list.length : null;
}

/** Variance with `ddof` delta degrees of freedom: numpy's default is 0, pandas rolling uses 1. */
export function variance(values: readonly unknown[], ddof = 0): number | null {
  const list = numbers(values);
  if (list.length - ddof <= 0) return null;
  const average = sum(list) / list.length;
  return list.reduce((total, value) => total + (value - average) ** 2, 0) / (list.length - ddof);
}

export function std(values: readonly unknown[], ddof = 0): number | null {
  const v = variance(values, ddof);
  return v === null ? null : Math.sqrt(v);
}

export function min(values: readonly unknown[]): number | null {
  const list = numbers(values);
  return list.length ? list.reduce((a, b) => Math.min(a, b)) : null;
}

export function max(values: readonly unknown[]): number | null {
  const list = numbers(values);
  return list.length ? list.reduce((a, b) => Math.max(a, b)) : null;
}

export function prod(values: readonly unknown[]): number {
  return numbers(values).reduce((total, value) => total * value, 1);
}

/** Non-null values (pandas' count). */
export function count(values: readonly unknown[]): number {
  return numbers(values).length;
}

/** Every value, NULLs included: numpy's np.ma.count, which Superset's "count" operator is. */
export function countAll(values: readonly unknown[]): number {
  return values.length;
}

export type PercentileMethod = 'linear' | 'midpoint';

/** numpy's percentile over the non-null values; `q` in 0–100. */
export function percentile(values: readonly unknown[], q: number, method: PercentileMethod = 'linear'): number | null {
  const list = numbers(values).sort((a, b) => a - b);
  if (list.length === 0) return null;
  const position = ((list.length - 1) * q) / 100;
  const lower = list[Math.floor(position)] as number;
  const upper = list[Math.ceil(position)] as number;
  if (method === 'midpoint') return (lower + upper) / 2;
  return lower + (upper - lower) * (position - Math.floor(position));
}

export function median(values: readonly unknown[]): number | null {
  return percentile(values, 50);
}

function percentileOption(options: Record<string, unknown> | undefined): number {
  const q = options?.q;
  return typeof q === 'number' ? q : 50;
}

/** The aggregate operators Superset's post-processing accepts by name. */
export const REDUCERS: Record<string, Reducer> = {
  sum,
  nansum: sum,
  mean,
  nanmean: mean,
  average: mean,
  median,
  nanmedian: median,
  min,
  nanmin: min,
  max,
  nanmax: max,
  count: countAll,
  count_nonzero: (values) => numbers(values).filter((value) => value !== 0).length,
  prod,
  product: prod,
  std: (values, options) => std(values, typeof options?.ddof === 'number' ? options.ddof : 0),
  var: (values, options) => variance(values, typeof options?.ddof === 'number' ? options.ddof : 0),
  percentile: (values, options) => percentile(values, percentileOption(options)),
  nanpercentile: (values, options) => percentile(values, percentileOption(options)),
};
