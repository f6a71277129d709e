// zod schemas of the bundle files, field for field Superset's ImportV1*Schema (unknown fields are ignored).
import { z } from 'zod';
import { BUNDLE_VERSION } from './kinds.js';

const uuid = z.string().regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, {
  message: 'Not a valid UUID.',
});
const text = z.string().nullish();
const flag = z.boolean().nullish();
const int = z.number().int().nullish();
/** A field Superset writes either as a mapping or as its JSON text. */
const jsonish = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown()), z.string()]).nullish();
const version = z.literal(BUNDLE_VERSION, { message: `Must be equal to ${BUNDLE_VERSION}.` });

export const metadataSchema = z.object({
  version,
  type: z.string().optional(),
  timestamp: z.string().optional(),
});

export const databaseSchema = z.object({
  database_name: z.string().min(1).max(250),
  sqlalchemy_uri: z.string().min(1).max(1024),
  password: text,
  cache_timeout: int,
  expose_in_sqllab: flag,
  allow_run_async: flag,
  allow_ctas: flag,
  allow_cvas: flag,
  allow_dml: flag,
  allow_file_upload: flag,
  /** The name before Superset 2.1. */
  allow_csv_upload: flag,
  extra: jsonish,
  uuid,
  version,
  is_managed_externally: flag,
  external_url: text,
  ssh_tunnel: z.record(z.string(), z.unknown()).nullish(),
});

const columnSchema = z.object({
  column_name: z.string().min(1).max(255),
  verbose_name: text,
  is_dttm: flag,
  is_active: flag,
  type: text,
  advanced_data_type: text,
  groupby: flag,
  filterable: flag,
  expression: text,
  description: text,
  python_date_format: text,
  extra: jsonish,
});

const metricSchema = z.object({
  metric_name: z.string().min(1).max(255),
  verbose_name: text,
  metric_type: text,
  expression: z.string().min(1),
  description: text,
  d3format: text,
  currency: jsonish,
  extra: jsonish,
  warning_text: text,
});

export const datasetSchema = z.object({
  table_name: z.string().min(1).max(250),
  main_dttm_col: text,
  description: text,
  default_endpoint: text,
  offset: int,
  cache_timeout: int,
  catalog: text,
  schema: text,
  sql: text,
  params: jsonish,
  template_params: jsonish,
  filter_select_enabled: flag,
  fetch_values_predicate: text,
  extra: jsonish,
  normalize_columns: flag,
  always_filter_main_dttm: flag,
  uuid,
  columns: z.array(columnSchema).default([]),
  metrics: z.array(metricSchema).default([]),
  version,
  database_uuid: uuid,
});

export const chartSchema = z.object({
  slice_name: z.string().min(1).max(250),
  description: text,
  certified_by: text,
  certification_details: text,
  viz_type: z.string().min(1).max(250),
  params: z.union([z.record(z.string(), z.unknown()), z.string()]).nullish(),
  query_context: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
  cache_timeout: int,
  uuid,
  version,
  dataset_uuid: uuid,
});

export const dashboardSchema = z.object({
  dashboard_title: z.string().max(500).nullish(),
  description: text,
  css: text,
  slug: text,
  certified_by: text,
  certification_details: text,
  published: flag,
  uuid,
  position: z.record(z.string(), z.unknown()).nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  version,
});

export const savedQuerySchema = z.object({
  catalog: text,
  schema: text,
  label: z.string().max(256).nullish(),
  description: text,
  sql: z.string(),
  template_parameters: text,
  uuid,
  version,
  database_uuid: uuid,
});

export type DatabaseConfig = z.infer<typeof databaseSchema>;
export type DatasetConfig = z.infer<typeof datasetSchema>;
export type ChartConfig = z.infer<typeof chartSchema>;
export type DashboardConfig = z.infer<typeof dashboardSchema>;
export type SavedQueryConfig = z.infer<typeof savedQuerySchema>;

/** zod issues as Superset's marshmallow messages: `{field: [message]}`. */
export function fieldProblems(error: z.ZodError): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : '_schema';
    const message =
      issue.code === 'invalid_type' && issue.input === undefined ? 'Missing data for required field.' : issue.message;
    problems[field] = [...(problems[field] ?? []), message];
  }
  return problems;
}
