// The result types that reshape a query before it runs (samples, drill_detail) or answer without running (columns,
// timegrains).
import type { QueryObject } from '@nezha/core';
import { timeGrainChoices, visibleColumns } from '../datasets/datasource-data.js';
import { typeGeneric } from '../datasets/json-fields.js';
import { SAMPLES_ROW_LIMIT } from '../datasets/samples.js';
import type { Dialect } from '../engines/types.js';
import type { DatasetFull } from '../store/datasets.js';
import type { ResultType } from './chart-data-request.js';

/** Raw rows of every visible column, as the chart's filters select them; nothing the chart computes. */
function rawRows(query: QueryObject, full: DatasetFull): QueryObject {
  const {
    metrics: _metrics,
    orderby: _orderby,
    post_processing: _steps,
    time_offsets: _offsets,
    series_limit: _seriesLimit,
    series_limit_metric: _seriesMetric,
    series_columns: _seriesColumns,
    having_filters: _having,
    is_timeseries: _timeseries,
    ...rest
  } = query;
  return {
    ...rest,
    query_mode: 'raw',
    columns: visibleColumns(full).map((column) => column.column_name),
    extras: { ...(query.extras ?? {}), having: '' },
  };
}

/**
 * Superset's samples: the dataset's rows regardless of the chart's time range, up to the query's row limit or
 * SAMPLES_ROW_LIMIT;
 * drill_detail: the rows behind the chart (its filters and time range), a page at a time.
 */
export function reshapeQuery(
  resultType: ResultType,
  query: QueryObject,
  full: DatasetFull,
  maxRow: number,
): QueryObject {
  if (resultType === 'samples') {
    const { time_range: _range, since: _since, until: _until, ...rest } = rawRows(query, full);
    // Superset: the query's own row limit, else SAMPLES_ROW_LIMIT, never over SQL_MAX_ROW.
    const own = Number(query.row_limit ?? 0);
    const limit = Number.isInteger(own) && own > 0 ? own : SAMPLES_ROW_LIMIT;
    return { ...rest, row_limit: Math.min(limit, maxRow), row_offset: 0 };
  }
  if (resultType === 'drill_detail') return rawRows(query, full);
  return query;
}

/** result_type `columns` (Superset's _get_columns): the dataset's visible columns. */
export function datasetColumns(full: DatasetFull) {
  return visibleColumns(full).map((column) => ({
    column_name: column.column_name,
    verbose_name: column.verbose_name,
    dtype: typeGeneric(column) ?? 1,
  }));
}

/** result_type `timegrains` (Superset's _get_timegrains): the grains the engine offers, "Original value" first. */
export function engineTimeGrains(dialect: Dialect) {
  return timeGrainChoices(dialect).map(([duration, name]) => ({
    name,
    function: duration === null ? '{col}' : (dialect.timeGrains[duration] ?? '{col}'),
    duration,
  }));
}
