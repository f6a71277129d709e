// SQL Lab in a real browser: run, complete, stop, tabs, reload in both persistence modes, save, share,
// a chart's form post, and a million-row result scrolled to its end.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { type NezhaServer, startServer } from './support/server.js';
import {
  activeTabName,
  addTab,
  addTableToLeftBar,
  chooseQueryLimit,
  editorText,
  exerciseTabs,
  gridRows,
  logIn,
  rowsReturned,
  runSql,
  serverTabLabels,
  setSql,
  TABS,
  tabMenu,
  tabNames,
  waitForActiveTab,
  waitForEditor,
  waitForResults,
} from './support/sqllab-page.js';

const MILLION = 1_000_000;
// A trillion rows to test: no machine ends it before the Stop click (ten billion to count took ~1 s on a fast one).
const LONG_QUERY = 'SELECT count(*) FROM range(1000000) a, range(1000000) b WHERE (a.range * b.range) % 7 = 3';

/** Failures the scenario provokes on purpose; any other 4xx/5xx answer fails the test. */
const EXPECTED_FAILURES = [
  // The stopped run's own request answers 400 "Query was stopped.".
  { method: 'POST', path: '/api/v1/sqllab/execute/', status: 400 },
];

function isExpected(failure: { method: string; url: string; status: number }): boolean {
  const path = new URL(failure.url).pathname;
  return EXPECTED_FAILURES.some((e) => e.method === failure.method && e.path === path && e.status === failure.status);
}

function unexpectedProblems(session: BrowserSession): { failures: unknown[]; errors: string[] } {
  return {
    failures: session.failedResponses.filter((failure) => !isExpected(failure)),
    // Chromium logs every 4xx answer as a console error; the expected ones are not the app's errors.
    errors: session.consoleErrors.filter(
      (line) =>
        !(
          line.startsWith('Failed to load resource: the server responded with a status of') &&
          session.failedResponses.some((failure) => isExpected(failure) && line.includes(failure.url))
        ),
    ),
  };
}

describe('SQL Lab', () => {
  let server: NezhaServer;
  let localServer: NezhaServer;
  let browser: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    [server, localServer] = await Promise.all([
      startServer({ env: { SQL_MAX_ROW: String(MILLION) } }),
      startServer({ env: { SQL_MAX_ROW: String(MILLION), NEZHA_FEATURE_SQLLAB_BACKEND_PERSISTENCE: 'false' } }),
    ]);
    browser = await launchBrowser();
    page = browser.page;
    await logIn(page, server.url, server.adminUsername, server.adminPassword);
    await waitForEditor(page);
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([server?.stop(), localServer?.stop()]);
  });

  it('runs a query on the example data and reads the result grid', async () => {
    expect(await activeTabName(page)).toBe('Untitled Query 1');
    await runSql(page, 'SELECT location, count(*) AS days FROM weather GROUP BY 1 ORDER BY 1');
    expect(await rowsReturned(page)).toBe('2 rows returned');
    const rows = await gridRows(page);
    expect(rows.map((row) => row.slice(0, 3))).toEqual([
      ['1', 'New York', '1461'],
      ['2', 'Seattle', '1461'],
    ]);
    await browser.screenshot('sqllab-01-results');
  });

  it("offers a column of the table added in the left bar while typing, and previews the table's data", async () => {
    await addTableToLeftBar(page, 'seattle_weather');
    const panel = page.locator('[data-test="table-schema-panels"]');
    await panel.getByText('temp_max').waitFor();
    await page.locator('[data-test="data-preview"] [data-test="rows-returned"]').waitFor();
    await setSql(page, 'SELECT ');
    await page.keyboard.type('temp_m');
    const completion = page.locator('.cm-tooltip-autocomplete');
    await completion.waitFor();
    expect(await completion.textContent()).toContain('temp_max');
    await browser.screenshot('sqllab-02-autocomplete');
    // Picked with the pointer: CodeMirror ignores Enter for a moment after the list opens or changes (its
    // interactionDelay), and the columns arrive asynchronously, so an Enter can land as a new line instead.
    await completion.locator('li[aria-selected="true"]', { hasText: 'temp_max' }).waitFor();
    const option = completion.locator('li', { hasText: 'temp_max' }).first();
    try {
      await option.click({ timeout: 10_000 });
    } catch {
      // The list closed before the click (the editor lost it): ask for it again, as a user would with Ctrl+Space.
      console.warn('[e2e notice] the completion list closed before the click; reopened with Ctrl+Space');
      await page.keyboard.press('Control+Space');
      await option.click({ timeout: 10_000 });
    }
    await expect.poll(() => editorText(page)).toBe('SELECT temp_max');
  });

  it('stops a long query', async () => {
    await setSql(page, LONG_QUERY);
    await page.click('[data-test="run-query"]');
    await page.locator('[data-test="query-running"]').waitFor();
    await page.locator('[data-test="stop-query"]').waitFor();
    await page.waitForTimeout(1000);
    await browser.screenshot('sqllab-03-running');
    await page.click('[data-test="stop-query"]');
    await page.locator('[data-test="query-stopped"]').waitFor();
    await page.getByText('Query was stopped.').first().waitFor();
    await page.locator('[data-test="run-query"]').waitFor();
    await browser.screenshot('sqllab-04-stopped');
  });

  it('opens, renames, clones (running the copy), cycles and closes tabs', async () => {
    await exerciseTabs(page, () => browser.screenshot('sqllab-05-tabs'));
  });

  it('with backend persistence, a reload (browser storage emptied) gets the same tabs back from the server', async () => {
    const names = await tabNames(page);
    // The background sync moves the tabs to the server within a round or two (5 s each).
    await expect.poll(() => serverTabLabels(page), { timeout: 20_000, interval: 500 }).toEqual(names);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await waitForEditor(page);
    expect(await tabNames(page)).toEqual(names);
    await waitForActiveTab(page, 'Renamed tab');
    expect(await editorText(page)).toBe("SELECT 'second tab' AS label");
    await browser.screenshot('sqllab-06-reload-server');
  });

  it('without backend persistence, a reload gets the same tabs back from the browser storage', async () => {
    // A browser of its own: cookies do not tell ports apart, so one browser holds one server's session.
    const session = await launchBrowser();
    const local = session.page;
    try {
      await logIn(local, localServer.url, localServer.adminUsername, localServer.adminPassword);
      await waitForEditor(local);
      expect(await editorText(local)).toContain('these tabs will NOT persist');
      await exerciseTabs(local);
      // Written to the browser storage a second after the last change (closing the copy): wait for that write.
      const storedTabNames = () =>
        local.evaluate(() => {
          const stored = JSON.parse(localStorage.getItem('nezha.sqllab') ?? '{}') as {
            sqlLab?: { queryEditors?: Array<{ name?: string }> };
          };
          return (stored.sqlLab?.queryEditors ?? []).map((editor) => editor.name);
        });
      await expect.poll(storedTabNames, { timeout: 20_000 }).toEqual(['Untitled Query 1', 'Renamed tab']);
      await local.reload();
      await waitForEditor(local);
      expect(await tabNames(local)).toEqual(['Untitled Query 1', 'Renamed tab']);
      await waitForActiveTab(local, 'Renamed tab');
      expect(await editorText(local)).toBe("SELECT 'second tab' AS label");
      expect(await serverTabLabels(local)).toEqual([]);
      await session.screenshot('sqllab-07-reload-browser');
      expect(unexpectedProblems(session)).toEqual({ failures: [], errors: [] });
    } finally {
      await session.close();
    }
  });

  it('saves a query and reopens it from the saved queries list', async () => {
    await setSql(page, 'SELECT date, weather FROM seattle_weather ORDER BY date LIMIT 5');
    await page.click('[data-test="save-query"]');
    const dialog = page.locator('.ant-modal', { hasText: 'Save query' });
    await dialog.waitFor();
    await page.fill('[data-test="save-query-name"]', 'E2E weather sample');
    await page.click('[data-test="save-query-new"]');
    await page.getByText('Your query was saved').first().waitFor();
    await waitForActiveTab(page, 'E2E weather sample');

    await page.click('[data-test="saved-queries"]');
    await page.waitForURL(/\/savedqueryview\/list\/$/);
    await page.fill('[data-test="saved-query-search"] input', 'E2E weather');
    await page.keyboard.press('Enter');
    const link = page.locator('[data-test="saved-query-link"]', { hasText: 'E2E weather sample' });
    await link.waitFor();
    expect(await page.locator('[data-test="saved-query-list"] .ant-table-tbody tr').count()).toBe(1);
    await browser.screenshot('sqllab-08-saved-list');
    await link.click();
    await page.waitForURL(/\/sqllab\/$/);
    await waitForEditor(page);
    // A new tab with the saved query.
    expect((await tabNames(page)).filter((name) => name === 'E2E weather sample')).toHaveLength(2);
    expect(await editorText(page)).toBe('SELECT date, weather FROM seattle_weather ORDER BY date LIMIT 5');
    await browser.screenshot('sqllab-09-saved-opened');
  });

  it('a shared link opens the query in a new tab of another browser logged in as the same user', async () => {
    await addTab(page);
    await tabMenu(page, 'Rename tab');
    await page.fill('[data-test="rename-tab-input"]', 'Shared tab');
    await page.keyboard.press('Enter');
    await waitForActiveTab(page, 'Shared tab');
    await setSql(page, "SELECT 'shared with myself' AS note");
    // On the server before the other browser loads, so its list of tabs does not change meanwhile.
    await expect.poll(() => serverTabLabels(page), { timeout: 20_000 }).toContain('Shared tab');
    await page.click('[data-test="share-link"]');
    const urlBox = page.locator('[data-test="share-link-url"]');
    await urlBox.waitFor();
    const link = await urlBox.inputValue();
    expect(link).toMatch(/\/sqllab\/\?id=[0-9a-f-]{36}$/);
    await page.getByText('Copied to clipboard!').first().waitFor();
    await browser.screenshot('sqllab-10-share-link');
    await page.keyboard.press('Escape');

    const other = await launchBrowser();
    try {
      await logIn(other.page, server.url, server.adminUsername, server.adminPassword);
      await waitForEditor(other.page);
      const before = await tabNames(other.page);
      await other.page.goto(link);
      await waitForEditor(other.page);
      // Its tabs are this user's tabs (kept on the server), and one more: the shared query's.
      await expect.poll(() => tabNames(other.page)).toHaveLength(before.length + 1);
      expect((await tabNames(other.page)).at(-1)).toBe('Shared tab');
      await waitForActiveTab(other.page, 'Shared tab');
      expect(await editorText(other.page)).toBe("SELECT 'shared with myself' AS note");
      // The request is dropped from the address once the tab is open.
      expect(new URL(other.page.url()).search).toBe('');
      await other.screenshot('sqllab-11-shared-opened');
      expect(unexpectedProblems(other)).toEqual({ failures: [], errors: [] });
    } finally {
      await other.close();
    }
  });

  it("a new tab's menu stays open while the tab moves to the server", async () => {
    // A new tab lives in the browser until the next sync round stores it and it takes the server's id; the round
    // ends by activating it there. Drawing the tab anew at that moment used to close whatever menu was open.
    const activated = page.waitForResponse(
      (response) => /\/tabstateview\/\d+\/activate$/.test(response.url()) && response.request().method() === 'POST',
      { timeout: 15_000 },
    );
    await addTab(page);
    await page.locator(`${TABS} .ant-tabs-tab-active [data-test="tab-menu"]`).click();
    const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
    await menu.waitFor();
    await activated;
    expect(await menu.getByRole('menuitem', { name: 'Rename tab' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
  });

  it("a chart's form post (form_data) opens its SQL in a new tab and runs it", async () => {
    await page.evaluate(async () => {
      const token = ((await (await fetch('/api/v1/security/csrf_token/')).json()) as { result: string }).result;
      const list = (await (await fetch('/api/v1/dataset/?q=(page:0,page_size:1)')).json()) as {
        result: Array<{ id: number }>;
      };
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = '/sqllab/';
      const fields = {
        form_data: JSON.stringify({ datasourceKey: `${list.result[0]?.id}__table`, sql: 'SELECT 7 * 6 AS chart_sql' }),
        csrf_token: token,
      };
      for (const [name, value] of Object.entries(fields)) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = name;
        input.value = value;
        form.appendChild(input);
      }
      document.body.appendChild(form);
      form.submit();
    });
    await page.waitForURL(/\/sqllab\/\?form_data_key=/);
    await page.waitForURL(/\/sqllab\/$/);
    await waitForEditor(page);
    await waitForResults(page);
    expect(await activeTabName(page)).toMatch(/^Query /);
    expect(await editorText(page)).toBe('SELECT 7 * 6 AS chart_sql');
    expect((await gridRows(page))[0]?.slice(0, 2)).toEqual(['1', '42']);
    await browser.screenshot('sqllab-12-form-post');
  });

  it('draws the first rows of a large result while the rest is still on its way', async () => {
    const failuresBefore = browser.failedResponses.length;
    const errorsBefore = browser.consoleErrors.length;
    await addTab(page);
    await page.locator(`${TABS} .ant-tabs-tab-active [data-test="tab-title"]`, { hasText: 'Untitled Query' }).waitFor();
    await chooseQueryLimit(page, '1 000 000');
    // A slow line makes "still on its way" last: the answer is several megabytes, the line carries 64 KB a second.
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: 64 * 1024,
      uploadThroughput: -1,
    });
    try {
      await setSql(page, 'SELECT i, i * 2 AS twice FROM range(1000000) AS t(i)');
      await page.keyboard.press('Control+Enter');
      const partial = page.locator('[data-test="query-results-partial"]');
      await partial.locator('[data-test="results-grid"] .nz-rg-row').first().waitFor();
      // Drawn rows and a run still going, on the same screen.
      expect(await partial.locator('[data-test="query-running"]').isVisible()).toBe(true);
      expect(await partial.locator('[data-test="results-streaming"]').textContent()).toMatch(/rows so far/);
      const first = await partial
        .locator('[data-test="results-grid"] .nz-rg-row')
        .first()
        .evaluate((row) => Array.from(row.children).map((cell) => (cell.textContent ?? '').trim()));
      expect(first.slice(0, 3)).toEqual(['1', '0', '0']);
      await browser.screenshot('sqllab-13a-streaming');
      await page.click('[data-test="stop-query"]');
      await page.locator('[data-test="query-stopped"]').waitFor();
    } catch (error) {
      // A failed attempt is printed with its failed requests (CI retries it once, saying so); they belong to that
      // attempt, not to the file's closing check. An intermittent failure the issue 16 notes record.
      console.error(
        `failed requests of this attempt: ${JSON.stringify(browser.failedResponses.slice(failuresBefore))}; ` +
          `console errors: ${JSON.stringify(browser.consoleErrors.slice(errorsBefore))}`,
      );
      browser.failedResponses.splice(failuresBefore);
      browser.consoleErrors.splice(errorsBefore);
      throw error;
    } finally {
      // A run left going by a failed step would hold its large-result slot and its throttled stream into the next test.
      const stop = page.locator('[data-test="stop-query"]:visible');
      // (It may end on its own meanwhile: then there is nothing left to stop.)
      if ((await stop.count()) > 0)
        await stop
          .first()
          .click({ timeout: 5_000 })
          .catch(() => undefined);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await cdp.detach();
    }
  });

  it('a result of 1,000,000 rows scrolls to its last row', async () => {
    await addTab(page);
    await page.locator(`${TABS} .ant-tabs-tab-active [data-test="tab-title"]`, { hasText: 'Untitled Query' }).waitFor();
    await chooseQueryLimit(page, '1 000 000');
    await runSql(page, 'SELECT i, i * 2 AS twice FROM range(1000000) AS t(i)');
    expect(await rowsReturned(page)).toBe('1,000,000 rows returned');
    const grid = page.locator('[data-test="query-results"] [data-test="results-grid"]');
    await grid.evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
    const last = grid.locator('[data-test="results-grid-row-number"]', { hasText: /^1000000$/ });
    await last.waitFor();
    expect(await last.isVisible()).toBe(true);
    expect((await gridRows(page)).at(-1)?.slice(0, 3)).toEqual(['1000000', '999999', '1999998']);
    await browser.screenshot('sqllab-13-million-rows');
  });

  it('standalone hides the navigation', async () => {
    await page.goto(`${server.url}/sqllab/?standalone=1`);
    await waitForEditor(page);
    expect(await page.locator('[data-test="user-menu"]').count()).toBe(0);
    await browser.screenshot('sqllab-14-standalone');
  });

  it('logged no console error and met no unexpected failed request', () => {
    // As text, so that a failure names the request (the object form is folded to "{ …(3) }").
    expect(JSON.stringify(unexpectedProblems(browser))).toBe(JSON.stringify({ failures: [], errors: [] }));
  });
});
