// Which column a query's time range filters (Superset since generic chart axes): the explicit time column, else
// the temporal x-axis, else the column of a TEMPORAL_RANGE filter, else the dataset's default time column.
import { isAdhocColumn, type QueryObject, type TimeRangeBounds } from '@nezha/core';
import type { DatasetScope } from './dataset-scope.js';

export interface TimeRangeTarget {
  /** The dataset column the range applies to, or null when the dataset offers none. */
  column: string | null;
  /** Why the explicit time column (`__time_col`) was not used: the dataset lacks it. */
  timeColRejected: boolean;
}

/** A real range: "No filter" (both ends open) filters nothing and is reported as nothing. */
export function isRealRange(bounds: TimeRangeBounds | null): bounds is TimeRangeBounds {
  return bounds !== null && (bounds.since !== null || bounds.until !== null);
}

export function isTemporalRangeFilter(filter: { op: string }): boolean {
  return String(filter.op).toUpperCase() === 'TEMPORAL_RANGE';
}

function temporalColumn(scope: DatasetScope, name: unknown): name is string {
  return typeof name === 'string' && scope.hasColumn(name) && scope.isTemporal(scope.column(name));
}

/**
 * The column the query's time range goes to. The explicit time column (granularity, which a dashboard's time
 * column filter also sets) comes first, as Superset's `_apply_granularity` puts it in place of the x-axis; a
 * granularity the dataset lacks is rejected (`__time_col`, not_in_datasource) unless the query needs it as its
 * time axis, where it stays an error. Then the temporal x-axis, then a TEMPORAL_RANGE filter's column (whose
 * value the range replaces, Superset's `_apply_filters`), then `main_dttm_col`.
 */
export function timeRangeColumn(scope: DatasetScope, query: QueryObject): TimeRangeTarget {
  let timeColRejected = false;
  if (query.granularity) {
    if (query.is_timeseries || scope.hasColumn(query.granularity)) {
      return { column: query.granularity, timeColRejected };
    }
    timeColRejected = true;
  }
  for (const column of query.columns ?? []) {
    if (isAdhocColumn(column) && column.columnType === 'BASE_AXIS' && column.isColumnReference) {
      if (temporalColumn(scope, column.sqlExpression)) return { column: column.sqlExpression, timeColRejected };
    }
  }
  const filtered = (query.filters ?? []).find(
    (filter) => isTemporalRangeFilter(filter) && temporalColumn(scope, filter.col),
  );
  if (filtered) return { column: filtered.col, timeColRejected };
  const main = scope.mainDttmCol;
  return { column: temporalColumn(scope, main) ? main : null, timeColRejected };
}
