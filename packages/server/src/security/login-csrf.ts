// CSRF for the login form, before any session exists: a random cookie and a token derived from it with the secret
// key (signed double submit), so another site cannot sign a browser in to an account of its choosing.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { NezhaConfig } from '../config/config.js';
import { csrfError } from './access.js';
import { cookieOptions } from './cookies.js';

export const LOGIN_CSRF_COOKIE = 'nezha_login_csrf';
const NONCE_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** Long enough for a login page left open; the cookie is renewed with each token. */
const LOGIN_CSRF_SECONDS = 24 * 3600;

function tokenFor(nonce: string, secretKey: string): string {
  return createHmac('sha256', `nezha:login-csrf:${secretKey}`).update(nonce).digest('base64url');
}

/** The token the login form must send back; sets the cookie it is bound to when the browser has none. */
export function issueLoginCsrfToken(request: FastifyRequest, reply: FastifyReply, config: NezhaConfig): string {
  const existing = request.cookies[LOGIN_CSRF_COOKIE];
  const nonce = existing && NONCE_SHAPE.test(existing) ? existing : randomBytes(32).toString('base64url');
  reply.setCookie(LOGIN_CSRF_COOKIE, nonce, cookieOptions(request, config, LOGIN_CSRF_SECONDS));
  return tokenFor(nonce, config.secretKey);
}

/** Throws the CSRF error unless `given` matches the login cookie, or the token of the session already open. */
export function assertLoginCsrf(
  request: FastifyRequest,
  config: NezhaConfig,
  given: string | undefined,
  sessionToken: string | undefined,
): void {
  if (!given) throw csrfError();
  if (sessionToken !== undefined && safeEqual(given, sessionToken)) return;
  const nonce = request.cookies[LOGIN_CSRF_COOKIE];
  if (!nonce || !NONCE_SHAPE.test(nonce) || !safeEqual(given, tokenFor(nonce, config.secretKey))) throw csrfError();
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
