// The filter editor's autocomplete: /nezha/filter/{type}/{id}/{column}/… (suggestions, cache state, popularity)
// and POST /api/v1/query/column_values/caching/ (warming a column's cache).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import { ValidationError } from '../../errors/validation-error.js';
import {
  cacheState,
  countValues,
  MAX_SUGGESTIONS,
  suggestValues,
  warmColumn,
} from '../../filter-values/column-values.js';
import { numericId } from '../../schemas/json-fields.js';
import { defineRoute, requireUser } from '../route.js';

/** Autocomplete serves explore and dashboard filters alike. */
const EXPLORE = { permission: 'can_explore', view: 'Superset' } as const;

const columnParams = {
  type: z.string().min(1),
  id: z.coerce.number().int().positive(),
  column: z.string().min(1),
};

/** The search text travels base64-encoded (standard or URL-safe), so any character fits in a path segment. */
const base64Text = z.string().transform((value, ctx) => {
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(value)) {
    ctx.addIssue({ code: 'custom', message: 'The search text must be base64-encoded.' });
    return z.NEVER;
  }
  return Buffer.from(value, 'base64').toString('utf8');
});

const suggestionParams = z.object({
  ...columnParams,
  search: base64Text,
  limit: z.coerce.number().int().positive().max(MAX_SUGGESTIONS),
  offset: z.coerce.number().int().nonnegative(),
});

const MAX_ITEMS = 100;
const itemValue = z.union([z.string(), z.number(), z.boolean()]).transform(String).pipe(z.string().max(1024));
const incrementBody = z.object({
  items: z.union([
    z
      .array(z.union([itemValue, z.object({ value: itemValue, count: z.number().int().min(1).max(1000).optional() })]))
      .max(MAX_ITEMS),
    z.record(z.string().max(1024), z.number().int().min(1).max(1000)),
  ]),
});

/** Each chosen value once per mention, or by the count given; repeats add up. */
function increments(items: z.infer<typeof incrementBody>['items']): Map<string, number> {
  const map = new Map<string, number>();
  const add = (value: string, by: number) => map.set(value, (map.get(value) ?? 0) + by);
  if (Array.isArray(items)) {
    for (const item of items) typeof item === 'string' ? add(item, 1) : add(item.value, item.count ?? 1);
  } else {
    const entries = Object.entries(items);
    if (entries.length > MAX_ITEMS) throw new ValidationError({ items: [`At most ${MAX_ITEMS} items.`] });
    for (const [value, by] of entries) add(value, by);
  }
  return map;
}

const cachingBody = z.object({
  datasource_id: numericId,
  datasource_type: z.string().min(1).default('table'),
  column_name: z.string().min(1),
});

export function registerFilterRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/nezha/filter/:type/:id/:column/cache/check/',
    access: EXPLORE,
    params: z.object(columnParams),
    handler: async ({ params, user }) =>
      cacheState(ctx, requireUser(user), {
        datasourceType: params.type,
        datasourceId: params.id,
        column: params.column,
      }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/nezha/filter/:type/:id/:column/cache/incrby/',
    access: EXPLORE,
    params: z.object(columnParams),
    body: incrementBody,
    handler: async ({ params, body, user }) =>
      countValues(
        ctx,
        requireUser(user),
        { datasourceType: params.type, datasourceId: params.id, column: params.column },
        increments(body.items),
      ),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/nezha/filter/:type/:id/:column/:search/:limit/:offset/',
    access: EXPLORE,
    params: suggestionParams,
    handler: async ({ params, user }) =>
      suggestValues(
        ctx,
        requireUser(user),
        { datasourceType: params.type, datasourceId: params.id, column: params.column },
        params.search.trim(),
        params.limit,
        params.offset,
      ),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/query/column_values/caching/',
    access: EXPLORE,
    body: cachingBody,
    handler: async ({ body, user }) =>
      warmColumn(ctx, requireUser(user), {
        datasourceType: body.datasource_type,
        datasourceId: body.datasource_id,
        column: body.column_name,
      }),
  });
}
