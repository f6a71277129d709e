// Drill to detail's requests: the rows behind the chart (result_type drill_detail: its filters, the dashboard's and
// its time range, plus the clicked values), one server page at a time, and how many there are in all.
import type { QueryContext, QueryObject } from '@nezha/core';
import type { PointFilter } from './context-menu-items';

/** Rows per page of the drill to detail table (Superset's PAGE_SIZE there). */
export const DRILL_DETAIL_PAGE_SIZE = 50;

/** The clicked values as query filters; a missing value is a NULL test. */
export function drillDetailFilters(filters: readonly PointFilter[]): NonNullable<QueryObject['filters']> {
  return filters.map((filter) =>
    filter.val === null || filter.val === undefined
      ? { col: filter.col, op: 'IS NULL' as const }
      : { col: filter.col, op: '==' as const, val: filter.val as string | number | boolean },
  );
}

function filtered(query: QueryObject, filters: readonly PointFilter[]): QueryObject {
  return { ...query, filters: [...(query.filters ?? []), ...drillDetailFilters(filters)] };
}

/**
 * The page of raw rows: the chart's first query (as its plugin builds it, so the same filters and time range),
 * reshaped by the server into every visible column; the page is a row window.
 */
export function drillDetailRowsQuery(
  chart: QueryContext,
  filters: readonly PointFilter[],
  page: number,
  pageSize = DRILL_DETAIL_PAGE_SIZE,
): QueryContext {
  const [first = {}] = chart.queries;
  const query = { ...filtered(first, filters), row_limit: pageSize, row_offset: Math.max(page - 1, 0) * pageSize };
  return { ...chart, queries: [query], result_type: 'drill_detail', result_format: 'json' };
}

/** The rows' count under the same filters: one COUNT(*) with the chart's dimensions, sorting and limits dropped. */
export function drillDetailCountQuery(chart: QueryContext, filters: readonly PointFilter[]): QueryContext {
  const [first = {}] = chart.queries;
  const {
    columns: _columns,
    metrics: _metrics,
    orderby: _orderby,
    post_processing: _steps,
    series_columns: _seriesColumns,
    series_limit: _seriesLimit,
    series_limit_metric: _seriesMetric,
    timeseries_limit: _timeseriesLimit,
    timeseries_limit_metric: _timeseriesMetric,
    time_offsets: _offsets,
    having_filters: _having,
    annotation_layers: _annotations,
    ...rest
  } = filtered(first, filters);
  const query: QueryObject = {
    ...rest,
    columns: [],
    metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'count' }],
    is_timeseries: false,
    row_limit: 1,
    row_offset: 0,
    extras: { ...(rest.extras ?? {}), having: '' },
  };
  return { ...chart, queries: [query], result_type: 'full', result_format: 'json' };
}
