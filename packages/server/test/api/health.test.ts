// /health, /health/ready and /health/live of a one-process install: what the process is, and that it is up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('health answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('/health and /health/ready say 200 with the role, that jobs run here, in process, and nothing down', async () => {
    for (const url of ['/health', '/health/ready']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({
        status: 'ok',
        role: 'web',
        runs_jobs: true,
        queue: 'in-process',
        checks: { metadata: 'ok' },
        down: [],
      });
    }
  });

  it('/health/live answers without asking the services', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/health/live' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'ok', role: 'web' });
  });

  it('/health names the metadata store when it cannot be read, with 503; liveness still answers', async () => {
    const other = await startTestApp();
    await other.ctx.store.close();
    try {
      const answer = await other.app.inject({ method: 'GET', url: '/health' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({
        status: 'degraded',
        checks: { metadata: 'down' },
        down: ['metadata store'],
      });
      expect((await other.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    } finally {
      // The store is closed already; the rest (app, temp folders) still goes.
      await other.close().catch(() => undefined);
    }
  });
});
