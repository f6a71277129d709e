// The pivot table's aggregate functions over a cell's values (Superset's pivot aggregateFunction names).
import { i18nKey } from '../../i18n/i18n';

export type Aggregator = (values: readonly number[]) => number | null;

const sum: Aggregator = (values) => (values.length ? values.reduce((a, b) => a + b, 0) : null);

const median: Aggregator = (values) => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

export const AGGREGATORS: Record<string, Aggregator> = {
  Sum: sum,
  Count: (values) => values.length,
  'Count Unique Values': (values) => new Set(values).size,
  Average: (values) => (values.length ? (sum(values) as number) / values.length : null),
  Median: median,
  Minimum: (values) => (values.length ? Math.min(...values) : null),
  Maximum: (values) => (values.length ? Math.max(...values) : null),
  First: (values) => values[0] ?? null,
  Last: (values) => values[values.length - 1] ?? null,
  'Sum as Fraction of Total': sum,
  'Sum as Fraction of Rows': sum,
  'Sum as Fraction of Columns': sum,
};

export const AGGREGATOR_NAMES = Object.keys(AGGREGATORS);

/** The names as the control panel shows them with t(name): catalogue keys. */
export const AGGREGATOR_LABELS = [
  i18nKey('Sum'),
  i18nKey('Count'),
  i18nKey('Count Unique Values'),
  i18nKey('Average'),
  i18nKey('Median'),
  i18nKey('Minimum'),
  i18nKey('Maximum'),
  i18nKey('First'),
  i18nKey('Last'),
  i18nKey('Sum as Fraction of Total'),
  i18nKey('Sum as Fraction of Rows'),
  i18nKey('Sum as Fraction of Columns'),
] as const;

/** The share a fraction aggregator divides by, or null for plain aggregators. */
export function fractionOf(name: string): 'total' | 'row' | 'column' | null {
  if (name === 'Sum as Fraction of Total') return 'total';
  if (name === 'Sum as Fraction of Rows') return 'row';
  if (name === 'Sum as Fraction of Columns') return 'column';
  return null;
}
