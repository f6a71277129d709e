// Fastify hook that puts the caller on request.user from a bearer token or the session cookie.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app/context.js';
import { HttpError } from '../errors/nezha-error.js';
import { cachedAuthUser, cachedSession } from '../store/metadata-caches.js';
import type { AuthUser } from './current-user.js';
import { guestUserOf } from './guest-token.js';
import { verifyToken } from './tokens.js';

export const SESSION_COOKIE = 'nezha_session';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export function registerRequestUser(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    request.user = null;
    // An embedded dashboard's guest: the token alone decides, whatever cookie the browser also sends.
    const guestHeader = request.headers['x-guesttoken'];
    if (guestHeader !== undefined) {
      const token = Array.isArray(guestHeader) ? guestHeader[0] : guestHeader;
      const guest = token ? await guestUserOf(ctx, token.trim()) : undefined;
      if (!guest) throw new HttpError(401, 'The guest token is invalid or has expired.');
      request.user = guest;
      return;
    }
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      const claims = verifyToken(header.slice(7).trim(), 'access', ctx.config.secretKey);
      const user = claims ? await cachedAuthUser(ctx.store, claims.sub) : undefined;
      // A logout or a password change since the token was issued revokes it.
      if (user && claims && user.tokenVersion === claims.ver) request.user = user;
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const session = await cachedSession(ctx.store, token);
    if (session) request.user = (await cachedAuthUser(ctx.store, session.userId, session)) ?? null;
  });
  // navigator.sendBeacon cannot set headers: the embedded page's log events carry the token in their body.
  app.addHook('preValidation', async (request) => {
    if (request.user || request.routeOptions.config?.guestTokenInBody !== true) return;
    const body = request.body as { guest_token?: unknown } | null | undefined;
    const token = body && typeof body === 'object' ? body.guest_token : undefined;
    if (typeof token !== 'string' || token === '') return;
    const guest = await guestUserOf(ctx, token.trim());
    if (!guest) throw new HttpError(401, 'The guest token is invalid or has expired.');
    request.user = guest;
  });
}
