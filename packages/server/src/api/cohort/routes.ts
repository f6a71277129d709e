// /api/v1/cohort/: cohorts CRUD, and GET /api/v1/dataset/{id}/cohorts (the cohorts of one dataset).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import { readableDataset } from '../../datasets/lookup.js';
import { ValidationError } from '../../errors/validation-error.js';
import { idParams, numericId } from '../../schemas/json-fields.js';
import {
  createCohort,
  datasetCohorts,
  deleteCohort,
  listVisibleCohorts,
  readCohort,
  updateCohort,
} from '../../semantic/cohorts.js';
import { COHORT_LIST_COLUMNS } from '../../store/cohorts.js';
import { idList, jsonObjectText, jsonValueText, optionalText } from '../chart/fields.js';
import { detailQuery } from '../chart/schemas.js';
import { listQuerySchema, toListOptions } from '../list-query.js';
import { splitOwnerFilters } from '../measure/owner-filters.js';
import { defineRoute, requireUser } from '../route.js';
import { objectTagNames } from '../tag/schemas.js';
import { risonQuery } from '../validation.js';

const READ = { permission: 'can_read', view: 'Cohort' } as const;
const WRITE = { permission: 'can_write', view: 'Cohort' } as const;

const columnName = z.string().trim().min(1).max(255);

const cohortFields = {
  viz_type: z.literal('cohort').optional(),
  params: jsonObjectText.nullable().optional(),
  query_context: jsonObjectText.nullable().optional(),
  description: optionalText(),
  top_series: jsonValueText.optional(),
  actor: columnName.nullable().optional(),
  has_dimension: z.boolean().optional(),
  dimensions: z.array(columnName).optional(),
  auto_complete_option: z.array(z.object({ label: z.string(), top_series: z.unknown().optional() })).optional(),
  dashboards: idList.optional(),
  tags: objectTagNames.optional(),
  owners: idList.optional(),
};

const cohortName = z.string().trim().min(1, 'Cohort name cannot be empty').max(250);

const createBody = z.object({
  ...cohortFields,
  cohort_name: cohortName,
  datasource_id: numericId,
  datasource_type: z.string().min(1),
});

const updateBody = z.object({
  ...cohortFields,
  cohort_name: cohortName.optional(),
  datasource_id: numericId.optional(),
  datasource_type: z.string().min(1).optional(),
});

const FILTER_COLUMNS = ['id', 'cohort_name', 'viz_type', 'datasource_id', 'datasource_type', 'actor', 'description'];

export function registerCohortRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/cohort/',
    access: READ,
    query: risonQuery(listQuerySchema),
    handler: async ({ query, user }) => {
      const { q, ownerIds, tags } = splitOwnerFilters(query.q, 'cohort');
      const options = toListOptions(q, {
        filter: FILTER_COLUMNS,
        order: Object.keys(COHORT_LIST_COLUMNS),
        defaultOrder: 'changed_on',
      });
      if ('error' in options) throw new ValidationError(options.error);
      if (!q?.order_column) options.orderDirection = 'desc';
      return listVisibleCohorts(ctx, requireUser(user), options, { ownerIds, tags }, q?.columns);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/cohort/:id',
    access: READ,
    params: idParams,
    query: risonQuery(detailQuery),
    handler: async ({ params, query, user }) => readCohort(ctx, requireUser(user), params.id, query.q?.columns),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/cohort/',
    access: WRITE,
    body: createBody,
    handler: async ({ body, user, reply }) => {
      const created = await createCohort(ctx, requireUser(user), body);
      reply.code(201);
      return created;
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/v1/cohort/:id',
    access: WRITE,
    params: idParams,
    body: updateBody,
    handler: async ({ params, body, user }) => updateCohort(ctx, requireUser(user), params.id, body),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/v1/cohort/:id',
    access: WRITE,
    params: idParams,
    handler: async ({ params, user }) => {
      await deleteCohort(ctx, requireUser(user), params.id);
      return { message: 'OK' };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/dataset/:id/cohorts',
    access: READ,
    params: idParams,
    handler: async ({ params, user }) => datasetCohorts(ctx, await readableDataset(ctx, requireUser(user), params.id)),
  });
}
