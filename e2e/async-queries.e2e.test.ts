// GLOBAL_ASYNC_QUERIES in a real browser: explore asks for an example chart's data, the server answers 202, the page
// hears of the job's event (over the websocket by default, by polling /api/v1/async_event/ with the polling
// transport), reads result_url and draws the chart.
import type { Page, Response, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { type NezhaServer, startServer } from './support/server.js';
import { logIn } from './support/sqllab-page.js';

/** A poll of the event list, not the websocket's address under it. */
const POLL_URL = /\/api\/v1\/async_event\/(\?|$)/;
const WS_URL = /\/api\/v1\/async_event\/ws(\?|$)/;

for (const transport of ['ws', 'polling'] as const) {
  describe(`async chart queries with the ${transport} transport`, () => {
    let server: NezhaServer;
    let browser: BrowserSession;
    let page: Page;

    beforeAll(async () => {
      server = await startServer({
        env: { NEZHA_FEATURE_GLOBAL_ASYNC_QUERIES: 'true', NEZHA_GLOBAL_ASYNC_QUERIES_TRANSPORT: transport },
      });
      browser = await launchBrowser();
      page = browser.page;
      await logIn(page, server.url, server.adminUsername, server.adminPassword);
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
        if (response.url().includes('/api/v1/chart/data') || POLL_URL.test(response.url())) seen.push(response);
      });
      const sockets: WebSocket[] = [];
      const frames: string[] = [];
      page.on('websocket', (socket) => {
        if (!WS_URL.test(socket.url())) return;
        sockets.push(socket);
        socket.on('framereceived', (frame) => frames.push(String(frame.payload)));
      });
      await page.goto(`${server.url}/explore/?slice_id=${sliceId}`);
      await page.locator('[data-test="chart-container"][data-chart-status="rendered"]').waitFor({ timeout: 60_000 });

      const posted = seen.filter((r) => r.request().method() === 'POST' && r.url().includes('/api/v1/chart/data'));
      expect(posted.map((r) => r.status())).toContain(202);
      const jobIds = await Promise.all(
        posted.filter((r) => r.status() === 202).map(async (r) => (await r.json()).job_id),
      );
      const polls = seen.filter((r) => POLL_URL.test(r.url()));
      if (transport === 'ws') {
        // The event came over the socket: one was opened, it carried the job's done event, and nothing polled.
        expect(sockets).toHaveLength(1);
        const events = frames.map((frame) => JSON.parse(frame) as { job_id: string; status: string });
        expect(events.filter((event) => jobIds.includes(event.job_id)).map((event) => event.status)).toContain('done');
        expect(polls).toEqual([]);
      } else {
        expect(sockets).toEqual([]);
        expect(polls.some((r) => r.status() === 200)).toBe(true);
      }
      expect(seen.some((r) => /\/api\/v1\/chart\/data\/[0-9a-f]{64}$/.test(r.url()) && r.status() === 200)).toBe(true);
      expect(await page.evaluate(() => localStorage.getItem('last_async_event_id'))).toMatch(/^\d+-\d+$/);
      await browser.screenshot(`async-queries-${transport}-01-rendered`);
    });
  });
}
