// Unit and integration tests of every package; browser tests have their own config under e2e/.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const coreSource = fileURLToPath(new URL('./packages/core/src/index.ts', import.meta.url));
const coreDashboardCss = fileURLToPath(new URL('./packages/core/src/dashboard/dashboard-css.ts', import.meta.url));

export default defineConfig({
  // The subpath first: an alias also matches the paths under its key.
  resolve: {
    alias: [
      { find: '@nezha/core/dashboard-css', replacement: coreDashboardCss },
      { find: '@nezha/core', replacement: coreSource },
    ],
  },
  test: {
    projects: [
      { extends: true, test: { name: 'core', include: ['packages/core/src/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts', 'packages/server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: { name: 'web', include: ['packages/web/src/**/*.test.ts', 'packages/web/src/**/*.test.tsx'] },
      },
    ],
  },
});
