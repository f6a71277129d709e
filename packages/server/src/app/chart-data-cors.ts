// CORS for domain sharding (Superset's SUPERSET_WEBSERVER_DOMAINS served with ENABLE_CORS and supports_credentials): a
// page served by one configured host calls the chart-data routes of another with its cookies and CSRF token. Only
// origins whose host is configured, and only the chart-data routes: every other origin and route stays same-origin,
// and the answer's Access-Control-Allow-Origin names the one caller, never `*` (credentials forbid it anyway).
import type { FastifyInstance } from 'fastify';
import type { NezhaConfig } from '../config/config.js';

const CHART_DATA_PATHS = [/^\/api\/v1\/chart\/data(?:\?|$)/, /^\/api\/v1\/dashboard\/[^/?]+\/chart_data(?:\?|$)/];

/** What a cross-origin chart-data call may send: its JSON body, the NDJSON accept, and its credential headers. */
const ALLOWED_HEADERS = 'Content-Type, Accept, X-CSRFToken, X-GuestToken';

export function isChartDataPath(url: string): boolean {
  return CHART_DATA_PATHS.some((path) => path.test(url));
}

/** The Origin header when it is exactly the origin of a configured host, else null. */
export function allowedOrigin(origin: string | undefined, hosts: readonly string[]): string | null {
  if (!origin) return null;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin) return null;
  return hosts.includes(url.host) ? origin : null;
}

export function registerChartDataCors(app: FastifyInstance, config: NezhaConfig): void {
  const hosts = config.webserverDomains;
  if (hosts.length === 0) return;
  app.addHook('onRequest', async (request, reply) => {
    if (!isChartDataPath(request.url)) return;
    reply.header('Vary', 'Origin');
    const origin = allowedOrigin(request.headers.origin, hosts);
    if (!origin) return;
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Access-Control-Allow-Credentials', 'true');
    if (request.method !== 'OPTIONS') return;
    // The preflight is answered here: no route serves OPTIONS, and the call it announces is checked when it comes.
    reply.header('Access-Control-Allow-Methods', 'POST');
    reply.header('Access-Control-Allow-Headers', ALLOWED_HEADERS);
    reply.header('Access-Control-Max-Age', '600');
    return reply.code(204).send();
  });
}
