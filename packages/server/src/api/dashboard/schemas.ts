// Request schemas of /api/v1/dashboard/ and the translation of Superset's dashboard list filters.
import { checkDashboardCss } from '@nezha/core/dashboard-css';
import { z } from 'zod';
import { ValidationError } from '../../errors/validation-error.js';
import type { DashboardListExtras } from '../../store/dashboards.js';
import { idList, jsonObjectText, optionalText } from '../chart/fields.js';
import { type ListQuery, listQuerySchema } from '../list-query.js';
import { dashboardMetadataProblems } from './json-metadata.js';

/** Custom CSS that parses and loads nothing from another host (the browser strips such CSS too). */
export const safeCssText = z
  .string()
  .max(1_000_000)
  .superRefine((css, ctx) => {
    const check = checkDashboardCss(css);
    if (check.ok) return;
    if ('invalid' in check) {
      ctx.addIssue({ code: 'custom', message: `Invalid CSS: ${check.invalid}` });
      return;
    }
    for (const { kind, target } of check.outside) {
      ctx.addIssue({
        code: 'custom',
        message: `Dashboard CSS cannot load resources from other hosts: ${kind === 'import' ? '@import' : 'url()'} ${target}`,
      });
    }
  });
const dashboardCss = safeCssText.nullish();

/** An id or a slug: digits name an id. */
export const idOrSlugParams = z.object({ id: z.string().min(1).max(255) });

/**
 * Superset's slug handling (dashboards/schemas.py): trimmed, spaces become dashes, anything but word characters
 * and dashes dropped; then 1 to 255 characters. Nothing left means no slug.
 */
function normalizeSlug(slug: string): string {
  return slug
    .trim()
    .replace(/ /g, '-')
    .replace(/[^\p{L}\p{N}_-]+/gu, '');
}

const slugField = z
  .string()
  .transform(normalizeSlug)
  .pipe(z.string().max(255, 'Length must be between 1 and 255.'))
  .nullish();

const dashboardTitleField = z.string().max(500, 'Length must be between 0 and 500.').nullish();

/** json_metadata: JSON object text whose known keys hold Superset's types (refresh_frequency an integer, …). */
const jsonMetadataField = jsonObjectText.superRefine((text, ctx) => {
  if (text === null) return;
  for (const problem of dashboardMetadataProblems(JSON.parse(text) as Record<string, unknown>)) {
    ctx.addIssue({ code: 'custom', message: problem });
  }
});

const dashboardFields = {
  dashboard_title: dashboardTitleField,
  slug: slugField,
  owners: idList.optional(),
  roles: idList.optional(),
  position_json: jsonObjectText.nullish(),
  css: dashboardCss,
  json_metadata: jsonMetadataField.nullish(),
  published: z.boolean().nullish(),
  certified_by: optionalText(),
  certification_details: optionalText(),
};

export const dashboardCreateBody = z.object(dashboardFields);
export const dashboardUpdateBody = z.object(dashboardFields);

export const dashboardCopyBody = z.object({
  dashboard_title: dashboardTitleField,
  css: dashboardCss,
  duplicate_slices: z.boolean().nullish(),
  json_metadata: jsonMetadataField.nullish(),
});

export const permalinkBody = z.object({
  urlParams: z.array(z.tuple([z.string(), z.string()])).optional(),
  dataMask: z.record(z.string(), z.unknown()).optional(),
  activeTabs: z.array(z.string()).optional(),
  anchor: z.string().optional(),
});

export const permalinkParams = z.object({ key: z.string().min(1).max(64) });

/** A data mask is small; this bounds what one entry may hold. */
const MAX_FILTER_STATE_CHARS = 1_000_000;

export const filterStateBody = z.object({
  value: z
    .string()
    .max(MAX_FILTER_STATE_CHARS)
    .refine(
      (text) => {
        try {
          const value: unknown = JSON.parse(text);
          return typeof value === 'object' && value !== null && !Array.isArray(value);
        } catch {
          return false;
        }
      },
      { message: 'Must be the JSON text of an object.' },
    ),
});

export const filterStateQuery = z.object({ tab_id: z.coerce.number().int().positive().optional() });

export const filterStateParams = z.object({ id: z.string().min(1).max(255), key: z.string().min(1).max(64) });

/** Charts a batch may hold; a dashboard with more asks in several calls. */
export const MAX_BATCH_QUERIES = 500;

export const chartBatchBody = z.object({
  queries: z
    .array(
      z.object({
        key: z.union([z.string().min(1).max(200), z.number()]).transform(String),
        payload: z.unknown(),
      }),
    )
    .min(1, 'At least one query is required.')
    .max(MAX_BATCH_QUERIES)
    .refine((queries) => new Set(queries.map((query) => query.key)).size === queries.length, {
      message: 'Keys must be unique.',
    }),
});

export const chartBatchQuery = z.object({
  force: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((value) => value === true || value === 'true' || value === '1')
    .optional(),
});

/** The list query with the direction left open, so that the order column can choose its own default. */
export const dashboardListQuery = listQuerySchema.extend({ order_direction: z.enum(['asc', 'desc']).optional() });

const NEWEST_FIRST = ['changed_on', 'changed_on_delta_humanized', 'changed_on_utc'];

/** Ordering by when a dashboard changed runs newest first, any other column ascending, unless the request says. */
export function withDirection(q: z.infer<typeof dashboardListQuery> | undefined): ListQuery | undefined {
  if (!q) return undefined;
  const column = q.order_column ?? 'changed_on';
  return { ...q, order_direction: q.order_direction ?? (NEWEST_FIRST.includes(column) ? 'desc' : 'asc') };
}

export const DASHBOARD_FILTER_COLUMNS = [
  'id',
  'uuid',
  'dashboard_title',
  'slug',
  'published',
  'certified_by',
  'created_by',
  'changed_by',
];

export const DASHBOARD_ORDER_COLUMNS = [
  'id',
  'dashboard_title',
  'slug',
  'published',
  'changed_on',
  'changed_on_delta_humanized',
  'changed_on_utc',
  'created_on',
  'changed_by.first_name',
  'created_by.first_name',
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
 * Superset's dashboard list filters that are not column comparisons: dashboard_title `title_or_slug`, owners
 * `rel_m_m`, id `dashboard_is_favorite` and `dashboard_is_certified`, created_by `created_by_me`,
 * created_by/changed_by `rel_o_m` (by user id), id `dashboard_tag_id` (tag ids) and tags `dashboard_tags`.
 */
export function splitDashboardFilters(q: ListQuery | undefined, userId: number) {
  const extras: Omit<DashboardListExtras, 'visible'> = { ownerIds: [] };
  if (!q) return { q, extras };
  const filters: ListQuery['filters'] = [];
  q.filters.forEach((filter, index) => {
    if (filter.opr === 'title_or_slug') extras.titleOrSlug = String(filter.value ?? '');
    else if (filter.opr === 'rel_m_m' && filter.col === 'owners') extras.ownerIds.push(...userIds(filter.value, index));
    else if (filter.opr === 'dashboard_is_favorite') extras.favorite = { userId, starred: truthy(filter.value) };
    else if (filter.opr === 'dashboard_is_certified') extras.certified = truthy(filter.value);
    else if (filter.opr === 'dashboard_tag_id') {
      extras.tags = [...(extras.tags ?? []), { ids: userIds(filter.value, index) }];
    } else if (filter.opr === 'dashboard_tags') {
      extras.tags = [...(extras.tags ?? []), { nameContains: String(filter.value ?? '') }];
    } else if (filter.opr === 'created_by_me') filters.push({ col: 'created_by', opr: 'eq', value: userId });
    else if (filter.opr === 'rel_o_m') filters.push({ ...filter, opr: 'eq' });
    else filters.push(filter);
  });
  return { q: { ...q, filters }, extras };
}
