// Grouping rows and the aggregate operation (Superset's pandas_postprocessing.aggregate).
import { OptionReader, PostProcessingError, type Row, requireColumns } from './options.js';
import { REDUCERS } from './stats.js';
import { compareTuples, isMissing, tupleKey } from './values.js';

export interface RowGroup {
  key: unknown[];
  rows: Row[];
}

/**
 * Rows grouped by the values of `columns`, groups in ascending key order. Rows with a missing key are
 * dropped, as pandas' groupby does by default, unless `keepMissing`.
 */
export function groupRows(rows: readonly Row[], columns: readonly string[], keepMissing = false): RowGroup[] {
  const groups = new Map<string, RowGroup>();
  for (const row of rows) {
    const key = columns.map((column) => row[column] ?? null);
    if (!keepMissing && key.some(isMissing)) continue;
    const id = tupleKey(key);
    const group = groups.get(id);
    if (group) group.rows.push(row);
    else groups.set(id, { key, rows: [row] });
  }
  return [...groups.values()].sort((a, b) => compareKeys(a.key, b.key));
}

/** Ascending key order with missing values last, as pandas sorts groups kept with dropna=False. */
function compareKeys(a: readonly unknown[], b: readonly unknown[]): number {
  for (let at = 0; at < Math.min(a.length, b.length); at += 1) {
    const x = a[at];
    const y = b[at];
    if (isMissing(x) || isMissing(y)) {
      if (isMissing(x) !== isMissing(y)) return isMissing(x) ? 1 : -1;
      continue;
    }
    const order = compareTuples([x], [y]);
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

export interface AggregateSpec {
  /** Source column; defaults to the aggregate's own name. */
  column?: string;
  operator: string | ((values: readonly unknown[]) => unknown);
  options?: Record<string, unknown>;
}

export interface ResolvedAggregate {
  name: string;
  column: string;
  reduce: (values: readonly unknown[]) => unknown;
}

/** Checks each aggregate's column and operator the way Superset's _get_aggregate_funcs does. */
export function resolveAggregates(
  operation: string,
  rows: readonly Row[],
  aggregates: Record<string, unknown>,
): ResolvedAggregate[] {
  const reader: OptionReader = new OptionReader(operation, {});
  return Object.entries(aggregates).map(([name, raw]) => {
    if (typeof raw !== 'object' || raw === null) reader.fail(`aggregate "${name}" must be an object`);
    const spec = raw as Partial<AggregateSpec>;
    const column = typeof spec.column === 'string' ? spec.column : name;
    if (rows.length && !rows.some((row) => Object.hasOwn(row, column))) {
      reader.fail(`Column referenced by aggregate is undefined: ${column}`);
    }
    if (spec.operator === undefined) {
      throw new PostProcessingError(`${operation}: Operator undefined for aggregator: ${name}`);
    }
    const reducer: ((values: readonly unknown[], options?: Record<string, unknown>) => unknown) | undefined =
      typeof spec.operator === 'function' ? spec.operator : REDUCERS[String(spec.operator)];
    if (!reducer) throw new PostProcessingError(`${operation}: Invalid numpy function: ${String(spec.operator)}`);
    const options = spec.options;
    return { name, column, reduce: (values) => reducer(values, options) };
  });
}

export interface AggregateOptions {
  groupby: string[];
  aggregates: Record<string, AggregateSpec>;
}

/** One row per group (or one row overall without groupby) holding the group keys and each aggregate. */
export function aggregate(
  rows: readonly Row[],
  options: AggregateOptions,
  operation = 'aggregate',
  keepMissing = false,
): Row[] {
  requireColumns(new OptionReader(operation, {}), rows, options.groupby);
  const aggregates = resolveAggregates(operation, rows, options.aggregates as Record<string, unknown>);
  const whole = rows.length ? [{ key: [], rows: [...rows] }] : [];
  const groups = options.groupby.length ? groupRows(rows, options.groupby, keepMissing) : whole;
  return groups.map(({ key, rows: members }) => {
    const row: Row = {};
    options.groupby.forEach((column, index) => {
      row[column] = key[index];
    });
    for (const { name, column, reduce } of aggregates) row[name] = reduce(members.map((member) => member[column]));
    return row;
  });
}

export function aggregateStep(rows: readonly Row[], raw: Record<string, unknown>): Row[] {
  const reader: OptionReader = new OptionReader('aggregate', raw);
  // Superset groups with dropna=False: NULL group keys make a group of their own, sorted last.
  return aggregate(
    rows,
    {
      groupby: reader.strings('groupby'),
      aggregates: (reader.record('aggregates') ?? {}) as Record<string, AggregateSpec>,
    },
    'aggregate',
    true,
  );
}
