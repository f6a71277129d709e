// Everyday editing in a real browser: the filter and metric popovers keep their edits (Escape closes an open list
// inside them, an outside click with unsaved edits asks first), and drag and drop with real pointer moves: a column
// into Dimensions in explore, and Tabs and a chart onto a scrolled dashboard in edit mode, where the drop strip
// shown for tabs pushes every target down after the drag has started.

import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, popupsAtRest } from './support/antd.js';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { logIn } from './support/login.js';
import { type NezhaServer, startServer } from './support/server.js';

const RUN = Date.now().toString(36);

interface LayoutNode {
  id: string;
  type: string;
  children: string[];
  meta: { chartId?: number };
}

/**
 * Drags with real pointer events in steps (dnd-kit's pointer sensor starts after a few pixels). The target is read
 * once the drag has started, since a drop area may appear (and move others) only then; the pointer is released once
 * the page shows the drop it will make (`hovered`), as a user releases on seeing the highlight.
 */
async function drag(
  page: Page,
  source: Locator,
  target: () => Locator,
  hovered: () => Locator,
  at = { x: 0.5, y: 0.5 },
): Promise<void> {
  await source.scrollIntoViewIfNeeded();
  await popupsAtRest(page);
  const from = await source.boundingBox();
  if (!from) throw new Error('the drag source is not on the page');
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 10, start.y + 10, { steps: 5 });
  const to = await target().boundingBox();
  if (!to) throw new Error('the drop target is not on the page');
  await page.mouse.move(to.x + to.width * at.x, to.y + to.height * at.y, { steps: 20 });
  // A target that moved meanwhile (a pane auto-scrolled at its edge) is followed, as a user would.
  const now = await target().boundingBox();
  if (now && (now.x !== to.x || now.y !== to.y)) {
    await page.mouse.move(now.x + now.width * at.x, now.y + now.height * at.y, { steps: 5 });
  }
  await hovered().waitFor();
  await page.mouse.up();
}

const pillLabels = (scope: Locator) => scope.locator('[data-test="pill-label"]').allTextContents();

describe('popovers keep work; drag and drop', () => {
  let server: NezhaServer;
  let browser: BrowserSession;
  let page: Page;
  let csrf = '';
  const charts = new Map<string, number>();

  const api = () => page.request;
  const getJson = async <T>(path: string): Promise<T> => (await (await api().get(`${server.url}${path}`)).json()) as T;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
    await logIn(page, server.url, server.adminUsername, server.adminPassword);
    csrf = (await getJson<{ result: string }>('/api/v1/security/csrf_token/')).result;
    const q = encodeURIComponent('(page:0,page_size:100)');
    const list = await getJson<{ result: Array<{ id: number; slice_name: string }> }>(`/api/v1/chart/?q=${q}`);
    for (const chart of list.result) charts.set(chart.slice_name, chart.id);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function openExplore(name: string): Promise<void> {
    await page.goto(`${server.url}/explore/?slice_id=${charts.get(name)}`);
    await page.locator('[data-test="explore-page"]').waitFor();
    await page.locator('[data-test="datasource-item"]').first().waitFor();
  }

  it('Escape closes the column list inside the filter popover, and the popover keeps its edits', async () => {
    await openExplore('Seattle: weather summary');
    await page.click('[data-test="add-filter-adhoc_filters"]');
    const editor = page.locator('[data-test="adhoc-filter-editor"]');
    await editor.waitFor();
    await popupsAtRest(page);
    const subject = editor.locator('[data-test="filter-subject-select"]');
    await chooseOption(page, subject, 'weather');
    // Open the column list again and press Escape in it.
    await subject.click();
    const combobox = subject.locator('input[role="combobox"]');
    await expect.poll(() => combobox.getAttribute('aria-expanded')).toBe('true');
    await popupsAtRest(page);
    await combobox.press('Escape');
    await expect.poll(() => combobox.getAttribute('aria-expanded')).toBe('false');
    await popupsAtRest(page);
    expect(await editor.isVisible()).toBe(true);
    expect(await subject.textContent()).toContain('weather');
    await browser.screenshot('popovers-01-escape-kept-popover');
  });

  it('an outside click with unsaved edits asks first; Keep editing keeps the edit, Discard drops it', async () => {
    const editor = page.locator('[data-test="adhoc-filter-editor"]');
    const subject = editor.locator('[data-test="filter-subject-select"]');
    await page.mouse.click(1200, 860);
    const confirm = page.locator('.discard-confirm .ant-modal');
    await confirm.waitFor();
    await popupsAtRest(page);
    expect(await confirm.textContent()).toContain('Discard changes?');
    await browser.screenshot('popovers-02-discard-confirm');
    await confirm.locator('[data-test="keep-editing"]').click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await editor.isVisible()).toBe(true);
    expect(await subject.textContent()).toContain('weather');

    // Escape with no list open asks too; Discard closes the popover and adds no filter.
    await page.keyboard.press('Escape');
    await confirm.waitFor();
    await popupsAtRest(page);
    await confirm.locator('[data-test="discard-changes"]').click();
    await editor.waitFor({ state: 'hidden' });
    expect(await page.locator('[data-test="filter-pill"]').count()).toBe(0);
  });

  it('a popover without edits closes on an outside click, without asking', async () => {
    await page.click('[data-test="add-filter-adhoc_filters"]');
    const editor = page.locator('[data-test="adhoc-filter-editor"]');
    await editor.waitFor();
    await popupsAtRest(page);
    await page.mouse.click(1200, 860);
    await editor.waitFor({ state: 'hidden' });
    expect(await page.locator('.discard-confirm .ant-modal:visible').count()).toBe(0);
  });

  it('the metric popover: Escape in its aggregate list keeps it open with the chosen column', async () => {
    await page.click('[data-test="add-metric-metrics"]');
    const editor = page.locator('[data-test="metric-editor"]');
    await editor.waitFor();
    await popupsAtRest(page);
    await chooseOption(page, editor.locator('[data-test="metric-column-select"]'), 'wind');
    const aggregate = editor.locator('[data-test="metric-aggregate-select"]');
    await aggregate.click();
    const combobox = aggregate.locator('input[role="combobox"]');
    await expect.poll(() => combobox.getAttribute('aria-expanded')).toBe('true');
    await popupsAtRest(page);
    await combobox.press('Escape');
    await expect.poll(() => combobox.getAttribute('aria-expanded')).toBe('false');
    await popupsAtRest(page);
    expect(await editor.isVisible()).toBe(true);
    expect(await editor.locator('[data-test="metric-column-select"]').textContent()).toContain('wind');
    await page.mouse.click(1200, 860);
    const confirm = page.locator('.discard-confirm .ant-modal');
    await confirm.waitFor();
    await popupsAtRest(page);
    await confirm.locator('[data-test="discard-changes"]').click();
    await editor.waitFor({ state: 'hidden' });
    await confirm.waitFor({ state: 'detached' });
  });

  it('a column dragged from the dataset panel lands in Dimensions, wherever over it the pointer is', async () => {
    const groupby = page.locator('[data-test="columns-control-groupby"]');
    const metrics = page.locator('[data-test="metrics-control-metrics"]');
    const metricsBefore = await pillLabels(metrics);
    const before = await pillLabels(groupby);
    // Near the top edge of Dimensions, just under Metrics (which takes columns too), then in the middle.
    for (const [column, at] of [
      ['wind', { x: 0.5, y: 0.15 }],
      ['precipitation', { x: 0.3, y: 0.6 }],
    ] as const) {
      const item = page.locator(`[data-test="datasource-item"][data-name="${column}"]`);
      await drag(
        page,
        item,
        () => groupby,
        () => page.locator('[data-test="columns-control-groupby"][data-drop-over]'),
        at,
      );
      await expect.poll(() => pillLabels(groupby)).toEqual([...before, ...(column === 'wind' ? [] : ['wind']), column]);
    }
    expect(await pillLabels(metrics)).toEqual(metricsBefore);
    expect(await page.locator('[data-test="metric-editor"]:visible').count()).toBe(0);
    await browser.screenshot('dnd-01-explore-dimensions');
  });

  it('Tabs and a chart dragged onto a scrolled dashboard in edit mode land where they were dropped', async () => {
    // A dashboard taller than the window, so the drag happens scrolled down.
    const rows = ['ROW-a', 'ROW-b', 'ROW-c'];
    const chartIds = ['Seattle: average high', 'Seattle: weather types', 'Seattle: weather summary'].map(
      (name) => charts.get(name) as number,
    );
    const position: Record<string, unknown> = {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'], parents: [], meta: {} },
      GRID_ID: { id: 'GRID_ID', type: 'GRID', children: rows, parents: ['ROOT_ID'], meta: {} },
    };
    rows.forEach((row, index) => {
      position[row] = {
        id: row,
        type: 'ROW',
        children: [`CHART-${index}`],
        parents: ['ROOT_ID', 'GRID_ID'],
        meta: { background: 'BACKGROUND_TRANSPARENT' },
      };
      position[`CHART-${index}`] = {
        id: `CHART-${index}`,
        type: 'CHART',
        children: [],
        parents: ['ROOT_ID', 'GRID_ID', row],
        meta: { chartId: chartIds[index], width: 6, height: 50 },
      };
    });
    const created = await api().post(`${server.url}/api/v1/dashboard/`, {
      headers: { 'X-CSRFToken': csrf },
      data: { dashboard_title: `Drag targets ${RUN}`, published: true, position_json: JSON.stringify(position) },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = ((await created.json()) as { id: number }).id;
    await page.goto(`${server.url}/nezha/dashboard/${id}/?edit=true`);
    await page.locator('[data-test="builder-pane"]').waitFor();
    await page.locator('[data-test="dashboard-row"]').nth(2).waitFor();

    // Scroll so that the last row is in view, then drop Tabs into the lower half of the second row's gap: it
    // goes in the grid between the second and third rows.
    await page.locator('[data-test="dashboard-row"]').nth(2).scrollIntoViewIfNeeded();
    await page.locator('[data-test="builder-pane"] .ant-tabs-tab', { hasText: 'Layout elements' }).click();
    const tabsCard = page.locator('[data-test="new-component-tabs"]');
    const indicator = () => page.locator('[data-test="drop-indicator"]');
    await drag(page, tabsCard, () => page.locator(`[data-layout-id="${rows[2]}"]`), indicator, { x: 0.5, y: 0.1 });
    const tabs = page.locator('[data-test="dashboard-tabs"]');
    await tabs.waitFor();
    // In the page, the tabs sit between the second and third rows: below the one, above the other.
    const rowsNow = page.locator('[data-test="dashboard-row"]');
    const tabsBox = await tabs.boundingBox();
    const secondBox = await rowsNow.nth(1).boundingBox();
    const thirdBox = await page.locator(`[data-layout-id="${rows[2]}"]`).boundingBox();
    expect(tabsBox && secondBox && tabsBox.y >= secondBox.y + secondBox.height - 1).toBe(true);
    expect(tabsBox && thirdBox && tabsBox.y + tabsBox.height <= thirdBox.y + 1).toBe(true);

    // A chart from the pane into the new tab.
    await page.locator('[data-test="builder-pane"] .ant-tabs-tab', { hasText: 'Charts' }).click();
    await page.fill('[data-test="builder-chart-search"] input', 'Stock prices, stacked');
    const card = page.locator('[data-test="builder-chart-card"]');
    await expect.poll(() => card.count()).toBe(1);
    await card.first().locator('text=Stock prices, stacked').waitFor();
    await drag(page, card.first(), () => tabs.locator('[data-test="dashboard-tab-pane"]').first(), indicator);
    await tabs.locator('[data-layout-type="CHART"]').waitFor();
    expect(await tabs.locator('[data-test="dashboard-chart-title"]').allTextContents()).toEqual([
      'Stock prices, stacked',
    ]);
    await browser.screenshot('dnd-02-dashboard-tabs-and-chart');

    // The saved layout says the same: GRID holds row, row, tabs, row; the tab holds the chart.
    await page.click('[data-test="save-dashboard"]');
    await page.locator('[data-test="edit-dashboard"]').waitFor();
    const stored = await getJson<{ result: { position_json: string } }>(`/api/v1/dashboard/${id}`);
    const layout = JSON.parse(stored.result.position_json) as Record<string, LayoutNode>;
    const grid = layout.GRID_ID as LayoutNode;
    expect(grid.children.map((child) => layout[child]?.type)).toEqual(['ROW', 'ROW', 'TABS', 'ROW']);
    expect(grid.children[3]).toBe(rows[2]);
    const tabsNode = layout[grid.children[2] as string] as LayoutNode;
    const chartIdsInTabs = Object.values(layout)
      .filter((node) => node.type === 'CHART')
      .filter((node) => {
        let at: LayoutNode | undefined = node;
        const seen = new Set<string>();
        while (at && !seen.has(at.id)) {
          seen.add(at.id);
          if (at.id === tabsNode.id) return true;
          at = Object.values(layout).find((candidate) => candidate.children?.includes(at?.id ?? ''));
        }
        return false;
      })
      .map((node) => node.meta.chartId);
    expect(chartIdsInTabs).toEqual([charts.get('Stock prices, stacked')]);
  });
});
