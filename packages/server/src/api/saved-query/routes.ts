// /api/v1/saved_query/ and the legacy /savedqueryviewapi/: the caller's own saved queries.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.js';
import { ValidationError } from '../../errors/validation-error.js';
import {
  createSavedQuery,
  deleteSavedQueries,
  listSavedQueries,
  readSavedQuery,
  updateSavedQuery,
} from '../../saved-queries/service.js';
import { idParams } from '../../schemas/json-fields.js';
import { listQuerySchema, toListOptions } from '../list-query.js';
import { defineRoute, requireUser } from '../route.js';
import { risonQuery } from '../validation.js';
import {
  SAVED_QUERY_FILTER_COLUMNS,
  SAVED_QUERY_ORDER_COLUMNS,
  savedQueryCreateBody,
  savedQueryIdsQuery,
  savedQueryUpdateBody,
  splitSavedQueryFilters,
} from './schemas.js';

const READ = { permission: 'can_read', view: 'SavedQuery' } as const;
const WRITE = { permission: 'can_write', view: 'SavedQuery' } as const;

export function registerSavedQueryRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/saved_query/',
    access: READ,
    query: risonQuery(listQuerySchema),
    handler: async ({ query, user }) => {
      const { q, search, tags } = splitSavedQueryFilters(query.q);
      const options = toListOptions(q, {
        filter: SAVED_QUERY_FILTER_COLUMNS,
        order: SAVED_QUERY_ORDER_COLUMNS,
        defaultOrder: 'changed_on',
      });
      if ('error' in options) throw new ValidationError(options.error);
      // Newest first unless the caller asks for an order, as Superset's list view opens.
      if (!q?.order_column) options.orderDirection = 'desc';
      return listSavedQueries(ctx, requireUser(user), options, search, tags);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/saved_query/:id',
    access: READ,
    params: idParams,
    handler: async ({ params, user }) => ({
      id: params.id,
      result: await readSavedQuery(ctx, requireUser(user), params.id),
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/saved_query/',
    access: WRITE,
    body: savedQueryCreateBody,
    handler: async ({ body, user, reply }) => {
      const created = await createSavedQuery(ctx, requireUser(user), body);
      reply.code(201);
      return created;
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/v1/saved_query/:id',
    access: WRITE,
    params: idParams,
    body: savedQueryUpdateBody,
    handler: async ({ params, body, user }) => updateSavedQuery(ctx, requireUser(user), params.id, body),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/v1/saved_query/:id',
    access: WRITE,
    params: idParams,
    handler: async ({ params, user }) => {
      await deleteSavedQueries(ctx, requireUser(user), [params.id]);
      return { message: 'OK' };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/v1/saved_query/',
    access: WRITE,
    query: risonQuery(savedQueryIdsQuery),
    handler: async ({ query, user }) => {
      const ids = query.q ?? [];
      if (ids.length === 0) throw new ValidationError({ q: ['Give the ids to delete, e.g. q=!(1,2).'] });
      await deleteSavedQueries(ctx, requireUser(user), ids);
      const count = new Set(ids).size;
      return { message: `Deleted ${count} saved quer${count === 1 ? 'y' : 'ies'}` };
    },
  });

  // The load path of older SQL Lab clients.
  defineRoute(app, {
    method: 'GET',
    url: '/savedqueryviewapi/api/get/:id',
    access: READ,
    params: idParams,
    handler: async ({ params, user }) => ({
      id: params.id,
      pk: params.id,
      result: await readSavedQuery(ctx, requireUser(user), params.id),
    }),
  });
}
