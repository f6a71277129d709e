// Dashboards in a real browser: an example dashboard through the streamed batch, cross-filters, building a
// dashboard by drag and drop, save and reload, undo/redo, a native filter's scope and its values kept under
// native_filters_key across a reload, and a read-only Gamma user.

import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { logIn } from './support/login.js';
import { type NezhaServer, startServer } from './support/server.js';

const BUILT_TITLE = `Weather and stocks ${Date.now().toString(36)}`;

interface BatchCall {
  url: string;
  keys: string[];
}

/**
 * Drags with real mouse events, in steps, as dnd-kit's pointer sensor needs. The target is measured once the drag
 * has started, so it may be a drop area that only shows while dragging.
 */
async function drag(page: Page, source: Locator, target: Locator, at = { x: 0.5, y: 0.5 }): Promise<void> {
  await source.scrollIntoViewIfNeeded();
  const from = await source.boundingBox();
  if (!from) throw new Error('the drag source is not on the page');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2 + 12, { steps: 4 });
  await target.waitFor();
  const to = await target.boundingBox();
  if (!to) throw new Error('the drop target is not on the page');
  await page.mouse.move(to.x + to.width * at.x, to.y + to.height * at.y, { steps: 16 });
  await page.locator('[data-test="drop-indicator"]').first().waitFor();
  await page.mouse.up();
}

async function dragChart(page: Page, name: string, target: Locator, at?: { x: number; y: number }): Promise<void> {
  await page.fill('[data-test="builder-chart-search"] input', name);
  const card = page.locator('[data-test="builder-chart-card"]', { hasText: name }).first();
  await card.waitFor();
  await page.waitForTimeout(500);
  await drag(page, card, target, at);
}

/** Waits until every chart drawn on the page has rendered (or failed, which the test then reports). */
async function chartsSettled(page: Page, atLeast: number): Promise<void> {
  try {
    await page.waitForFunction((count) => {
      const charts = Array.from(document.querySelectorAll('[data-chart-status]')).filter(
        (el) => (el as HTMLElement).offsetParent,
      );
      return (
        charts.length >= count &&
        charts.every((el) => ['success', 'rendered', 'failed'].includes(el.getAttribute('data-chart-status') ?? ''))
      );
    }, atLeast);
  } catch (error) {
    const states = await page.$$eval('[data-chart-status]', (els) =>
      els.map(
        (el) =>
          `${el.getAttribute('data-chart-id')}:${el.getAttribute('data-chart-status')}:${(el as HTMLElement).offsetParent ? 'shown' : 'hidden'}`,
      ),
    );
    throw new Error(`charts did not settle (${states.join(' ')}): ${String(error)}`);
  }
  expect(await page.locator('[data-test="chart-error"]:visible').allTextContents()).toEqual([]);
}

/** Picks an option of the select dropdown open now; a single select's dropdown is then waited out of the page. */
async function chooseOption(page: Page, text: RegExp, multiple = false): Promise<void> {
  const open = '.ant-select-dropdown:not(.ant-select-dropdown-hidden)';
  await page.locator(`${open} .ant-select-item-option`, { hasText: text }).click();
  if (!multiple) await page.waitForFunction((selector) => document.querySelectorAll(selector).length === 0, open);
}

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('[data-test="toast"]', { hasText: text }).first().waitFor();
}

describe('dashboards', () => {
  let server: NezhaServer;
  let browser: BrowserSession;
  let page: Page;
  const batches: BatchCall[] = [];
  const singleChartCalls: string[] = [];
  let builtPath = '';

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
    page.on('request', (request: Request) => {
      const url = request.url();
      if (request.method() !== 'POST') return;
      if (/\/api\/v1\/dashboard\/[^/]+\/chart_data/.test(url)) {
        const body = JSON.parse(request.postData() ?? '{}') as { queries?: Array<{ key: string }> };
        batches.push({ url, keys: (body.queries ?? []).map((query) => query.key) });
      } else if (url.includes('/api/v1/chart/data')) {
        const body = JSON.parse(request.postData() ?? '{}') as { form_data?: { slice_id?: number } };
        if (body.form_data?.slice_id) singleChartCalls.push(url);
      }
    });
    await logIn(page, server.url, server.adminUsername, server.adminPassword);
  });

  // A failing step leaves a picture of the page behind (outside the committed screenshots) to look at.
  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail' || !page) return;
    const path = join(tmpdir(), `nezha-e2e-failure-${context.task.name.replace(/\W+/g, '-')}.png`);
    await page.screenshot({ path, fullPage: true }).catch(() => undefined);
    console.error(`failure screenshot: ${path}`);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens an example dashboard and renders its charts through one streamed batch', async () => {
    await page.goto(`${server.url}/nezha/dashboard/seattle-weather/`);
    await page.locator('[data-test="dashboard-title"]', { hasText: 'Seattle Weather' }).waitFor();
    await chartsSettled(page, 4);
    // The charts in view asked together; the hidden tab's charts did not ask at all.
    expect(batches[0]?.keys.length).toBeGreaterThanOrEqual(4);
    expect(batches.flatMap((batch) => batch.keys)).not.toContain('6');
    expect(singleChartCalls).toEqual([]);
    await browser.screenshot('dashboard-01-example');
  });

  it('a click on a table row cross-filters the other charts', async () => {
    await page.locator('.ant-tabs-tab', { hasText: 'Details' }).click();
    await chartsSettled(page, 2);
    const before = batches.length;
    await page.locator('[data-chart-id="6"] [role="row"]', { hasText: 'rain' }).locator('div').first().click();
    await page.locator('[data-test="cross-filter-tag"]', { hasText: 'rain' }).waitFor();
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-chart-status]').length > 0 && count >= 0,
      before,
    );
    await page.locator('[data-chart-id="4"] [data-test="chart-filter-badge"]').waitFor();
    await chartsSettled(page, 2);
    // The precipitation chart asked again with the cross-filter; the table that set it did not.
    const after = batches.slice(before).flatMap((batch) => batch.keys);
    expect(after).toContain('4');
    expect(after).not.toContain('6');
    await browser.screenshot('dashboard-02-cross-filter');
    await page.locator('[data-test="cross-filter-clear"]').click();
    await page.locator('[data-test="cross-filter-tag"]').waitFor({ state: 'detached' });
  });

  it('lists the dashboards and creates a new one in edit mode', async () => {
    await page.goto(`${server.url}/dashboard/list/`);
    await page.locator('[data-test="dashboard-list-link"]', { hasText: 'Seattle Weather' }).waitFor();
    await browser.screenshot('dashboard-03-list');
    await page.click('[data-test="add-dashboard"]');
    await page.waitForURL(/\/nezha\/dashboard\/\d+\/\?edit=true$/);
    await page.locator('[data-test="builder-pane"]').waitFor();
    builtPath = new URL(page.url()).pathname;
  });

  it('builds tabs, rows, markdown and four charts by drag and drop', async () => {
    await page.locator('[data-test="dashboard-title"] .ant-typography-edit').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(BUILT_TITLE);
    await page.keyboard.press('Enter');

    await page.locator('[data-test="builder-pane"] .ant-tabs-tab', { hasText: 'Layout elements' }).click();
    // Tabs dropped on the strip above the grid become the dashboard's top-level tabs.
    await drag(page, page.locator('[data-test="new-component-tabs"]'), page.locator('[data-test="root-drop-strip"]'));
    await page.locator('[data-test="dashboard-top-level-tabs"] [data-test="dashboard-tab-pane"]').first().waitFor();
    await drag(
      page,
      page.locator('[data-test="new-component-row"]'),
      page.locator('[data-test="dashboard-tab-pane"]').first(),
    );
    await drag(
      page,
      page.locator('[data-test="new-component-markdown"]'),
      page.locator('[data-test="dashboard-row"]').first(),
    );
    const markdown = page.locator('[data-layout-type="MARKDOWN"]');
    await markdown.hover();
    await markdown.locator('[data-test="markdown-mode"]').click();
    await page
      .locator('[data-test="markdown-editor"]')
      .fill('# Seattle and stocks\n\nWeather **by type**, and tech stock prices.');
    await markdown.locator('[data-test="markdown-mode"]').click();
    await markdown.locator('h1', { hasText: 'Seattle and stocks' }).waitFor();

    await page.locator('[data-test="builder-pane"] .ant-tabs-tab', { hasText: 'Charts' }).click();
    const firstRow = page.locator('[data-test="dashboard-row"]').first();
    await dragChart(page, 'Seattle: weather types', firstRow, { x: 0.9, y: 0.5 });
    await dragChart(page, 'Seattle: average high', firstRow, { x: 0.95, y: 0.5 });

    await page.locator('[data-test="dashboard-top-level-tabs"] .ant-tabs-nav-add').first().click();
    await page.locator('[data-test="dashboard-tab-header"]').nth(1).click();
    const secondPane = page.locator('[data-test="dashboard-tab-pane"]:visible').first();
    await dragChart(page, 'Seattle: weather summary', secondPane);
    await dragChart(page, 'Stock prices, stacked', page.locator('[data-test="dashboard-row"]:visible').first(), {
      x: 0.9,
      y: 0.5,
    });

    await page.locator('[data-test="dashboard-tab-title-input"]').nth(0).fill('Weather');
    await page.locator('[data-test="dashboard-tab-title-input"]').nth(1).fill('Details');
    await page.locator('[data-test="dashboard-tab-title-input"]').nth(1).press('Enter');
    // Both tabs were opened, so all four charts are on the page.
    expect(await page.locator('[data-layout-type="CHART"]').count()).toBe(4);
    await chartsSettled(page, 2);
    await page.locator('[data-test="dashboard-tab-header"]').first().click();
    await page.locator('[data-test="dashboard-markdown"] h1').waitFor();
    await browser.screenshot('dashboard-04-edit-mode');
  });

  it('saves, and the layout survives a reload', async () => {
    await page.click('[data-test="save-dashboard"]');
    await toast(page, 'This dashboard was saved successfully.');
    await page.waitForURL((url) => !url.search.includes('edit=true'));
    // The page has left edit mode, and the server holds both tab titles: a reload can only show what was saved.
    await page.locator('[data-test="edit-dashboard"]').waitFor();
    const id = builtPath.match(/\/(\d+)\/$/)?.[1];
    const stored = (await (await page.request.get(`${server.url}/api/v1/dashboard/${id}`)).json()) as {
      result: { position_json: string | null };
    };
    const titles = Object.values(
      JSON.parse(stored.result.position_json ?? '{}') as Record<string, { type: string; meta?: { text?: string } }>,
    )
      .filter((component) => component.type === 'TAB')
      .map((component) => component.meta?.text);
    expect(titles.sort()).toEqual(['Details', 'Weather']);
    await page.reload();
    await page.locator('[data-test="dashboard-title"]', { hasText: BUILT_TITLE }).waitFor();
    await page.locator('.ant-tabs-tab', { hasText: 'Weather' }).waitFor();
    await chartsSettled(page, 2);
    await page.locator('[data-test="dashboard-markdown"] h1', { hasText: 'Seattle and stocks' }).waitFor();
    await page.locator('.ant-tabs-tab', { hasText: 'Details' }).click();
    await chartsSettled(page, 2);
    expect(await page.locator('[data-layout-type="CHART"]').count()).toBe(4);
    await page.locator('.ant-tabs-tab', { hasText: 'Weather' }).click();
    await browser.screenshot('dashboard-05-saved');
  });

  it('undo and redo step through layout changes', async () => {
    await page.click('[data-test="edit-dashboard"]');
    const markdown = page.locator('[data-layout-type="MARKDOWN"]');
    await markdown.hover();
    await markdown.locator('[data-test="delete-markdown"]').click();
    await markdown.waitFor({ state: 'detached' });
    expect(await page.locator('[data-test="save-dashboard"]').isEnabled()).toBe(true);
    await page.click('[data-test="undo-action"]');
    await markdown.waitFor();
    // Back at the saved layout: nothing left to save.
    expect(await page.locator('[data-test="save-dashboard"]').isEnabled()).toBe(false);
    await page.click('[data-test="redo-action"]');
    await markdown.waitFor({ state: 'detached' });
    await browser.screenshot('dashboard-06-undo-redo');
    await page.click('[data-test="undo-action"]');
    await markdown.waitFor();
    // A tab renamed then undone shows the stored title again: an input still showing the undone text would write it
    // back on its next blur.
    const firstTitle = page.locator('[data-test="dashboard-tab-title-input"]').first();
    await firstTitle.fill('Weather, renamed');
    await firstTitle.press('Enter');
    await page.click('[data-test="undo-action"]');
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('[data-test="dashboard-tab-title-input"]')?.value === 'Weather',
    );
    await page.click('[data-test="discard-changes"]');
    await page.locator('[data-test="edit-dashboard"]').waitFor();
  });

  it('a native filter changes the charts in its scope and not the others', async () => {
    await page.click('[data-test="add-first-filter"]');
    const modal = page.locator('.ant-modal', { hasText: 'Add and edit filters' });
    await modal.waitFor();
    await modal.locator('[data-test="add-filter"]').click();
    await page.getByRole('menuitem', { name: 'Filter', exact: true }).click();
    await modal.locator('[data-test="filter-name"]').fill('Weather');
    await modal.locator('[data-test="filter-dataset"]').click();
    await chooseOption(page, /^seattle_weather$/);
    await modal.locator('[data-test="filter-column"]').click();
    await chooseOption(page, /^weather$/);
    // The default scope is the charts whose datasets have the column, and the dialog names them.
    const affected = modal.locator('[data-test="filter-affected-charts"]');
    await affected.filter({ hasText: 'Seattle: weather types' }).waitFor();
    expect(await affected.textContent()).not.toMatch(/Stock/);
    await modal.getByText('Apply to specific panels').click();
    await modal
      .locator('[data-test="scope-tree"] .ant-tree-treenode', { hasText: 'Seattle: weather types' })
      .locator('.ant-tree-checkbox')
      .click();
    await modal.locator('[data-test="filter-config-save"]').click();
    await modal.waitFor({ state: 'detached' });
    await page.locator('[data-test="native-filter"][data-filter-name="Weather"]').waitFor();

    const averageHigh = page.locator('[data-test="dashboard-chart"]', { hasText: 'Seattle: average high' });
    const unfiltered = (await averageHigh.textContent()) ?? '';
    const before = batches.length;
    await page.locator('[data-test="native-filter"][data-filter-name="Weather"] .ant-select').click();
    await chooseOption(page, /^sun$/, true);
    await page.keyboard.press('Escape');
    await page.click('[data-test="filter-bar-apply"]');
    await averageHigh.locator('[data-test="chart-filter-badge"]').waitFor();
    await page.waitForFunction((text) => {
      const chart = Array.from(document.querySelectorAll('[data-test="dashboard-chart"]')).find((el) =>
        el.textContent?.includes('Seattle: average high'),
      );
      return chart?.getAttribute('data-chart-status') === 'rendered' && chart.textContent !== text;
    }, unfiltered);
    await chartsSettled(page, 2);
    const asked = batches.slice(before).flatMap((batch) => batch.keys);
    const pieId = await page
      .locator('[data-test="dashboard-chart"]', { hasText: 'Seattle: weather types' })
      .getAttribute('data-chart-id');
    const highId = await averageHigh.getAttribute('data-chart-id');
    expect(asked).toContain(highId);
    expect(asked).not.toContain(pieId);
    expect(await page.locator(`[data-chart-id="${pieId}"] [data-test="chart-filter-badge"]`).count()).toBe(0);
    await browser.screenshot('dashboard-07-native-filter');
  });

  it('the applied filter values come back from native_filters_key after a reload', async () => {
    // The values are stored on the server under a key, which the URL carries.
    await page.waitForURL((url) => url.searchParams.has('native_filters_key'));
    const key = new URL(page.url()).searchParams.get('native_filters_key');
    const averageHigh = page.locator('[data-test="dashboard-chart"]', { hasText: 'Seattle: average high' });
    // The chart's text without its elapsed time, which differs from load to load.
    const shown = async () =>
      ((await averageHigh.textContent()) ?? '').replace(
        (await averageHigh.locator('[data-test="chart-elapsed"]').textContent()) ?? '',
        '',
      );
    const filtered = await shown();
    await page.reload();
    await page.locator('[data-test="native-filter"][data-filter-name="Weather"]').waitFor();
    await chartsSettled(page, 2);
    expect(new URL(page.url()).searchParams.get('native_filters_key')).toBe(key);
    await page
      .locator('[data-test="native-filter"][data-filter-name="Weather"] .ant-select-selection-item', { hasText: 'sun' })
      .waitFor();
    await averageHigh.locator('[data-test="chart-filter-badge"]').waitFor();
    // Answered is not yet drawn: the number is read once the chart has rendered.
    await page
      .locator('[data-test="dashboard-chart"][data-chart-status="rendered"]', { hasText: 'Seattle: average high' })
      .waitFor();
    expect(await shown()).toBe(filtered);
    await browser.screenshot('dashboard-08-filters-reloaded');
  });

  it('a Gamma user sees the published dashboard but cannot edit it', async () => {
    await page.click('[data-test="dashboard-published"]');
    await toast(page, 'This dashboard is now published');

    const api = page.request;
    const csrf = ((await (await api.get(`${server.url}/api/v1/security/csrf_token/`)).json()) as { result: string })
      .result;
    const headers = { 'X-CSRFToken': csrf };
    const resources = (await (
      await api.get(`${server.url}/api/v1/security/permissions-resources/?q=(page_size:1000)`)
    ).json()) as {
      result: Array<{ id: number; permission: { name: string }; view_menu: { name: string } }>;
    };
    const access = resources.result
      .filter(
        (item) =>
          item.permission.name === 'datasource_access' && /\[(seattle_weather|stocks)\]/.test(item.view_menu.name),
      )
      .map((item) => item.id);
    expect(access).toHaveLength(2);
    const suffix = Date.now().toString(36);
    const role = await api.post(`${server.url}/api/v1/security/roles/`, {
      headers,
      data: { name: `weather_viewer_${suffix}`, permission_ids: access },
    });
    expect(role.status()).toBe(201);
    const roles = (await (await api.get(`${server.url}/api/v1/security/roles/?q=(page_size:100)`)).json()) as {
      result: Array<{ id: number; name: string }>;
    };
    const gammaRole = roles.result.find((item) => item.name === 'Gamma');
    const password = `Gamma-${suffix}-pw`;
    const user = await api.post(`${server.url}/api/v1/security/users/`, {
      headers,
      data: {
        username: `gamma_${suffix}`,
        first_name: 'Gail',
        last_name: 'Gamma',
        email: `gamma_${suffix}@example.com`,
        active: true,
        password,
        roles: [gammaRole?.id, ((await role.json()) as { id: number }).id],
      },
    });
    expect(user.status()).toBe(201);

    const gamma = await launchBrowser();
    try {
      await logIn(gamma.page, server.url, `gamma_${suffix}`, password);
      await gamma.page.goto(`${server.url}${builtPath}`);
      await gamma.page.locator('[data-test="dashboard-title"]', { hasText: BUILT_TITLE }).waitFor();
      await chartsSettled(gamma.page, 2);
      expect(await gamma.page.locator('[data-test="edit-dashboard"]').count()).toBe(0);
      await gamma.page.click('[data-test="dashboard-published"]');
      await toast(gamma.page, 'You do not have permissions to edit this dashboard.');
      await gamma.screenshot('dashboard-09-gamma');
      expect(gamma.consoleErrors).toEqual([]);
    } finally {
      await gamma.close();
    }
  });

  it('logged no console error and met no failed request', () => {
    expect(browser.failedResponses).toEqual([]);
    expect(browser.consoleErrors).toEqual([]);
  });
});
