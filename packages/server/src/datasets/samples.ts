// POST /datasource/samples: a page of a dataset's rows and their total count, sensitive columns left out.
import type { AppContext } from '../app/context.js';
import type { Dialect, Engine } from '../engines/types.js';
import { NezhaError } from '../errors/nezha-error.js';
import type { AuthUser } from '../security/current-user.js';
import { rowLevelPredicate } from '../security/row-level-security.js';
import { datasetSourceSql } from '../semantic/dataset-scope.js';
import { rowsAsObjects, sqlLabColumns } from '../sqllab/result-columns.js';
import type { DatasetFull } from '../store/datasets.js';
import type { TableColumnRow } from '../store/schema.js';
import { visibleColumns } from './datasource-data.js';
import { isVirtual } from './json-fields.js';
import { connectionOf, databaseOfDataset, engineOf, exploredDataset, virtualContext } from './lookup.js';
import { virtualStatement } from './virtual-sql.js';

/** Superset's SAMPLES_ROW_LIMIT: the page size when none (or a wrong one) is asked for. */
export const SAMPLES_ROW_LIMIT = 1000;

export const SAMPLE_FILTER_OPERATORS = [
  '==',
  '!=',
  '>',
  '<',
  '>=',
  '<=',
  'IN',
  'NOT IN',
  'IS NULL',
  'IS NOT NULL',
] as const;
export type SampleFilterOperator = (typeof SAMPLE_FILTER_OPERATORS)[number];
type FilterValue = string | number | boolean | null;

export interface SampleFilter {
  col: string;
  op: SampleFilterOperator;
  val?: FilterValue | FilterValue[] | undefined;
}

export interface SamplesRequest {
  datasourceType: string;
  datasourceId: number;
  page?: number | undefined;
  perPage?: number | undefined;
  filters: SampleFilter[];
}

/** Superset's get_limit_clause: pages count from 1; a page size outside 0..SAMPLES_ROW_LIMIT is reset. */
function pageWindow(page: number | undefined, perPage: number | undefined): { limit: number; offset: number } {
  if (page === undefined || perPage === undefined) return { limit: SAMPLES_ROW_LIMIT, offset: 0 };
  const limit = perPage < 0 || perPage > SAMPLES_ROW_LIMIT ? SAMPLES_ROW_LIMIT : perPage;
  return { limit, offset: Math.max((page - 1) * limit, 0) };
}

function unknownColumn(name: string): NezhaError {
  return new NezhaError({
    type: 'COLUMN_DOES_NOT_EXIST_ERROR',
    status: 400,
    message: `No such column found: "${name}". The column may not exist or it is a sensitive column.`,
  });
}

/** Builds the WHERE clause with every value bound; column names come from the dataset, never from the request. */
class WhereBuilder {
  readonly params: unknown[] = [];

  constructor(
    private readonly dialect: Dialect,
    private readonly columns: ReadonlyMap<string, string>,
  ) {}

  private bind(value: unknown): string {
    this.params.push(value);
    return this.dialect.placeholder(this.params.length);
  }

  private condition(filter: SampleFilter): string {
    const column = this.columns.get(filter.col);
    if (column === undefined) throw unknownColumn(filter.col);
    const value = filter.val;
    switch (filter.op) {
      case 'IS NULL':
        return `${column} IS NULL`;
      case 'IS NOT NULL':
        return `${column} IS NOT NULL`;
      case 'IN':
      case 'NOT IN': {
        const values = Array.isArray(value) ? value : [value ?? null];
        if (values.length === 0) return filter.op === 'IN' ? '1 = 0' : '1 = 1';
        return `${column} ${filter.op} (${values.map((v) => this.bind(v)).join(', ')})`;
      }
      default: {
        if (Array.isArray(value)) {
          throw new NezhaError({
            type: 'INVALID_PAYLOAD_SCHEMA_ERROR',
            status: 400,
            message: `The operator ${filter.op} takes one value, not a list.`,
          });
        }
        if (value === null || value === undefined) {
          if (filter.op === '==') return `${column} IS NULL`;
          if (filter.op === '!=') return `${column} IS NOT NULL`;
        }
        const op = filter.op === '==' ? '=' : filter.op === '!=' ? '<>' : filter.op;
        return `${column} ${op} ${this.bind(value)}`;
      }
    }
  }

  where(filters: readonly SampleFilter[]): string {
    return filters.length === 0 ? '' : `\nWHERE ${filters.map((f) => this.condition(f)).join('\n  AND ')}`;
  }
}

function columnSql(dialect: Dialect, column: TableColumnRow): string {
  return column.expression ? `(${column.expression})` : dialect.quoteIdentifier(column.column_name);
}

async function sourceSql(ctx: AppContext, user: AuthUser, engine: Engine, full: DatasetFull): Promise<string> {
  const { dataset } = full;
  const rowFilter = await rowLevelPredicate(ctx, user, dataset.id, engine.name);
  const statement = isVirtual(dataset)
    ? virtualStatement(dataset.sql ?? '', virtualContext(ctx, user, engine, dataset.template_params))
    : null;
  return datasetSourceSql(full, statement, rowFilter, engine.dialect);
}

export async function datasetSamples(ctx: AppContext, user: AuthUser, request: SamplesRequest) {
  if (request.datasourceType !== 'table') {
    throw new NezhaError({
      type: 'UNKNOWN_DATASOURCE_TYPE_ERROR',
      status: 400,
      message: `Datasource type "${request.datasourceType}" is not supported here; only "table" datasources are.`,
    });
  }
  const full = await exploredDataset(ctx, user, request.datasourceId);
  const engine = engineOf(full);
  const { dialect } = engine;
  const columns = visibleColumns(full);
  if (columns.length === 0) {
    throw new NezhaError({
      type: 'GENERIC_COMMAND_ERROR',
      status: 400,
      message: 'This dataset has no column to show.',
    });
  }
  const byName = new Map(columns.map((column) => [column.column_name, columnSql(dialect, column)]));
  const builder = new WhereBuilder(dialect, byName);
  const where = builder.where(request.filters);
  const source = await sourceSql(ctx, user, engine, full);
  const { limit, offset } = pageWindow(request.page, request.perPage);
  const selectList = columns
    .map((c) =>
      c.expression ? `${columnSql(dialect, c)} AS ${dialect.quoteIdentifier(c.column_name)}` : columnSql(dialect, c),
    )
    .join(',\n       ');
  const query = `SELECT ${selectList}\nFROM ${source}${where}\n${dialect.limitClause(limit, offset)}`;
  const countQuery = `SELECT COUNT(*) AS ${dialect.quoteIdentifier('count')}\nFROM ${source}${where}`;

  const database = await databaseOfDataset(ctx, full);
  const connection = await connectionOf(ctx, database);
  const options = { params: builder.params, schema: full.dataset.schema };
  const counted = await connection.execute(countQuery, { ...options, maxRows: 1 });
  const result = await connection.execute(query, { ...options, maxRows: limit });
  const described = sqlLabColumns(result.columns);
  const names = described.map((column) => column.name);
  return {
    result: {
      data: rowsAsObjects(names, result.rows),
      colnames: names,
      coltypes: described.map((column) => column.type_generic),
      rowcount: result.rows.length,
      total_count: Number(counted.rows[0]?.[0] ?? 0),
      page: request.page ?? 1,
      per_page: limit,
      query,
      status: 'success',
      is_cached: false,
      cache_key: null,
      applied_filters: request.filters.map((filter) => ({ column: filter.col })),
      rejected_filters: [],
    },
  };
}
