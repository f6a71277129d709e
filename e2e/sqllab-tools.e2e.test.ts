// SQL Lab's everyday tools in a real browser: a typo's syntax error, the user's own LIMIT in errors, scheduling a
// saved query twice, the Query history page (filters, preview, who may see it) and completion ranking.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, clickNavMenuLink, popupsAtRest } from './support/antd.js';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { logIn as logInPage } from './support/login.js';
import { type NezhaServer, repoRoot, startServer } from './support/server.js';
import { editorText, logIn, runSql, setSql, waitForActiveTab, waitForEditor } from './support/sqllab-page.js';

/** The screenshots the brief asks for, beside the e2e ones: the history page at two sizes. */
const SHOTS = join(repoRoot, '..', 'shots', 'sqltools');
const ERROR = '[data-test="query-error"]';
const suffix = Date.now().toString(36);

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('[data-test="toast"]', { hasText: text }).first().waitFor();
}

/** The rows the history table shows: its cells' texts. */
async function historyRows(page: Page): Promise<string[][]> {
  return page
    .locator('[data-test="query-history-list"] .ant-table-tbody tr.ant-table-row')
    .evaluateAll((rows) => rows.map((row) => Array.from(row.children).map((cell) => (cell.textContent ?? '').trim())));
}

/** Waits until the history table has loaded (no spinner) and shows exactly the rows `check` accepts. */
async function waitForHistory(page: Page, check: (rows: string[][]) => boolean): Promise<string[][]> {
  let seen: string[][] = [];
  await expect
    .poll(
      async () => {
        const loading = await page.locator('[data-test="query-history-list"] .ant-spin-spinning').count();
        seen = await historyRows(page);
        return loading === 0 && check(seen);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return seen;
}

describe('SQL Lab tools', () => {
  let server: NezhaServer;
  let browser: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
    await mkdir(SHOTS, { recursive: true });
    await logIn(page, server.url, server.adminUsername, server.adminPassword);
    await waitForEditor(page);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('reports a typo in the first word as a syntax error, not as data manipulation', async () => {
    await runSql(page, `SELEC * FROM seattle_weather -- typo_${suffix}`);
    const error = page.locator(ERROR);
    await error.getByText('Please check your query for syntax errors at or near "SELEC"').first().waitFor();
    const text = (await error.textContent()) ?? '';
    expect(text).not.toContain('Only SELECT statements');
    expect(text).not.toContain('Data manipulation');
    await browser.screenshot('sqllab-tools-01-syntax-error');
  });

  it('shows the LIMIT the user typed in an error, never the extra row asked of the engine', async () => {
    await runSql(page, `SELECT nz_missing_${suffix} FROM seattle_weather LIMIT 7`);
    const error = page.locator(ERROR);
    await error.getByText(`nz_missing_${suffix}`).first().waitFor();
    const text = (await error.textContent()) ?? '';
    // DuckDB quotes the statement's line in its error.
    expect(text).toContain('LIMIT 7');
    expect(text).not.toContain('LIMIT 8');
    await browser.screenshot('sqllab-tools-02-limit-in-error');
  });

  it('scheduling a query twice keeps one saved query, and the list shows its schedule', async () => {
    const name = `Scheduled ${suffix}`;
    await setSql(page, `SELECT date, precipitation FROM seattle_weather ORDER BY date LIMIT 3 -- ${suffix}`);
    const schedule = async (frequency: string) => {
      await page.click('[data-test="schedule-query"]');
      const dialog = page.locator('.ant-modal', { hasText: 'Schedule query' });
      await dialog.waitFor();
      await page.fill('[data-test="schedule-name"]', name);
      await page.fill('[data-test="schedule-start"]', '2026-12-01T06:00');
      await chooseOption(page, page.locator('[data-test="schedule-frequency"]'), frequency);
      await page.click('[data-test="schedule-submit"]');
      await dialog.waitFor({ state: 'detached' });
    };
    await schedule('Daily');
    await toast(page, 'Your query has been scheduled');
    await waitForActiveTab(page, name);
    await schedule('Hourly');

    await page.goto(`${server.url}/savedqueryview/list/`);
    await page.fill('[data-test="saved-query-search"] input', name);
    await page.keyboard.press('Enter');
    const rows = page.locator('[data-test="saved-query-list"] .ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.allTextContents(), { timeout: 20_000 }).toEqual([expect.stringContaining(name)]);
    await expect.poll(() => rows.locator('[data-test="saved-query-schedule"]').textContent()).toBe('Hourly');
    await expect.poll(() => page.locator('[data-test="saved-query-list"] thead').textContent()).toContain('Schedule');
    await browser.screenshot('sqllab-tools-03-saved-schedule');
    // The API agrees: one saved query of that name.
    const q = encodeURIComponent(`(filters:!((col:label,opr:ct,value:'${name}')))`);
    const listed = (await (await page.request.get(`${server.url}/api/v1/saved_query/?q=${q}`)).json()) as {
      count: number;
      result: Array<{ extra?: { schedule_info?: { schedule_interval?: string } } }>;
    };
    expect(listed.count).toBe(1);
    expect(listed.result[0]?.extra?.schedule_info?.schedule_interval).toBe('0 * * * *');
  });

  it('the Query history page, reached from the SQL menu, filters by state and shows the query just run', async () => {
    await page.goto(`${server.url}/sqllab/`);
    await waitForEditor(page);
    const okSql = `SELECT date FROM seattle_weather ORDER BY date LIMIT 4 -- history_${suffix}`;
    await runSql(page, okSql);
    await page.locator('[data-test="query-results"]').waitFor();

    await clickNavMenuLink(page, 'nav-sql', 'nav-query-history');
    await page.waitForURL(/\/sqllab\/history\/$/);
    await waitForHistory(page, (rows) => rows.length > 0);

    // The run just made is the newest, and the page says it succeeded, with its rows.
    const newest = (await waitForHistory(page, (rows) => (rows[0]?.join(' ') ?? '').includes(`history_${suffix}`)))[0];
    expect(newest?.[0]).toBe('success');
    expect(newest).toContain('examples');
    expect(newest?.[8]).toBe('4');
    // Tables: what the SQL reads, found by the server's tokenizer.
    expect(newest?.[9]).toBe('seattle_weather');

    // State: failed lists the failed runs of this test and nothing else.
    await chooseOption(page, page.locator('[data-test="query-history-state"]'), 'failed');
    const failed = await waitForHistory(
      page,
      (rows) => rows.length > 0 && rows.every((row) => row[0] === 'failed') && rows.length === 2,
    );
    expect(failed.map((row) => row[5]).sort()).toEqual([
      `SELEC * FROM seattle_weather -- typo_${suffix}`,
      `SELECT nz_missing_${suffix} FROM seattle_weather LIMIT 7`,
    ]);

    // Text search narrows further; clearing the state brings the successful run back.
    await page.fill('[data-test="query-history-search"] input', `typo_${suffix}`);
    await page.keyboard.press('Enter');
    await waitForHistory(page, (rows) => rows.length === 1 && (rows[0]?.[5] ?? '').includes(`typo_${suffix}`));
    await page.mouse.move(1, 1);
    await page.locator('[data-test="query-history-state"]').hover();
    await page.locator('[data-test="query-history-state"] .ant-select-clear').click();
    await page.fill('[data-test="query-history-search"] input', `history_${suffix}`);
    await page.keyboard.press('Enter');
    await waitForHistory(page, (rows) => rows.length === 1 && rows[0]?.[0] === 'success');

    // The preview shows the query as typed and as executed, with the user's LIMIT.
    await page.click('[data-test="query-history-sql"]');
    const preview = page.locator('.ant-modal', { hasText: 'Query preview' });
    await preview.waitFor();
    await preview.getByText('Executed query').click();
    await expect.poll(() => preview.locator('[data-test="preview-sql"]').textContent()).toContain('LIMIT 4');
    expect(await preview.locator('[data-test="preview-sql"]').textContent()).not.toContain('LIMIT 5');
    await preview.locator('.ant-modal-close').click();
    await preview.waitFor({ state: 'detached' });

    await page.locator('[data-test="query-history-search"] input').fill('');
    await page.keyboard.press('Enter');
    await waitForHistory(page, (rows) => rows.length >= 3);
    await page.screenshot({ path: join(SHOTS, 'query-history-1440x900.png'), animations: 'disabled' });
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.mouse.move(1, 1);
    await waitForHistory(page, (rows) => rows.length >= 3);
    await page.screenshot({ path: join(SHOTS, 'query-history-1024x768.png'), animations: 'disabled' });
    await page.setViewportSize({ width: 1440, height: 900 });

    // Open in SQL Lab puts the run's SQL in a tab.
    await page.fill('[data-test="query-history-search"] input', `history_${suffix}`);
    await page.keyboard.press('Enter');
    await waitForHistory(page, (rows) => rows.length === 1);
    await page.click('[data-test="open-in-sqllab"]');
    await page.waitForURL(/\/sqllab\//);
    await waitForEditor(page);
    await expect.poll(() => editorText(page), { timeout: 20_000 }).toBe(okSql);
  });

  it('a user without the Query list permission gets the 403 page and no menu entry', async () => {
    const api = page.request;
    const csrf = ((await (await api.get(`${server.url}/api/v1/security/csrf_token/`)).json()) as { result: string })
      .result;
    const roles = (await (await api.get(`${server.url}/api/v1/security/roles/?q=(page_size:100)`)).json()) as {
      result: Array<{ id: number; name: string }>;
    };
    const gammaRole = roles.result.find((item) => item.name === 'Gamma');
    const password = `Gamma-${suffix}-pw`;
    const created = await api.post(`${server.url}/api/v1/security/users/`, {
      headers: { 'X-CSRFToken': csrf },
      data: {
        username: `gamma_${suffix}`,
        first_name: 'Gail',
        last_name: 'Gamma',
        email: `gamma_${suffix}@example.com`,
        active: true,
        password,
        roles: [gammaRole?.id],
      },
    });
    expect(created.status()).toBe(201);
    const gamma = await launchBrowser();
    try {
      await logInPage(gamma.page, server.url, `gamma_${suffix}`, password);
      await gamma.page.goto(`${server.url}/sqllab/history/`);
      await gamma.page.getByText('You do not have permission to view this page.').waitFor();
      expect(await gamma.page.locator('[data-test="query-history-list"]').count()).toBe(0);
      // The menu is open (its SQL Lab link shows) and has no Query history entry.
      await gamma.page.hover('[data-test="nav-sql"]');
      await gamma.page.locator('[data-test="nav-sqllab"]').waitFor();
      await popupsAtRest(gamma.page);
      expect(await gamma.page.locator('[data-test="nav-query-history"]').count()).toBe(0);
      const listed = await gamma.page.request.get(`${server.url}/api/v1/query/`);
      expect(listed.status()).toBe(403);
    } finally {
      await gamma.close();
    }
  });

  it('completion offers tables and aliases before the keywords that share their letters', async () => {
    await page.goto(`${server.url}/sqllab/`);
    await waitForEditor(page);
    await setSql(page, 'SELECT * FROM seattle_weather zw WHERE ');
    await page.keyboard.type('z');
    const completion = page.locator('.cm-tooltip-autocomplete');
    await completion.waitFor();
    await expect.poll(() => completion.locator('li').first().textContent()).toContain('zw');
    await setSql(page, 'SELECT * FROM ');
    await page.keyboard.type('sea');
    await completion.waitFor();
    await expect
      .poll(async () => {
        const items = await completion.locator('li').allTextContents();
        return items[0]?.startsWith('seattle_weather') ?? false;
      })
      .toBe(true);
    const labels = await completion.locator('li .cm-completionLabel').allTextContents();
    const firstKeyword = labels.findIndex((label) => label === label.toUpperCase());
    const lastTable = labels.findLastIndex((label) => label.startsWith('sea') && label !== label.toUpperCase());
    expect(firstKeyword === -1 || lastTable < firstKeyword).toBe(true);
    await browser.screenshot('sqllab-tools-04-completion');
    await page.keyboard.press('Escape');
  });
});
