// The legacy chart API: POST (or GET) /nezha/explore_json/ and /nezha/explore_json/{type}/{id}/, result type
// chosen by ?query=true, ?results=true, ?samples=true or ?csv=true (or result_type / result_format).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import { parseWith, ValidationError } from '../../errors/validation-error.js';
import { exploreJson, type LegacyResultType } from '../../explore/explore-json.js';
import { jsonOrValue } from '../../schemas/json-fields.js';
import { defineRoute, requireUser } from '../route.js';

const flag = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === 'true' || value === '1');

const formDataField = jsonOrValue(z.record(z.string(), z.unknown()));

const query = z.object({
  form_data: formDataField.optional(),
  csv: flag,
  query: flag,
  results: flag,
  samples: flag,
  force: flag,
  result_type: z.enum(['full', 'query', 'results', 'samples']).optional(),
  result_format: z.enum(['json', 'csv']).optional(),
});

const body = z.object({ form_data: formDataField.optional() }).passthrough();

const routeParams = z.object({ datasource_type: z.string().min(1), datasource_id: z.coerce.number().int().positive() });

function resultTypeOf(q: z.infer<typeof query>): LegacyResultType {
  if (q.csv || q.result_format === 'csv') return 'csv';
  if (q.query) return 'query';
  if (q.results) return 'results';
  if (q.samples) return 'samples';
  return q.result_type ?? 'full';
}

export function registerExploreJsonRoutes(app: FastifyInstance, ctx: AppContext): void {
  const access = { permission: 'can_explore_json', view: 'Superset' } as const;
  for (const url of ['/nezha/explore_json/', '/nezha/explore_json/:datasource_type/:datasource_id/']) {
    for (const method of ['GET', 'POST'] as const) {
      defineRoute(app, {
        method,
        url,
        access,
        formJson: true,
        query,
        ...(method === 'POST' ? { body } : {}),
        handler: async ({ query: q, body: b, request, user, reply }) => {
          const formData = (b as z.infer<typeof body> | undefined)?.form_data ?? q.form_data;
          if (!formData) throw new ValidationError({ form_data: ['Missing data for required field.'] });
          const params = url.includes(':') ? parseWith(routeParams, request.params) : undefined;
          const closed = new AbortController();
          reply.raw.once('close', () => {
            if (!reply.raw.writableFinished) closed.abort();
          });
          const answer = await exploreJson(ctx, requireUser(user), {
            formData,
            resultType: resultTypeOf(q),
            force: q.force,
            datasource: params ? { type: params.datasource_type, id: params.datasource_id } : undefined,
            signal: closed.signal,
          });
          if (answer.kind === 'json') return answer.body;
          return reply
            .type(answer.contentType)
            .header('content-disposition', `attachment; filename="${answer.filename}"`)
            .send(answer.body);
        },
      });
    }
  }
}
