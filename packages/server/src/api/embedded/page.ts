// GET /embedded/{uuid}: the embedded dashboard's page, framed only by its allowed domains (CSP frame-ancestors), and
// refused, as Superset refuses it, when the embedding page's origin is not among them.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import { HttpError } from '../../errors/nezha-error.js';
import { embeddedByUuid } from '../../store/embedded-dashboards.js';
import { defineRoute } from '../route.js';

const params = z.object({ uuid: z.string().uuid('Not a valid UUID.') });

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function registerEmbeddedPage(app: FastifyInstance, ctx: AppContext, html: string): void {
  defineRoute(app, {
    method: 'GET',
    url: '/embedded/:uuid',
    // The page itself holds no data: the dashboard's requests carry the guest token the host hands it.
    access: { public: true },
    params,
    handler: async ({ params: { uuid }, request, reply }) => {
      const embedded = await embeddedByUuid(ctx.store.db, uuid);
      if (!embedded) throw new HttpError(404, 'Not found');
      const allowed = embedded.allowed_domains;
      if (allowed.length > 0) {
        // The frame's request names the page embedding it; a page elsewhere (or none) gets nothing to frame.
        const referrer = originOf(request.headers.referer);
        if (referrer === null || !allowed.includes(referrer)) throw new HttpError(403, 'Forbidden');
      }
      // Superset: no domains means any page may embed the dashboard (the guest token still decides what it shows).
      request.frameAncestors = allowed.length > 0 ? allowed.join(' ') : '*';
      return reply.code(200).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
    },
  });
}
