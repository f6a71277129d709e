// Zod schemas of the chart data API: the chart query request (spec §3), its query string, the time range query.
import { METRIC_AGGREGATES, type QueryObject, TIME_RANGE_FRAMES } from '@nezha/core';
import { z } from 'zod';
import { jsonOrValue, numericId } from '../schemas/json-fields.js';
import { RESULT_FORMATS, RESULT_TYPES } from './chart-data-request.js';

const optionalText = z.string().nullish();

const adhocColumn = z.looseObject({
  sqlExpression: z.string(),
  label: z.string().optional(),
  expressionType: z.literal('SQL').optional(),
  hasCustomLabel: z.boolean().optional(),
  columnType: z.enum(['BASE_AXIS', 'SERIES']).optional(),
  timeGrain: z.string().optional(),
  isColumnReference: z.boolean().optional(),
});
const column = z.union([z.string().min(1), adhocColumn]);

const metricBase = {
  label: optionalText,
  hasCustomLabel: z.boolean().optional(),
  optionName: z.string().optional(),
  filterSql: optionalText,
};
const adhocMetric = z.discriminatedUnion('expressionType', [
  z.looseObject({
    ...metricBase,
    expressionType: z.literal('SIMPLE'),
    column: z.looseObject({ column_name: z.string(), type: optionalText }).nullish(),
    aggregate: z.enum(METRIC_AGGREGATES).nullish(),
    percentile: z.number().nullish(),
  }),
  z.looseObject({ ...metricBase, expressionType: z.literal('SQL'), sqlExpression: optionalText }),
]);
const metric = z.union([z.string().min(1), adhocMetric]);

const filterValue = z.union([z.string(), z.number(), z.boolean()]);
/** Superset accepts null values ("is null" by equality); they become absent values or are kept in lists. */
/**
 * `col` may be an adhoc column (Superset's AdhocColumn): the filter then goes on by the column's label, its SQL kept
 * in `adhoc_column` for the compiler.
 */
const filter = z
  .looseObject({
    col: z.union([z.string().min(1), adhocColumn]),
    op: z.string().min(1),
    val: z
      .union([filterValue, z.null(), z.array(z.union([filterValue, z.null()]))])
      .optional()
      .transform((value) => (value === null ? undefined : value)),
    grain: z.string().optional(),
    isExtra: z.boolean().optional(),
  })
  .transform(({ col, ...rest }) => {
    if (typeof col === 'string') return { ...rest, col };
    const label = col.label?.trim() ? col.label : col.sqlExpression;
    return { ...rest, col: label, adhoc_column: { label, sqlExpression: col.sqlExpression } };
  });

const whole = z.union([z.number(), z.string()]).nullish();

const queryObject = z
  .looseObject({
    columns: z.array(column).nullish(),
    metrics: z.array(metric).nullish(),
    // Checked when compiled: JSON-text entries must parse ('Found invalid orderby options').
    orderby: z.array(z.unknown()).nullish(),
    filters: z.array(filter).nullish(),
    having_filters: z.array(filter).nullish(),
    extras: z
      .looseObject({
        where: optionalText,
        having: optionalText,
        time_grain_sqla: optionalText,
        relative_start: optionalText,
        relative_end: optionalText,
      })
      .nullish(),
    granularity: optionalText,
    time_range: optionalText,
    // How the range was picked (the time range control's frame); it selects nothing, the range does.
    time_ui_frame: z.enum(TIME_RANGE_FRAMES).nullish(),
    since: optionalText,
    until: optionalText,
    row_limit: whole,
    row_offset: whole,
    series_columns: z.array(column).nullish(),
    series_limit: whole,
    series_limit_metric: metric.nullish(),
    order_desc: z.boolean().nullish(),
    query_mode: z.enum(['aggregate', 'raw']).nullish(),
    is_timeseries: z.boolean().nullish(),
    post_processing: z.array(z.unknown()).nullish(),
    time_offsets: z.array(z.string()).nullish(),
    is_rowcount: z.boolean().nullish(),
    // Superset lets one query of the request answer another result type (timegrains, columns, …).
    result_type: z.enum(RESULT_TYPES).nullish(),
  })
  .transform((value): QueryObject => {
    // Absent and null mean the same to the compiler, but not to the cache key: drop the nulls. Metrics are the
    // exception: none at all (null) is raw mode, kept as an absent list.
    const entries = Object.entries(value).filter(([, item]) => item !== null && item !== undefined);
    return Object.fromEntries(entries) as QueryObject;
  });

export const chartDataBody = z.object({
  datasource: z.looseObject({ id: numericId, type: z.string().default('table') }),
  queries: z.array(queryObject).min(1, 'At least one query is required.'),
  form_data: z
    .record(z.string(), z.unknown())
    .nullish()
    .transform((value) => value ?? undefined),
  result_format: z.enum(RESULT_FORMATS).default('json'),
  result_type: z.enum(RESULT_TYPES).default('full'),
  force: z
    .boolean()
    .nullish()
    .transform((value) => value === true),
  custom_cache_timeout: z
    .number()
    .int()
    .min(-1)
    .nullish()
    .transform((value) => value ?? undefined),
});

const booleanText = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');

export const chartDataQuery = z.object({
  form_data: jsonOrValue(z.looseObject({ slice_id: numericId.nullish() })).optional(),
  dashboard_id: numericId.optional(),
  force: booleanText.optional(),
});

/** GET /api/v1/chart/{id}/data/: Superset's format, type and force overrides of the stored query context. */
export const savedChartDataQuery = z.object({
  format: z.enum(RESULT_FORMATS).optional(),
  type: z.enum(RESULT_TYPES).optional(),
  force: booleanText.optional(),
});

/** GET {result_url}: the key a done async event names (a SHA-256 in hex). */
export const chartResultParams = z.object({
  cache_key: z.string().regex(/^[0-9a-f]{64}$/, 'Not a chart data cache key.'),
});
