// GET /api/v1/{chart,dashboard,dataset,annotation_layer,css_template,report}/related/{created_by,changed_by}: the user pickers of Superset's list
// filters ("Created by", "Modified by"), answered as related/owners is: active users, filtered by name.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.js';
import { relatedOwners } from '../../datasets/related.js';
import { relatedQuery } from '../dataset/schemas.js';
import { defineRoute } from '../route.js';
import { risonQuery } from '../validation.js';

const RESOURCES = [
  { path: 'chart', view: 'Chart' },
  { path: 'dashboard', view: 'Dashboard' },
  { path: 'dataset', view: 'Dataset' },
  { path: 'annotation_layer', view: 'Annotation' },
  { path: 'css_template', view: 'CssTemplate' },
  { path: 'report', view: 'ReportSchedule' },
] as const;

const USER_COLUMNS = ['created_by', 'changed_by'] as const;

export function registerRelatedUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const resource of RESOURCES) {
    for (const column of USER_COLUMNS) {
      defineRoute(app, {
        method: 'GET',
        url: `/api/v1/${resource.path}/related/${column}`,
        access: { permission: 'can_read', view: resource.view },
        query: risonQuery(relatedQuery),
        handler: async ({ query }) => {
          const q = relatedQuery.parse(query.q ?? {});
          return relatedOwners(ctx, { filter: q.filter, page: q.page, pageSize: q.page_size });
        },
      });
    }
  }
}
