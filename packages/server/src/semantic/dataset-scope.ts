// What the semantic layer may refer to on a dataset: its visible columns and saved columns by name, and the
// guards on user-written SQL (no sub-query, one statement, no sensitive column).
import type { FilterColumn } from '@nezha/core';
import type { AppContext } from '../app/context.js';
import { visibleColumns } from '../datasets/datasource-data.js';
import { sensitiveColumnsOf, typeGeneric } from '../datasets/json-fields.js';
import { isSensitiveName, mentionsSensitive } from '../datasets/sensitive-columns.js';
import { engineByName } from '../engines/registry.js';
import { NezhaError } from '../errors/nezha-error.js';
import { ValidationError } from '../errors/validation-error.js';
import { customSqlProblem } from '../sql/custom-sql-guard.js';
import type { DatasetFull } from '../store/datasets.js';
import { savedColumnsOfDataset } from '../store/saved-columns.js';
import type { TableColumnRow } from '../store/schema.js';
import type { SavedColumnRow } from '../store/schema-charts.js';

/** Spec §8: one answer for a missing column and a sensitive one, so that sensitive names do not leak. */
export const NO_SUCH_COLUMN_MESSAGE =
  "No such column found. The column may not exist or it's a sensitive column keyword. To filter on a metric, try the Custom SQL tab";

export const NO_SUCH_COHORT_MESSAGE = 'No such cohort found';

export function noSuchColumn(column: string): NezhaError {
  return new NezhaError({
    type: 'COLUMN_DOES_NOT_EXIST_ERROR',
    status: 400,
    message: NO_SUCH_COLUMN_MESSAGE,
    extra: { column },
  });
}

/** A column the semantic layer can use: one of the dataset's own or a saved column. */
export interface ScopeColumn extends FilterColumn {
  column_name: string;
  filterable: boolean;
  groupby: boolean;
  /** Set for saved columns. */
  saved?: SavedColumnRow;
  /** Set for the dataset's own columns. */
  own?: TableColumnRow;
}

export interface DatasetScope {
  full: DatasetFull;
  sensitive: string[];
  columns: Map<string, ScopeColumn>;
}

function savedScopeColumn(column: SavedColumnRow): ScopeColumn {
  return {
    column_name: column.column_name,
    type: column.type,
    type_generic: typeGeneric(column),
    is_dttm: column.is_dttm === 1,
    expression: column.expression,
    filterable: column.filterable === 1,
    groupby: column.groupby === 1,
    saved: column,
  };
}

export async function datasetScope(ctx: AppContext, full: DatasetFull): Promise<DatasetScope> {
  const sensitive = sensitiveColumnsOf(full.dataset);
  const engine = engineByName(full.dataset.backend).name;
  const columns = new Map<string, ScopeColumn>();
  for (const column of visibleColumns(full)) {
    columns.set(column.column_name, {
      column_name: column.column_name,
      type: column.type,
      type_generic: typeGeneric(column),
      is_dttm: column.is_dttm === 1,
      expression: column.expression,
      filterable: column.filterable === 1,
      groupby: column.groupby === 1,
      own: column,
    });
  }
  for (const saved of await savedColumnsOfDataset(ctx.store.db, full.dataset.id)) {
    const hidden =
      isSensitiveName(saved.column_name, sensitive) || mentionsSensitive(saved.expression, sensitive, engine);
    if (!hidden && !columns.has(saved.column_name)) columns.set(saved.column_name, savedScopeColumn(saved));
  }
  return { full, sensitive, columns };
}

/** The column by name; a missing or sensitive one is the spec's 400. */
export function scopeColumn(scope: DatasetScope, name: unknown): ScopeColumn {
  const column = typeof name === 'string' ? scope.columns.get(name) : undefined;
  if (!column) throw noSuchColumn(typeof name === 'string' ? name : String(name));
  return column;
}

/**
 * The first reason user-written SQL is refused, by the chart pipeline's own rule (`sql/custom-sql-guard.ts`, in
 * the dataset's dialect): a sensitive column, a sub-query or any other read of another relation, or more than one
 * statement / unbalanced brackets (it is pasted inside a larger query). Null when it is fine.
 */
export function expressionProblem(expression: string, scope: DatasetScope): string | null {
  const problem = customSqlProblem(expression, engineByName(scope.full.dataset.backend).name, scope.sensitive);
  if (!problem) return null;
  return problem.kind === 'structure' ? 'Custom SQL must be a single expression' : problem.message;
}

export function assertExpression(field: string, expression: string, scope: DatasetScope): void {
  const problem = expressionProblem(expression, scope);
  if (problem) throw new ValidationError({ [field]: [problem] }, 400);
}
