// Vite build of the browser app: served by the API server from dist/ under /static/.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const coreSource = fileURLToPath(new URL('../core/src/index.ts', import.meta.url));
const coreDashboardCss = fileURLToPath(new URL('../core/src/dashboard/dashboard-css.ts', import.meta.url));
const apiServer = process.env.NEZHA_API_URL ?? 'http://localhost:8088';

export default defineConfig(({ command }) => ({
  // The server mounts dist/ at /static/ and answers every app route with dist/index.html.
  base: command === 'build' ? '/static/' : '/',
  plugins: [react()],
  // The subpath first: an alias also matches the paths under its key.
  resolve: {
    alias: [
      { find: '@nezha/core/dashboard-css', replacement: coreDashboardCss },
      { find: '@nezha/core', replacement: coreSource },
    ],
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Read by scripts/bundle-size.mjs to tell what each page downloads.
    manifest: true,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    proxy: Object.fromEntries(
      ['/api', '/login/', '/logout/', '/nezha', '/health'].map((path) => [path, { target: apiServer }]),
    ),
  },
}));
