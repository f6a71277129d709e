// POST /api/v1/chart/data (chart queries; 202 and a job under GLOBAL_ASYNC_QUERIES), GET /api/v1/chart/{id}/data/ (a
// saved chart's query context), GET {result_url} (an async job's answer) and GET /api/v1/time_range/.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import { chartDataFromCache, runsAsync, startAsyncChartData } from '../../chart-data/async-chart-data.js';
import type { ChartDataAnswer, ChartDataCall } from '../../chart-data/chart-data-request.js';
import {
  chartDataBody,
  chartDataQuery,
  chartResultParams,
  savedChartDataQuery,
} from '../../chart-data/chart-data-schema.js';
import { chartData } from '../../chart-data/chart-data-service.js';
import {
  chartCallKey,
  chartTextKey,
  chooseEncoding,
  encodeResponse,
  type KeptResponse,
  matchesEtag,
  responseCacheOf,
  responseKey,
  variantOf,
} from '../../chart-data/response-cache.js';
import { savedChartCall } from '../../chart-data/saved-chart-data.js';
import { resolveTimeRanges, timeRangeItems } from '../../chart-data/time-range-service.js';
import { HttpError } from '../../errors/nezha-error.js';
import { parseWith } from '../../errors/validation-error.js';
import { idParams } from '../../schemas/json-fields.js';
import { isFormRequest } from '../form-json.js';
import { defineRoute, requireUser } from '../route.js';
import { risonQuery } from '../validation.js';

export function registerChartDataRoutes(app: FastifyInstance, ctx: AppContext): void {
  const responses = responseCacheOf(ctx.store.generation);
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
      const caller = requireUser(user);
      const form = isFormRequest(request);
      // A repeat of a JSON body already answered and kept is found by its text, before it is validated again.
      const textKey =
        !form && query.force !== true && request.jsonText !== null
          ? chartTextKey(caller, request.jsonText, {
              sliceId: query.form_data?.slice_id ?? undefined,
              dashboardId: query.dashboard_id,
            })
          : null;
      const repeated = textKey ? await responses.get(textKey) : undefined;
      if (repeated) return sendKept(request, reply, repeated);
      const body = parseWith(chartDataBody, form ? formPostedRequest(raw) : raw);
      const call: ChartDataCall = {
        request: body,
        force: query.force === true,
        sliceId: query.form_data?.slice_id ?? undefined,
        dashboardId: query.dashboard_id,
      };
      const asyncRun = runsAsync(ctx, call, user);
      // A JSON answer may be sent again as bytes: keyed by the whole request and by who asks. Looked up before
      // anything else is set up for the request, so a hit costs little more than the lookup.
      const key =
        !asyncRun && !form && body.result_format === 'json' && !call.force && !body.force
          ? chartCallKey(caller, call)
          : null;
      const kept = key ? await responses.get(key) : undefined;
      if (kept) return sendKept(request, reply, kept);
      // A client that goes away stops its queries, unless another identical request still waits for them.
      const closed = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) closed.abort();
      });
      call.signal = closed.signal;
      if (asyncRun) {
        const started = await startAsyncChartData(ctx, caller, call);
        if (started.kind === 'job') return reply.code(202).send(started.job);
        return send(reply, started.answer);
      }
      const answer = await chartData(ctx, caller, call);
      if (key && answer.kind === 'json' && answer.reusableUntil !== undefined) {
        const encoded = await encodeResponse(JSON.stringify(answer.body));
        await responses.set(key, encoded, request.metadataGenerationAtStart, answer.reusableUntil);
        if (textKey) await responses.set(textKey, encoded, request.metadataGenerationAtStart, answer.reusableUntil);
        return sendKept(request, reply, encoded);
      }
      return send(reply, answer);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/chart/:id/data/',
    access: { permission: 'can_read', view: 'Chart' },
    params: idParams,
    query: savedChartDataQuery,
    handler: async ({ params, query, user, reply, request }) => {
      const caller = requireUser(user);
      // Keyed by the chart and the query string: the stored query context is metadata, so an edit of the chart
      // empties the kept answers. Only a run answered at once is ever kept, so a hit is never an async request.
      const key =
        (query.format ?? 'json') === 'json' && !query.force
          ? responseKey(caller, { savedChart: params.id, type: query.type ?? 'full' })
          : null;
      const kept = key ? await responses.get(key) : undefined;
      if (kept) return sendKept(request, reply, kept);
      const call = await savedChartCall(ctx, caller, params.id, query, (body) => parseWith(chartDataBody, body));
      if (runsAsync(ctx, call, user)) {
        const started = await startAsyncChartData(ctx, caller, call);
        if (started.kind === 'job') return reply.code(202).send(started.job);
        return send(reply, started.answer);
      }
      const answer = await chartData(ctx, caller, call);
      if (key && answer.kind === 'json' && answer.reusableUntil !== undefined) {
        const encoded = await encodeResponse(JSON.stringify(answer.body));
        await responses.set(key, encoded, request.metadataGenerationAtStart, answer.reusableUntil);
        return sendKept(request, reply, encoded);
      }
      return send(reply, answer);
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

/** A kept answer: 304 when the client holds these bytes, else the encoding it accepts best. */
function sendKept(request: FastifyRequest, reply: FastifyReply, kept: KeptResponse): FastifyReply {
  // no-cache: the browser may keep it but asks each time, so a write is seen at once (If-None-Match, 304).
  reply.header('etag', kept.etag).header('vary', 'accept-encoding').header('cache-control', 'private, no-cache');
  if (matchesEtag(request.headers['if-none-match'], kept.etag)) return reply.code(304).send();
  const [bytes, encoding] = variantOf(kept, chooseEncoding(request.headers['accept-encoding']));
  if (encoding) reply.header('content-encoding', encoding);
  return reply.type('application/json; charset=utf-8').send(bytes);
}

function send(reply: FastifyReply, answer: ChartDataAnswer): unknown {
  if (answer.kind === 'json') return answer.body;
  return reply
    .type(answer.contentType)
    .header('content-disposition', `attachment; filename="${answer.filename}"`)
    .send(answer.body);
}
