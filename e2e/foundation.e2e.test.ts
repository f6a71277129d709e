// Foundation in a real browser: login, the main pages, the database dialog's connection test, logout.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickNavMenuLink } from './support/antd.js';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { type NezhaServer, startServer } from './support/server.js';

/** Failures the scenario provokes on purpose; any other 4xx/5xx answer fails the test. */
const EXPECTED_FAILURES = [
  { method: 'POST', path: '/login/', status: 401 },
  { method: 'POST', path: '/api/v1/database/test_connection/', status: 422 },
];

function isExpected(failure: { method: string; url: string; status: number }): boolean {
  const path = new URL(failure.url).pathname;
  return EXPECTED_FAILURES.some((e) => e.method === failure.method && e.path === path && e.status === failure.status);
}

async function textOf(page: Page, selector: string): Promise<string> {
  const locator = page.locator(selector).first();
  await locator.waitFor({ state: 'visible' });
  return (await locator.textContent())?.trim() ?? '';
}

describe('foundation', () => {
  let server: NezhaServer;
  let browser: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends an anonymous visitor to the login page', async () => {
    const document = await page.goto(`${server.url}/databaseview/list/`);
    // Everything below runs under the policy: a violation would be a console error, which the last test refuses.
    expect(document?.headers()['content-security-policy']).toContain("script-src 'self';");
    await page.waitForURL(/\/login\/\?next=%2Fdatabaseview%2Flist%2F$/);
    await page.locator('#username').waitFor();
  });

  it("shows the server's message for a wrong password", async () => {
    await page.fill('#username', server.adminUsername);
    await page.fill('#password', 'not-the-password');
    await page.click('[data-test="login-submit"]');
    expect(await textOf(page, '[data-test="login-error"]')).toContain('Invalid login. Please try again.');
    await browser.screenshot('01-login-failed');
  });

  it('signs the admin in and goes to the next page', async () => {
    await page.fill('#password', server.adminPassword);
    await page.click('[data-test="login-submit"]');
    await page.waitForURL(/\/databaseview\/list\/$/);
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/superset\/welcome\/$/);
    await page.locator('[data-test="home-page"]').waitFor();
  });

  it('SQL Lab opens on the example database', async () => {
    await clickNavMenuLink(page, 'nav-sql', 'nav-sqllab');
    await page.waitForURL(/\/sqllab\/$/);
    await page.locator('[data-test="sql-editor-content"]').waitFor({ timeout: 30_000 });
    // The pickers fill in as the databases and schemas arrive: wait for those values, not for the first text.
    await expect.poll(() => textOf(page, '[data-test="database-select"]'), { timeout: 30_000 }).toContain('examples');
    expect(await textOf(page, '[data-test="database-select"]')).toContain('duckdb');
    await expect.poll(() => textOf(page, '[data-test="schema-select"]'), { timeout: 30_000 }).toContain('main');
    await browser.screenshot('02-sqllab');
  });

  it('Charts lists the example charts', async () => {
    await page.click('[data-test="nav-chart"]');
    await page.waitForURL(/\/chart\/list\/$/);
    await page.locator('[data-test="chart-list"] .ant-table-row').first().waitFor();
    expect(await textOf(page, 'h3')).toBe('Charts');
    await browser.screenshot('03-charts');
  });

  it('Databases lists "examples" on DuckDB', async () => {
    await page.click('[data-test="nav-databaseview"]');
    await page.waitForURL(/\/databaseview\/list\/$/);
    const row = page.locator('.ant-table-tbody tr', { hasText: 'examples' });
    await row.waitFor();
    expect(await row.textContent()).toContain('duckdb');
    await browser.screenshot('04-databases');
  });

  it('the add-database dialog reports a closed port', async () => {
    await page.click('[data-test="add-database"]');
    const dialog = page.locator('.ant-modal');
    await dialog.waitFor();
    await page.fill('[data-test="database-name-input"]', 'unreachable');
    await page.fill('[data-test="sqlalchemy-uri-input"]', 'postgresql://u@127.0.0.1:1/x');
    await page.click('[data-test="test-connection"]');
    const result = await textOf(page, '[data-test="test-connection-result"]');
    expect(result).toMatch(/port|refused|closed/i);
    expect(result).not.toContain('Connection looks good!');
    await browser.screenshot('05-database-test-connection');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('Users and Roles are there for the admin', async () => {
    await page.click('[data-test="settings-menu"]');
    await page.getByRole('menuitem', { name: 'List Users' }).click();
    await page.waitForURL(/\/users\/list\/$/);
    await page.locator('.ant-table-tbody tr', { hasText: server.adminUsername }).first().waitFor();
    await browser.screenshot('06-users');
    await page.goto(`${server.url}/roles/list/`);
    await page.locator('.ant-table-tbody tr', { hasText: 'Admin' }).first().waitFor();
    await browser.screenshot('07-roles');
  });

  it('an unknown route shows the not-found page', async () => {
    await page.goto(`${server.url}/no/such/page/`);
    await page.getByText('Sorry, the page you visited does not exist.').waitFor();
    await browser.screenshot('08-not-found');
  });

  it('standalone hides the navigation', async () => {
    await page.goto(`${server.url}/chart/list/?standalone=1`);
    await page.locator('[data-test="chart-list"]').waitFor();
    expect(await page.locator('[data-test="user-menu"]').count()).toBe(0);
  });

  it('logs out', async () => {
    await page.goto(`${server.url}/sqllab/`);
    await page.click('[data-test="user-menu"]');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(/\/login\/$/);
    await page.goto(`${server.url}/sqllab/`);
    await page.waitForURL(/\/login\/\?next=%2Fsqllab%2F$/);
    await browser.screenshot('09-logged-out');
  });

  it('logged no console error and met no unexpected failed request', () => {
    const unexpected = browser.failedResponses.filter((failure) => !isExpected(failure));
    // Chromium logs every 4xx answer as a console error; the expected ones are not the app's errors.
    const errors = browser.consoleErrors.filter(
      (line) =>
        !(
          line.startsWith('Failed to load resource: the server responded with a status of') &&
          browser.failedResponses.some((failure) => isExpected(failure) && line.includes(failure.url))
        ),
    );
    expect(unexpected).toEqual([]);
    expect(errors).toEqual([]);
  });
});
