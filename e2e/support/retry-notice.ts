// Prints every browser test attempt that fails, so a retry in CI (e2e/vitest.config.ts) is never silent.
import { beforeEach } from 'vitest';

beforeEach((context) => {
  context.onTestFailed(() => {
    const result = context.task.result;
    const attempt = (result?.retryCount ?? 0) + 1;
    const reason = result?.errors?.[0]?.message?.split('\n')[0] ?? '';
    console.warn(`[e2e retry notice] "${context.task.name}" failed on attempt ${attempt}: ${reason}`);
  });
});
