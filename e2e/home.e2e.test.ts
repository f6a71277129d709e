// The Home page (/superset/welcome/) and the user's own page in a real browser: where a login lands, the Recents
// a view leaves behind, a starred chart under Favorite, and a password change that the next login needs.
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, launchBrowser, SCREENSHOT_DIR } from './support/browser.js';
import { logIn } from './support/login.js';
import { type NezhaServer, startServer } from './support/server.js';

/** The two-size pictures of the new screens; NEZHA_SHOTS_DIR puts them elsewhere for review. */
const SHOTS = process.env.NEZHA_SHOTS_DIR ?? SCREENSHOT_DIR;
const NEW_PASSWORD = 'a-new-admin-password-1';

/** Failures the scenario provokes on purpose; any other 4xx/5xx answer fails the test. */
const EXPECTED_FAILURES = [
  { method: 'PUT', path: '/api/v1/me/password/', status: 400 },
  { method: 'POST', path: '/login/', status: 401 },
];

async function getJson<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (target) => {
    const response = await fetch(target, { headers: { Accept: 'application/json' } });
    return (await response.json()) as T;
  }, url) as Promise<T>;
}

/** Titles of the cards a section shows now. */
async function cardTitles(page: Page, section: string): Promise<string[]> {
  await page
    .locator(`[data-test="${section}"] [data-test="home-cards"], [data-test="${section}"] [data-test="home-empty"]`)
    .first()
    .waitFor();
  const titles = await page.locator(`[data-test="${section}"] [data-test="home-card-title"]`).allTextContents();
  return titles.map((title) => title.trim());
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.mouse.move(1, 1);
  await page.waitForFunction(() => document.querySelectorAll('.ant-skeleton, .ant-spin-spinning').length === 0);
  for (const [width, height] of [
    [1440, 900],
    [1024, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}x${height}.png`, fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('home and user info', () => {
  let server: NezhaServer;
  let browser: BrowserSession;
  let page: Page;
  let chart: { id: number; slice_name: string };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    await mkdir(SHOTS, { recursive: true });
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a login without a next page lands on the Home page, whose Recents are empty at first', async () => {
    await logIn(page, server.url, server.adminUsername, server.adminPassword);
    await page.waitForURL(/\/superset\/welcome\/$/);
    await page.locator('[data-test="home-page"]').waitFor();
    expect(await cardTitles(page, 'home-recents')).toEqual([]);
    expect(await page.locator('[data-test="home-recents"] [data-test="home-empty"]').textContent()).toContain(
      'Nothing here yet',
    );
    // The example dashboards are listed under All.
    await page.click('[data-test="dashboards-tab-All"]');
    const dashboards = await cardTitles(page, 'home-dashboards');
    expect(dashboards.length).toBeGreaterThan(0);
  });

  it('the Recents list the dashboard and the chart just opened, newest first, and their cards open them', async () => {
    const charts = await getJson<{ result: Array<{ id: number; slice_name: string }> }>(
      page,
      `/api/v1/chart/?q=(order_column:slice_name,order_direction:asc,page:0,page_size:1)`,
    );
    chart = charts.result[0] as { id: number; slice_name: string };
    const dashboard = await getJson<{ result: { dashboard_title: string } }>(page, '/api/v1/dashboard/seattle-weather');

    await page.goto(`${server.url}/nezha/dashboard/seattle-weather/`);
    await page.locator('[data-test="dashboard-title"]', { hasText: dashboard.result.dashboard_title }).waitFor();
    await page.goto(`${server.url}/explore/?slice_id=${chart.id}`);
    await page.locator('[data-test="chart-status"]', { hasText: 'rendered' }).waitFor({ timeout: 60_000 });
    // The views reach the server by beacon: wait for the log to hold both before going home.
    await expect
      .poll(async () => {
        const recent = await getJson<{ result: Array<{ item_title: string }> }>(page, '/api/v1/log/recent_activity/');
        return recent.result.map((item) => item.item_title);
      })
      .toEqual([chart.slice_name, dashboard.result.dashboard_title]);

    await page.click('[data-test="nav-home"]');
    await page.waitForURL(/\/superset\/welcome\/$/);
    expect((await cardTitles(page, 'home-recents')).slice(0, 2)).toEqual([
      chart.slice_name,
      dashboard.result.dashboard_title,
    ]);
    await shoot(page, 'home');

    await page.locator('[data-test="home-recents"] [data-test="home-card-title"]').nth(0).click();
    await page.waitForURL(new RegExp(`/explore/\\?slice_id=${chart.id}$`));
    await page.locator('[data-test="chart-status"]', { hasText: 'rendered' }).waitFor({ timeout: 60_000 });
    await page.click('[data-test="nav-home"]');
    await page.locator('[data-test="home-recents"] [data-test="home-card-title"]').nth(1).click();
    await page.waitForURL(/\/nezha\/dashboard\/seattle-weather\/$/);
    await page.locator('[data-test="dashboard-title"]', { hasText: dashboard.result.dashboard_title }).waitFor();
  });

  it('a chart starred on the Home page is listed under Charts → Favorite', async () => {
    await page.click('[data-test="nav-home"]');
    await page.waitForURL(/\/superset\/welcome\/$/);
    expect(await cardTitles(page, 'home-charts')).toEqual([]);
    await page.click('[data-test="charts-tab-All"]');
    const card = page.locator('[data-test="home-charts"] [data-test="home-card"]').first();
    await card.waitFor();
    const title = ((await card.locator('[data-test="home-card-title"]').textContent()) ?? '').trim();
    const starred = page.waitForResponse(
      (response) => response.url().includes('/favorites/') && response.request().method() === 'POST',
    );
    await card.locator('[data-test="home-card-star"]').click();
    expect((await starred).status()).toBe(200);
    await page.click('[data-test="charts-tab-Favorite"]');
    await page.locator('[data-test="home-charts"] [data-test="home-card-title"]', { hasText: title }).waitFor();
    expect(await cardTitles(page, 'home-charts')).toEqual([title]);
    // And it stays so on a fresh load.
    await page.reload();
    expect(await cardTitles(page, 'home-charts')).toEqual([title]);
  });

  it('the user info page shows the user, and a password change there is what the next login needs', async () => {
    // The pointer opens the menu first; the click that follows must not shut it (antd's click+hover toggled).
    await page.hover('[data-test="user-menu"]');
    const info = page.getByRole('menuitem', { name: 'Info' });
    await info.waitFor();
    await page.click('[data-test="user-menu"]');
    await info.click();
    await page.waitForURL(/\/users\/userinfo\/$/);
    expect((await page.locator('[data-test="user-info-username"]').textContent())?.trim()).toBe(server.adminUsername);
    expect(await page.locator('[data-test="user-info"]').textContent()).toContain('Admin');
    await shoot(page, 'profile');

    await page.click('[data-test="change-password"]');
    const dialog = page.locator('.ant-modal');
    await dialog.waitFor();
    await page.fill('[data-test="current-password"]', 'not-the-password');
    await page.fill('[data-test="new-password"]', NEW_PASSWORD);
    await page.fill('[data-test="confirm-password"]', NEW_PASSWORD);
    await page.click('[data-test="change-password-save"]');
    await dialog.getByText('The current password is not correct.').first().waitFor();
    // Said once, under the field it is about, not again in a banner.
    expect(await dialog.getByText('The current password is not correct.').count()).toBe(1);
    await browser.screenshot('home-change-password-refused');

    await page.fill('[data-test="current-password"]', server.adminPassword);
    await page.click('[data-test="change-password-save"]');
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('[data-test="toast"]', { hasText: 'Your password was changed' }).first().waitFor();
    // This session stays signed in.
    expect((await getJson<{ result: { username: string } }>(page, '/api/v1/me/')).result.username).toBe(
      server.adminUsername,
    );

    await page.click('[data-test="user-menu"]');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(/\/login\/$/);
    await page.fill('#username', server.adminUsername);
    await page.fill('#password', server.adminPassword);
    await page.click('[data-test="login-submit"]');
    await page.locator('[data-test="login-error"]').waitFor();
    await page.fill('#password', NEW_PASSWORD);
    await page.click('[data-test="login-submit"]');
    await page.waitForURL(/\/superset\/welcome\/$/);
    await page.locator('[data-test="home-page"]').waitFor();
  });

  it('?next= is still honoured after a login', async () => {
    await page.click('[data-test="user-menu"]');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(/\/login\/$/);
    await page.goto(`${server.url}/chart/list/`);
    await page.waitForURL(/\/login\/\?next=%2Fchart%2Flist%2F$/);
    await page.fill('#username', server.adminUsername);
    await page.fill('#password', NEW_PASSWORD);
    await page.click('[data-test="login-submit"]');
    await page.waitForURL(/\/chart\/list\/$/);
  });

  it('logged no console error and met no unexpected failed request', () => {
    const isExpected = (failure: { method: string; url: string; status: number }) => {
      const path = new URL(failure.url).pathname;
      return EXPECTED_FAILURES.some(
        (e) => e.method === failure.method && e.path === path && e.status === failure.status,
      );
    };
    const unexpected = browser.failedResponses.filter((failure) => !isExpected(failure));
    // Chromium logs every 4xx answer as a console error; the provoked ones are not the app's errors.
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
