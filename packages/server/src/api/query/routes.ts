// /api/v1/query/: run records, the caller's history, polling for changes, stop.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import { ValidationError } from '../../errors/validation-error.js';
import {
  queriesChangedSince,
  queryHistory,
  queryRecord,
  relatedQueryDatabases,
  relatedQueryUsers,
  stopQuery,
} from '../../sqllab/query-service.js';
import { QUERY_LIST_COLUMNS, QUERY_ORDER_COLUMNS } from '../../store/queries.js';
import { relatedQuery } from '../dataset/schemas.js';
import { listQuerySchema, toListOptions } from '../list-query.js';
import { defineRoute, requireUser } from '../route.js';
import { risonQuery } from '../validation.js';
import { translateQueryListFilters } from './list-filters.js';

const READ = { permission: 'can_read', view: 'Query' } as const;
const LIST_COLUMNS = Object.keys(QUERY_LIST_COLUMNS);
const ORDER_COLUMNS = Object.keys(QUERY_ORDER_COLUMNS);

export function registerQueryRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/query/',
    access: READ,
    query: risonQuery(listQuerySchema),
    handler: async ({ query, user }) => {
      const translated = translateQueryListFilters(query.q);
      if ('error' in translated) throw new ValidationError(translated.error);
      const options = toListOptions(translated.query, {
        filter: LIST_COLUMNS,
        order: ORDER_COLUMNS,
        defaultOrder: 'changed_on',
      });
      if ('error' in options) throw new ValidationError(options.error);
      if (!query.q?.order_column) options.orderDirection = 'desc';
      return queryHistory(ctx, requireUser(user), options);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/query/updated_since',
    access: READ,
    query: risonQuery(z.object({ last_updated_ms: z.number().nonnegative() })),
    handler: async ({ query, user }) => ({
      result: await queriesChangedSince(ctx, requireUser(user), query.q?.last_updated_ms ?? 0),
    }),
  });

  // The Query history page's pickers; registered before /:pk so their paths are not read as ids.
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/query/related/user',
    access: READ,
    query: risonQuery(relatedQuery),
    handler: async ({ query, user }) => {
      const q = relatedQuery.parse(query.q ?? {});
      return relatedQueryUsers(ctx, requireUser(user), { filter: q.filter, page: q.page, pageSize: q.page_size });
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/query/related/database',
    access: READ,
    query: risonQuery(relatedQuery),
    handler: async ({ query, user }) => {
      const q = relatedQuery.parse(query.q ?? {});
      return relatedQueryDatabases(ctx, requireUser(user), { filter: q.filter, page: q.page, pageSize: q.page_size });
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/query/:pk',
    access: READ,
    params: z.object({ pk: z.coerce.number().int().positive() }),
    handler: async ({ params, user }) => ({
      id: params.pk,
      result: await queryRecord(ctx, requireUser(user), params.pk),
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/query/stop',
    access: { permission: 'can_execute_sql_query', view: 'SQLLab' },
    body: z.object({ client_id: z.string().min(1) }),
    handler: async ({ body, user }) => {
      await stopQuery(ctx, requireUser(user), body.client_id);
      return { result: 'OK' };
    },
  });
}
