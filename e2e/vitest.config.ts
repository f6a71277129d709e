// Browser tests: `npm run e2e` starts a real server and drives Debian's Chromium against it.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  test: {
    root: repoRoot,
    include: ['e2e/**/*.e2e.test.ts'],
    // Server start (init, load-examples) and a cold browser take a while on two cores.
    testTimeout: 120_000,
    hookTimeout: 600_000,
    fileParallelism: false,
    // In CI a failed browser test runs once more; support/retry-notice.ts prints each failed attempt, so a retry is
    // seen in the log (and a flaky test still gets fixed). Locally a failure is a failure.
    retry: process.env.CI ? 1 : 0,
    setupFiles: ['e2e/support/retry-notice.ts'],
    reporters: ['default'],
  },
});
