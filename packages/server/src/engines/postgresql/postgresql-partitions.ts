// PostgreSQL declarative partitions: the key of a partitioned table and the rows of its newest partition, for
// Superset's `partitions` metadata and the LATEST_PARTITION filter.

import type { Dialect, LatestPartition, TablePartitions } from '../types.js';
import type { RunQuery } from './postgresql-catalog.js';

interface PartitionKey {
  /** Key column names in key order; null for an expression key part. */
  columns: Array<string | null>;
  /** pg_partitioned_table.partstrat: l(ist), r(ange) or h(ash). */
  strategy: string;
}

async function partitionKey(query: RunQuery, table: string, schema: string): Promise<PartitionKey | null> {
  const rows = await query(
    `SELECT pt.partstrat, a.attname
     FROM pg_partitioned_table pt
     JOIN pg_class c ON c.oid = pt.partrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     CROSS JOIN LATERAL unnest(pt.partattrs::int2[]) WITH ORDINALITY AS k(num, ord)
     LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.num
     WHERE n.nspname = $1 AND c.relname = $2
     ORDER BY k.ord`,
    [schema, table],
  );
  if (rows.length === 0) return null;
  return {
    strategy: String(rows[0]?.[0]),
    columns: rows.map((row) => (row[1] === null ? null : String(row[1]))),
  };
}

/**
 * The one column a newest partition is defined by: a single plain key column of a list or range partitioning
 * (hash partitions have no order, expression keys no column to filter on).
 */
function orderedColumn(key: PartitionKey | null): string | null {
  if (!key || key.strategy === 'h' || key.columns.length !== 1) return null;
  return key.columns[0] ?? null;
}

/** Superset's `partitions`: key columns, the newest partition's key value(s), and the query listing partitions. */
export async function tablePartitions(
  query: RunQuery,
  dialect: Dialect,
  table: string,
  schema: string,
): Promise<TablePartitions | null> {
  const key = await partitionKey(query, table, schema);
  if (!key) return null;
  const column = orderedColumn(key);
  const latest = column ? await latestPartition(query, dialect, table, schema) : null;
  return {
    cols: key.columns.filter((name): name is string => name !== null),
    latest: latest ? { [latest.column]: latest.values?.[latest.values.length - 1] ?? latest.range?.max ?? null } : {},
    partitionQuery:
      'SELECT child.relname, pg_get_expr(child.relpartbound, child.oid) FROM pg_inherits i ' +
      `JOIN pg_class child ON child.oid = i.inhrelid WHERE i.inhparent = ${dialect.quoteString(`${dialect.quoteQualified([schema, table])}`)}::regclass`,
  };
}

/**
 * The rows of the partition holding the greatest key value, read at query time. Partitions never overlap, so a
 * list partition is its key values and a range partition is [least, greatest] of the values it holds.
 */
export async function latestPartition(
  query: RunQuery,
  dialect: Dialect,
  table: string,
  schema: string,
): Promise<LatestPartition | null> {
  const key = await partitionKey(query, table, schema);
  const column = orderedColumn(key);
  if (!key || !column) return null;
  const source = dialect.quoteQualified([schema, table]);
  const col = dialect.quoteIdentifier(column);
  const newest = `tableoid = (SELECT tableoid FROM ${source} WHERE ${col} IS NOT NULL ORDER BY ${col} DESC LIMIT 1)`;
  if (key.strategy === 'l') {
    const rows = await query(`SELECT DISTINCT ${col} FROM ${source} WHERE ${newest} AND ${col} IS NOT NULL ORDER BY 1`);
    return { column, values: rows.map((row) => row[0]), range: null };
  }
  const rows = await query(`SELECT MIN(${col}), MAX(${col}) FROM ${source} WHERE ${newest}`);
  const [min, max] = rows[0] ?? [null, null];
  return { column, values: null, range: min === null || max === null ? null : { min, max } };
}
