// The pivot operation: index rows × column-value combinations × aggregates, as (metric, value…) columns.
import { groupRows, resolveAggregates } from './aggregate.js';
import { levelKey } from './levels.js';
import { OptionReader, type Row, requireColumns } from './options.js';
import { compareTuples, isMissing, keyLabel, tupleKey } from './values.js';

/** What pandas shows for a missing pivot column value. */
export const NULL_STRING = '<NULL>';

export interface PivotOptions {
  index: string[];
  columns?: string[];
  aggregates: Record<string, unknown>;
  metric_fill_value?: unknown;
  /** Replaces missing values of the pivot columns; null drops those rows instead. */
  column_fill_value?: string | null;
  drop_missing_columns?: boolean;
  /** Put each column value's metrics side by side ("value, metric") instead of grouping by metric. */
  combine_value_with_metric?: boolean;
}

interface PivotColumn {
  metric: string;
  values: unknown[];
  name: string;
}

/**
 * Without pivot columns a metric keeps its plain name; otherwise the column is the tuple (metric, values…),
 * or (values…, metric) when combined, as pandas' MultiIndex. Referencing steps (rolling, cum, compare,
 * rename) name the metric level; flatten joins the levels with ", ".
 */
function columnName(metric: string, values: unknown[], combine: boolean): string {
  if (values.length === 0) return metric;
  const labels = values.map(keyLabel);
  return levelKey(combine ? [...labels, metric] : [metric, ...labels]);
}

export function pivot(rows: readonly Row[], options: PivotOptions): Row[] {
  const reader: OptionReader = new OptionReader('pivot', {});
  const { index } = options;
  const columns = options.columns ?? [];
  if (index.length === 0) reader.fail('Pivot operation requires at least one index');
  if (Object.keys(options.aggregates).length === 0) reader.fail('Pivot operation must include at least one aggregate');
  requireColumns(reader, rows, [...index, ...columns]);
  const aggregates = resolveAggregates('pivot', rows, options.aggregates);
  const dropMissing = options.drop_missing_columns ?? true;
  const fill = options.column_fill_value === undefined ? NULL_STRING : options.column_fill_value;
  const combine = options.combine_value_with_metric ?? false;
  const filled =
    columns.length && fill !== null
      ? rows.map((row) => {
          const copy = { ...row };
          for (const column of columns) if (isMissing(copy[column])) copy[column] = fill;
          return copy;
        })
      : rows;

  const indexGroups = groupRows(filled, index, !dropMissing);
  const combos = groupRows(filled, columns, false).map((group) => group.key);
  const layout: PivotColumn[] = [];
  for (const { name } of [...aggregates].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    for (const values of combos) layout.push({ metric: name, values, name: '' });
  }
  if (combine) layout.sort((a, b) => compareTuples([...a.values, a.metric], [...b.values, b.metric]));
  for (const column of layout) column.name = columnName(column.metric, column.values, combine);

  const byMetric = new Map(aggregates.map((aggregate) => [aggregate.name, aggregate]));
  const table = indexGroups.map(({ key, rows: members }) => {
    const cells = new Map<string, Row[]>();
    for (const member of members) {
      const id = tupleKey(columns.map((column) => member[column] ?? null));
      const cell = cells.get(id);
      if (cell) cell.push(member);
      else cells.set(id, [member]);
    }
    const values = layout.map(({ metric, values: combo }) => {
      const cell = cells.get(tupleKey(combo));
      const aggregate = byMetric.get(metric);
      if (!cell || !aggregate) return null;
      const value = aggregate.reduce(cell.map((member) => member[aggregate.column]));
      return isMissing(value) ? null : value;
    });
    return { key, values };
  });

  // pandas drops all-missing rows before pivoting, and all-missing columns only when nothing filled them.
  const fillValue = options.metric_fill_value ?? null;
  const keptRows = dropMissing ? table.filter((row) => row.values.some((value) => value !== null)) : table;
  const hasValue = (at: number) => keptRows.some((row) => row.values[at] !== null);
  // Superset restores a metric that lost every column (all NULL), so that later steps can still name it.
  const lostMetrics = new Set(
    aggregates
      .map(({ name }) => name)
      .filter((name) => !layout.some((column, at) => column.metric === name && hasValue(at))),
  );
  const keptColumns = layout
    .map((column, at) => ({ column, at }))
    .filter(({ column, at }) => !dropMissing || fillValue !== null || lostMetrics.has(column.metric) || hasValue(at));
  if (lostMetrics.size && !combine) {
    // Restored columns come in the order their values first appear in the data.
    const firstSeen = new Map<string, number>();
    filled.forEach((row, at) => {
      const id = tupleKey(columns.map((column) => row[column] ?? null));
      if (!firstSeen.has(id)) firstSeen.set(id, at);
    });
    const metricOrder = (metric: string) => layout.findIndex((column) => column.metric === metric);
    const rank = ({ column, at }: { column: PivotColumn; at: number }) =>
      lostMetrics.has(column.metric) ? (firstSeen.get(tupleKey(column.values)) ?? at) : at;
    keptColumns.sort((a, b) => metricOrder(a.column.metric) - metricOrder(b.column.metric) || rank(a) - rank(b));
  }
  return keptRows.map(({ key, values }) => {
    const row: Row = {};
    index.forEach((column, at) => {
      row[column] = key[at];
    });
    for (const { column, at } of keptColumns) row[column.name] = values[at] ?? fillValue;
    return row;
  });
}

export function pivotStep(rows: readonly Row[], raw: Record<string, unknown>): Row[] {
  const reader: OptionReader = new OptionReader('pivot', raw);
  if (reader.boolean('marginal_distributions', false)) reader.fail('marginal_distributions is not supported');
  const fill = reader.any('column_fill_value');
  return pivot(rows, {
    index: reader.strings('index'),
    columns: reader.strings('columns'),
    aggregates: reader.record('aggregates') ?? {},
    metric_fill_value: reader.any('metric_fill_value'),
    // An explicit null asks for rows with missing pivot values to be dropped.
    column_fill_value: raw.column_fill_value === null ? null : typeof fill === 'string' ? fill : undefined,
    drop_missing_columns: reader.boolean('drop_missing_columns', true),
    combine_value_with_metric: reader.boolean('combine_value_with_metric', false),
  });
}
