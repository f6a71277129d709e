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
