// The assistant panel without a model (offline mode): a question in SQL Lab gives SQL and a result grid whose
// numbers a SQL query by the test gives, the SQL goes into the editor; a chart question opens in Explore, where the
// chart's data matches SQL again.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { type NezhaServer, startServer } from './support/server.js';
import { editorText, logIn, waitForEditor } from './support/sqllab-page.js';

type Row = Record<string, unknown>;

const REPLY = '[data-test="assistant-reply"]';

describe('assistant panel (offline mode)', () => {
  let server: NezhaServer;
  let browser: BrowserSession;
  let page: Page;
  let csrf: string;
  let examplesId: number;

  /** The engine's own answer, through SQL Lab's API on the examples database. */
  async function sql(text: string): Promise<Row[]> {
    const clientId = Math.random().toString(36).slice(2, 13).padEnd(11, 'x');
    const response = await page.request.post(`${server.url}/api/v1/sqllab/execute/`, {
      headers: { 'X-CSRFToken': csrf },
      data: { client_id: clientId, database_id: examplesId, sql: text, runAsync: false, queryLimit: 10_000 },
    });
    const body = (await response.json()) as { data?: Row[] };
    expect(response.status(), JSON.stringify(body)).toBe(200);
    return body.data ?? [];
  }

  async function ask(question: string, replies: number): Promise<void> {
    await page.locator('[data-test="assistant-input"]').fill(question);
    await page.locator('[data-test="assistant-send"]').click();
    await expect.poll(() => page.locator(REPLY).count(), { timeout: 60_000 }).toBe(replies);
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
    await logIn(page, server.url, server.adminUsername, server.adminPassword);
    await waitForEditor(page);
    const token = await page.request.get(`${server.url}/api/v1/security/csrf_token/`);
    csrf = ((await token.json()) as { result: string }).result;
    const databases = await page.request.get(`${server.url}/api/v1/database/`);
    const list = ((await databases.json()) as { result: Array<{ id: number; database_name: string }> }).result;
    examplesId = list.find((database) => database.database_name === 'examples')?.id ?? 0;
    expect(examplesId).toBeGreaterThan(0);
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('answers in SQL Lab with SQL and a result grid, and inserts the SQL into the editor', async () => {
    await page.locator('[data-test="assistant-toggle"]').click();
    await page.locator('[data-test="assistant-panel"] [data-test="assistant-input"]').waitFor({ timeout: 30_000 });
    await ask('births by state since 2000', 1);
    const reply = page.locator(REPLY).last();
    await reply.locator('[data-test="assistant-result"]').waitFor();
    expect(await reply.locator('[data-test="assistant-no-model"]').count()).toBe(1);

    const shown = await reply
      .locator('[data-test="assistant-result"] .ant-table-tbody tr.ant-table-row')
      .evaluateAll((rows) =>
        rows.map((row) => Array.from(row.children).map((cell) => (cell.textContent ?? '').trim())),
      );
    const expected = await sql(
      "SELECT state, SUM(num) AS births FROM birth_names WHERE ds >= TIMESTAMP '2000-01-01' GROUP BY state",
    );
    expect(Object.fromEntries(shown.map(([state, births]) => [state, Number(births)]))).toEqual(
      Object.fromEntries(expected.map((row) => [row.state, Number(row.births)])),
    );
    await browser.screenshot('assistant-sqllab-answer');

    const generated = ((await reply.locator('[data-test="assistant-sql"] pre').textContent()) ?? '').trim();
    expect(generated).toContain('birth_names');
    await reply.locator('[data-test="assistant-insert-sql"]').click();
    await expect.poll(async () => (await editorText(page)).trim()).toBe(generated);
  });

  it('answers a chart question and opens the chart in Explore with the same numbers as SQL', async () => {
    await ask('average price per symbol', 2);
    const reply = page.locator(REPLY).last();
    await reply.locator('[data-test="assistant-chart"]').waitFor();
    await browser.screenshot('assistant-chart-answer');
    await reply.locator('[data-test="assistant-open-explore"]').click();
    await page.waitForURL((url) => url.pathname.startsWith('/explore'));
    // Explore opened with form data alone waits for Run (spec §4: only a saved chart asks on load).
    const run = page.locator('[data-test="run-query"]');
    await run.waitFor({ timeout: 60_000 });
    const chartAnswer = page.waitForResponse(
      (response) => response.url().includes('/api/v1/chart/data') && response.request().method() === 'POST',
      { timeout: 60_000 },
    );
    await run.click();
    const answer = (await (await chartAnswer).json()) as { result: Array<{ data: Row[] }> };
    await page.locator('[data-chart-status="rendered"]').first().waitFor({ timeout: 60_000 });
    // Explore knows the dataset: its columns are listed, not a missing dataset.
    await page.locator('[data-test="explore-page"]').getByText('symbol', { exact: true }).first().waitFor();
    expect(await page.getByText('[Missing Dataset]').count()).toBe(0);
    const expected = await sql('SELECT symbol, AVG(price) AS price FROM stocks GROUP BY symbol');
    const want = Object.fromEntries(expected.map((row) => [row.symbol, Number(row.price)]));
    const got: Record<string, number> = {};
    for (const row of answer.result[0]?.data ?? []) {
      const value = Object.entries(row).find(([key]) => key !== 'symbol')?.[1];
      got[String(row.symbol)] = Number(value);
    }
    expect(Object.keys(got).sort()).toEqual(Object.keys(want).sort());
    for (const [symbol, value] of Object.entries(want)) expect(got[symbol]).toBeCloseTo(Number(value), 6);
    await browser.screenshot('assistant-explore-chart');
  });
});
