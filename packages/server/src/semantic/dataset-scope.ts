// The one answer to "what may a query on this dataset use": its visible columns, the saved columns and saved metrics
// that do not read a sensitive column, and the FROM source narrowed by row-level security. The chart compiler
// (charts/compile/dataset-scope.ts) and the semantic layer (measures, cohorts, filter rules, saved columns, filter
// values) both build on it; user-written SQL is held to sql/custom-sql-guard.ts.
import type { FilterColumn } from '@nezha/core';
import { visibleColumns } from '../datasets/datasource-data.js';
import { sensitiveColumnsOf, typeGeneric } from '../datasets/json-fields.js';
import { isSensitiveName, mentionsSensitive } from '../datasets/sensitive-columns.js';
import { engineByName } from '../engines/registry.js';
import type { Dialect, EngineName } from '../engines/types.js';
import { NezhaError } from '../errors/nezha-error.js';
import { ValidationError } from '../errors/validation-error.js';
import { customSqlFieldProblem } from '../sql/custom-sql-guard.js';
import type { DatasetFull } from '../store/datasets.js';
import type { MetadataStore } from '../store/db.js';
import { savedColumnsOfDataset } from '../store/saved-columns.js';
import type { SqlMetricRow, TableColumnRow } from '../store/schema.js';
import type { SavedColumnRow } from '../store/schema-charts.js';

/** Spec §8: one answer for a missing column and a sensitive one, so that sensitive names do not leak. */
const NO_SUCH_COLUMN_MESSAGE =
  "No such column found. The column may not exist or it's a sensitive column keyword. To filter on a metric, try the Custom SQL tab";

export const NO_SUCH_COHORT_MESSAGE = 'No such cohort found';

function noSuchColumn(column: string): NezhaError {
  return new NezhaError({
    type: 'COLUMN_DOES_NOT_EXIST_ERROR',
    status: 400,
    message: NO_SUCH_COLUMN_MESSAGE,
    extra: { column },
  });
}

/** The columns, saved columns and saved metrics a query on the dataset may use, each by name. */
export interface QueryColumns {
  /** The dataset's sensitive column names. */
  sensitive: string[];
  /** Its own visible columns (a calculated column reading a sensitive one is hidden with it). */
  columns: Map<string, TableColumnRow>;
  /** Saved columns that hide like calculated ones; a dataset column of the same name wins, then the first saved. */
  saved: Map<string, SavedColumnRow>;
  /** Saved metrics not reading a sensitive column: an owner's MAX(ssn) would hand the values out one group at a time. */
  metrics: Map<string, SqlMetricRow>;
}

export function queryColumns(
  full: DatasetFull,
  savedColumns: readonly SavedColumnRow[],
  engine: EngineName,
): QueryColumns {
  const sensitive = sensitiveColumnsOf(full.dataset);
  const columns = new Map(visibleColumns(full).map((column) => [column.column_name, column]));
  const metrics = new Map(
    full.metrics
      .filter((metric) => !mentionsSensitive(metric.expression, sensitive, engine))
      .map((metric) => [metric.metric_name, metric]),
  );
  const saved = new Map<string, SavedColumnRow>();
  for (const row of savedColumns) {
    const hidden = isSensitiveName(row.column_name, sensitive) || mentionsSensitive(row.expression, sensitive, engine);
    if (!hidden && !columns.has(row.column_name) && !saved.has(row.column_name)) saved.set(row.column_name, row);
  }
  return { sensitive, columns, saved, metrics };
}

/**
 * The dataset's FROM source narrowed to the rows the predicate keeps, under the alias queries already use (the table's
 * name, or virtual_table), so every column, calculated column and sub-query reads only those rows.
 */
export function restrictSource(source: string, predicate: string | null, dialect: Dialect, alias: string): string {
  if (predicate === null) return source;
  return `(\nSELECT * FROM ${source}\nWHERE ${predicate}\n) AS ${dialect.quoteIdentifier(alias)}`;
}

/**
 * The FROM source: the quoted table, or a virtual dataset's statement (already rendered and checked,
 * datasets/virtual-sql.ts) as a derived table; either narrowed by the caller's row-level security predicate.
 */
export function datasetSourceSql(
  full: DatasetFull,
  virtualSql: string | null,
  rowFilter: string | null,
  dialect: Dialect,
): string {
  const { dataset } = full;
  if (virtualSql === null) {
    const table = dialect.quoteQualified([dataset.catalog, dataset.schema, dataset.table_name]);
    return restrictSource(table, rowFilter, dialect, dataset.table_name);
  }
  // The closing parenthesis on its own line: a trailing line comment must not swallow it.
  const virtual = `(\n${virtualSql}\n) AS ${dialect.quoteIdentifier('virtual_table')}`;
  return restrictSource(virtual, rowFilter, dialect, 'virtual_table');
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

/** The semantic layer's scope: the dataset's columns and saved columns (`queryColumns`) as filter columns. */
export async function datasetScope(ctx: { store: MetadataStore }, full: DatasetFull): Promise<DatasetScope> {
  const engine = engineByName(full.dataset.backend).name;
  const usable = queryColumns(full, await savedColumnsOfDataset(ctx.store.db, full.dataset.id), engine);
  const columns = new Map<string, ScopeColumn>();
  for (const column of usable.columns.values()) {
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
  for (const saved of usable.saved.values()) columns.set(saved.column_name, savedScopeColumn(saved));
  return { full, sensitive: usable.sensitive, columns };
}

/** The column by name; a missing or sensitive one is the spec's 400. */
export function scopeColumn(scope: DatasetScope, name: unknown): ScopeColumn {
  const column = typeof name === 'string' ? scope.columns.get(name) : undefined;
  if (!column) throw noSuchColumn(typeof name === 'string' ? name : String(name));
  return column;
}

/** The first reason user-written SQL is refused, in the dataset's dialect (sql/custom-sql-guard.ts); null when fine. */
export function expressionProblem(expression: string, scope: DatasetScope): string | null {
  return customSqlFieldProblem(expression, engineByName(scope.full.dataset.backend).name, scope.sensitive);
}

export function assertExpression(field: string, expression: string, scope: DatasetScope): void {
  const problem = expressionProblem(expression, scope);
  if (problem) throw new ValidationError({ [field]: [problem] }, 400);
}
