// /api/v1/dataset/: datasets CRUD, get_or_create, refresh and related pickers, plus the explore datasource routes.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import { createDataset, getOrCreateDataset, refreshDataset } from '../../datasets/create.js';
import { distinctSchemas, relatedDatabases, relatedOwners } from '../../datasets/related.js';
import {
  bulkDeleteDatasets,
  deleteDataset,
  listVisibleDatasets,
  readDataset,
  updateDataset,
} from '../../datasets/service.js';
import { checkDatasetSource } from '../../datasets/source-check.js';
import { HttpError } from '../../errors/nezha-error.js';
import { ValidationError } from '../../errors/validation-error.js';
import { idParams } from '../../schemas/json-fields.js';
import { listQuerySchema, toListOptions } from '../list-query.js';
import { defineRoute, requireUser } from '../route.js';
import { risonQuery } from '../validation.js';
import { registerDatasourceRoutes } from './datasource-routes.js';
import {
  bulkIdsQuery,
  DATASET_FILTER_COLUMNS,
  DATASET_ORDER_COLUMNS,
  datasetCreateBody,
  datasetUpdateBody,
  datasetUpdateQuery,
  detailQuery,
  getOrCreateBody,
  relatedQuery,
  sourceCheckBody,
  splitDatasetFilters,
} from './schemas.js';

const distinctParams = z.object({ column: z.string().min(1).max(100) });

const READ = { permission: 'can_read', view: 'Dataset' } as const;
const WRITE = { permission: 'can_write', view: 'Dataset' } as const;

export function registerDatasetRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/dataset/',
    access: READ,
    query: risonQuery(listQuerySchema),
    handler: async ({ query, user }) => {
      const { q, extras } = splitDatasetFilters(query.q);
      const options = toListOptions(q, {
        filter: DATASET_FILTER_COLUMNS,
        order: DATASET_ORDER_COLUMNS,
        defaultOrder: 'changed_on',
      });
      if ('error' in options) throw new ValidationError(options.error);
      // Newest first unless the caller asks for an order, as Superset's list view opens.
      if (!q?.order_column) options.orderDirection = 'desc';
      return listVisibleDatasets(ctx, requireUser(user), options, extras);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/dataset/:id',
    access: READ,
    params: idParams,
    query: risonQuery(detailQuery),
    handler: async ({ params, query, user }) => readDataset(ctx, requireUser(user), params.id, query.q?.columns),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/dataset/',
    access: WRITE,
    body: datasetCreateBody,
    handler: async ({ body, user, reply }) => {
      const created = await createDataset(ctx, requireUser(user), body);
      reply.code(201);
      return created;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/dataset/get_or_create/',
    access: WRITE,
    body: getOrCreateBody,
    handler: async ({ body, user }) => getOrCreateDataset(ctx, requireUser(user), body),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/v1/dataset/:id',
    access: WRITE,
    params: idParams,
    query: datasetUpdateQuery,
    body: datasetUpdateBody,
    handler: async ({ params, query, body, user }) =>
      updateDataset(ctx, requireUser(user), params.id, body, query.override_columns === true),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/v1/dataset/:id/refresh',
    access: WRITE,
    params: idParams,
    handler: async ({ params, user }) => refreshDataset(ctx, requireUser(user), params.id),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/dataset/:id/source_columns',
    access: WRITE,
    params: idParams,
    body: sourceCheckBody,
    handler: async ({ params, body, user }) => checkDatasetSource(ctx, requireUser(user), params.id, body),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/v1/dataset/:id',
    access: WRITE,
    params: idParams,
    handler: async ({ params, user }) => {
      await deleteDataset(ctx, requireUser(user), params.id);
      return { message: 'OK' };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/v1/dataset/',
    access: WRITE,
    query: risonQuery(bulkIdsQuery),
    handler: async ({ query, user }) => {
      if (!query.q) throw new ValidationError({ q: ['Give the ids to delete: q=!(1,2)'] });
      return { message: await bulkDeleteDatasets(ctx, requireUser(user), query.q) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/dataset/related/owners',
    access: READ,
    query: risonQuery(relatedQuery),
    handler: async ({ query }) => {
      const q = relatedQuery.parse(query.q ?? {});
      return relatedOwners(ctx, { filter: q.filter, page: q.page, pageSize: q.page_size });
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/dataset/related/database',
    access: READ,
    query: risonQuery(relatedQuery),
    handler: async ({ query, user }) => {
      const q = relatedQuery.parse(query.q ?? {});
      return relatedDatabases(ctx, requireUser(user), { filter: q.filter, page: q.page, pageSize: q.page_size });
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/dataset/distinct/:column',
    access: READ,
    params: distinctParams,
    query: risonQuery(relatedQuery),
    handler: async ({ params, query, user }) => {
      // Superset's dataset API offers distinct values of `schema` only; any other column is not a route.
      if (params.column !== 'schema') throw new HttpError(404, 'Not found');
      const q = relatedQuery.parse(query.q ?? {});
      return distinctSchemas(ctx, requireUser(user), { filter: q.filter, page: q.page, pageSize: q.page_size });
    },
  });

  registerDatasourceRoutes(app, ctx);
}
