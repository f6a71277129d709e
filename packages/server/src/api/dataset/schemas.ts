// Request schemas of /api/v1/dataset/ and the datasource endpoints, and the translation of Superset's list filters.
import { z } from 'zod';
import { SAMPLE_FILTER_OPERATORS } from '../../datasets/samples.js';
import { ValidationError } from '../../errors/validation-error.js';
import { flagField, jsonOrValue, numericId } from '../../schemas/json-fields.js';
import { DATASET_LIST_COLUMNS } from '../../store/datasets.js';
import type { TagFilter } from '../../store/tags.js';
import type { ListQuery } from '../list-query.js';
import { tagListFilter } from '../tag/list-filter.js';

/** JSON object text, also accepted as the object itself (then written out). */
const jsonObjectText = z
  .union([z.string(), z.record(z.string(), z.unknown())])
  .transform((value) => (typeof value === 'string' ? value : JSON.stringify(value)))
  .refine(
    (text) => {
      if (text.trim() === '') return true;
      try {
        const value: unknown = JSON.parse(text);
        return value !== null && typeof value === 'object' && !Array.isArray(value);
      } catch {
        return false;
      }
    },
    { message: 'Field cannot be decoded by JSON: expected a JSON object.' },
  );

const text = (max?: number) => (max === undefined ? z.string() : z.string().max(max)).nullable().optional();

/** Superset sends the database as an id; older clients as {id}. */
const databaseRef = z.union([numericId, z.object({ id: numericId }).transform((value) => value.id)]);

const tableName = z
  .string()
  .trim()
  .min(1, 'Length must be between 1 and 250.')
  .max(250, 'Length must be between 1 and 250.');

/** A column of a dataset; SQL Lab's result columns carry `name` beside (or instead of) `column_name`. */
const columnInput = z.preprocess(
  (value) => {
    if (!value || typeof value !== 'object') return value;
    const record = value as Record<string, unknown>;
    return record.column_name === undefined && typeof record.name === 'string'
      ? { ...record, column_name: record.name }
      : value;
  },
  z.object({
    id: numericId.optional(),
    column_name: z.string().trim().min(1, 'Column name cannot be empty.').max(255),
    type: text(),
    verbose_name: text(1024),
    description: text(),
    expression: text(),
    is_dttm: flagField.optional(),
    is_active: flagField
      .nullable()
      .transform((value) => value ?? undefined)
      .optional(),
    groupby: flagField.optional(),
    filterable: flagField.optional(),
    python_date_format: text(255),
    advanced_data_type: text(255),
    extra: jsonObjectText.nullable().optional(),
  }),
);

const currency = z
  .union([z.string(), z.object({ symbol: z.string().optional(), symbolPosition: z.string().optional() })])
  .transform((value) => (typeof value === 'string' ? value : JSON.stringify(value)))
  .nullable()
  .optional();

const metricInput = z.object({
  id: numericId.optional(),
  metric_name: z.string().trim().min(1, 'Metric name cannot be empty.').max(255),
  expression: z.string().trim().min(1, 'Expression cannot be empty.'),
  verbose_name: text(1024),
  metric_type: text(32),
  description: text(),
  d3format: text(128),
  currency,
  warning_text: text(),
  extra: jsonObjectText.nullable().optional(),
});

export const datasetCreateBody = z.object({
  database: databaseRef,
  table_name: tableName,
  catalog: text(250),
  schema: text(250),
  sql: text(),
  template_params: jsonObjectText.nullable().optional(),
  owners: z.array(numericId).optional(),
  columns: z.array(columnInput).optional(),
  is_managed_externally: flagField
    .nullable()
    .transform((value) => value ?? undefined)
    .optional(),
  external_url: text(),
  normalize_columns: flagField.optional(),
  always_filter_main_dttm: flagField.optional(),
});

export const getOrCreateBody = z.object({
  table_name: tableName,
  database_id: numericId,
  catalog: text(250),
  schema: text(250),
  template_params: jsonObjectText.nullable().optional(),
  always_filter_main_dttm: flagField.optional(),
});

export const datasetUpdateBody = z.object({
  table_name: tableName.optional(),
  database_id: numericId.optional(),
  catalog: text(250),
  schema: text(255),
  sql: text(),
  description: text(),
  main_dttm_col: text(250),
  default_endpoint: text(),
  offset: z.number().int().optional(),
  cache_timeout: z.number().int().nonnegative().nullable().optional(),
  filter_select_enabled: flagField.optional(),
  fetch_values_predicate: text(),
  is_sqllab_view: flagField.optional(),
  template_params: jsonObjectText.nullable().optional(),
  normalize_columns: flagField.optional(),
  always_filter_main_dttm: flagField.optional(),
  extra: jsonObjectText.nullable().optional(),
  is_managed_externally: flagField.optional(),
  external_url: text(),
  owners: z.array(numericId).optional(),
  columns: z.array(columnInput).optional(),
  metrics: z.array(metricInput).optional(),
  sensitive_columns: jsonOrValue(z.array(z.string().min(1))).optional(),
});

/** The editor's run-to-check: its current SQL (blank for the table) and template parameters. */
export const sourceCheckBody = z.object({
  sql: text(),
  template_params: jsonObjectText.nullable().optional(),
});

const booleanText = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');

export const datasetUpdateQuery = z.object({ override_columns: booleanText.optional() });

export const detailQuery = z
  .object({ columns: z.array(z.string()).optional(), keys: z.array(z.string()).optional() })
  .passthrough();

export const relatedQuery = z
  .object({
    filter: z.string().default(''),
    page: z.number().int().nonnegative().default(0),
    page_size: z.number().int().positive().max(1000).default(100),
  })
  .passthrough();

export const bulkIdsQuery = z.array(numericId).min(1).max(1000);

export const datasourceMetadataQuery = z.object({ datasourceKey: z.string().min(1, 'datasourceKey is required.') });

const positiveInt = z.coerce.number().int();

export const samplesQuery = z.object({
  force: booleanText.optional(),
  datasource_type: z.string().min(1),
  datasource_id: z.coerce.number().int().positive(),
  page: positiveInt.optional(),
  per_page: positiveInt.optional(),
});

const filterValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const samplesBody = z
  .object({
    filters: z
      .array(
        z.object({
          col: z.string().min(1),
          op: z.enum(SAMPLE_FILTER_OPERATORS),
          val: z.union([filterValue, z.array(filterValue)]).optional(),
        }),
      )
      .default([]),
  })
  .passthrough();

export const DATASET_FILTER_COLUMNS = [
  'id',
  'uuid',
  'table_name',
  'schema',
  'catalog',
  'sql',
  'description',
  'database',
  'created_by',
  'changed_by',
];
export const DATASET_ORDER_COLUMNS = Object.keys(DATASET_LIST_COLUMNS);

function truthy(value: unknown): boolean {
  return value === true || value === 'true' || value === 1 || value === '1';
}

function ids(value: unknown, index: number): number[] {
  const list = Array.isArray(value) ? value : [value];
  const numbers = list.map((item) => Number(item));
  if (numbers.some((n) => !Number.isSafeInteger(n))) {
    throw new ValidationError({ [`filters.${index}.value`]: ['Expected a user id or a list of user ids.'] });
  }
  return numbers;
}

/**
 * Superset's dataset list filters that are not column comparisons: owners `rel_m_m`, database and
 * created_by/changed_by `rel_o_m`, sql `dataset_is_null_or_empty` (physical or virtual), id `dataset_is_certified`.
 */
export function splitDatasetFilters(q: ListQuery | undefined) {
  const extras: { ownerIds: number[]; physical?: boolean; certified?: boolean; tags?: TagFilter[] } = { ownerIds: [] };
  if (!q) return { q, extras };
  const filters: ListQuery['filters'] = [];
  q.filters.forEach((filter, index) => {
    const tag = tagListFilter('dataset', filter, index);
    if (tag) extras.tags = [...(extras.tags ?? []), tag];
    else if (filter.opr === 'rel_m_m' && filter.col === 'owners') extras.ownerIds.push(...ids(filter.value, index));
    else if (filter.opr === 'dataset_is_null_or_empty' && filter.col === 'sql') extras.physical = truthy(filter.value);
    else if (filter.opr === 'dataset_is_certified' && filter.col === 'id') extras.certified = truthy(filter.value);
    else if (filter.opr === 'rel_o_m') filters.push({ ...filter, opr: 'eq' });
    else filters.push(filter);
  });
  return { q: { ...q, filters }, extras };
}
