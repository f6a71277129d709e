// /api/v1/dashboard/: dashboards CRUD, bulk delete, charts and datasets, copy, permalinks, filter states, the pickers
// and the streamed chart data batch. Favourites live in api/chart/routes.ts, which shares their code with charts.
import { setMaxListeners } from 'node:events';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.js';
import { batchDashboardId, chartDataStream } from '../../dashboards/chart-batch.js';
import { dashboardCharts, dashboardDatasetsData } from '../../dashboards/contents.js';
import { copyDashboard } from '../../dashboards/copy.js';
import {
  createFilterState,
  deleteFilterState,
  readFilterState,
  updateFilterState,
} from '../../dashboards/filter-state.js';
import { createDashboardPermalink, readDashboardPermalink } from '../../dashboards/permalinks.js';
import { relatedRoles } from '../../dashboards/related.js';
import {
  bulkDeleteDashboards,
  createDashboard,
  deleteDashboard,
  listVisibleDashboards,
  readDashboard,
  updateDashboard,
} from '../../dashboards/service.js';
import { relatedOwners } from '../../datasets/related.js';
import { ValidationError } from '../../errors/validation-error.js';
import { idParams } from '../../schemas/json-fields.js';
import { idsQuery } from '../chart/fields.js';
import { relatedQuery } from '../dataset/schemas.js';
import { toListOptions } from '../list-query.js';
import { defineRoute, requireUser } from '../route.js';
import { risonQuery } from '../validation.js';
import {
  chartBatchBody,
  chartBatchQuery,
  DASHBOARD_FILTER_COLUMNS,
  DASHBOARD_ORDER_COLUMNS,
  dashboardCopyBody,
  dashboardCreateBody,
  dashboardListQuery,
  dashboardUpdateBody,
  filterStateBody,
  filterStateParams,
  filterStateQuery,
  idOrSlugParams,
  permalinkBody,
  permalinkParams,
  splitDashboardFilters,
  withDirection,
} from './schemas.js';

const READ = { permission: 'can_read', view: 'Dashboard' } as const;
const WRITE = { permission: 'can_write', view: 'Dashboard' } as const;

export function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/dashboard/',
    access: READ,
    query: risonQuery(dashboardListQuery),
    handler: async ({ query, user }) => {
      const caller = requireUser(user);
      const { q, extras } = splitDashboardFilters(withDirection(query.q ?? dashboardListQuery.parse({})), caller.id);
      const options = toListOptions(q, {
        filter: DASHBOARD_FILTER_COLUMNS,
        order: DASHBOARD_ORDER_COLUMNS,
        defaultOrder: 'changed_on',
      });
      if ('error' in options) throw new ValidationError(options.error);
      return listVisibleDashboards(ctx, caller, options, extras, q?.columns);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/dashboard/:id',
    access: READ,
    // A guest: only the dashboards its token names (canViewDashboard).
    guest: true,
    params: idOrSlugParams,
    handler: async ({ params, user }) => readDashboard(ctx, requireUser(user), params.id),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/dashboard/:id/charts',
    access: READ,
    // A guest: only the dashboards its token names (canViewDashboard).
    guest: true,
    params: idOrSlugParams,
    handler: async ({ params, user }) => dashboardCharts(ctx, requireUser(user), params.id),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/dashboard/:id/datasets',
    access: READ,
    // A guest: only the dashboards its token names (canViewDashboard).
    guest: true,
    params: idOrSlugParams,
    handler: async ({ params, user }) => dashboardDatasetsData(ctx, requireUser(user), params.id),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/dashboard/',
    access: WRITE,
    body: dashboardCreateBody,
    handler: async ({ body, user, reply }) => {
      const created = await createDashboard(ctx, requireUser(user), body);
      reply.code(201);
      return created;
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/v1/dashboard/:id',
    access: WRITE,
    params: idParams,
    body: dashboardUpdateBody,
    handler: async ({ params, body, user }) => updateDashboard(ctx, requireUser(user), params.id, body),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/v1/dashboard/:id',
    access: WRITE,
    params: idParams,
    handler: async ({ params, user }) => {
      await deleteDashboard(ctx, requireUser(user), params.id);
      return { message: 'OK' };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/v1/dashboard/',
    access: WRITE,
    query: risonQuery(idsQuery),
    handler: async ({ query, user }) => {
      if (!query.q) throw new ValidationError({ q: ['Give the ids to delete: q=!(1,2)'] });
      return { message: await bulkDeleteDashboards(ctx, requireUser(user), query.q) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/dashboard/:id/copy/',
    access: WRITE,
    params: idOrSlugParams,
    body: dashboardCopyBody,
    handler: async ({ params, body, user }) => copyDashboard(ctx, requireUser(user), params.id, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/dashboard/:id/permalink',
    access: READ,
    // A guest: a permalink of a dashboard its token names only (visibleDashboard), the SDK's getDashboardPermalink.
    guest: true,
    params: idOrSlugParams,
    body: permalinkBody,
    handler: async ({ params, body, user, reply }) => {
      const created = await createDashboardPermalink(ctx, requireUser(user), params.id, body);
      reply.code(201);
      return created;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/dashboard/permalink/:key',
    access: READ,
    params: permalinkParams,
    handler: async ({ params, user }) => readDashboardPermalink(ctx, requireUser(user), params.key),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/dashboard/:id/filter_state',
    access: READ,
    params: idOrSlugParams,
    query: filterStateQuery,
    body: filterStateBody,
    handler: async ({ params, query, body, user, reply }) => {
      const created = await createFilterState(ctx, requireUser(user), params.id, {
        value: body.value,
        tabId: query.tab_id,
      });
      reply.code(201);
      return created;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/dashboard/:id/filter_state/:key',
    access: READ,
    params: filterStateParams,
    handler: async ({ params, user }) => readFilterState(ctx, requireUser(user), params.id, params.key),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/v1/dashboard/:id/filter_state/:key',
    access: READ,
    params: filterStateParams,
    query: filterStateQuery,
    body: filterStateBody,
    handler: async ({ params, query, body, user }) =>
      updateFilterState(ctx, requireUser(user), params.id, params.key, { value: body.value, tabId: query.tab_id }),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/v1/dashboard/:id/filter_state/:key',
    access: READ,
    params: filterStateParams,
    handler: async ({ params, user }) => deleteFilterState(ctx, requireUser(user), params.id, params.key),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/dashboard/:id/chart_data',
    access: { permission: 'can_read', view: 'Chart' },
    guest: true,
    params: idOrSlugParams,
    query: chartBatchQuery,
    body: chartBatchBody,
    handler: async ({ params, query, body, user, request, reply }) => {
      const caller = requireUser(user);
      const dashboardId = await batchDashboardId(ctx, caller, params.id);
      // A client that goes away stops the charts still waiting or running for it.
      const closed = new AbortController();
      // Every chart of the batch (up to MAX_BATCH_QUERIES) listens to this one signal.
      setMaxListeners(0, closed.signal);
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) closed.abort();
      });
      const stream = chartDataStream(ctx, caller, dashboardId, body.queries, {
        force: query.force === true,
        signal: closed.signal,
        generationAtStart: request.metadataGenerationAtStart,
        onUnexpected: (error) => request.log.error({ err: error }, 'dashboard chart data failed'),
      });
      return reply.type('application/x-ndjson; charset=utf-8').header('cache-control', 'no-store').send(stream);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/dashboard/related/owners',
    access: READ,
    query: risonQuery(relatedQuery),
    handler: async ({ query }) => {
      const q = relatedQuery.parse(query.q ?? {});
      return relatedOwners(ctx, { filter: q.filter, page: q.page, pageSize: q.page_size });
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/dashboard/related/roles',
    access: READ,
    query: risonQuery(relatedQuery),
    handler: async ({ query }) => {
      const q = relatedQuery.parse(query.q ?? {});
      return relatedRoles(ctx, { filter: q.filter, page: q.page, pageSize: q.page_size });
    },
  });
}
