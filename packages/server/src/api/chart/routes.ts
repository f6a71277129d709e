// /api/v1/chart/: charts CRUD, bulk delete, the owners picker and favourites.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.js';
import { relatedOwners } from '../../datasets/related.js';
import { ValidationError } from '../../errors/validation-error.js';
import { favoriteStatus, starObject, unstarObject } from '../../saved-charts/favorites.js';
import {
  bulkDeleteCharts,
  createChart,
  deleteChart,
  listVisibleCharts,
  readChart,
  updateChart,
} from '../../saved-charts/service.js';
import { idParams } from '../../schemas/json-fields.js';
import { CHART_LIST_COLUMNS } from '../../store/charts.js';
import { relatedQuery } from '../dataset/schemas.js';
import { toListOptions } from '../list-query.js';
import { defineRoute, requireUser } from '../route.js';
import { risonQuery } from '../validation.js';
import { idsQuery } from './fields.js';
import {
  CHART_FILTER_COLUMNS,
  chartCreateBody,
  chartListQuery,
  chartUpdateBody,
  detailQuery,
  splitChartFilters,
  withDirection,
} from './schemas.js';

const READ = { permission: 'can_read', view: 'Chart' } as const;
const WRITE = { permission: 'can_write', view: 'Chart' } as const;

export function registerChartRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/chart/',
    access: READ,
    query: risonQuery(chartListQuery),
    handler: async ({ query, user }) => {
      const caller = requireUser(user);
      const { q, extras } = splitChartFilters(withDirection(query.q ?? chartListQuery.parse({})), caller.id);
      const options = toListOptions(q, {
        filter: CHART_FILTER_COLUMNS,
        order: Object.keys(CHART_LIST_COLUMNS),
        defaultOrder: 'changed_on',
      });
      if ('error' in options) throw new ValidationError(options.error);
      return listVisibleCharts(ctx, caller, options, extras, q?.columns);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/chart/:id',
    access: READ,
    params: idParams,
    query: risonQuery(detailQuery),
    handler: async ({ params, query, user }) => readChart(ctx, requireUser(user), params.id, query.q?.columns),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/chart/',
    access: WRITE,
    body: chartCreateBody,
    handler: async ({ body, user, reply }) => {
      const created = await createChart(ctx, requireUser(user), body);
      reply.code(201);
      return created;
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/v1/chart/:id',
    access: WRITE,
    params: idParams,
    body: chartUpdateBody,
    handler: async ({ params, body, user }) => updateChart(ctx, requireUser(user), params.id, body),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/v1/chart/:id',
    access: WRITE,
    params: idParams,
    handler: async ({ params, user }) => {
      await deleteChart(ctx, requireUser(user), params.id);
      return { message: 'OK' };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/v1/chart/',
    access: WRITE,
    query: risonQuery(idsQuery),
    handler: async ({ query, user }) => {
      if (!query.q) throw new ValidationError({ q: ['Give the ids to delete: q=!(1,2)'] });
      return { message: await bulkDeleteCharts(ctx, requireUser(user), query.q) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/chart/related/owners',
    access: READ,
    query: risonQuery(relatedQuery),
    handler: async ({ query }) => {
      const q = relatedQuery.parse(query.q ?? {});
      return relatedOwners(ctx, { filter: q.filter, page: q.page, pageSize: q.page_size });
    },
  });

  registerFavoriteRoutes(app, ctx, 'chart', 'slice', READ);
  // The dashboards issue owns /api/v1/dashboard/; its favourites live here because they share this code.
  registerFavoriteRoutes(app, ctx, 'dashboard', 'Dashboard', { permission: 'can_read', view: 'Dashboard' });
}

function registerFavoriteRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  resource: 'chart' | 'dashboard',
  className: 'slice' | 'Dashboard',
  access: { permission: string; view: string },
): void {
  defineRoute(app, {
    method: 'GET',
    url: `/api/v1/${resource}/favorite_status/`,
    access,
    query: risonQuery(idsQuery),
    handler: async ({ query, user }) => {
      if (!query.q) throw new ValidationError({ q: ['Give the ids: q=!(1,2)'] });
      return favoriteStatus(ctx, requireUser(user), className, query.q);
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: `/api/v1/${resource}/:id/favorites/`,
    access,
    params: idParams,
    handler: async ({ params, user }) => starObject(ctx, requireUser(user), className, params.id),
  });
  defineRoute(app, {
    method: 'DELETE',
    url: `/api/v1/${resource}/:id/favorites/`,
    access,
    params: idParams,
    handler: async ({ params, user }) => unstarObject(ctx, requireUser(user), className, params.id),
  });
}
