// The dataset as the compiler sees it: visible columns (saved and calculated ones of the semantic layer included)
// and their SQL, saved metrics and measures, cohorts, sensitive names, the source.
import type { FilterColumn } from '@nezha/core';
import { typeGeneric } from '../../datasets/json-fields.js';
import type { Dialect, Engine, LatestPartition } from '../../engines/types.js';
import { datasetSourceSql, queryColumns } from '../../semantic/dataset-scope.js';
import { methodSql, methodType } from '../../semantic/saved-column-methods.js';
import { guardCustomSql } from '../../sql/custom-sql-guard.js';
import type { DatasetFull } from '../../store/datasets.js';
import type { SqlMetricRow, TableColumnRow } from '../../store/schema.js';
import type { CohortRow, SavedColumnRow } from '../../store/schema-charts.js';
import { type ChartEngineSql, chartEngineSql } from './engine-sql.js';
import { invalidQuery, unknownColumn } from './errors.js';
import { EMPTY_CATALOG, type MeasureDefinition, MeasureIndex, type SemanticCatalog } from './semantic-catalog.js';

/** What a column is used for: saved columns may refuse to group (groupby) or to filter (filterable). */
export type ColumnUse = 'group' | 'filter';

export interface CompileContext {
  full: DatasetFull;
  engine: Engine;
  /** A virtual dataset's statement, already rendered and checked (datasets/virtual-sql.ts); null when physical. */
  virtualSql: string | null;
  /** The request's time: relative time ranges count from here. */
  now: Date;
  /** SQL_MAX_ROW: the row limit's ceiling. */
  maxRow: number;
  /** Saved columns, measures and cohorts; none when left out. */
  semantic?: SemanticCatalog | undefined;
  /**
   * Renders Jinja in a user's SQL fragment with SQL Lab's sandbox (absent: fragments are taken as written). The guard
   * runs on what it returns, so a template cannot smuggle in what the guard refuses.
   */
  renderSql?: ((sql: string) => string) | undefined;
  /** sqlExpressions of adhoc filter columns the engine could not evaluate: rejected as not_in_datasource. */
  unusableAdhocColumns?: ReadonlySet<string> | undefined;
  /** The newest partition of a physical partitioned table, read before compiling; absent: LATEST_PARTITION refused. */
  latestPartition?: LatestPartition | null | undefined;
  /** The caller's row-level security predicate (security/row-level-security.ts), already guarded; null: none. */
  rowFilter?: string | null | undefined;
}

/** The bare column an expression names, quoted or not ("date", `date`, date), or null. */
function bareName(expression: string): string | null {
  const match = /^\s*(?:"((?:[^"]|"")+)"|`((?:[^`]|``)+)`|([\p{L}_][\p{L}\p{N}_$]*))\s*$/u.exec(expression);
  if (!match) return null;
  if (match[1] !== undefined) return match[1].replaceAll('""', '"');
  if (match[2] !== undefined) return match[2].replaceAll('``', '`');
  return match[3] ?? null;
}

export class DatasetScope {
  readonly dialect: Dialect;
  readonly engineSql: ChartEngineSql;
  readonly sensitive: string[];
  private readonly columns: Map<string, TableColumnRow>;
  private readonly metrics: Map<string, SqlMetricRow>;
  private readonly saved: Map<string, SavedColumnRow>;
  /** Saved columns as dataset columns whose expression is their compiled SQL, made on first use. */
  private readonly savedAsColumns = new Map<string, TableColumnRow>();
  private readonly measures: MeasureIndex;
  readonly cohorts: ReadonlyMap<number, CohortRow>;

  constructor(readonly context: CompileContext) {
    const { full, engine } = context;
    this.dialect = engine.dialect;
    this.engineSql = chartEngineSql(engine.name);
    const semantic = context.semantic ?? EMPTY_CATALOG;
    // Which columns, saved columns and metrics a query may use is the semantic layer's one rule.
    const usable = queryColumns(full, semantic.savedColumns, engine.name);
    this.sensitive = usable.sensitive;
    this.columns = usable.columns;
    this.metrics = usable.metrics;
    this.saved = usable.saved;
    this.measures = new MeasureIndex(semantic.measures);
    this.cohorts = semantic.cohorts;
  }

  get engineName() {
    return this.context.engine.name;
  }

  get displayName(): string {
    return this.context.engine.displayName;
  }

  hasColumn(name: string): boolean {
    return this.columns.has(name) || this.saved.has(name);
  }

  /** False for a saved column that is not filterable (dashboard filters on it are rejected, not applied). */
  isFilterable(name: string): boolean {
    return this.columns.has(name) || this.saved.get(name)?.filterable === 1;
  }

  /** Whether `name` is one of the dataset's own columns (not a saved column). */
  hasPhysicalColumn(name: string): boolean {
    return this.columns.has(name);
  }

  /**
   * A dataset column, or a saved column in the same shape. Saved columns answer for their flags: one that is not
   * groupable cannot group, one that is not filterable cannot filter (400).
   */
  column(name: string, use?: ColumnUse): TableColumnRow {
    const column = this.columns.get(name);
    if (column) return column;
    const saved = this.saved.get(name);
    if (!saved) throw unknownColumn(name);
    if (use === 'group' && saved.groupby !== 1) {
      throw invalidQuery(`The column "${name}" is not groupable.`, 'INVALID_PAYLOAD_SCHEMA_ERROR');
    }
    if (use === 'filter' && saved.filterable !== 1) {
      throw invalidQuery(`The column "${name}" is not filterable.`, 'INVALID_PAYLOAD_SCHEMA_ERROR');
    }
    let asColumn = this.savedAsColumns.get(name);
    if (!asColumn) {
      asColumn = this.savedColumn(saved);
      this.savedAsColumns.set(name, asColumn);
    }
    return asColumn;
  }

  /**
   * A saved or calculated column's SQL: its expression (a dataset column it names bare is that column's SQL,
   * anything else is guarded as custom SQL, for any explore user may write one), then its method for the engine.
   */
  private savedColumn(row: SavedColumnRow): TableColumnRow {
    const bare = bareName(row.expression);
    const own = bare === null ? undefined : this.columns.get(bare);
    const base = own ? this.columnSql(own) : this.guard(row.expression);
    return {
      id: -row.id,
      uuid: row.uuid,
      table_id: row.table_id,
      column_name: row.column_name,
      verbose_name: null,
      is_dttm: row.is_dttm,
      is_active: 1,
      type: row.type ?? methodType(row.method),
      advanced_data_type: null,
      groupby: row.groupby,
      filterable: row.filterable,
      expression: methodSql(this.engineName, row.method, base),
      description: row.description,
      python_date_format: null,
      extra: null,
      created_on: row.created_on,
      changed_on: row.changed_on,
    };
  }

  /** An adhoc column (a filter's `col` given as `{label, sqlExpression}`) in a dataset column's shape, type unknown. */
  adhocColumn(label: string, sqlExpression: string): TableColumnRow {
    const { dataset } = this.context.full;
    return {
      id: 0,
      uuid: '',
      table_id: dataset.id,
      column_name: label,
      verbose_name: null,
      is_dttm: 0,
      is_active: 1,
      type: null,
      advanced_data_type: null,
      groupby: 1,
      filterable: 1,
      expression: this.guard(sqlExpression),
      description: null,
      python_date_format: null,
      extra: null,
      created_on: dataset.created_on,
      changed_on: dataset.changed_on,
    };
  }

  /** A saved measure's definition by the name a chart gives as a metric. */
  measure(name: string): MeasureDefinition | undefined {
    return this.measures.get(name);
  }

  /** A calculated column is its owner's SQL, used as written inside parentheses; a physical one is quoted. */
  columnSql(column: TableColumnRow): string {
    return column.expression ? `(${column.expression})` : this.dialect.quoteIdentifier(column.column_name);
  }

  filterColumn(column: TableColumnRow): FilterColumn {
    return {
      column_name: column.column_name,
      type: column.type,
      type_generic: typeGeneric(column),
      is_dttm: column.is_dttm === 1,
      expression: column.expression,
    };
  }

  isTemporal(column: TableColumnRow): boolean {
    return typeGeneric(column) === 2;
  }

  savedMetric(name: string): SqlMetricRow | undefined {
    return this.metrics.get(name);
  }

  /** A user's SQL fragment, rendered (Jinja), then checked and parenthesised. */
  guard(sql: string): string {
    const rendered = this.context.renderSql ? this.context.renderSql(sql) : sql;
    return guardCustomSql(rendered, this.sensitive, this.context.engine.name);
  }

  /** The FROM source: the table, or the virtual dataset's statement as a sub-query. */
  source(): string {
    const { full, virtualSql, rowFilter } = this.context;
    return datasetSourceSql(full, virtualSql, rowFilter ?? null, this.dialect);
  }

  /** The dataset's default time column (Superset's main_dttm_col). */
  get mainDttmCol(): string | null {
    return this.context.full.dataset.main_dttm_col;
  }
}
