// POST /sqllab/: a chart's "Open in SQL Lab" form; its form_data is kept under a key and the browser
// is sent (303) to /sqllab/?form_data_key=<key>, where the page reads it back through GET /kv/<key>.
import { SESSION_TIMED_OUT_MESSAGE } from '@nezha/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import { NezhaError } from '../../errors/nezha-error.js';
import { ValidationError } from '../../errors/validation-error.js';
import { storeSharedQuery } from '../../sqllab/shared-query-service.js';
import { defineRoute, requireUser } from '../route.js';

const MAX_BYTES = 1024 * 1024;

const formBody = z.object({
  form_data: z.string().refine((text) => Buffer.byteLength(text, 'utf8') <= MAX_BYTES, {
    message: `Longer than the maximum of ${MAX_BYTES} bytes.`,
  }),
  csrf_token: z.string().optional(),
});

/** The form data must be a JSON object; it is stored as the text it was, never put into HTML. */
function checkFormData(text: string): void {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ValidationError({ form_data: ['Not valid JSON.'] });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ValidationError({ form_data: ['Must be a JSON object.'] });
  }
}

export function registerSqlLabFormPostRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'POST',
    url: '/sqllab/',
    access: { permission: 'can_read', view: 'SQLLab' },
    // A form post cannot carry the X-CSRFToken header: the token comes as the form's csrf_token field
    // and is checked below instead.
    csrfExempt: true,
    body: formBody,
    handler: async ({ body, user, reply }) => {
      const caller = requireUser(user);
      if (caller.session && body.csrf_token !== caller.session.csrfToken) {
        throw new NezhaError({
          type: 'GENERIC_BACKEND_ERROR',
          status: 400,
          message: 'The CSRF token is missing or invalid.',
          extra: { csrf: true, hint: SESSION_TIMED_OUT_MESSAGE },
        });
      }
      checkFormData(body.form_data);
      const key = await storeSharedQuery(ctx, caller, body.form_data);
      return reply
        .code(303)
        .header('Location', `/sqllab/?form_data_key=${encodeURIComponent(key)}`)
        .send();
    },
  });
}
