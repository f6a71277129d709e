// Shapes of chart form data, the query object and the chart data request (spec §3), plus column labels.

import type { DatasourceKey } from '../datasource/datasource-key.js';
import type { AdhocFilter, FilterGroup, QueryObjectFilter } from '../filters/adhoc-filter.js';
import type { QueryFormMetric } from './adhoc-metric.js';

export interface AdhocColumn {
  sqlExpression: string;
  label?: string;
  expressionType?: 'SQL';
  hasCustomLabel?: boolean;
  /** BASE_AXIS marks the x-axis column, which the server buckets by `timeGrain`. */
  columnType?: 'BASE_AXIS' | 'SERIES';
  timeGrain?: string;
  isColumnReference?: boolean;
}

/** A physical column's name or an expression. */
export type QueryFormColumn = string | AdhocColumn;
/** [column or metric, ascending]. */
export type QueryFormOrderBy = [QueryFormColumn | QueryFormMetric, boolean];
export type QueryMode = 'aggregate' | 'raw';

export interface AnnotationLayer {
  name: string;
  sourceType?: string;
  value?: unknown;
  overrides?: Record<string, unknown>;
  [key: string]: unknown;
}

/** A legacy dashboard filter: `__time_range` and friends are time settings, anything else a WHERE filter. */
export interface ExtraFilter {
  col: string;
  op: string;
  val?: unknown;
}

/** What a dashboard's data mask contributes to a chart (native filters and cross-filters). */
export interface ExtraFormData {
  adhoc_filters?: AdhocFilter[];
  filters?: QueryObjectFilter[];
  custom_form_data?: Record<string, unknown>;
  granularity?: string;
  granularity_sqla?: string;
  time_column?: string;
  time_grain?: string;
  time_range?: string;
  relative_start?: string;
  relative_end?: string;
  time_grain_sqla?: string;
  [key: string]: unknown;
}

export interface QueryFormData {
  /** Datasource key, "12__table". */
  datasource: string;
  viz_type: string;
  metrics?: QueryFormMetric[] | null;
  metric?: QueryFormMetric | null;
  groupby?: QueryFormColumn[] | null;
  columns?: QueryFormColumn[] | null;
  all_columns?: QueryFormColumn[] | null;
  x_axis?: QueryFormColumn | null;
  query_mode?: QueryMode;
  adhoc_filters?: AdhocFilter[] | null;
  extra_filters?: ExtraFilter[] | null;
  extra_form_data?: ExtraFormData | null;
  where?: string;
  time_range?: string | null;
  /** The time range control's frame the range was picked in (Common, Calendar, Custom…). */
  time_ui_frame?: string | null;
  since?: string | null;
  until?: string | null;
  granularity?: string | null;
  granularity_sqla?: string | null;
  time_grain_sqla?: string | null;
  row_limit?: string | number | null;
  row_offset?: string | number | null;
  limit?: string | number | null;
  series_limit?: number | null;
  series_limit_metric?: QueryFormMetric | null;
  timeseries_limit_metric?: QueryFormMetric | null;
  series_columns?: QueryFormColumn[];
  order_desc?: boolean;
  orderby?: Array<QueryFormOrderBy | string>;
  annotation_layers?: AnnotationLayer[];
  url_params?: Record<string, string>;
  custom_params?: Record<string, unknown>;
  force?: boolean;
  result_format?: string;
  result_type?: string;
  [key: string]: unknown;
}

export interface QueryObjectExtras {
  where?: string;
  having?: string;
  time_grain_sqla?: string;
  relative_start?: string;
  relative_end?: string;
}

export interface PostProcessingStep {
  operation: string;
  options?: Record<string, unknown>;
}

export interface QueryObject {
  columns?: QueryFormColumn[];
  metrics?: QueryFormMetric[];
  orderby?: QueryFormOrderBy[];
  filters?: QueryObjectFilter[];
  /** Simple filters on metrics. */
  having_filters?: QueryObjectFilter[];
  /** Cohort filters, passed whole: only the server can expand a cohort. */
  cohort_filters?: AdhocFilter[];
  /** AND/OR filter trees of the advanced filter editor, each AND-ed with the other filters. */
  filter_groups?: FilterGroup[];
  extras?: QueryObjectExtras;
  granularity?: string;
  time_range?: string;
  /** The time range control's frame (`TIME_RANGE_FRAMES`): how the range was picked, not what it selects. */
  time_ui_frame?: string;
  since?: string;
  until?: string;
  time_compare?: string;
  annotation_layers?: AnnotationLayer[];
  applied_time_extras?: Record<string, string>;
  row_limit?: number;
  row_offset?: number;
  series_columns?: QueryFormColumn[];
  series_limit?: number;
  series_limit_metric?: QueryFormMetric;
  timeseries_limit?: number;
  timeseries_limit_metric?: QueryFormMetric;
  order_desc?: boolean;
  url_params?: Record<string, string>;
  custom_params?: Record<string, unknown>;
  custom_form_data?: Record<string, unknown>;
  post_processing?: PostProcessingStep[];
  is_timeseries?: boolean;
  [key: string]: unknown;
}

export interface QueryContext {
  datasource: DatasourceKey;
  force: boolean;
  queries: QueryObject[];
  form_data: QueryFormData;
  result_format: string;
  result_type: string;
}

export function isAdhocColumn(column: unknown): column is AdhocColumn {
  return typeof column === 'object' && column !== null && typeof (column as AdhocColumn).sqlExpression === 'string';
}

export function isQueryFormColumn(value: unknown): value is QueryFormColumn {
  return (typeof value === 'string' && value.length > 0) || isAdhocColumn(value);
}

export function getColumnLabel(column: QueryFormColumn): string {
  return typeof column === 'string' ? column : column.label || column.sqlExpression;
}
