// Cohort filters → SQL conditions: membership of the row's dimension values in the cohort's members sub-query,
// narrowed or compared per the cohort operators of spec §5.
import {
  type AdhocFilter,
  cohortOperatorsFor,
  FILTER_OPERATORS,
  type OperatorId,
  type QueryObjectFilter,
  resolveOperatorId,
} from '@nezha/core';
import { NezhaError } from '../../errors/nezha-error.js';
import { parseParams } from '../../saved-charts/form-data.js';
import { NO_SUCH_COHORT_MESSAGE } from '../../semantic/dataset-scope.js';
import type { CohortRow } from '../../store/schema-charts.js';
import { type ConditionContext, compareCondition } from './filter-condition.js';
import type { SqlValue } from './sql-params.js';

/** Cohorts may use cohorts in their definitions; this deep and no deeper. */
const MAX_COHORT_DEPTH = 8;

/** The positive operators whose negation is "not a member". */
const MEMBERSHIP: Partial<Record<OperatorId, 'positive' | 'negative'>> = {
  IN: 'positive',
  EQUALS: 'positive',
  NOT_IN: 'negative',
  NOT_EQUALS: 'negative',
};

/** Case-insensitive text matches of the single dimension, as LIKE patterns with '!' escaping. */
const TEXT_MATCH: Partial<Record<OperatorId, { pattern: (text: string) => string; negated: boolean }>> = {
  CONTAINS: { pattern: (text) => `%${text}%`, negated: false },
  NOT_CONTAINS: { pattern: (text) => `%${text}%`, negated: true },
  STARTS_WITH: { pattern: (text) => `${text}%`, negated: false },
  NOT_STARTS_WITH: { pattern: (text) => `${text}%`, negated: true },
};

export interface CohortDefinition {
  where: string[];
  having: string[];
}

/** Compiles a cohort's own adhoc filters on the same dataset, one level deeper in the cohort path. */
export type DefinitionCompiler = (filters: unknown[], path: readonly number[]) => CohortDefinition;

export interface CompiledCohort {
  sql: string;
  /** The dimension columns it compares, for applied_filters. */
  columns: string[];
}

interface Dimension {
  name: string;
  sql: string;
  temporal: boolean;
}

function cohortError(message: string, cohort: unknown): NezhaError {
  return new NezhaError({ type: 'GENERIC_COMMAND_ERROR', status: 400, message, extra: { cohort } });
}

function jsonValue(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const isScalar = (value: unknown): value is SqlValue =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** The dimensions: the cohort's dimension columns, else its actor column, else none (a set of rows). */
function dimensionNames(cohort: CohortRow): string[] {
  const parsed = jsonValue(cohort.dimensions);
  const names = Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  if (names.length > 0) return names;
  return cohort.actor ? [cohort.actor] : [];
}

/** Tuples of dimension values from a JSON value: a scalar or a list (one tuple) or a list of lists. */
function tuplesOf(value: unknown, width: number): SqlValue[][] | null {
  if (isScalar(value)) return width === 1 ? [[value]] : null;
  if (!Array.isArray(value)) return null;
  if (width > 1 && value.length === width && value.every(isScalar)) return [value];
  const tuples: SqlValue[][] = [];
  for (const item of value) {
    if (width === 1 && isScalar(item)) tuples.push([item]);
    else if (Array.isArray(item) && item.length === width && item.every(isScalar)) tuples.push(item);
    else return null;
  }
  return tuples;
}

/**
 * Comparator entries → member tuples. Each entry is an auto-complete label standing for its top series, else a
 * value (one dimension) or a list of values, one per dimension.
 */
function chosenTuples(cohort: CohortRow, comparator: unknown, width: number): SqlValue[][] {
  const items = Array.isArray(comparator) ? comparator : [comparator];
  const options = jsonValue(cohort.auto_complete_option);
  const labelled = new Map<string, unknown>();
  if (Array.isArray(options)) {
    for (const option of options) {
      if (option && typeof option === 'object' && typeof option.label === 'string' && 'top_series' in option) {
        labelled.set(option.label, option.top_series);
      }
    }
  }
  const tuples: SqlValue[][] = [];
  for (const item of items) {
    if (item === undefined || item === '') continue;
    const found = typeof item === 'string' && labelled.has(item) ? tuplesOf(labelled.get(item), width) : null;
    const own = found ?? (Array.isArray(item) || width === 1 ? tuplesOf(item, width) : null);
    if (!own) throw cohortError(`Invalid value for the cohort filter on "${cohort.cohort_name}".`, cohort.id);
    tuples.push(...own);
  }
  return tuples;
}

/** The rows whose dimensions equal one of the tuples (bound values; NULL matches NULL). */
function tuplesCondition(ctx: ConditionContext, dims: readonly Dimension[], tuples: readonly SqlValue[][]): string {
  if (tuples.length === 0) return '1 = 0';
  const [only] = dims;
  if (dims.length === 1 && only) {
    const filter: QueryObjectFilter = { col: only.name, op: 'IN', val: tuples.map((t) => t[0]) as string[] };
    return compareCondition('IN', only.sql, filter, ctx, only.temporal);
  }
  const rows = tuples.map((tuple) => {
    const parts = dims.map((dim, index) => {
      const val = (tuple[index] ?? null) as string;
      return compareCondition('EQUALS', dim.sql, { col: dim.name, op: '==', val }, ctx, dim.temporal);
    });
    return `(${parts.join(' AND ')})`;
  });
  return rows.length === 1 ? (rows[0] as string) : `(${rows.join(' OR ')})`;
}

/**
 * The membership test: the rows the definition keeps (no dimensions), or the dimensions IN the members,
 * `(d1, …) IN (SELECT d1, … FROM <dataset> WHERE … [GROUP BY … HAVING …])`. The sub-query is built here from
 * checked parts (the cohort's own filters, compiled like the chart's), never taken from user text, so the
 * refusal of user-written sub-queries does not apply to it. Every engine here takes row values with IN.
 */
function membership(ctx: ConditionContext, cohort: CohortRow, dims: Dimension[], definition: CohortDefinition) {
  const { scope } = ctx;
  if (dims.length === 0) {
    if (definition.having.length > 0) {
      throw cohortError(`The cohort "${cohort.cohort_name}" needs dimensions for its HAVING filters.`, cohort.id);
    }
    return definition.where.length > 0 ? `(${definition.where.join(' AND ')})` : '1 = 1';
  }
  const where = [...definition.where];
  // A cohort that kept its top series is those series only (still as its definition selects them today).
  const kept = jsonValue(cohort.top_series);
  const top = Array.isArray(kept) ? tuplesOf(kept, dims.length) : null;
  if (top && top.length > 0) where.push(tuplesCondition(ctx, dims, top));
  const list = dims.map((dim) => dim.sql).join(', ');
  const members = [
    `SELECT ${list}`,
    `FROM ${scope.source()}`,
    ...(where.length > 0 ? [`WHERE ${where.join(' AND ')}`] : []),
    ...(definition.having.length > 0 ? [`GROUP BY ${list}`, `HAVING ${definition.having.join(' AND ')}`] : []),
  ].join('\n');
  const tuple = dims.length === 1 ? list : `(${list})`;
  return `${tuple} IN (\n${members}\n)`;
}

function singleValue(cohort: CohortRow, comparator: unknown): SqlValue {
  const value = Array.isArray(comparator) && comparator.length === 1 ? comparator[0] : comparator;
  if (value === null || value === undefined || value === '' || !isScalar(value)) {
    throw cohortError(`The cohort filter on "${cohort.cohort_name}" needs one value.`, cohort.id);
  }
  return value;
}

/** The cohort a filter names, checked: it exists, it is of this dataset, and it is not already being expanded. */
function lookUp(ctx: ConditionContext, filter: AdhocFilter, path: readonly number[]): CohortRow {
  const id = Number(filter.cohort);
  const cohort = Number.isSafeInteger(id) ? ctx.scope.cohorts.get(id) : undefined;
  if (!cohort) throw cohortError(NO_SUCH_COHORT_MESSAGE, filter.cohort ?? null);
  if (cohort.datasource_type !== 'table' || cohort.datasource_id !== ctx.scope.context.full.dataset.id) {
    throw cohortError(`${NO_SUCH_COHORT_MESSAGE}: the cohort belongs to another dataset.`, id);
  }
  if (path.includes(id)) {
    throw cohortError(`Invalid cohort "${cohort.cohort_name}": its definition refers to itself.`, id);
  }
  if (path.length >= MAX_COHORT_DEPTH) {
    throw cohortError(`Invalid cohort "${cohort.cohort_name}": cohorts are nested too deeply.`, id);
  }
  return cohort;
}

/**
 * A cohort filter (spec §3 adhoc filter COHORT fields, §5 operators):
 * - IN and EQUALS keep rows whose dimensions are members; NOT_IN and NOT_EQUALS keep all other rows (NULLs
 *   included). A comparator narrows the members to the chosen ones (values, tuples, or auto-complete labels
 *   standing for their top series); an empty one means the whole cohort.
 * - With one dimension, the comparisons and text matches (case-insensitive) keep members whose value passes.
 * The filter's cohortName and cohortTopSeries are the browser's copies; the stored cohort is what counts.
 */
export function cohortCondition(
  ctx: ConditionContext,
  filter: AdhocFilter,
  path: readonly number[],
  compileDefinition: DefinitionCompiler,
): CompiledCohort {
  const { scope, params } = ctx;
  const cohort = lookUp(ctx, filter, path);
  const names = dimensionNames(cohort);
  const id = resolveOperatorId(filter.cohortOperatorId, filter.cohortOperator);
  const rows = names.map((name) => scope.column(name, 'filter'));
  const dims: Dimension[] = rows.map((row, index) => ({
    name: names[index] ?? row.column_name,
    sql: scope.columnSql(row),
    temporal: scope.isTemporal(row),
  }));
  // The browser's rule: the dimension's type decides which comparisons a one-dimension cohort allows.
  const dimensionColumns = rows.map((row, index) => ({
    column_name: row.column_name,
    type: row.type,
    is_dttm: dims[index]?.temporal ?? false,
  }));
  if (!id || !cohortOperatorsFor({ dimensions: names, dimensionColumns }).includes(id)) {
    const shown = id ?? filter.cohortOperator ?? filter.cohortOperatorId;
    throw cohortError(`Operator "${String(shown)}" is not allowed for cohort "${cohort.cohort_name}".`, cohort.id);
  }
  const definitionFilters = parseParams(cohort.params).adhoc_filters;
  const definition = compileDefinition(Array.isArray(definitionFilters) ? definitionFilters : [], [...path, cohort.id]);
  const member = membership(ctx, cohort, dims, definition);
  const kind = MEMBERSHIP[id];
  if (kind) {
    const chosen = dims.length > 0 ? chosenTuples(cohort, filter.cohortComparator, dims.length) : [];
    const condition = chosen.length > 0 ? `(${tuplesCondition(ctx, dims, chosen)} AND ${member})` : member;
    // CASE keeps NOT two-valued: rows with NULL dimensions are "not in" rather than unknown.
    const sql = kind === 'positive' ? condition : `CASE WHEN ${condition} THEN 1 ELSE 0 END = 0`;
    return { sql, columns: names };
  }
  const [dim] = dims;
  if (!dim) throw cohortError(`The cohort "${cohort.cohort_name}" has no dimension to compare.`, cohort.id);
  const value = singleValue(cohort, filter.cohortComparator);
  const match = TEXT_MATCH[id];
  let predicate: string;
  if (match) {
    const escaped = String(value).replace(/[!%_]/g, (ch) => `!${ch}`);
    const like = `${scope.engineSql.ilike(dim.sql, params.bind(match.pattern(escaped)))} ESCAPE '!'`;
    predicate = match.negated ? `NOT (${like})` : like;
  } else {
    const op = FILTER_OPERATORS[id].operation;
    predicate = compareCondition(id, dim.sql, { col: dim.name, op, val: value as string }, ctx, dim.temporal);
  }
  return { sql: `(${predicate} AND ${member})`, columns: names };
}
