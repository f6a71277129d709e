// Embedded dashboards: /api/v1/dashboard/{id_or_slug}/embedded, /api/v1/embedded_dashboard/{uuid} and the guest
// token endpoint /api/v1/security/guest_token/ (Superset's shapes).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.js';
import {
  grantGuestToken,
  readEmbedded,
  readEmbeddedByUuid,
  removeEmbedded,
  setEmbedded,
} from '../../embedding/service.js';
import { idOrSlugParams } from '../dashboard/schemas.js';
import { defineRoute, requireUser } from '../route.js';
import { embeddedBody, embeddedUuidParams, guestTokenBody } from './schemas.js';

const READ = { permission: 'can_read', view: 'Dashboard' } as const;
const SET = { permission: 'can_set_embedded', view: 'Dashboard' } as const;

export function registerEmbeddedRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/dashboard/:id/embedded',
    access: READ,
    params: idOrSlugParams,
    handler: async ({ params, user }) => readEmbedded(ctx, requireUser(user), params.id),
  });
  for (const method of ['POST', 'PUT'] as const) {
    defineRoute(app, {
      method,
      url: '/api/v1/dashboard/:id/embedded',
      access: SET,
      params: idOrSlugParams,
      body: embeddedBody,
      handler: async ({ params, body, user }) =>
        setEmbedded(ctx, requireUser(user), params.id, [...new Set(body.allowed_domains)]),
    });
  }
  defineRoute(app, {
    method: 'DELETE',
    url: '/api/v1/dashboard/:id/embedded',
    access: SET,
    params: idOrSlugParams,
    handler: async ({ params, user }) => removeEmbedded(ctx, requireUser(user), params.id),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/embedded_dashboard/:uuid',
    access: { authenticated: true },
    // A guest reads only the embedded dashboards of its token.
    guest: true,
    params: embeddedUuidParams,
    handler: async ({ params, user }) => readEmbeddedByUuid(ctx, requireUser(user), params.uuid),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/security/guest_token/',
    access: { permission: 'can_grant_guest_token', view: 'SecurityRestApi' },
    body: guestTokenBody,
    handler: async ({ body }) =>
      grantGuestToken(ctx, { user: body.user, resources: body.resources, rls_rules: body.rls }),
  });
}
