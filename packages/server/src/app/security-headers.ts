// Security headers on every answer: a Content-Security-Policy without inline scripts, framing rules from the
// settings, nosniff, the referrer policy, and HSTS when the request came over HTTPS.
import type { FastifyInstance } from 'fastify';
import type { NezhaConfig } from '../config/config.js';
import { isHttps } from '../security/cookies.js';

/** A Host header we are willing to repeat in the policy (it comes from the client). */
const SAFE_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export interface HeaderInput {
  frameAncestors: string;
  /** The chart-data hosts of domain sharding, which the page may call. */
  connectHosts?: readonly string[];
  https: boolean;
  host: string | undefined;
}

export function contentSecurityPolicy({ frameAncestors, host, connectHosts = [] }: HeaderInput): string {
  // 'self' covers ws/wss of the page's own origin in CSP level 3; older engines need them spelled out.
  const sockets = host && SAFE_HOST.test(host) ? ` ws://${host} wss://${host}` : '';
  // Scheme-less host sources: they match the page's own scheme. The config checked that each is a host name.
  const shards = connectHosts.filter((shard) => SAFE_HOST.test(shard) && shard !== host).map((shard) => ` ${shard}`);
  return [
    "default-src 'self'",
    "script-src 'self'",
    // antd (cssinjs) and CodeMirror insert style elements at run time.
    "style-src 'self' 'unsafe-inline'",
    // html-to-image (dashboard image/PDF export) draws through data: and blob: images and inlines fonts as data:.
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${sockets}${shards.join('')}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

function securityHeaders(input: HeaderInput): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy(input),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
  // Only for the two values it can express; with other ancestors it would forbid what frame-ancestors allows.
  if (input.frameAncestors === "'self'") headers['X-Frame-Options'] = 'SAMEORIGIN';
  if (input.frameAncestors === "'none'") headers['X-Frame-Options'] = 'DENY';
  // Over plain HTTP browsers ignore it, and a proxy-less server must not promise HTTPS it does not serve.
  if (input.https) headers['Strict-Transport-Security'] = 'max-age=31536000';
  return headers;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The embedded page's own frame-ancestors (its dashboard's allowed domains), in place of the setting's. */
    frameAncestors: string | null;
  }
}

export function registerSecurityHeaders(app: FastifyInstance, config: NezhaConfig): void {
  app.decorateRequest('frameAncestors', null);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(
      securityHeaders({
        frameAncestors: request.frameAncestors ?? config.frameAncestors,
        connectHosts: config.webserverDomains,
        https: isHttps(request),
        host: request.headers.host,
      }),
    );
    return payload;
  });
}
