// Which column the LATEST_PARTITION operator applies to, from a table's `partitions` metadata
// (GET /api/v1/database/{id}/table_metadata/extra/).

export interface TablePartitionsJson {
  cols?: unknown;
  latest?: unknown;
}

/**
 * Superset offers LATEST_PARTITION only for a table partitioned by exactly one column: with several key columns a
 * "latest" value of one of them does not name one partition.
 */
export function partitionColumnOf(
  extra: { partitions?: TablePartitionsJson | null } | null | undefined,
): string | null {
  const cols = extra?.partitions?.cols;
  if (!Array.isArray(cols) || cols.length !== 1) return null;
  const [col] = cols;
  return typeof col === 'string' && col !== '' ? col : null;
}

/**
 * The columns LATEST_PARTITION applies to: the one key column as above, or, for a table partitioned by several
 * (Hive folders such as `year=2024/month=05/`), each key column the server gave the newest partition's value of.
 * A multi-column key without such values (a PostgreSQL key over two columns) offers none.
 */
export function partitionColumnsOf(extra: { partitions?: TablePartitionsJson | null } | null | undefined): string[] {
  const single = partitionColumnOf(extra);
  if (single) return [single];
  const { cols, latest } = extra?.partitions ?? {};
  if (!Array.isArray(cols) || typeof latest !== 'object' || latest === null) return [];
  const values = latest as Record<string, unknown>;
  return cols.filter(
    (col): col is string => typeof col === 'string' && col !== '' && values[col] !== undefined && values[col] !== null,
  );
}
