// Options of the cookies Nezha sets: HttpOnly, SameSite=Lax, Secure over HTTPS or when the setting says so, and the
// session cookie domain when one is set.
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { NezhaConfig } from '../config/config.js';

/** request.protocol reads X-Forwarded-Proto only when NEZHA_TRUST_PROXY is on (Fastify's trustProxy). */
export function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

export function cookieOptions(
  request: FastifyRequest,
  config: NezhaConfig,
  maxAgeSeconds: number,
): CookieSerializeOptions {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.sessionCookieSecure || isHttps(request),
    maxAge: maxAgeSeconds,
    // Domain sharding: the chart-data hosts under one parent domain share the session (and so its CSRF token).
    ...(config.sessionCookieDomain ? { domain: config.sessionCookieDomain } : {}),
  };
}
