// The shared dialog in a real browser (spec: 600 px by default, Cancel and a configurable OK label), pictured at
// 1440×900 and 1024×768: the change-password dialog (default size) and the database dialog (its own width).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, launchBrowser, SCREENSHOT_DIR } from './support/browser.js';
import { logIn } from './support/login.js';
import { type NezhaServer, startServer } from './support/server.js';

const SIZES = [
  [1440, 900],
  [1024, 768],
] as const;

/** The open dialog's box width and its footer buttons' labels, at each size, with a picture of each. */
async function measure(page: Page, name: string): Promise<Array<{ width: number; buttons: string[] }>> {
  const out: Array<{ width: number; buttons: string[] }> = [];
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    const dialog = page.locator('.ant-modal').last();
    await dialog.waitFor();
    // The laid-out width, which the opening zoom's transform does not scale.
    const boxWidth = await dialog.evaluate((element) => Math.round(Number.parseFloat(getComputedStyle(element).width)));
    const buttons = (await dialog.locator('.ant-modal-footer button').allTextContents()).map((text) => text.trim());
    out.push({ width: boxWidth, buttons });
    // The picture waits for the zoom to end: the box then has its laid-out width on screen too.
    await page.waitForFunction((expected) => {
      const modals = document.querySelectorAll('.ant-modal');
      const box = modals[modals.length - 1]?.getBoundingClientRect();
      return box !== undefined && Math.round(box.width) === expected;
    }, boxWidth);
    await page.mouse.move(1, 1);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${width}x${height}.png`, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  return out;
}

describe('shared modal', () => {
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

  it('opens a dialog without its own width at 600 px, with Cancel and its OK label', async () => {
    await page.goto(`${server.url}/users/userinfo/`);
    await page.locator('[data-test="change-password"]:not([disabled])').click();
    const seen = await measure(page, 'modal-change-password');
    for (const { width, buttons } of seen) {
      expect(width).toBe(600);
      expect(buttons[0]).toBe('Cancel');
      expect(buttons).toHaveLength(2);
    }
  });

  it('keeps a dialog’s own width, and the same footer', async () => {
    await page.goto(`${server.url}/databaseview/list/`);
    await page.locator('[data-test="add-database"]').click();
    const seen = await measure(page, 'modal-database');
    for (const { width, buttons } of seen) {
      expect(width).toBe(640);
      expect(buttons).toContain('Cancel');
    }
  });
});
