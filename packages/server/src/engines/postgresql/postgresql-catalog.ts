// PostgreSQL introspection from pg_catalog: schemas, tables and views, columns, keys, indexes, EXPLAIN costs.
import { buildTableMetadata, tableNotFound } from '../base.js';
import type { CostEstimate, Dialect, Row, TableMetadata, TableSummary } from '../types.js';

export type RunQuery = (sql: string, params?: unknown[]) => Promise<Row[]>;

const KINDS: Record<string, TableSummary['type']> = {
  r: 'table',
  p: 'table',
  f: 'table',
  v: 'view',
  m: 'materialized_view',
};

/** Attribute names of `keys` (an attnum array of `rel`) in key order, as text[]. */
const attnames = (rel: string, keys: string) =>
  `ARRAY(SELECT a.attname FROM unnest(${keys}) WITH ORDINALITY AS k(num, ord)
         JOIN pg_attribute a ON a.attrelid = ${rel} AND a.attnum = k.num ORDER BY k.ord)::text[]`;

export async function listSchemas(query: RunQuery): Promise<string[]> {
  // SQLAlchemy's rule: every schema but the pg_* system ones.
  const rows = await query("SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' ORDER BY 1");
  return rows.map((row) => String(row[0]));
}

export async function listTables(query: RunQuery, schema: string): Promise<TableSummary[]> {
  const rows = await query(
    `SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'f', 'v', 'm') ORDER BY 1`,
    [schema],
  );
  return rows.map((row) => ({ name: String(row[0]), type: KINDS[String(row[1])] ?? 'table' }));
}

export async function tableMetadata(
  query: RunQuery,
  dialect: Dialect,
  table: string,
  schema: string,
): Promise<TableMetadata> {
  const [relation] = await query(
    `SELECT c.oid, c.relkind, obj_description(c.oid, 'pg_class')
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relname = $2`,
    [schema, table],
  );
  if (!relation) throw tableNotFound(table, schema);
  const oid = relation[0];
  const columns = await query(
    `SELECT a.attname, format_type(a.atttypid, a.atttypmod), NOT a.attnotnull,
            pg_get_expr(d.adbin, d.adrelid), col_description(a.attrelid, a.attnum)
     FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
     WHERE a.attrelid = $1 AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
    [oid],
  );
  const constraints = await query(
    `SELECT con.conname, con.contype, ${attnames('con.conrelid', 'con.conkey')},
            fn.nspname, fc.relname, ${attnames('con.confrelid', 'con.confkey')}
     FROM pg_constraint con
     LEFT JOIN pg_class fc ON fc.oid = con.confrelid
     LEFT JOIN pg_namespace fn ON fn.oid = fc.relnamespace
     WHERE con.conrelid = $1 AND con.contype IN ('p', 'f') ORDER BY con.conname`,
    [oid],
  );
  const indexes = await query(
    `SELECT i.relname, ix.indisunique, ${attnames('ix.indrelid', 'ix.indkey::int2[]')}
     FROM pg_index ix JOIN pg_class i ON i.oid = ix.indexrelid
     WHERE ix.indrelid = $1 AND NOT ix.indisprimary ORDER BY 1`,
    [oid],
  );
  const pk = constraints.find((row) => row[1] === 'p');
  return buildTableMetadata(dialect, {
    name: table,
    schema,
    type: KINDS[String(relation[1])] ?? 'table',
    comment: (relation[2] as string | null) ?? null,
    columns: columns.map((row) => ({
      name: String(row[0]),
      type: String(row[1]).toUpperCase(),
      nullable: row[2] === true,
      default: (row[3] as string | null) ?? null,
      comment: (row[4] as string | null) ?? null,
    })),
    primaryKey: pk ? { name: String(pk[0]), column_names: pk[2] as string[] } : null,
    foreignKeys: constraints
      .filter((row) => row[1] === 'f')
      .map((row) => ({
        name: String(row[0]),
        column_names: row[2] as string[],
        referred_schema: (row[3] as string | null) ?? null,
        referred_table: String(row[4]),
        referred_columns: row[5] as string[],
      })),
    indexes: indexes.map((row) => ({
      name: String(row[0]),
      unique: row[1] === true,
      column_names: row[2] as string[],
    })),
  });
}

interface ExplainPlan {
  Plan?: { 'Startup Cost'?: number; 'Total Cost'?: number; 'Plan Rows'?: number };
}

export async function estimate(query: RunQuery, sql: string): Promise<CostEstimate[]> {
  const [row] = await query(`EXPLAIN (FORMAT JSON) ${sql}`);
  const raw = row?.[0];
  const plans = (typeof raw === 'string' ? JSON.parse(raw) : raw) as ExplainPlan[];
  return plans.map(({ Plan: plan = {} }) => ({
    'Startup cost': plan['Startup Cost'] ?? '?',
    'Total cost': plan['Total Cost'] ?? '?',
    'Plan rows': plan['Plan Rows'] ?? '?',
  }));
}
