// /api/v1/tag/: Superset's tags API — custom tags, tagging objects, and the objects of a tag.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.js';
import { ValidationError } from '../../errors/validation-error.js';
import { idParams } from '../../schemas/json-fields.js';
import {
  bulkCreate,
  createTag,
  deleteTags,
  listTags,
  readTag,
  taggedObjects,
  tagObject,
  untagObject,
  updateTag,
} from '../../tags/service.js';
import { idsQuery, translateListFilters } from '../annotation-layer/schemas.js';
import { type ListQuery, listQuerySchema, toListOptions } from '../list-query.js';
import { defineRoute, requireUser } from '../route.js';
import { risonQuery } from '../validation.js';
import {
  getObjectsQuery,
  objectParams,
  objectTagParams,
  TAG_FILTER_COLUMNS,
  TAG_ORDER_COLUMNS,
  tagBulkBody,
  tagCreateBody,
  tagObjectBody,
  tagUpdateBody,
} from './schemas.js';

const READ = { permission: 'can_read', view: 'Tag' } as const;
const WRITE = { permission: 'can_write', view: 'Tag' } as const;

/** Superset's UserCreatedTagTypeFilter (`type` `custom_tag`) is not a column comparison: taken out of the list. */
function splitTypeFilter(q: ListQuery | undefined): { q: ListQuery | undefined; customOnly: boolean | undefined } {
  if (!q) return { q, customOnly: undefined };
  let customOnly: boolean | undefined;
  const filters = q.filters.filter((filter) => {
    if (filter.opr !== 'custom_tag') return true;
    customOnly = filter.value === true || filter.value === 'true' || filter.value === 1;
    return false;
  });
  return { q: { ...q, filters }, customOnly };
}

export function registerTagRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/tag/',
    access: READ,
    query: risonQuery(listQuerySchema),
    handler: async ({ query }) => {
      const { q, customOnly } = splitTypeFilter(translateListFilters(query.q));
      const options = toListOptions(q, { filter: TAG_FILTER_COLUMNS, order: TAG_ORDER_COLUMNS, defaultOrder: 'name' });
      if ('error' in options) throw new ValidationError(options.error);
      return listTags(ctx, options, customOnly);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/tag/get_objects/',
    access: READ,
    query: getObjectsQuery,
    handler: async ({ query, user }) => taggedObjects(ctx, requireUser(user), query),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/tag/:id',
    access: READ,
    params: idParams,
    handler: async ({ params }) => readTag(ctx, params.id),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/tag/',
    access: WRITE,
    body: tagCreateBody,
    handler: async ({ body, user, reply }) => {
      const created = await createTag(ctx, requireUser(user), body);
      reply.code(201);
      return created;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/tag/bulk_create',
    access: WRITE,
    body: tagBulkBody,
    handler: async ({ body, user }) => bulkCreate(ctx, requireUser(user), body.tags),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/v1/tag/:id',
    access: WRITE,
    params: idParams,
    body: tagUpdateBody,
    handler: async ({ params, body, user }) => updateTag(ctx, requireUser(user), params.id, body),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/v1/tag/:id',
    access: WRITE,
    params: idParams,
    handler: async ({ params }) => {
      await deleteTags(ctx, [params.id]);
      return { message: 'OK' };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/v1/tag/',
    access: WRITE,
    query: risonQuery(idsQuery),
    handler: async ({ query }) => {
      const ids = query.q ?? [];
      if (ids.length === 0) throw new ValidationError({ q: ['Give the ids to delete, e.g. q=!(1,2).'] });
      await deleteTags(ctx, ids);
      return { message: `Deleted ${new Set(ids).size} tags` };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/tag/:object_type/:object_id/',
    access: WRITE,
    params: objectParams,
    body: tagObjectBody,
    handler: async ({ params, body, user, reply }) => {
      await tagObject(ctx, requireUser(user), params.object_type, params.object_id, body.properties.tags);
      reply.code(201);
      return { message: 'OK' };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/v1/tag/:object_type/:object_id/:tag/',
    access: WRITE,
    params: objectTagParams,
    handler: async ({ params, user }) => {
      await untagObject(ctx, requireUser(user), params.object_type, params.object_id, params.tag);
      return { message: 'OK' };
    },
  });
}
