// DuckDB introspection from its duckdb_* table functions: catalogs, schemas, tables and views, keys, indexes, costs.
import { buildTableMetadata, groupBy, tableNotFound } from '../base.js';
import type { CostEstimate, Dialect, Row, TableMetadata, TableSummary } from '../types.js';

export type RunQuery = (sql: string, params?: unknown[]) => Promise<Row[]>;

/** The catalog (attached database) asked for, else the current one. */
async function databaseOf(query: RunQuery, catalog: string | null | undefined): Promise<string> {
  if (catalog) return catalog;
  const [row] = await query('SELECT current_database()');
  return String(row?.[0]);
}

export async function listCatalogs(query: RunQuery): Promise<string[]> {
  const rows = await query('SELECT database_name FROM duckdb_databases() WHERE NOT internal ORDER BY 1');
  return rows.map((row) => String(row[0]));
}

export async function listSchemas(query: RunQuery, catalog: string | null | undefined): Promise<string[]> {
  const rows = await query('SELECT DISTINCT schema_name FROM duckdb_schemas() WHERE database_name = ? ORDER BY 1', [
    await databaseOf(query, catalog),
  ]);
  return rows.map((row) => String(row[0]));
}

export async function listTables(
  query: RunQuery,
  schema: string,
  catalog: string | null | undefined,
): Promise<TableSummary[]> {
  const database = await databaseOf(query, catalog);
  const rows = await query(
    `SELECT table_name, 'table' FROM duckdb_tables() WHERE database_name = ? AND schema_name = ?
     UNION ALL
     SELECT view_name, 'view' FROM duckdb_views() WHERE database_name = ? AND schema_name = ? AND NOT internal
     ORDER BY 1`,
    [database, schema, database, schema],
  );
  return rows.map((row) => ({ name: String(row[0]), type: row[1] === 'view' ? 'view' : 'table' }));
}

/** duckdb_indexes().expressions is text such as `[pid, "Mixed Case"]` (or a list in other versions). */
function indexExpressions(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  const text = String(value ?? '').replace(/^\[|\]$/g, '');
  if (text === '') return [];
  return text.split(/,\s*/).map((part) => part.replace(/^"(.*)"$/, '$1').replaceAll('""', '"'));
}

export async function tableMetadata(
  query: RunQuery,
  dialect: Dialect,
  table: string,
  schema: string,
  catalog: string | null | undefined,
): Promise<TableMetadata> {
  const where = [await databaseOf(query, catalog), schema, table];
  const [kind] = await query(
    `SELECT 'table', comment FROM duckdb_tables() WHERE database_name = ? AND schema_name = ? AND table_name = ?
     UNION ALL
     SELECT 'view', comment FROM duckdb_views() WHERE database_name = ? AND schema_name = ? AND view_name = ?`,
    [...where, ...where],
  );
  if (!kind) throw tableNotFound(table, schema);
  const columns = await query(
    `SELECT column_name, data_type, is_nullable, column_default, comment FROM duckdb_columns()
     WHERE database_name = ? AND schema_name = ? AND table_name = ? ORDER BY column_index`,
    where,
  );
  const constraints = await query(
    `SELECT constraint_type, constraint_name, constraint_column_names, referenced_table, referenced_column_names
     FROM duckdb_constraints()
     WHERE database_name = ? AND schema_name = ? AND table_name = ? AND constraint_type IN ('PRIMARY KEY', 'FOREIGN KEY')
     ORDER BY constraint_index`,
    where,
  );
  const indexes = await query(
    `SELECT index_name, is_unique, expressions FROM duckdb_indexes()
     WHERE database_name = ? AND schema_name = ? AND table_name = ? ORDER BY index_name`,
    where,
  );
  const byType = groupBy(constraints, (row) => String(row[0]));
  const pk = byType.get('PRIMARY KEY')?.[0];
  return buildTableMetadata(dialect, {
    name: table,
    schema,
    catalog: catalog ?? null,
    type: kind[0] === 'view' ? 'view' : 'table',
    comment: (kind[1] as string | null) ?? null,
    columns: columns.map((row) => ({
      name: String(row[0]),
      type: String(row[1]),
      nullable: row[2] === true,
      default: (row[3] as string | null) ?? null,
      comment: (row[4] as string | null) ?? null,
    })),
    primaryKey: pk ? { name: (pk[1] as string | null) ?? null, column_names: pk[2] as string[] } : null,
    foreignKeys: (byType.get('FOREIGN KEY') ?? []).map((row) => ({
      name: (row[1] as string | null) ?? null,
      column_names: row[2] as string[],
      // duckdb_constraints() does not say; DuckDB only allows references within one schema.
      referred_schema: schema,
      referred_table: String(row[3]),
      referred_columns: row[4] as string[],
    })),
    indexes: indexes.map((row) => ({
      name: String(row[0]),
      unique: row[1] === true,
      column_names: indexExpressions(row[2]),
    })),
  });
}

interface PlanNode {
  name?: string;
  children?: PlanNode[];
  extra_info?: Record<string, unknown>;
}

/** One row per operator of `EXPLAIN (FORMAT JSON)` output, with DuckDB's estimated cardinality. */
export function estimate(explainRows: Row[]): CostEstimate[] {
  const plan = JSON.parse(String(explainRows[0]?.[1] ?? '[]')) as PlanNode[];
  const estimates: CostEstimate[] = [];
  const walk = (node: PlanNode) => {
    const info = node.extra_info ?? {};
    const cardinality = Number(info['Estimated Cardinality']);
    const table = typeof info.Table === 'string' ? ` ${info.Table}` : '';
    estimates.push({
      Operator: `${node.name ?? '?'}${table}`,
      'Estimated cardinality': Number.isFinite(cardinality) ? cardinality : '?',
    });
    for (const child of node.children ?? []) walk(child);
  };
  for (const node of plan) walk(node);
  return estimates;
}
