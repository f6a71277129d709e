// The add-database dialog offers the server's engines: ClickHouse, which the web lists nowhere, with its URI form.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { logIn } from './support/login.js';
import { type NezhaServer, startServer } from './support/server.js';

describe('database engines', () => {
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

  it('offers ClickHouse and shows its URI placeholder', async () => {
    await logIn(page, server.url, server.adminUsername, server.adminPassword);
    await page.goto(`${server.url}/databaseview/list/`);
    await page.click('[data-test="add-database"]');
    const dialog = page.locator('.ant-modal');
    await dialog.waitFor();
    await page.click('[data-test="engine-select"]');
    const option = page.locator('.ant-select-item-option', { hasText: 'ClickHouse' });
    await option.waitFor();
    await option.click();
    const placeholder = 'clickhousedb://user:password@host:8123/database';
    await page.locator(`[data-test="sqlalchemy-uri-input"][placeholder="${placeholder}"]`).waitFor();
    expect(browser.failedResponses).toEqual([]);
    await browser.screenshot('database-engines-clickhouse');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
});
