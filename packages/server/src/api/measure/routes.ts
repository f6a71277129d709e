// /api/v1/measure/: saved measures CRUD (the fork's semantic layer).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import { ValidationError } from '../../errors/validation-error.js';
import { idParams, numericId } from '../../schemas/json-fields.js';
import { MEASURE_VIZ_TYPES } from '../../semantic/measure-definitions.js';
import {
  createMeasure,
  deleteMeasure,
  listVisibleMeasures,
  readMeasure,
  updateMeasure,
} from '../../semantic/measures.js';
import { MEASURE_LIST_COLUMNS } from '../../store/measures.js';
import { idList, jsonObjectText, optionalText } from '../chart/fields.js';
import { detailQuery } from '../chart/schemas.js';
import { listQuerySchema, toListOptions } from '../list-query.js';
import { defineRoute, requireUser } from '../route.js';
import { objectTagNames } from '../tag/schemas.js';
import { risonQuery } from '../validation.js';
import { splitOwnerFilters } from './owner-filters.js';

const READ = { permission: 'can_read', view: 'Measure' } as const;
const WRITE = { permission: 'can_write', view: 'Measure' } as const;

const measureFields = {
  viz_type: z.enum(MEASURE_VIZ_TYPES).optional(),
  params: jsonObjectText.nullable().optional(),
  query_context: jsonObjectText.nullable().optional(),
  description: optionalText(),
  dashboards: idList.optional(),
  tags: objectTagNames.optional(),
  owners: idList.optional(),
  saved_measures: z.array(z.unknown()).optional(),
};

// Names are checked by the service, so that an empty one gets the spec's message rather than zod's.
const createBody = z.object({
  ...measureFields,
  measure_name: z.string().max(250),
  datasource_id: numericId,
  datasource_type: z.string().min(1),
});

const updateBody = z.object({
  ...measureFields,
  measure_name: z.string().max(250).optional(),
  datasource_id: numericId.optional(),
  datasource_type: z.string().min(1).optional(),
});

const FILTER_COLUMNS = ['id', 'measure_name', 'viz_type', 'datasource_id', 'datasource_type', 'description'];

export function registerMeasureRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/measure/',
    access: READ,
    query: risonQuery(listQuerySchema),
    handler: async ({ query, user }) => {
      const { q, ownerIds, tags } = splitOwnerFilters(query.q, 'measure');
      const options = toListOptions(q, {
        filter: FILTER_COLUMNS,
        order: Object.keys(MEASURE_LIST_COLUMNS),
        defaultOrder: 'changed_on',
      });
      if ('error' in options) throw new ValidationError(options.error);
      if (!q?.order_column) options.orderDirection = 'desc';
      return listVisibleMeasures(ctx, requireUser(user), options, { ownerIds, tags }, q?.columns);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/measure/:id',
    access: READ,
    params: idParams,
    query: risonQuery(detailQuery),
    handler: async ({ params, query, user }) => readMeasure(ctx, requireUser(user), params.id, query.q?.columns),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/measure/',
    access: WRITE,
    body: createBody,
    handler: async ({ body, user, reply }) => {
      const created = await createMeasure(ctx, requireUser(user), body);
      reply.code(201);
      return created;
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/v1/measure/:id',
    access: WRITE,
    params: idParams,
    body: updateBody,
    handler: async ({ params, body, user }) => updateMeasure(ctx, requireUser(user), params.id, body),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/v1/measure/:id',
    access: WRITE,
    params: idParams,
    handler: async ({ params, user }) => {
      await deleteMeasure(ctx, requireUser(user), params.id);
      return { message: 'OK' };
    },
  });
}
