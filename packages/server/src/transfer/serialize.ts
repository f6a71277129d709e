// One object of the store → its bundle file's fields, in the key order of Superset's export_to_dict.

import type { DatabaseRow, DatasetRow, SavedQueryRow, SqlMetricRow, TableColumnRow } from '../store/schema.js';
import type { DashboardRow, SliceRow } from '../store/schema-charts.js';
import { BUNDLE_VERSION } from './kinds.js';

const bool = (flag: number): boolean => flag !== 0;

/** JSON text stored for a field: exported as its value, as Superset does for params, extra and the rest. */
export function jsonField(text: string | null): unknown {
  if (text === null || text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function databaseFile(row: DatabaseRow, maskedUri: string): Record<string, unknown> {
  return {
    database_name: row.database_name,
    sqlalchemy_uri: maskedUri,
    cache_timeout: row.cache_timeout,
    expose_in_sqllab: bool(row.expose_in_sqllab),
    allow_run_async: bool(row.allow_run_async),
    allow_ctas: bool(row.allow_ctas),
    allow_cvas: bool(row.allow_cvas),
    allow_dml: bool(row.allow_dml),
    allow_file_upload: bool(row.allow_file_upload),
    extra: jsonField(row.extra) ?? {},
    impersonate_user: false,
    uuid: row.uuid,
    version: BUNDLE_VERSION,
  };
}

function metricFile(metric: SqlMetricRow): Record<string, unknown> {
  return {
    metric_name: metric.metric_name,
    verbose_name: metric.verbose_name,
    metric_type: metric.metric_type,
    expression: metric.expression,
    description: metric.description,
    d3format: metric.d3format,
    currency: jsonField(metric.currency),
    extra: jsonField(metric.extra) ?? {},
    warning_text: metric.warning_text,
  };
}

function columnFile(column: TableColumnRow): Record<string, unknown> {
  return {
    column_name: column.column_name,
    verbose_name: column.verbose_name,
    is_dttm: bool(column.is_dttm),
    is_active: bool(column.is_active),
    type: column.type,
    advanced_data_type: column.advanced_data_type,
    groupby: bool(column.groupby),
    filterable: bool(column.filterable),
    expression: column.expression,
    description: column.description,
    python_date_format: column.python_date_format,
    extra: jsonField(column.extra) ?? {},
  };
}

export function datasetFile(
  row: DatasetRow,
  columns: readonly TableColumnRow[],
  metrics: readonly SqlMetricRow[],
  databaseUuid: string,
): Record<string, unknown> {
  return {
    table_name: row.table_name,
    main_dttm_col: row.main_dttm_col,
    description: row.description,
    default_endpoint: row.default_endpoint,
    offset: row.offset,
    cache_timeout: row.cache_timeout,
    catalog: row.catalog,
    schema: row.schema,
    sql: row.sql,
    params: null,
    template_params: jsonField(row.template_params),
    filter_select_enabled: bool(row.filter_select_enabled),
    fetch_values_predicate: row.fetch_values_predicate,
    extra: jsonField(row.extra),
    normalize_columns: bool(row.normalize_columns),
    always_filter_main_dttm: bool(row.always_filter_main_dttm),
    uuid: row.uuid,
    metrics: metrics.map(metricFile),
    columns: columns.map(columnFile),
    version: BUNDLE_VERSION,
    database_uuid: databaseUuid,
  };
}

export function chartFile(row: SliceRow, datasetUuid: string | null): Record<string, unknown> {
  return {
    slice_name: row.slice_name,
    description: row.description,
    certified_by: row.certified_by,
    certification_details: row.certification_details,
    viz_type: row.viz_type,
    params: jsonField(row.params) ?? {},
    query_context: row.query_context,
    cache_timeout: row.cache_timeout,
    uuid: row.uuid,
    version: BUNDLE_VERSION,
    ...(datasetUuid ? { dataset_uuid: datasetUuid } : {}),
  };
}

export function dashboardFile(
  row: DashboardRow,
  position: Record<string, unknown>,
  metadata: Record<string, unknown>,
): Record<string, unknown> {
  return {
    dashboard_title: row.dashboard_title,
    description: row.description,
    css: row.css ?? '',
    slug: row.slug,
    certified_by: row.certified_by,
    certification_details: row.certification_details,
    published: bool(row.published),
    uuid: row.uuid,
    position,
    metadata,
    version: BUNDLE_VERSION,
  };
}

export function savedQueryFile(row: SavedQueryRow, databaseUuid: string): Record<string, unknown> {
  return {
    catalog: row.catalog,
    schema: row.schema,
    label: row.label,
    description: row.description,
    sql: row.sql,
    template_parameters: row.template_parameters,
    uuid: row.uuid,
    version: BUNDLE_VERSION,
    database_uuid: databaseUuid,
  };
}
