// Sign-in for browsers (session cookie, CSRF-checked form) and API clients (bearer tokens), sign-out, CSRF tokens.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import { HttpError } from '../../errors/nezha-error.js';
import { issueTokens, rotateRefreshToken } from '../../security/bearer-tokens.js';
import { toBootstrapUser } from '../../security/bootstrap-user.js';
import { cookieOptions } from '../../security/cookies.js';
import { loadAuthUser } from '../../security/current-user.js';
import { authenticate } from '../../security/login.js';
import { assertLoginCsrf, issueLoginCsrfToken, LOGIN_CSRF_COOKIE } from '../../security/login-csrf.js';
import { SESSION_COOKIE } from '../../security/request-user.js';
import { revokeUserTokens } from '../../store/refresh-tokens.js';
import { createSession, deleteSession } from '../../store/sessions.js';
import { defineRoute, requireUser } from '../route.js';

const credentials = z.object({
  username: z.string().min(1).max(128),
  password: z.string().min(1).max(1024),
  provider: z.enum(['db']).default('db'),
  refresh: z.boolean().optional(),
});

export function registerSecurityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const setSessionCookie = (request: FastifyRequest, reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, cookieOptions(request, ctx.config, ctx.config.sessionLifetimeSeconds));
  const login = (request: FastifyRequest, body: { username: string; password: string }) =>
    authenticate(ctx.store.db, ctx.loginThrottle, { ...body, address: request.ip });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/security/login',
    access: { public: true },
    csrfExempt: true,
    body: credentials,
    handler: async ({ body, request }) => {
      const userId = await login(request, body);
      return issueTokens(ctx.store.db, ctx.config.secretKey, userId, body.refresh === true);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/security/refresh',
    access: { public: true },
    csrfExempt: true,
    handler: async ({ request }) => {
      const header = request.headers.authorization ?? '';
      if (!header.startsWith('Bearer ')) throw new HttpError(401, 'Not authorized');
      // Superset answers only an access token; the refresh token comes back too because the old one is now spent.
      return rotateRefreshToken(ctx.store.db, ctx.config.secretKey, header.slice(7).trim());
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/security/csrf_token/',
    // Public so the login page can fetch the token its form must send (bound to a cookie set here).
    access: { public: true },
    handler: async ({ user, request, reply }) => {
      if (!user) return { result: issueLoginCsrfToken(request, reply, ctx.config) };
      // Bearer clients have no cookie session to forge; they get an empty token and need none.
      return { result: user.session?.csrfToken ?? '' };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/login/',
    access: { public: true },
    // Checked below against the login cookie instead: no session exists yet to hold a token.
    csrfExempt: true,
    body: credentials.omit({ provider: true, refresh: true }).extend({ csrf_token: z.string().max(256).optional() }),
    handler: async ({ body, reply, request }) => {
      const header = request.headers['x-csrftoken'];
      assertLoginCsrf(
        request,
        ctx.config,
        (Array.isArray(header) ? header[0] : header) ?? body.csrf_token,
        request.user?.session?.csrfToken,
      );
      const userId = await login(request, body);
      if (request.user?.session) await deleteSession(ctx.store.db, request.user.session.id);
      const { token, session } = await createSession(ctx.store.db, userId, ctx.config.sessionLifetimeSeconds);
      const user = await loadAuthUser(ctx.store.db, userId, session);
      if (!user) throw new HttpError(401, 'Not authorized');
      setSessionCookie(request, reply, token);
      reply.clearCookie(LOGIN_CSRF_COOKIE, { path: '/' });
      return { result: toBootstrapUser(user), csrf_token: session.csrfToken };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/logout/',
    access: { authenticated: true },
    handler: async ({ user, reply }) => {
      const caller = requireUser(user);
      if (caller.session) await deleteSession(ctx.store.db, caller.session.id);
      // Logging out ends the user's API tokens too: one that leaked stops working when its owner signs out.
      await revokeUserTokens(ctx.store.db, caller.id);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: 'OK' };
    },
  });
}
