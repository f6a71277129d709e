// POST /api/v1/chart/data (chart queries; 202 and a job under GLOBAL_ASYNC_QUERIES), GET /api/v1/chart/{id}/data/ (a
// saved chart's query context), GET {result_url} (an async job's answer) and GET /api/v1/time_range/.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import { chartDataFromCache, runsAsync, startAsyncChartData } from '../../charts/async-chart-data.js';
import type { ChartDataAnswer } from '../../charts/chart-data-request.js';
import { chartData } from '../../charts/chart-data-service.js';
import { savedChartCall } from '../../charts/saved-chart-data.js';
import { resolveTimeRanges, timeRangeItems } from '../../charts/time-range-service.js';
import { HttpError } from '../../errors/nezha-error.js';
import { isFormRequest } from '../form-json.js';
import { idParams } from '../json-fields.js';
import { defineRoute, requireUser } from '../route.js';
import { parseWith, risonQuery } from '../validation.js';
import { chartDataBody, chartDataQuery, chartResultParams, savedChartDataQuery } from './schemas.js';

export function registerChartDataRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/chart/data',
    access: { permission: 'can_read', view: 'Chart' },
    // Held to the token's dashboards: the request must name one (dashboard_id), whose charts read the dataset.
    guest: true,
    query: chartDataQuery,
    // Checked below: a form post carries the request as JSON text in its form_data field (Superset's CSV downloads).
    body: z.unknown(),
    handler: async ({ body: raw, query, user, reply, request }) => {
      const body = parseWith(chartDataBody, isFormRequest(request) ? formPostedRequest(raw) : raw);
      // A client that goes away stops its queries, unless another identical request still waits for them.
      const closed = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) closed.abort();
      });
      const call = {
        request: body,
        force: query.force === true,
        sliceId: query.form_data?.slice_id ?? undefined,
        dashboardId: query.dashboard_id,
        signal: closed.signal,
      };
      if (runsAsync(ctx, call, user)) {
        const started = await startAsyncChartData(ctx, requireUser(user), call);
        if (started.kind === 'job') return reply.code(202).send(started.job);
        return send(reply, started.answer);
      }
      return send(reply, await chartData(ctx, requireUser(user), call));
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/chart/:id/data/',
    access: { permission: 'can_read', view: 'Chart' },
    params: idParams,
    query: savedChartDataQuery,
    handler: async ({ params, query, user, reply }) => {
      const caller = requireUser(user);
      const call = await savedChartCall(ctx, caller, params.id, query, (body) => parseWith(chartDataBody, body));
      if (runsAsync(ctx, call, user)) {
        const started = await startAsyncChartData(ctx, caller, call);
        if (started.kind === 'job') return reply.code(202).send(started.job);
        return send(reply, started.answer);
      }
      return send(reply, await chartData(ctx, caller, call));
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/chart/data/:cache_key',
    access: { permission: 'can_read', view: 'Chart' },
    params: chartResultParams,
    handler: async ({ params, user, reply }) =>
      send(reply, await chartDataFromCache(ctx, requireUser(user), params.cache_key)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/time_range/',
    access: { authenticated: true },
    query: risonQuery(z.unknown()),
    handler: async ({ query }) => resolveTimeRanges(timeRangeItems(query.q), new Date()),
  });
}

/** Superset's form post of chart data: the request is the JSON text of form_data, anything else "Request is not JSON". */
function formPostedRequest(body: unknown): unknown {
  const text = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).form_data : undefined;
  if (typeof text === 'string') {
    try {
      return JSON.parse(text);
    } catch {
      // answered below
    }
  }
  throw new HttpError(400, 'Request is not JSON');
}

function send(reply: FastifyReply, answer: ChartDataAnswer): unknown {
  if (answer.kind === 'json') return answer.body;
  return reply
    .type(answer.contentType)
    .header('content-disposition', `attachment; filename="${answer.filename}"`)
    .send(answer.body);
}
