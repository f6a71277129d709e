// Whether a chart request filters on the newest partition, so its partition is read before the query compiles.
import { type QueryObject, resolveOperatorId } from '@nezha/core';

export function usesLatestPartition(queries: readonly QueryObject[]): boolean {
  return queries.some((query) =>
    (query.filters ?? []).some((filter) => resolveOperatorId(undefined, filter.op) === 'LATEST_PARTITION'),
  );
}
