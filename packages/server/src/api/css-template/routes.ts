// /api/v1/css_template/: named stylesheets for dashboards' CSS editor.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.js';
import {
  createTemplate,
  deleteTemplates,
  listTemplates,
  readTemplate,
  updateTemplate,
} from '../../css-templates/service.js';
import { ValidationError } from '../../errors/validation-error.js';
import { idParams } from '../../schemas/json-fields.js';
import { idsQuery, translateListFilters } from '../annotation-layer/schemas.js';
import { listQuerySchema, toListOptions } from '../list-query.js';
import { defineRoute, requireUser } from '../route.js';
import { risonQuery } from '../validation.js';
import {
  CSS_TEMPLATE_FILTER_COLUMNS,
  CSS_TEMPLATE_ORDER_COLUMNS,
  cssTemplateCreateBody,
  cssTemplateUpdateBody,
} from './schemas.js';

const READ = { permission: 'can_read', view: 'CssTemplate' } as const;
const WRITE = { permission: 'can_write', view: 'CssTemplate' } as const;

export function registerCssTemplateRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/css_template/',
    access: READ,
    query: risonQuery(listQuerySchema),
    handler: async ({ query }) => {
      const options = toListOptions(translateListFilters(query.q), {
        filter: CSS_TEMPLATE_FILTER_COLUMNS,
        order: CSS_TEMPLATE_ORDER_COLUMNS,
        defaultOrder: 'template_name',
      });
      if ('error' in options) throw new ValidationError(options.error);
      return listTemplates(ctx, options);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/css_template/:id',
    access: READ,
    params: idParams,
    handler: async ({ params }) => readTemplate(ctx, params.id),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/css_template/',
    access: WRITE,
    body: cssTemplateCreateBody,
    handler: async ({ body, user, reply }) => {
      const created = await createTemplate(ctx, requireUser(user), body);
      reply.code(201);
      return created;
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/v1/css_template/:id',
    access: WRITE,
    params: idParams,
    body: cssTemplateUpdateBody,
    handler: async ({ params, body, user }) => updateTemplate(ctx, requireUser(user), params.id, body),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/v1/css_template/:id',
    access: WRITE,
    params: idParams,
    handler: async ({ params }) => {
      await deleteTemplates(ctx, [params.id]);
      return { message: 'OK' };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/v1/css_template/',
    access: WRITE,
    query: risonQuery(idsQuery),
    handler: async ({ query }) => {
      const ids = query.q ?? [];
      if (ids.length === 0) throw new ValidationError({ q: ['Give the ids to delete, e.g. q=!(1,2).'] });
      await deleteTemplates(ctx, ids);
      const count = new Set(ids).size;
      return { message: `Deleted ${count} css template${count === 1 ? '' : 's'}` };
    },
  });
}
