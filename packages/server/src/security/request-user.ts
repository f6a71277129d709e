// Fastify hook that puts the caller on request.user from a bearer token or the session cookie.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app/context.js';
import { cachedAuthUser, cachedSession } from '../store/metadata-caches.js';
import type { AuthUser } from './current-user.js';
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
}
