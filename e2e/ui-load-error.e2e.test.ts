// A code chunk that fails to load (spec §8): the page or dialog it carried says "UI Load Error: Please refresh the
// browser" in its place, the rest of the app stays usable, and a reload with the chunk reachable works again.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { logIn } from './support/login.js';
import { type NezhaServer, startServer } from './support/server.js';

const MESSAGE = 'UI Load Error: Please refresh the browser';

describe('UI load error', () => {
  let server: NezhaServer;
  let browser: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
    await logIn(page, server.url, server.adminUsername, server.adminPassword);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows the message in place of a page whose chunk failed, under the app's navigation", async () => {
    const blocked = '**/assets/CssTemplateListPage-*.js';
    await page.route(blocked, (route) => route.abort('failed'));
    await page.goto(`${server.url}/csstemplatemodelview/list/`);
    const notice = page.locator('[data-test="ui-load-error"]');
    await notice.waitFor();
    expect((await notice.textContent())?.trim()).toContain(MESSAGE);
    // Only the page failed: the navigation bar is there and leads elsewhere.
    await page.locator('.ant-menu').first().waitFor();
    await browser.screenshot('ui-load-error-page');
    await page.unroute(blocked);
    await page.reload();
    await page.locator('[data-test="add-css-template"]').waitFor();
    expect(await page.locator('[data-test="ui-load-error"]').count()).toBe(0);
  });

  it('shows it in place of a lazy dialog, leaving the page usable', async () => {
    const blocked = '**/assets/CssTemplateModal-*.js';
    await page.route(blocked, (route) => route.abort('failed'));
    await page.goto(`${server.url}/csstemplatemodelview/list/`);
    await page.locator('[data-test="add-css-template"]').click();
    const notice = page.locator('[data-test="ui-load-error"]');
    await notice.waitFor();
    expect((await notice.textContent())?.trim()).toContain(MESSAGE);
    await page.locator('[data-test="css-template-search"]').waitFor();
    await page.unroute(blocked);
  });
});
