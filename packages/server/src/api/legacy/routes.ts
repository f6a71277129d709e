// Superset's page paths (/superset/welcome/, /superset/sqllab/, /superset/explore/, /superset/dashboard/<id>/) as
// redirects to the pages our web app draws, so bookmarks made on Superset keep working.
import type { FastifyInstance } from 'fastify';
import { LEGACY_PAGES, queryStringOf } from '../legacy-paths.js';
import { defineRoute } from '../route.js';

export function registerLegacyPageRoutes(app: FastifyInstance): void {
  for (const page of LEGACY_PAGES) {
    defineRoute(app, {
      method: 'GET',
      url: page.from,
      // A redirect reveals nothing; the page it leads to asks for a login and checks access itself.
      access: { public: true },
      handler: async ({ request, reply }) =>
        reply.redirect(`${page.to(request.params as Record<string, string>)}${queryStringOf(request.url)}`, 302),
    });
  }
}
