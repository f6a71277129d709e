// The assistant panel without a model (offline mode): a question in SQL Lab gives SQL and a result grid whose
// numbers a SQL query by the test gives, the SQL goes into the editor; a chart question is drawn in the panel, saved
// as a chart, and opens in Explore, where the chart's data matches SQL again. With a model (a scripted provider
// speaking the OpenAI protocol that never finishes its answer), Stop ends the reply as stopped.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
    // Drawn by the chart plugins, as wide as the panel.
    const canvas = reply.locator('[data-test="assistant-chart-canvas"]');
    await reply
      .locator('[data-test="assistant-chart-canvas"]:is([data-chart-status="rendered"], [data-chart-status="failed"])')
      .waitFor({ timeout: 60_000 });
    expect(await canvas.getAttribute('data-chart-status'), (await canvas.textContent()) ?? '').toBe('rendered');
    expect(
      await reply
        .locator('[data-test="assistant-chart-canvas"] canvas, [data-test="assistant-chart-canvas"] svg')
        .count(),
    ).toBeGreaterThan(0);
    await canvas.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await browser.screenshot('assistant-chart-answer');

    // Saved as a chart on a new dashboard, through the chart save path.
    await reply.locator('[data-test="assistant-save-chart"]').click();
    const name = page.locator('[data-test="assistant-save-name"]');
    await name.waitFor();
    expect(await name.inputValue()).toBe('average price per symbol');
    await name.fill('Assistant: average price');
    await page.locator('[data-test="assistant-save-dashboard"]').click();
    await page.locator('[data-test="assistant-save-dashboard"] input').fill('Assistant charts');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Create "Assistant charts"' })
      .click();
    await page.locator('[data-test="assistant-save-confirm"]').click();
    const savedLink = reply.locator('[data-test="assistant-saved-chart"]');
    await savedLink.waitFor({ timeout: 30_000 });
    const sliceId = Number(
      new URL((await savedLink.getAttribute('href')) ?? '', server.url).searchParams.get('slice_id'),
    );
    const saved = (await (await page.request.get(`${server.url}/api/v1/chart/${sliceId}`)).json()) as {
      result: { slice_name: string; viz_type: string; params: string; dashboards: Array<{ dashboard_title: string }> };
    };
    expect(saved.result.slice_name).toBe('Assistant: average price');
    expect(saved.result.dashboards.map((dashboard) => dashboard.dashboard_title)).toEqual(['Assistant charts']);
    expect((JSON.parse(saved.result.params) as { viz_type: string }).viz_type).toBe(saved.result.viz_type);

    // A conversation read back from the server draws its chart again.
    await page.reload();
    await waitForEditor(page);
    await page.locator('[data-test="assistant-toggle"]').click();
    const conversations = page.locator('[data-test="assistant-conversations"]');
    await conversations.waitFor({ timeout: 30_000 });
    await conversations.click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'births by state since 2000' })
      .click();
    await expect.poll(() => page.locator(REPLY).count(), { timeout: 30_000 }).toBe(2);
    await page
      .locator(`${REPLY} [data-test="assistant-chart-canvas"][data-chart-status="rendered"]`)
      .first()
      .waitFor({ timeout: 60_000 });
    const reread = page.locator(REPLY).last();
    await reread.locator('[data-test="assistant-open-explore"]').click();
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

    // Explore's assistant toggle is in the chart header (not over the status bar's timer), reachable by keyboard.
    const toggle = page.locator('[data-test="chart-header"] [data-test="assistant-toggle"]');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-test="assistant-panel"] [data-test="assistant-input"]').waitFor({ timeout: 30_000 });
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await browser.screenshot('assistant-explore-panel');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-test="assistant-panel"]').count()).toBe(0);
  });
});

describe('assistant panel with a model: Stop', () => {
  let server: NezhaServer;
  let browser: BrowserSession;
  let provider: Server;
  /** Whether the provider's answer was cut by its client before it ended. */
  const answers: Array<{ aborted: boolean }> = [];

  beforeAll(async () => {
    // The model's stand-in: streams the start of an answer, then never finishes it.
    provider = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        const answer = { aborted: false };
        answers.push(answer);
        response.on('close', () => {
          if (!response.writableEnded) answer.aborted = true;
        });
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        const chunk = (delta: Record<string, unknown>) =>
          `data: ${JSON.stringify({ choices: [{ index: 0, delta }] })}\n\n`;
        response.write(chunk({ role: 'assistant' }) + chunk({ content: 'Looking through the orders' }));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const { port } = provider.address() as AddressInfo;
    server = await startServer({
      examples: false,
      env: {
        NEZHA_ASSISTANT_PROVIDER: 'openai',
        NEZHA_ASSISTANT_URL: `http://127.0.0.1:${port}/v1`,
        NEZHA_ASSISTANT_MODEL: 'scripted-model',
        NEZHA_ASSISTANT_API_KEY: 'e2e-key',
        NEZHA_ASSISTANT_RETRIES: '0',
      },
    });
    browser = await launchBrowser();
    await logIn(browser.page, server.url, server.adminUsername, server.adminPassword);
    await waitForEditor(browser.page);
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    provider?.closeAllConnections();
    await new Promise<void>((resolve) => (provider ? provider.close(() => resolve()) : resolve()));
  });

  it('stops a reply that is still streaming, keeps it as stopped, and takes the next question', async () => {
    const page = browser.page;
    await page.locator('[data-test="assistant-toggle"]').click();
    const input = page.locator('[data-test="assistant-panel"] [data-test="assistant-input"]');
    await input.waitFor({ timeout: 30_000 });
    await input.fill('How many orders are there?');
    await page.locator('[data-test="assistant-send"]').click();
    const streaming = page.locator('[data-test="assistant-streaming"]');
    await streaming.getByText('Looking through the orders').waitFor({ timeout: 30_000 });
    expect(answers).toHaveLength(1);
    await browser.screenshot('assistant-streaming');

    await page.locator('[data-test="assistant-stop"]').click();
    const reply = page.locator(REPLY).last();
    await reply.locator('[data-test="assistant-stopped"]').waitFor({ timeout: 30_000 });
    expect(await reply.textContent()).toContain('Looking through the orders');
    expect(await streaming.count()).toBe(0);
    // The server's call to the provider was cut as well.
    await expect.poll(() => answers[0]?.aborted, { timeout: 30_000 }).toBe(true);
    // The stored reply ends as stopped, with the text streamed before the stop.
    const list = (await (await page.request.get(`${server.url}/api/v1/assistant/conversations`)).json()) as {
      result: Array<{ id: number }>;
    };
    const id = list.result[0]?.id ?? 0;
    const readBack = async () =>
      (
        (await (await page.request.get(`${server.url}/api/v1/assistant/conversations/${id}`)).json()) as {
          result: { messages: Array<{ role: string; parts: Array<Record<string, unknown>> }> };
        }
      ).result.messages;
    await expect.poll(async () => (await readBack()).length, { timeout: 30_000 }).toBe(2);
    expect((await readBack())[1]?.parts).toEqual([
      { type: 'text', text: 'Looking through the orders' },
      { type: 'notice', code: 'stopped' },
    ]);
    await browser.screenshot('assistant-stopped');

    // The input takes the next question.
    await input.fill('And now?');
    const send = page.locator('[data-test="assistant-send"]');
    await expect.poll(() => send.isEnabled()).toBe(true);
    await send.click();
    await streaming.getByText('Looking through the orders').waitFor({ timeout: 30_000 });
    expect(answers).toHaveLength(2);
    await page.locator('[data-test="assistant-stop"]').click();
    await expect.poll(() => page.locator(REPLY).count(), { timeout: 30_000 }).toBe(2);
  });
});
