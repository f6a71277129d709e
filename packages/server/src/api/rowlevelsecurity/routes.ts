// /api/v1/rowlevelsecurity/: row-level security rules (Superset's RLSRestApi), Admin's alone.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.js';
import { relatedOwners } from '../../datasets/related.js';
import { ValidationError } from '../../errors/validation-error.js';
import { relatedRoles, relatedTables } from '../../row-level-security/related.js';
import { createRule, deleteRules, listRules, readRule, updateRule } from '../../row-level-security/service.js';
import { idParams } from '../../schemas/json-fields.js';
import type { RlsFilterValues } from '../../store/rls-filters.js';
import { idsQuery, translateListFilters } from '../annotation-layer/schemas.js';
import { relatedQuery } from '../dataset/schemas.js';
import { listQuerySchema, toListOptions } from '../list-query.js';
import { defineRoute, requireUser } from '../route.js';
import { risonQuery } from '../validation.js';
import { RLS_FILTER_COLUMNS, RLS_ORDER_COLUMNS, rlsCreateBody, rlsUpdateBody } from './schemas.js';

const READ = { permission: 'can_read', view: 'Row Level Security' } as const;
const WRITE = { permission: 'can_write', view: 'Row Level Security' } as const;

export function registerRowLevelSecurityRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/rowlevelsecurity/',
    access: READ,
    query: risonQuery(listQuerySchema),
    handler: async ({ query }) => {
      const q = translateListFilters(query.q);
      const translated = q && {
        ...q,
        filters: q.filters.map((f) => (f.opr === 'rel_m_m' ? { ...f, opr: 'in' } : f)),
      };
      const options = toListOptions(translated, {
        filter: RLS_FILTER_COLUMNS,
        order: RLS_ORDER_COLUMNS,
        defaultOrder: 'name',
      });
      if ('error' in options) throw new ValidationError(options.error);
      return listRules(ctx, options);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/rowlevelsecurity/:id',
    access: READ,
    params: idParams,
    handler: async ({ params }) => readRule(ctx, params.id),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/rowlevelsecurity/',
    access: WRITE,
    body: rlsCreateBody,
    handler: async ({ body, user, reply }) => {
      const values: RlsFilterValues = {
        ...body,
        description: body.description ?? null,
        group_key: body.group_key ?? null,
      };
      const created = await createRule(ctx, requireUser(user), values);
      reply.code(201);
      return created;
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/v1/rowlevelsecurity/:id',
    access: WRITE,
    params: idParams,
    body: rlsUpdateBody,
    handler: async ({ params, body, user }) => updateRule(ctx, requireUser(user), params.id, body),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/v1/rowlevelsecurity/:id',
    access: WRITE,
    params: idParams,
    handler: async ({ params }) => {
      await deleteRules(ctx, [params.id]);
      return { message: 'OK' };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/v1/rowlevelsecurity/',
    access: WRITE,
    query: risonQuery(idsQuery),
    handler: async ({ query }) => {
      const ids = query.q ?? [];
      if (ids.length === 0) throw new ValidationError({ q: ['Give the ids to delete, e.g. q=!(1,2).'] });
      return deleteRules(ctx, ids);
    },
  });

  const related = [
    { column: 'tables', answer: relatedTables },
    { column: 'roles', answer: relatedRoles },
    { column: 'created_by', answer: relatedOwners },
    { column: 'changed_by', answer: relatedOwners },
  ] as const;
  for (const { column, answer } of related) {
    defineRoute(app, {
      method: 'GET',
      url: `/api/v1/rowlevelsecurity/related/${column}`,
      access: READ,
      query: risonQuery(relatedQuery),
      handler: async ({ query }) => {
        const q = relatedQuery.parse(query.q ?? {});
        return answer(ctx, { filter: q.filter, page: q.page, pageSize: q.page_size });
      },
    });
  }
}
