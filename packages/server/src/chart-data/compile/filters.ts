// The WHERE and HAVING clauses of a chart query: time range, simple filters, cohort filters, filter trees, custom SQL.
import {
  type AdhocFilter,
  type AppliedFilterStatus,
  type FilterGroup,
  processFilters,
  type QueryObject,
  type QueryObjectFilter,
  type RejectedFilterStatus,
  type TimeRangeBounds,
  toQueryObjectFilter,
} from '@nezha/core';
import { type CohortDefinition, cohortCondition } from './cohort-condition.js';
import { invalidQuery, unknownColumn } from './errors.js';
import {
  type Condition,
  type ConditionContext,
  columnCondition,
  compareCondition,
  operatorOf,
  rangeCondition,
} from './filter-condition.js';
import { MetricCompiler } from './metrics.js';
import { isRealRange, isTemporalRangeFilter, timeRangeColumn } from './time-range-column.js';

export type AppliedFilter = AppliedFilterStatus;
export type RejectedFilter = RejectedFilterStatus;

export interface CompiledWhere {
  conditions: string[];
  applied: AppliedFilter[];
  rejected: RejectedFilter[];
  /** The time axis's range from a TEMPORAL_RANGE filter, for queries without a time range of their own. */
  axisBounds: TimeRangeBounds | null;
}

/** A filter group (advanced filter tree) may carry its own groups; the query object lists them in filter_groups. */
function groupsOf(query: QueryObject): FilterGroup[] {
  const groups = query.filter_groups;
  return Array.isArray(groups) ? (groups as FilterGroup[]) : [];
}

export class WhereCompiler {
  private axisBounds: TimeRangeBounds | null = null;
  private readonly applied: AppliedFilter[] = [];
  private readonly rejected: RejectedFilter[] = [];

  /**
   * @param cohortPath the cohorts being expanded around this compiler (a cohort's definition is compiled by one),
   *   so that a cohort cannot use itself.
   */
  constructor(
    private readonly ctx: ConditionContext,
    private readonly cohortPath: readonly number[] = [],
  ) {}

  compile(query: QueryObject, bounds: TimeRangeBounds | null): CompiledWhere {
    const { scope } = this.ctx;
    const conditions: string[] = [];
    // The query's own range (time_range, since/until, a dashboard's time filter) on the one column it targets.
    const target = isRealRange(bounds) ? timeRangeColumn(scope, query) : null;
    if (target?.timeColRejected) this.rejected.push({ column: '__time_col', reason: 'not_in_datasource' });
    const rangeColumn = target?.column ?? null;
    if (target && rangeColumn === null) this.rejected.push({ column: '__time_range', reason: 'no_temporal_column' });
    if (rangeColumn !== null && bounds) {
      const timeColumns = new Set([rangeColumn]);
      // Superset's always_filter_main_dttm: the dataset's main time column follows the range too.
      const main = scope.mainDttmCol;
      if (main && scope.context.full.dataset.always_filter_main_dttm === 1 && scope.hasColumn(main)) {
        timeColumns.add(main);
      }
      for (const name of timeColumns) {
        const condition = rangeCondition(this.ctx, scope.columnSql(scope.column(name)), bounds);
        if (condition) conditions.push(condition);
      }
    }
    for (const filter of query.filters ?? []) {
      // The query's range replaces a TEMPORAL_RANGE filter on its column (a dashboard's range wins over the chart's).
      if (isTemporalRangeFilter(filter) && rangeColumn !== null && filter.col === rangeColumn) continue;
      const condition = this.simple(filter, true);
      if (condition) conditions.push(condition);
    }
    // Superset lists the time range after the query's own filters.
    if (rangeColumn !== null && bounds) this.applied.push({ column: '__time_range' });
    for (const filter of query.cohort_filters ?? []) conditions.push(this.cohort(filter));
    for (const group of groupsOf(query)) {
      const condition = this.group(group);
      if (condition) conditions.push(condition);
    }
    if (query.extras?.where?.trim()) conditions.push(scope.guard(query.extras.where));
    return { conditions, applied: this.applied, rejected: this.rejected, axisBounds: this.axisBounds };
  }

  /**
   * @param rejectMissing a top-level filter on a column the dataset lacks is skipped and reported (Superset's
   *   not_in_datasource); inside an AND/OR tree dropping a leaf would change the tree's meaning, so it is an error.
   */
  private simple(filter: QueryObjectFilter, rejectMissing: boolean): string | null {
    const { scope } = this.ctx;
    const adhoc = adhocFilterColumn(filter);
    if (adhoc) {
      // Superset probes an adhoc filter column on the engine; one it cannot evaluate is left out, not an error.
      if (scope.context.unusableAdhocColumns?.has(adhoc.sqlExpression)) {
        if (!rejectMissing) throw unknownColumn(filter.col);
        this.rejected.push({ column: filter.col, reason: 'not_in_datasource' });
        return null;
      }
      const condition = columnCondition(this.ctx, filter, scope.adhocColumn(filter.col, adhoc.sqlExpression));
      this.applied.push({ column: filter.col });
      return condition.sql;
    }
    if (!scope.hasColumn(filter.col)) {
      if (rejectMissing) {
        this.rejected.push({ column: filter.col, reason: 'not_in_datasource' });
        return null;
      }
      throw unknownColumn(filter.col);
    }
    if (filter.isExtra && !scope.isFilterable(filter.col)) {
      this.rejected.push({ column: filter.col, reason: 'not_filterable' });
      return null;
    }
    const condition: Condition = columnCondition(this.ctx, filter, scope.column(filter.col, 'filter'));
    if (condition.axisBounds && !this.axisBounds) this.axisBounds = condition.axisBounds;
    this.applied.push({ column: filter.col });
    return condition.sql;
  }

  private cohort(filter: AdhocFilter): string {
    const compiled = cohortCondition(this.ctx, filter, this.cohortPath, (filters, path) =>
      cohortDefinition(this.ctx, filters, path),
    );
    for (const column of compiled.columns) this.applied.push({ column });
    return compiled.sql;
  }

  private leaf(filter: AdhocFilter): string | null {
    if (filter.filterGroup) return this.group(filter.filterGroup);
    if (filter.expressionType === 'SQL') {
      if (filter.clause === 'HAVING') throw invalidQuery('A filter group cannot hold HAVING filters.');
      return filter.sqlExpression?.trim() ? this.ctx.scope.guard(filter.sqlExpression) : null;
    }
    if (filter.expressionType === 'COHORT') return this.cohort(filter);
    const simple = toQueryObjectFilter(filter);
    if (!simple) throw invalidQuery('A filter of the filter group is not valid.');
    return this.simple(simple, false);
  }

  /** AND/OR nesting; an empty group adds nothing. */
  private group(group: FilterGroup): string | null {
    if (group.operator !== 'AND' && group.operator !== 'OR') {
      throw invalidQuery(`Invalid filter group operator: ${String(group.operator)}`);
    }
    const parts = [
      ...(group.filters ?? []).map((filter) => this.leaf(filter)),
      ...(group.groups ?? []).map((child) => this.group(child)),
    ].filter((part): part is string => part !== null);
    if (parts.length === 0) return null;
    return parts.length === 1 ? (parts[0] as string) : `(${parts.join(` ${group.operator} `)})`;
  }
}

/** What the request schema leaves of a filter whose `col` was an adhoc column: its label in `col`, its SQL here. */
export interface AdhocFilterColumn {
  sqlExpression: string;
}

export function adhocFilterColumn(filter: QueryObjectFilter): AdhocFilterColumn | null {
  const adhoc = (filter as QueryObjectFilter & { adhoc_column?: unknown }).adhoc_column;
  if (!isRecord(adhoc) || typeof adhoc.sqlExpression !== 'string') return null;
  return { sqlExpression: adhoc.sqlExpression };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A cohort's definition: its adhoc filters (trees and cohorts included) compiled on the chart's dataset like a
 * chart's own, without the time axis or time shift. HAVING filters name saved metrics or measures.
 */
function cohortDefinition(ctx: ConditionContext, filters: unknown[], path: readonly number[]): CohortDefinition {
  const processed = processFilters({
    adhoc_filters: filters.filter(isRecord) as unknown as AdhocFilter[],
    filters: [],
    extras: {},
  });
  const inner: ConditionContext = { ...ctx, timeShift: null, axisColumns: new Set() };
  const piece: QueryObject = {
    filters: processed.filters,
    having_filters: processed.having_filters,
    cohort_filters: processed.cohort_filters,
    filter_groups: processed.filter_groups,
    extras: processed.extras,
  };
  const where = new WhereCompiler(inner, path).compile(piece, null).conditions;
  const metrics = new MetricCompiler(ctx.scope, null);
  const having = compileHaving(inner, piece, (name) => {
    const metric = metrics.compile(name);
    if (metric.windows.length > 0) throw invalidQuery(`The metric "${name}" cannot be used in a cohort definition.`);
    return metric.sql;
  });
  return { where, having };
}

/**
 * HAVING: simple filters on metrics (a label of the query's metrics, or a saved metric's name) and custom
 * SQL. Only the numeric comparisons are allowed there (spec §5).
 */
export function compileHaving(
  ctx: ConditionContext,
  query: QueryObject,
  metricSql: (name: string) => string,
): string[] {
  const conditions: string[] = [];
  for (const filter of query.having_filters ?? []) {
    const id = operatorOf(filter, undefined, 'HAVING');
    conditions.push(compareCondition(id, metricSql(filter.col), filter, ctx, false));
  }
  if (query.extras?.having?.trim()) conditions.push(ctx.scope.guard(query.extras.having));
  return conditions;
}
