// GLOBAL_ASYNC_QUERIES in a real browser: explore asks for an example chart's data, the server answers 202, the page
// polls /api/v1/async_event/ for the job's event, reads result_url and draws the chart.
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { type NezhaServer, startServer } from './support/server.js';

describe('async chart queries', () => {
  let server: NezhaServer;
  let browser: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ env: { NEZHA_FEATURE_GLOBAL_ASYNC_QUERIES: 'true' } });
    browser = await launchBrowser();
    page = browser.page;
    await page.goto(`${server.url}/login/`);
    await page.fill('#username', server.adminUsername);
    await page.fill('#password', server.adminPassword);
    await page.click('[data-test="login-submit"]');
    await page.waitForURL(/\/sqllab\/$/);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('draws an example chart through the 202 path', async () => {
    const q = encodeURIComponent('(filters:!((col:viz_type,opr:eq,value:big_number_total)),page:0,page_size:1)');
    const charts = (await (await page.request.get(`${server.url}/api/v1/chart/?q=${q}`)).json()) as {
      result: Array<{ id: number }>;
    };
    const sliceId = charts.result[0]?.id;
    expect(sliceId, 'an example big number chart').toBeDefined();

    const seen: Response[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/v1/chart/data') || response.url().includes('/api/v1/async_event/')) {
        seen.push(response);
      }
    });
    await page.goto(`${server.url}/explore/?slice_id=${sliceId}`);
    await page.locator('[data-test="chart-container"][data-chart-status="rendered"]').waitFor({ timeout: 60_000 });

    const posted = seen.filter((r) => r.request().method() === 'POST' && r.url().includes('/api/v1/chart/data'));
    expect(posted.map((r) => r.status())).toContain(202);
    expect(seen.some((r) => r.url().includes('/api/v1/async_event/') && r.status() === 200)).toBe(true);
    expect(seen.some((r) => /\/api\/v1\/chart\/data\/[0-9a-f]{64}$/.test(r.url()) && r.status() === 200)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('last_async_event_id'))).toMatch(/^\d+-\d+$/);
    await browser.screenshot('async-queries-01-rendered');
  });
});
