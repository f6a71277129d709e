// /api/v1/sqllab/: execute, results, estimate, format.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import { estimateCost, formatStatement } from '../../sqllab/estimate-format.js';
import { executeRequestSchema } from '../../sqllab/execute-request.js';
import { executeSql } from '../../sqllab/execute-service.js';
import { exportQueryCsv } from '../../sqllab/export-csv.js';
import { fetchResults } from '../../sqllab/query-service.js';
import { resultFormatOf } from '../../sqllab/result-encoding.js';
import { defineRoute, requireUser } from '../route.js';
import { risonQuery } from '../validation.js';

const EXECUTE = { permission: 'can_execute_sql_query', view: 'SQLLab' } as const;

const resultsQuery = z.object({
  key: z.string().min(1),
  rows: z.number().int().positive().optional(),
});

/** A run's client_id: Superset's column holds up to 11 characters (its tests insert shorter ones). */
const exportParams = z.object({
  client_id: z
    .string()
    .min(1)
    .max(11)
    .regex(/^[A-Za-z0-9_-]+$/),
});

const estimateBody = z.object({
  database_id: z.coerce.number().int().positive(),
  catalog: z.string().nullable().optional(),
  schema: z.string().nullable().optional(),
  sql: z.string().min(1, 'SQL cannot be empty.'),
  template_params: z
    .union([z.string(), z.record(z.string(), z.unknown())])
    .nullable()
    .optional(),
});

const formatBody = z.object({
  sql: z.string(),
  engine: z.string().nullable().optional(),
  database_id: z.coerce.number().int().positive().nullable().optional(),
});

export function registerSqlLabRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/sqllab/execute/',
    access: EXECUTE,
    body: executeRequestSchema,
    handler: async ({ body, user, request, reply }) => {
      const urlParams: Record<string, string> = {};
      for (const [key, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
        if (typeof value === 'string') urlParams[key] = value;
      }
      const format = resultFormatOf(request.headers.accept);
      const outcome = await executeSql(ctx, requireUser(user), body, urlParams, format);
      return reply.code(outcome.status).type(outcome.contentType).send(outcome.body);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/sqllab/results/',
    access: { permission: 'can_get_results', view: 'SQLLab' },
    query: risonQuery(resultsQuery),
    handler: async ({ query, user, reply }) => {
      const q = query.q;
      if (!q) return reply.code(400).send({ message: { q: ['Missing data for required field.'] } });
      const body = await fetchResults(ctx, requireUser(user), q.key, q.rows);
      return reply.type('application/json; charset=utf-8').send(body);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/sqllab/export/:client_id/',
    access: { permission: 'can_export_csv', view: 'SQLLab' },
    params: exportParams,
    handler: async ({ params, user, reply }) => {
      const { filename, csv } = await exportQueryCsv(ctx, requireUser(user), params.client_id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/sqllab/estimate/',
    access: { permission: 'can_estimate_query_cost', view: 'SQLLab' },
    body: estimateBody,
    handler: async ({ body, user }) => ({ result: await estimateCost(ctx, requireUser(user), body) }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/sqllab/format_sql/',
    access: { permission: 'can_format_sql', view: 'SQLLab' },
    body: formatBody,
    handler: async ({ body, user }) => ({ result: await formatStatement(ctx, requireUser(user), body) }),
  });
}
