// /api/v1/explore/: the explore bootstrap, permalinks and form-data entries.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import { HttpError } from '../../errors/nezha-error.js';
import { exploreBootstrap } from '../../explore/bootstrap.js';
import {
  createFormDataEntry,
  deleteFormDataEntry,
  readFormDataEntry,
  updateFormDataEntry,
} from '../../explore/form-data-cache.js';
import { createExplorePermalink, readExplorePermalink } from '../../explore/permalinks.js';
import { numericId } from '../../schemas/json-fields.js';
import { jsonValueText } from '../chart/fields.js';
import { defineRoute, requireUser } from '../route.js';
import { registerExploreJsonRoutes } from './explore-json-routes.js';

const READ = { permission: 'can_read', view: 'ExploreFormDataRestApi' } as const;
const WRITE = { permission: 'can_write', view: 'ExploreFormDataRestApi' } as const;

const permalinkBody = z.object({
  formData: z.record(z.string(), z.unknown()),
  urlParams: z
    .union([z.array(z.tuple([z.string(), z.string()])), z.record(z.string(), z.string())])
    .nullable()
    .optional()
    .transform((value) => value ?? undefined),
});

const keyParams = z.object({ key: z.string().min(1).max(64) });

const bootstrapQuery = z.object({
  slice_id: numericId.optional(),
  datasource_id: numericId.optional(),
  datasource_type: z.string().min(1).optional(),
  permalink_key: z.string().min(1).max(64).optional(),
  form_data_key: z.string().min(1).max(64).optional(),
});

const formDataBody = z.object({
  datasource_id: numericId,
  datasource_type: z.string().min(1),
  chart_id: numericId.nullable().optional(),
  form_data: jsonValueText,
});

export function registerExploreRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/explore/',
    access: { permission: 'can_explore', view: 'Superset' },
    query: bootstrapQuery,
    handler: async ({ query, user }) => exploreBootstrap(ctx, requireUser(user), query),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/explore/permalink',
    access: WRITE,
    body: permalinkBody,
    handler: async ({ body, user, reply }) => {
      const created = await createExplorePermalink(ctx, requireUser(user), body);
      reply.code(201);
      return created;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/explore/permalink/:key',
    access: READ,
    params: keyParams,
    handler: async ({ params, user }) => readExplorePermalink(ctx, requireUser(user), params.key),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/explore/form_data',
    access: WRITE,
    body: formDataBody,
    handler: async ({ body, user, reply }) => {
      const created = await createFormDataEntry(ctx, requireUser(user), body);
      reply.code(201);
      return created;
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/v1/explore/form_data/:key',
    access: WRITE,
    params: keyParams,
    body: formDataBody,
    handler: async ({ params, body, user }) => updateFormDataEntry(ctx, requireUser(user), params.key, body),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/explore/form_data/:key',
    access: READ,
    params: keyParams,
    handler: async ({ params, user }) => {
      const formData = await readFormDataEntry(ctx, requireUser(user), params.key);
      if (formData === null) throw new HttpError(404, 'Not found');
      return { form_data: formData };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/v1/explore/form_data/:key',
    access: WRITE,
    params: keyParams,
    handler: async ({ params, user }) => deleteFormDataEntry(ctx, requireUser(user), params.key),
  });

  registerExploreJsonRoutes(app, ctx);
}
