// Request schemas of /api/v1/chart/ and the translation of Superset's chart list filters.
import { DATASOURCE_TYPES } from '@nezha/core';
import { z } from 'zod';
import { ValidationError } from '../../errors/validation-error.js';
import type { ChartListExtras } from '../../store/charts.js';
import { type ListQuery, listQuerySchema } from '../list-query.js';
import { idList, jsonObjectText, optionalText } from './fields.js';

const chartFields = {
  description: optionalText(),
  viz_type: z.string().max(250).nullable().optional(),
  owners: idList.optional(),
  params: jsonObjectText.nullable().optional(),
  query_context: jsonObjectText.nullable().optional(),
  query_context_generation: z.boolean().nullable().optional(),
  cache_timeout: z.number().int().nullable().optional(),
  datasource_name: optionalText(),
  dashboards: idList.optional(),
  saved_measures: idList.optional(),
  saved_cols: idList.optional(),
  saved_cohorts: idList.optional(),
  certified_by: optionalText(),
  certification_details: optionalText(),
  is_managed_externally: z.boolean().nullable().optional(),
  external_url: optionalText(),
};

const sliceName = z
  .string()
  .trim()
  .min(1, 'Length must be between 1 and 250.')
  .max(250, 'Length must be between 1 and 250.');

/** Any id, 0 included: an id that names no dataset is Superset's 422 "Datasource does not exist", not a 400. */
const datasourceId = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/).transform(Number)]);

export const chartCreateBody = z.object({
  ...chartFields,
  slice_name: sliceName,
  datasource_id: datasourceId,
  datasource_type: z.enum(DATASOURCE_TYPES),
});

export const chartUpdateBody = z.object({
  ...chartFields,
  slice_name: sliceName.optional(),
  datasource_id: datasourceId.optional(),
  datasource_type: z.enum(DATASOURCE_TYPES).optional(),
});

export const detailQuery = z
  .object({ columns: z.array(z.string()).optional(), keys: z.array(z.string()).optional() })
  .passthrough();

/** The list query with the direction left open, so that the order column can choose its own default. */
export const chartListQuery = listQuerySchema.extend({ order_direction: z.enum(['asc', 'desc']).optional() });

const NEWEST_FIRST = ['changed_on', 'changed_on_delta_humanized', 'last_saved_at'];

/**
 * Spec §7: ordering by when a chart changed runs newest first, any other column ascending, unless the request
 * says otherwise; no order at all is newest first, as Superset's list view opens.
 */
export function withDirection(q: z.infer<typeof chartListQuery> | undefined): ListQuery | undefined {
  if (!q) return undefined;
  const column = q.order_column ?? 'changed_on';
  return { ...q, order_direction: q.order_direction ?? (NEWEST_FIRST.includes(column) ? 'desc' : 'asc') };
}

export const CHART_FILTER_COLUMNS = [
  'id',
  'uuid',
  'slice_name',
  'viz_type',
  'description',
  'datasource_id',
  'datasource_type',
  'datasource_name',
  'certified_by',
  'created_by',
  'changed_by',
  'changed_by_fk',
];

function userIds(value: unknown, index: number): number[] {
  const list = Array.isArray(value) ? value : [value];
  const numbers = list.map((item) => Number(item));
  if (numbers.some((n) => !Number.isSafeInteger(n))) {
    throw new ValidationError({ [`filters.${index}.value`]: ['Expected an id or a list of ids.'] });
  }
  return numbers;
}

const truthy = (value: unknown) => value === true || value === 'true' || value === 1 || value === '1';

/**
 * Superset's chart list filters that are not column comparisons: slice_name `chart_all_text` (name, description
 * or datasource name), owners and dashboards `rel_m_m`, id `chart_is_favorite`, created_by/changed_by `rel_o_m`,
 * id `chart_tag_id` (tag ids) and tags `chart_tags` (part of a tag's name).
 */
export function splitChartFilters(q: ListQuery | undefined, userId: number) {
  const extras: Omit<ChartListExtras, 'visible'> = { ownerIds: [], dashboardIds: [] };
  if (!q) return { q, extras };
  const filters: ListQuery['filters'] = [];
  q.filters.forEach((filter, index) => {
    if (filter.opr === 'chart_all_text') extras.allText = String(filter.value ?? '');
    else if (filter.opr === 'rel_m_m' && filter.col === 'owners') extras.ownerIds.push(...userIds(filter.value, index));
    else if (filter.opr === 'rel_m_m' && filter.col === 'dashboards') {
      extras.dashboardIds.push(...userIds(filter.value, index));
    } else if (filter.opr === 'chart_is_favorite') extras.favorite = { userId, starred: truthy(filter.value) };
    else if (filter.opr === 'chart_tag_id')
      extras.tags = [...(extras.tags ?? []), { ids: userIds(filter.value, index) }];
    else if (filter.opr === 'chart_tags') {
      extras.tags = [...(extras.tags ?? []), { nameContains: String(filter.value ?? '') }];
    } else if (filter.opr === 'rel_o_m') filters.push({ ...filter, opr: 'eq', col: relatedColumn(filter.col) });
    else filters.push(filter);
  });
  return { q: { ...q, filters }, extras };
}

/** rel_o_m on changed_by compares the user id, not the first name the column orders by. */
function relatedColumn(col: string): string {
  return col === 'changed_by' ? 'changed_by_fk' : col;
}
