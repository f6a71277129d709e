// Declares a route: path, zod schemas for params, query and body, the access it needs, one handler.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { parseWith } from '../errors/validation-error.js';
import { type Access, assertAccess } from '../security/access.js';
import type { AuthUser } from '../security/current-user.js';
import { decodeFormJson, isFormRequest } from './form-json.js';
import { legacyTwin } from './legacy-paths.js';
import { assertCleanText } from './text-guard.js';

export interface RouteContext<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  user: AuthUser | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteSpec<P, Q, B> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  access: Access;
  /** Only for endpoints a browser cannot add a header to (beacons) or that start a session (login). */
  csrfExempt?: boolean;
  /**
   * An embedded dashboard's guest may call it (X-GuestToken); the handler must hold the guest to the token's
   * dashboards (dashboards/access.ts does for every dashboard and chart data check).
   */
  guest?: boolean;
  /** The guest token may come in the body's `guest_token` (beacons cannot set headers). */
  guestTokenInBody?: boolean;
  /** Form bodies carry JSON text in each field (Superset's SQL Lab client); decode them before `body`. */
  formJson?: boolean;
  params?: ZodType<P>;
  query?: ZodType<Q>;
  body?: ZodType<B>;
  handler(context: RouteContext<P, Q, B>): Promise<unknown>;
}

/** Routes whose user must be signed in, for the caller's type narrowing. */
export function requireUser(user: AuthUser | null): AuthUser {
  if (!user) throw new Error('route declared authenticated access but has no user');
  return user;
}

export function defineRoute<P = undefined, Q = undefined, B = undefined>(
  app: FastifyInstance,
  spec: RouteSpec<P, Q, B>,
): void {
  registerRoute(app, spec, spec.url);
  // Superset's clients and bookmarks call the `/superset/` twin of each `/nezha/` route; same access, same handler.
  const twin = legacyTwin(spec.url);
  if (twin) registerRoute(app, spec, twin);
}

function registerRoute<P, Q, B>(app: FastifyInstance, spec: RouteSpec<P, Q, B>, url: string): void {
  app.route({
    method: spec.method,
    url,
    config: {
      access: spec.access,
      csrfExempt: spec.csrfExempt === true,
      guest: spec.guest === true,
      guestTokenInBody: spec.guestTokenInBody === true,
    },
    handler: async (request, reply) => {
      const user = request.user;
      const csrfHeader = request.headers['x-csrftoken'];
      assertAccess({
        access: spec.access,
        user,
        method: request.method,
        csrfHeader: Array.isArray(csrfHeader) ? csrfHeader[0] : csrfHeader,
        csrfExempt: spec.csrfExempt === true,
        guest: spec.guest === true,
      });
      // Every text field of every route, before and after the schemas (which may decode JSON or rison text).
      assertCleanText(request.params);
      assertCleanText(request.query);
      const params = (spec.params ? parseWith(spec.params, request.params) : undefined) as P;
      const query = (spec.query ? parseWith(spec.query, request.query) : undefined) as Q;
      const rawBody = spec.formJson && isFormRequest(request) ? decodeFormJson(request.body) : request.body;
      assertCleanText(rawBody);
      const body = (spec.body ? parseWith(spec.body, rawBody ?? {}) : undefined) as B;
      assertCleanText(body);
      assertCleanText(query);
      const result = await spec.handler({ params, query, body, user, request, reply });
      if (reply.sent) return reply;
      return result;
    },
  });
}
