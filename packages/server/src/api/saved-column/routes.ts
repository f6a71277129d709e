// Saved and calculated columns: POST /api/v1/dataset/saved_column/, PUT/GET/DELETE …/saved_column/{id}/,
// GET /api/v1/dataset/{id}/saved_columns and the filter editor's GET /nezha/filter/saved_column/{id}/.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import { idParams, numericId } from '../../schemas/json-fields.js';
import { SAVED_COLUMN_METHODS } from '../../semantic/saved-column-methods.js';
import {
  createSavedColumn,
  datasetSavedColumns,
  deleteSavedColumn,
  readSavedColumn,
  updateSavedColumn,
} from '../../semantic/saved-columns.js';
import { idList, jsonObjectText, optionalText } from '../chart/fields.js';
import { defineRoute, requireUser } from '../route.js';

const READ = { permission: 'can_read', view: 'SavedColumn' } as const;
const WRITE = { permission: 'can_write', view: 'SavedColumn' } as const;

const fields = {
  type: z.string().max(255).nullable().optional(),
  filterable: z.boolean().optional(),
  groupby: z.boolean().optional(),
  method: z.enum(SAVED_COLUMN_METHODS).nullable().optional(),
  is_dttm: z.boolean().optional(),
  form_data: jsonObjectText.nullable().optional(),
  description: optionalText(),
  owners: idList.optional(),
};
const columnName = z.string().trim().min(1, 'Column name cannot be empty').max(255);
const expression = z.string().trim().min(1, 'Expression cannot be empty');

const createBody = z.object({ ...fields, column_name: columnName, table_id: numericId, expression });
const updateBody = z.object({
  ...fields,
  column_name: columnName.optional(),
  table_id: numericId.optional(),
  expression: expression.optional(),
});

export function registerSavedColumnRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/dataset/saved_column/',
    access: WRITE,
    body: createBody,
    handler: async ({ body, user, reply }) => {
      const created = await createSavedColumn(ctx, requireUser(user), body);
      reply.code(201);
      return created;
    },
  });

  // Superset's clients differ on the trailing slash; both spellings reach the same column.
  for (const url of ['/api/v1/dataset/saved_column/:id/', '/api/v1/dataset/saved_column/:id']) {
    defineRoute(app, {
      method: 'PUT',
      url,
      access: WRITE,
      params: idParams,
      body: updateBody,
      handler: async ({ params, body, user }) => updateSavedColumn(ctx, requireUser(user), params.id, body),
    });
    defineRoute(app, {
      method: 'GET',
      url,
      access: READ,
      params: idParams,
      handler: async ({ params, user }) => readSavedColumn(ctx, requireUser(user), params.id),
    });
    defineRoute(app, {
      method: 'DELETE',
      url,
      access: WRITE,
      params: idParams,
      handler: async ({ params, user }) => {
        await deleteSavedColumn(ctx, requireUser(user), params.id);
        return { message: 'OK' };
      },
    });
  }

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/dataset/:id/saved_columns',
    access: READ,
    params: idParams,
    handler: async ({ params, user }) => datasetSavedColumns(ctx, requireUser(user), params.id),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/nezha/filter/saved_column/:id/',
    access: READ,
    params: idParams,
    handler: async ({ params, user }) => readSavedColumn(ctx, requireUser(user), params.id),
  });
}
