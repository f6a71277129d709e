// Tags in a real browser: a tag put on a dashboard and on a chart from their properties dialogs, the chart list
// filtered by it (the rows are what the API answers for that tag), and the tag's link opening its all-entities page
// in a new tab with both objects, grouped by type; a tag put on a dataset in its editor and on a saved query in SQL
// Lab's save dialog (after a failed save that says why), both on that tag's all-entities page.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, clickDropdownItem, closeSelect, popupsAtRest } from './support/antd.js';
import { type BrowserSession, launchBrowser, SCREENSHOT_DIR } from './support/browser.js';
import { type NezhaServer, startServer } from './support/server.js';
import { logIn, setSql, waitForEditor } from './support/sqllab-page.js';

// A name of this run only: a server under test (NEZHA_E2E_BASE_URL) may keep the tags of earlier runs.
const TAG = `quarterly-${Date.now().toString(36)}`;
const DATA_TAG = `curated-${Date.now().toString(36)}`;
const DATASET = 'weather';
const SAVED_QUERY = `Tagged weather ${Date.now().toString(36)}`;
const DASHBOARD_SLUG = 'seattle-weather';
const CHART = 'Seattle: weather types';
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
] as const;

/** A picture of the page at each size the review asks for, back at 1440x900 afterwards. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.mouse.move(1, 1);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await popupsAtRest(page);
    await page.waitForFunction(
      () => document.querySelectorAll('.ant-spin-spinning, .ant-zoom-appear, .ant-fade-appear').length === 0,
    );
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/${name}-${size.width}x${size.height}.png`,
      fullPage: true,
      animations: 'disabled',
    });
  }
  await page.setViewportSize(SIZES[0]);
}

/** Types a new tag into a tag field and leaves its list closed, with the tag shown as chosen. */
async function addTag(page: Page, select: Locator, name: string): Promise<void> {
  await popupsAtRest(page);
  await select.click();
  const input = select.locator('input[role="combobox"]').first();
  await input.fill(name);
  await input.press('Enter');
  await select.locator('.ant-select-selection-item', { hasText: name }).waitFor();
  await closeSelect(page, select);
}

describe('tags', () => {
  let server: NezhaServer;
  let browser: BrowserSession;
  let page: Page;
  let dashboardId = 0;
  let chartId = 0;

  const api = async <T>(path: string): Promise<T> => {
    const response = await page.request.get(`${server.url}${path}`);
    expect(response.status(), path).toBe(200);
    return (await response.json()) as T;
  };
  const tagNamesOf = async (path: string) =>
    (await api<{ result: { tags: Array<{ name: string }> } }>(path)).result.tags.map((tag) => tag.name);

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
    await logIn(page, server.url, server.adminUsername, server.adminPassword);
    dashboardId = (await api<{ id: number }>(`/api/v1/dashboard/${DASHBOARD_SLUG}`)).id;
    const q = encodeURIComponent(`(filters:!((col:slice_name,opr:eq,value:'${CHART}')))`);
    const charts = await api<{ ids: number[] }>(`/api/v1/chart/?q=${q}`);
    expect(charts.ids).toHaveLength(1);
    chartId = charts.ids[0] as number;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('tags a dashboard from its properties dialog', async () => {
    await page.goto(`${server.url}/nezha/dashboard/${DASHBOARD_SLUG}/`);
    await page.locator('[data-test="dashboard-title"]').waitFor();
    await clickDropdownItem(page, '[data-test="dashboard-menu"]', 'Edit properties');
    const modal = page.locator('.ant-modal', { has: page.locator('[data-test="properties-tags"]') });
    await modal.waitFor();
    await addTag(page, modal.locator('[data-test="properties-tags"]'), TAG);
    await shoot(page, 'tags-01-dashboard-properties');
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => tagNamesOf(`/api/v1/dashboard/${dashboardId}`), { timeout: 15_000 }).toContain(TAG);
  });

  it('tags a chart from its properties dialog on the chart list, and filters the list by the tag', async () => {
    await page.goto(`${server.url}/chart/list/`);
    const search = page.locator('[data-test="chart-search"] input');
    await search.fill(CHART);
    await search.press('Enter');
    const row = page.locator('[data-test="chart-list"] .ant-table-row', { hasText: CHART });
    await row.waitFor();
    await expect.poll(() => page.locator('[data-test="chart-list"] .ant-table-row').count()).toBe(1);
    await row.getByRole('button', { name: 'Edit' }).click();
    const save = page.locator('.ant-modal', { has: page.locator('[data-test="chart-properties-tags"]') });
    await save.waitFor();
    // The dialog reads the chart's tags before it lets a save through.
    await expect.poll(() => save.locator('.ant-modal-footer .ant-btn-primary').isEnabled()).toBe(true);
    await addTag(page, save.locator('[data-test="chart-properties-tags"]'), TAG);
    await shoot(page, 'tags-02-chart-properties');
    await save.locator('.ant-modal-footer .ant-btn-primary').click();
    await save.waitFor({ state: 'hidden' });
    await row.locator('[data-test="tag-link"]', { hasText: TAG }).waitFor();
    expect(await tagNamesOf(`/api/v1/chart/${chartId}`)).toContain(TAG);

    // The whole list, then only what carries the tag: the rows are the API's answer for that tag.
    await search.fill('');
    await search.press('Enter');
    await expect.poll(() => page.locator('[data-test="chart-list"] .ant-table-row').count()).toBeGreaterThan(1);
    await page.reload();
    await chooseOption(page, page.locator('[data-test="chart-tag-filter"]'), TAG);
    const tagId = (
      await api<{ result: Array<{ id: number }> }>(
        `/api/v1/tag/?q=${encodeURIComponent(`(filters:!((col:name,opr:eq,value:'${TAG}')))`)}`,
      )
    ).result[0]?.id as number;
    const expected = await api<{ result: Array<{ slice_name: string }> }>(
      `/api/v1/chart/?q=${encodeURIComponent(`(filters:!((col:id,opr:chart_tag_id,value:${tagId})),page_size:100)`)}`,
    );
    expect(expected.result.map((chart) => chart.slice_name)).toEqual([CHART]);
    await expect
      .poll(() => page.locator('[data-test="chart-list"] .ant-table-row td:nth-child(2)').allTextContents())
      .toEqual([CHART]);
    await shoot(page, 'tags-03-chart-list-filtered');
  });

  it('opens the tag’s all-entities page in a new tab from the tag link, with the dashboard and the chart', async () => {
    const row = page.locator('[data-test="chart-list"] .ant-table-row', { hasText: CHART });
    const link = row.locator('[data-test="tag-link"]', { hasText: TAG });
    expect(await link.getAttribute('target')).toBe('_blank');
    const opened = page.waitForEvent('popup');
    await link.click();
    const tab = await opened;
    await tab.waitForURL(/\/superset\/all_entities\/\?id=\d+$/);
    await tab.locator('[data-test="all-entities"]').waitFor();
    const dashboards = tab.locator('[data-test="all-entities-dashboard"] [data-test="all-entities-link"]');
    const charts = tab.locator('[data-test="all-entities-chart"] [data-test="all-entities-link"]');
    expect(await dashboards.allTextContents()).toEqual(['Seattle Weather']);
    expect(await dashboards.first().getAttribute('href')).toBe(`/nezha/dashboard/${dashboardId}/`);
    expect(await charts.allTextContents()).toEqual([CHART]);
    expect(await charts.first().getAttribute('href')).toBe(`/explore/?slice_id=${chartId}`);
    expect(await tab.locator('[data-test="all-entities-query"] [data-test="all-entities-link"]').count()).toBe(0);
    await shoot(tab, 'tags-04-all-entities');
    // The dashboard link leads to the dashboard.
    await dashboards.first().click();
    await tab.waitForURL(new RegExp(`/nezha/dashboard/${dashboardId}/$`));
    await tab.locator('[data-test="dashboard-title"]').waitFor();
    await tab.close();
    expect(browser.consoleErrors).toEqual([]);
  });

  it('shows the chart’s tag in the properties dialog of explore’s menu', async () => {
    await page.goto(`${server.url}/explore/?slice_id=${chartId}`);
    await clickDropdownItem(page, '[data-test="chart-actions"]', 'Edit chart properties');
    const modal = page.locator('.ant-modal', { has: page.locator('[data-test="chart-properties-tags"]') });
    await modal.waitFor();
    await expect.poll(() => modal.locator('.ant-modal-footer .ant-btn-primary').isEnabled()).toBe(true);
    await modal.locator('[data-test="chart-properties-tags"] .ant-select-selection-item', { hasText: TAG }).waitFor();
    expect(await modal.locator('[data-test="chart-properties-name"]').inputValue()).toBe(CHART);
    await shoot(page, 'tags-06-explore-chart-properties');
    await modal.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();
    await modal.waitFor({ state: 'hidden' });
  });

  it('lists the tag on the Tags page', async () => {
    await page.goto(`${server.url}/superset/tags/`);
    const search = page.locator('[data-test="tags-search"] input');
    await search.fill(TAG);
    await search.press('Enter');
    await page.locator('[data-test="tags-list-link"]', { hasText: TAG }).waitFor();
    await shoot(page, 'tags-05-tags-list');
  });

  it('tags a dataset in its editor’s Settings tab', async () => {
    await page.goto(`${server.url}/tablemodelview/list/`);
    await page.locator('[data-test="dataset-search"] input').fill(DATASET);
    await page.locator('[data-test="dataset-search"] input').press('Enter');
    const row = page.locator(
      `[data-test="dataset-list"] tr:has([data-test="dataset-list-link"] strong:text-is("${DATASET}"))`,
    );
    await row.locator('[data-test="dataset-edit"]').click();
    const editor = page.locator('.ant-modal:has([data-test="dataset-editor-save"])');
    await editor.locator('[data-test="dataset-editor-source"]').waitFor();
    await editor.getByRole('tab', { name: 'Settings', exact: true }).click();
    const tags = editor.locator('[data-test="settings-tags"]');
    await tags.waitFor();
    await addTag(page, tags, DATA_TAG);
    await shoot(page, 'tags-07-dataset-editor');
    await editor.locator('[data-test="dataset-editor-save"]').click();
    const confirm = page.locator('.ant-modal:has-text("Confirm save")');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await editor.waitFor({ state: 'detached' });
    const q = encodeURIComponent(`(filters:!((col:table_name,opr:eq,value:${DATASET})))`);
    const datasetId = (await api<{ ids: number[] }>(`/api/v1/dataset/?q=${q}`)).ids[0] as number;
    expect(await tagNamesOf(`/api/v1/dataset/${datasetId}`)).toContain(DATA_TAG);
    await row.locator('[data-test="tag-link"]', { hasText: DATA_TAG }).waitFor();
  });

  it('tags a saved query in SQL Lab’s save dialog, after a failed save that says why', async () => {
    await page.goto(`${server.url}/sqllab/`);
    await waitForEditor(page);
    await setSql(page, 'SELECT date, weather FROM seattle_weather LIMIT 3');
    await page.click('[data-test="save-query"]');
    const dialog = page.locator('.ant-modal', { has: page.locator('[data-test="save-query-tags"]') });
    await dialog.waitFor();
    await page.fill('[data-test="save-query-name"]', SAVED_QUERY);
    await addTag(page, dialog.locator('[data-test="save-query-tags"]'), DATA_TAG);

    // The server refuses the first save: the dialog stays open and says why, in the spec's words.
    const refuse = (route: import('playwright-core').Route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Database is locked"}' })
        : route.fallback();
    await page.route('**/api/v1/saved_query/', refuse);
    await dialog.locator('[data-test="save-query-new"]').click();
    await expect
      .poll(() => dialog.locator('[data-test="save-query-error"]').textContent())
      .toBe('Sorry, there was an error saving this query: Database is locked');
    await shoot(page, 'tags-08-save-query-failed');
    await page.unroute('**/api/v1/saved_query/', refuse);

    await dialog.locator('[data-test="save-query-new"]').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Your query was saved').first().waitFor();
    const q = encodeURIComponent(`(filters:!((col:label,opr:eq,value:'${SAVED_QUERY}')))`);
    const saved = await api<{ result: Array<{ id: number; tags: Array<{ name: string }> }> }>(
      `/api/v1/saved_query/?q=${q}`,
    );
    expect(saved.result).toHaveLength(1);
    expect(saved.result[0]?.tags.map((tag) => tag.name)).toEqual([DATA_TAG]);
  });

  it('lists the tagged dataset and saved query on that tag’s all-entities page', async () => {
    const q = encodeURIComponent(`(filters:!((col:name,opr:eq,value:'${DATA_TAG}')))`);
    const tagId = (await api<{ result: Array<{ id: number }> }>(`/api/v1/tag/?q=${q}`)).result[0]?.id as number;
    await page.goto(`${server.url}/superset/all_entities/?id=${tagId}`);
    await page.locator('[data-test="all-entities"]').waitFor();
    const links = (type: string) => page.locator(`[data-test="all-entities-${type}"] [data-test="all-entities-link"]`);
    await expect.poll(() => links('dataset').allTextContents()).toEqual([DATASET]);
    expect(await links('query').allTextContents()).toEqual([SAVED_QUERY]);
    expect(await links('chart').count()).toBe(0);
    expect(await links('dashboard').count()).toBe(0);
    await shoot(page, 'tags-09-all-entities-dataset-query');
    expect(browser.consoleErrors.filter((line) => !line.includes('500'))).toEqual([]);
  });
});
