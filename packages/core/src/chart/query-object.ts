// Form data → the base query object of the chart data API (Superset's buildQueryObject), plus its normalisers.
import type { QueryFormMetric } from './adhoc-metric.js';
import { extractExtras, overrideExtraFormData, processFilters } from './extras.js';
import { dedupeColumns, extractQueryFields, type QueryFieldAliases } from './query-fields.js';
import {
  type AdhocColumn,
  getColumnLabel,
  isAdhocColumn,
  isQueryFormColumn,
  type QueryFormColumn,
  type QueryFormData,
  type QueryObject,
} from './query-types.js';
import { semanticQueryFields } from './semantic-fields.js';

function toNumber(value: unknown): number | undefined {
  if (value === null || value === undefined) return undefined;
  const number = Number(value);
  return Number.isNaN(number) ? undefined : number;
}

/** Superset sends `undefined` rather than null or '' so that JSON leaves the key out. */
function orUndefined<T>(value: T | null | undefined | ''): T | undefined {
  return value === null || value === '' ? undefined : value;
}

function isMetricSet(metric: unknown): metric is QueryFormMetric {
  if (typeof metric === 'string') return metric.length > 0;
  return typeof metric === 'object' && metric !== null && Object.keys(metric).length > 0;
}

export function buildQueryObject(formData: QueryFormData, queryFields?: QueryFieldAliases): QueryObject {
  const {
    annotation_layers = [],
    extra_form_data,
    time_range,
    time_ui_frame,
    since,
    until,
    row_limit,
    row_offset,
    order_desc,
    limit,
    timeseries_limit_metric,
    granularity,
    url_params = {},
    custom_params = {},
    series_columns,
    series_limit,
    series_limit_metric,
    x_axis,
    ...residual
  } = formData;
  const {
    adhoc_filters: appendAdhocFilters = [],
    filters: appendFilters = [],
    custom_form_data = {},
    ...overrides
  } = extra_form_data ?? {};

  // Saved columns and measures picked in their own controls join the columns and metrics by name.
  const semantic = semanticQueryFields(residual, formData.query_mode);
  const fields = extractQueryFields(semantic.formData, { ...semantic.aliases, ...queryFields });
  // The x-axis leads the columns, as the time-series charts' buildQuery put it.
  const columns = isQueryFormColumn(x_axis) ? dedupeColumns([x_axis, ...fields.columns]) : fields.columns;
  const extracted = extractExtras(formData);
  const processed = processFilters({
    adhoc_filters: [
      ...(formData.adhoc_filters ?? []),
      ...appendAdhocFilters.map((filter) => ({ ...filter, isExtra: true })),
    ],
    // Native and cross filters are marked as a dashboard's (Superset's merge_extra_form_data does it server side):
    // the server rejects one on a column the chart cannot filter instead of refusing the query.
    filters: [...extracted.filters, ...appendFilters.map((filter) => ({ ...filter, isExtra: true }))],
    extras: extracted.extras,
    ...(formData.where ? { where: formData.where } : {}),
  });
  const descending = order_desc === undefined ? true : order_desc;
  const limitMetric = isMetricSet(series_limit_metric)
    ? series_limit_metric
    : isMetricSet(timeseries_limit_metric)
      ? timeseries_limit_metric
      : undefined;
  const legacyLimit = toNumber(limit) ?? 0;

  const queryObject: QueryObject = {
    time_range: orUndefined(time_range),
    ...(typeof time_ui_frame === 'string' && time_ui_frame ? { time_ui_frame } : {}),
    since: orUndefined(since),
    until: orUndefined(until),
    // extractExtras already weighs a dashboard's __time_col against the form's own time column.
    granularity: extracted.granularity ?? orUndefined(granularity),
    applied_time_extras: extracted.applied_time_extras,
    ...(extracted.time_range ? { time_range: extracted.time_range } : {}),
    ...(extracted.time_compare ? { time_compare: extracted.time_compare } : {}),
    filters: processed.filters,
    extras: processed.extras,
    ...(processed.having_filters.length ? { having_filters: processed.having_filters } : {}),
    ...(processed.cohort_filters.length ? { cohort_filters: processed.cohort_filters } : {}),
    ...(processed.filter_groups.length ? { filter_groups: processed.filter_groups } : {}),
    columns,
    metrics: fields.metrics,
    orderby: fields.orderby ?? (limitMetric === undefined ? undefined : [[limitMetric, !descending]]),
    annotation_layers,
    row_limit: toNumber(row_limit),
    row_offset: toNumber(row_offset),
    series_columns,
    // Superset's server reads the legacy `limit`/`timeseries_limit_metric` as the series limit; doing it here
    // leaves one name per setting for our server.
    series_limit: series_limit ?? (legacyLimit || undefined),
    series_limit_metric: limitMetric,
    timeseries_limit: legacyLimit,
    timeseries_limit_metric: orUndefined(timeseries_limit_metric),
    order_desc: descending,
    url_params,
    custom_params,
    post_processing: [],
  };
  return { ...overrideExtraFormData(queryObject, overrides), custom_form_data };
}

/**
 * Superset's normalizeOrderBy for table-like charts: keep a valid first orderby clause, else order by the
 * series limit metric, then the first metric, in the direction of `order_desc`.
 */
export function normalizeOrderBy(queryObject: QueryObject): QueryObject {
  const first = queryObject.orderby?.[0];
  if (Array.isArray(first) && first.length === 2 && isMetricSet(first[0]) && typeof first[1] === 'boolean') {
    return queryObject;
  }
  const { series_limit_metric, order_desc, orderby: _ignored, ...rest } = queryObject;
  const ascending = !order_desc;
  if (isMetricSet(series_limit_metric)) return { ...rest, orderby: [[series_limit_metric, ascending]] };
  const firstMetric = queryObject.metrics?.[0];
  if (firstMetric !== undefined) return { ...rest, orderby: [[firstMetric, ascending]] };
  return rest;
}

/**
 * Marks the x-axis column as the base axis carrying the time grain, so the server buckets it
 * (Superset's normalizeTimeColumn). A physical column becomes a column-reference expression.
 */
export function normalizeTimeColumn(formData: QueryFormData, queryObject: QueryObject): QueryObject {
  const { x_axis } = formData;
  if (!isQueryFormColumn(x_axis) || !queryObject.columns) return queryObject;
  const label = getColumnLabel(x_axis);
  const index = queryObject.columns.findIndex((column) =>
    typeof column === 'string' || typeof x_axis === 'string'
      ? column === x_axis
      : isAdhocColumn(column) && column.sqlExpression === x_axis.sqlExpression,
  );
  if (index < 0) return queryObject;
  const timeGrain = queryObject.extras?.time_grain_sqla;
  const current = queryObject.columns[index] as QueryFormColumn;
  const axis: AdhocColumn = isAdhocColumn(current)
    ? { timeGrain, columnType: 'BASE_AXIS', ...current }
    : {
        timeGrain,
        columnType: 'BASE_AXIS',
        sqlExpression: label,
        label,
        expressionType: 'SQL',
        isColumnReference: true,
      };
  if (axis.timeGrain === undefined) delete axis.timeGrain;
  const columns = queryObject.columns.slice();
  columns[index] = axis;
  const { is_timeseries: _dropped, ...rest } = queryObject;
  return { ...rest, columns };
}
