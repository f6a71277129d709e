// /api/v1/report/: alerts and reports (Superset's ReportScheduleRestApi and ReportExecutionLogRestApi), plus
// Nezha's POST /api/v1/report/{id}/run that queues one run now.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.js';
import { relatedOwners } from '../../datasets/related.js';
import { ValidationError } from '../../errors/validation-error.js';
import { relatedReportCharts, relatedReportDashboards, relatedReportDatabases } from '../../reports/related.js';
import {
  REPORT_FILTER_COLUMNS,
  REPORT_LOG_FILTER_COLUMNS,
  REPORT_ORDER_COLUMNS,
  reportCreateBody,
  reportIdParams,
  reportLogParams,
  reportUpdateBody,
} from '../../reports/report-schemas.js';
import { enqueueReportRun } from '../../reports/scheduler.js';
import {
  bulkDeleteReports,
  createReport,
  deleteReport,
  listReportLogs,
  listVisibleReports,
  readReport,
  readReportLog,
  requestRun,
  updateReport,
} from '../../reports/service.js';
import { idsQuery, translateListFilters } from '../annotation-layer/schemas.js';
import { relatedQuery } from '../dataset/schemas.js';
import { type ListQuery, listQuerySchema, toListOptions } from '../list-query.js';
import { defineRoute, requireUser } from '../route.js';
import { risonQuery } from '../validation.js';

const READ = { permission: 'can_read', view: 'ReportSchedule' } as const;
const WRITE = { permission: 'can_write', view: 'ReportSchedule' } as const;

export function registerReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/report/',
    access: READ,
    query: risonQuery(listQuerySchema),
    handler: async ({ query, user }) => {
      const options = toListOptions(translateListFilters(ownerFilters(query.q)), {
        filter: REPORT_FILTER_COLUMNS,
        order: REPORT_ORDER_COLUMNS,
        defaultOrder: 'name',
      });
      if ('error' in options) throw new ValidationError(options.error);
      return listVisibleReports(ctx, requireUser(user), options);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/report/:pk',
    access: READ,
    params: reportIdParams,
    handler: async ({ params, user }) => readReport(ctx, requireUser(user), params.pk),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/report/',
    access: WRITE,
    body: reportCreateBody,
    handler: async ({ body, user, reply }) => {
      const created = await createReport(ctx, requireUser(user), body);
      reply.code(201);
      return created;
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/v1/report/:pk',
    access: WRITE,
    params: reportIdParams,
    body: reportUpdateBody,
    handler: async ({ params, body, user }) => updateReport(ctx, requireUser(user), params.pk, body),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/v1/report/:pk',
    access: WRITE,
    params: reportIdParams,
    handler: async ({ params, user }) => {
      await deleteReport(ctx, requireUser(user), params.pk);
      return { message: 'OK' };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/v1/report/',
    access: WRITE,
    query: risonQuery(idsQuery),
    handler: async ({ query, user }) => {
      const ids = query.q ?? [];
      if (ids.length === 0) throw new ValidationError({ q: ['Give the ids to delete, e.g. q=!(1,2).'] });
      return { message: await bulkDeleteReports(ctx, requireUser(user), ids) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/report/:pk/run',
    access: WRITE,
    params: reportIdParams,
    handler: async ({ params, user, reply }) => {
      const answer = await requestRun(ctx, requireUser(user), params.pk, (id, at) => enqueueReportRun(ctx, id, at));
      reply.code(202);
      return answer;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/report/:pk/log/',
    access: READ,
    params: reportIdParams,
    query: risonQuery(listQuerySchema),
    handler: async ({ params, query, user }) => {
      const options = toListOptions(query.q, {
        filter: REPORT_LOG_FILTER_COLUMNS,
        order: REPORT_LOG_FILTER_COLUMNS,
        defaultOrder: 'start_dttm',
      });
      if ('error' in options) throw new ValidationError(options.error);
      // Superset's log list reads newest first unless told otherwise.
      if (query.q?.order_column === undefined) options.orderDirection = 'desc';
      return listReportLogs(ctx, requireUser(user), params.pk, options);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/report/:pk/log/:logId',
    access: READ,
    params: reportLogParams,
    handler: async ({ params, user }) => readReportLog(ctx, requireUser(user), params.pk, params.logId),
  });

  const related = {
    owners: async (_user: ReturnType<typeof requireUser>, q: RelatedArgs) => relatedOwners(ctx, q),
    chart: async (user: ReturnType<typeof requireUser>, q: RelatedArgs) => relatedReportCharts(ctx, user, q),
    dashboard: async (user: ReturnType<typeof requireUser>, q: RelatedArgs) => relatedReportDashboards(ctx, user, q),
    database: async (user: ReturnType<typeof requireUser>, q: RelatedArgs) => relatedReportDatabases(ctx, user, q),
  } as const;
  for (const [column, answer] of Object.entries(related)) {
    defineRoute(app, {
      method: 'GET',
      url: `/api/v1/report/related/${column}`,
      access: READ,
      query: risonQuery(relatedQuery),
      handler: async ({ query, user }) => {
        const q = relatedQuery.parse(query.q ?? {});
        return answer(requireUser(user), { filter: q.filter, page: q.page, pageSize: q.page_size });
      },
    });
  }
}

/** Superset's alert list filters owners with `rel_m_m` (a user among the owners): equality on the owner link. */
function ownerFilters(q: ListQuery | undefined): ListQuery | undefined {
  if (!q) return q;
  return { ...q, filters: q.filters.map((f) => (f.opr === 'rel_m_m' ? { ...f, opr: 'eq' } : f)) };
}

interface RelatedArgs {
  filter: string;
  page: number;
  pageSize: number;
}
