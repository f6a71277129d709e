// Serves the built browser app: assets under /static/, index.html for every app route.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { routePreloader, withPreloads } from './route-preloads.js';

/** packages/web/dist beside this package, or NEZHA_WEB_DIST. */
export function resolveWebDist(configured: string | null): string {
  if (configured) return configured;
  return fileURLToPath(new URL('../../../web/dist', import.meta.url));
}

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Nezha</title>
<p>The web app is not built. Run <code>npm run build</code> and restart.</p>`;

/** Registers the static assets and the SPA fallback; answers the app's index.html for routes of its own. */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<string> {
  const indexFile = path.join(distDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/static/',
      index: false,
      wildcard: true,
      // Vite names what it puts under assets/ by their content hash: a new build is a new name, so those never change.
      // Anything else in dist keeps its name across builds and is checked again each time.
      cacheControl: false,
      // The build writes .br and .gz copies of its text assets (packages/web/scripts/precompress.mjs): sent as they
      // are when the browser takes them, so a cold page costs file reads, not a compression per file per request.
      // A file without copies is compressed on the fly (app/compression.ts) as before.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const hashed = path.relative(distDir, filePath).split(path.sep)[0] === 'assets';
        reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const html = built ? readFileSync(indexFile, 'utf8') : NOT_BUILT;
  const preloads = built ? routePreloader(distDir) : () => '';

  app.setNotFoundHandler((request, reply) => {
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/static/');
    if (request.method === 'GET' && wantsHtml && !isApi) {
      return reply
        .code(200)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(withPreloads(html, preloads(request.url)));
    }
    return reply.code(404).send({ message: 'Not found' });
  });
  return html;
}
