// The chart right-click menu in a real browser, on dashboards and in Explore, checked against SQL the test runs on
// the examples database: drill to detail by a clicked slice (row count, rows, a second page), drill by a column from
// a clicked word (the drilled chart's categories, drilling again, the breadcrumb back), and "Add cross-filter"
// changing another chart's numbers; in Explore the cross-filter item is disabled with Superset's tooltip.
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { popupsAtRest } from './support/antd.js';
import { type BrowserSession, launchBrowser, SCREENSHOT_DIR } from './support/browser.js';
import { logIn } from './support/login.js';
import { type NezhaServer, startServer } from './support/server.js';

type Row = Record<string, unknown>;

const MENU = '[data-test="chart-context-menu"]';
/** Each test drives several dialogs and queries; a loaded two-core machine stretches them well past the default. */
const SLOW = 300_000;
const DRILL_BY_PREFIX = 'Drill to detail by ';

function chartCard(page: Page, title: string): Locator {
  return page.locator('[data-test="dashboard-chart"]', {
    has: page.locator('[data-test="dashboard-chart-title"]', { hasText: title }),
  });
}

async function settled(target: Locator): Promise<void> {
  // US Births' first load queries 1.8M rows per chart: on a loaded machine it takes over the default 30 s.
  await target.locator('xpath=self::*[@data-chart-status="rendered"]').waitFor({ timeout: 120_000 });
}

/** The open context menu's top-level entries, as text. */
async function menuEntries(page: Page): Promise<string[]> {
  const menu = page.locator(`.ant-dropdown:not(.ant-dropdown-hidden) ${MENU}`);
  await menu.waitFor();
  await popupsAtRest(page);
  return (await menu.locator(':scope > ul > li').allTextContents()).map((text) => text.trim()).filter(Boolean);
}

async function closeMenu(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.locator(`.ant-dropdown:not(.ant-dropdown-hidden) ${MENU}`).waitFor({ state: 'detached' });
}

async function menuClick(page: Page, label: string): Promise<void> {
  await page
    .locator(`.ant-dropdown:not(.ant-dropdown-hidden) ${MENU} li`)
    .filter({ hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
    .first()
    .click();
}

/**
 * Right-clicks the canvas of a pie around its middle until a slice is hit (the menu then offers "Drill to detail by
 * <value>"); returns that value. The slices' angles come from the data, so the test finds one rather than aiming.
 */
async function rightClickSlice(page: Page, canvasBox: Locator): Promise<string> {
  await canvasBox.scrollIntoViewIfNeeded();
  const box = await canvasBox.boundingBox();
  if (!box) throw new Error('no chart box');
  const radius = Math.min(box.width, box.height) * 0.18;
  for (let step = 0; step < 16; step += 1) {
    const angle = (step * Math.PI) / 8;
    const x = box.x + box.width / 2 + radius * Math.cos(angle);
    const y = box.y + box.height / 2 + radius * Math.sin(angle);
    await page.mouse.click(x, y, { button: 'right' });
    const entries = await menuEntries(page);
    const by = entries.find((entry) => entry.startsWith(DRILL_BY_PREFIX));
    if (by) return by.slice(DRILL_BY_PREFIX.length);
    await closeMenu(page);
  }
  throw new Error('no slice found under the pointer');
}

/** Hovers "Drill by" of the open menu until its submenu (search box and columns) shows. */
async function openDrillBy(page: Page): Promise<void> {
  const drillBy = page.locator(`.ant-dropdown:not(.ant-dropdown-hidden) ${MENU} li`, { hasText: /^Drill by$/ });
  await expect
    .poll(async () => {
      await drillBy.hover();
      return page
        .locator('.ant-dropdown-menu-submenu-popup:not(.ant-dropdown-menu-submenu-hidden) li')
        .first()
        .waitFor({ timeout: 2_000 })
        .then(() => true)
        .catch(() => false);
    })
    .toBe(true);
  await popupsAtRest(page);
}

/** The rows of the drill to detail table: each row's cells by column header. */
async function detailRows(modal: Locator): Promise<Array<Record<string, string>>> {
  const table = modal.locator('[data-test="drill-detail-table"]');
  const headers = (await table.locator('.ant-table-thead th').allTextContents()).map((text) => text.trim());
  const rows = await table
    .locator('tbody tr.ant-table-row')
    .evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())),
    );
  return rows.map((cells) => Object.fromEntries(headers.map((header, at) => [header, cells[at] ?? ''])));
}

/** The words an SVG chart draws: each text element's own text, without its <title> tooltip. */
async function words(chart: Locator): Promise<string[]> {
  return chart.locator('text').evaluateAll((nodes) =>
    nodes.map((node) =>
      Array.from(node.childNodes)
        .filter((child) => child.nodeType === Node.TEXT_NODE)
        .map((child) => child.textContent ?? '')
        .join('')
        .trim(),
    ),
  );
}

/**
 * The biggest word of an SVG word cloud: drawn in the middle, never clipped by the chart's box (a small word at the
 * edge can be, and a click aimed at it lands beside the chart).
 */
async function biggestWord(chart: Locator): Promise<{ word: Locator; text: string }> {
  const all = await words(chart);
  const areas = await chart.locator('text').evaluateAll((nodes) =>
    nodes.map((node) => {
      const box = node.getBoundingClientRect();
      return box.width * box.height;
    }),
  );
  const index = areas.indexOf(Math.max(...areas));
  return { word: chart.locator('text').nth(index), text: all[index] ?? '' };
}

const day = (value: unknown) =>
  typeof value === 'number' ? new Date(value).toISOString().slice(0, 10) : String(value).slice(0, 10);

describe('chart context menu', () => {
  let server: NezhaServer;
  let browser: BrowserSession;
  let page: Page;
  let csrf: string;
  let examplesId: number;
  /** Each chart's latest answer by chart id, read off the wire before the page gets it. */
  const answers = new Map<string, { data: Row[]; applied_filters?: Array<{ column: string }> }>();
  const shotsDir = process.env.NEZHA_SHOTS_DIR;

  /**
   * A screenshot at the current size, kept beside the others (and in NEZHA_SHOTS_DIR). The pointer stays where it
   * is: moving it would close the submenu being pictured. (A resize closes an open menu, so the 1024x768 pictures
   * are taken by a test of their own.)
   */
  async function shot(name: string): Promise<void> {
    await popupsAtRest(page);
    await page.waitForFunction(() => document.querySelectorAll('.ant-spin-spinning').length === 0);
    const size = page.viewportSize();
    const file = `chart-context-menu-${name}-${size?.width ?? 0}.png`;
    await page.screenshot({ path: join(SCREENSHOT_DIR, file) });
    if (shotsDir) await copyFile(join(SCREENSHOT_DIR, file), join(shotsDir, file));
  }

  const api = () => page.request;
  const getJson = async <T>(path: string): Promise<T> => (await (await api().get(`${server.url}${path}`)).json()) as T;

  /** The engine's own answer, through SQL Lab on the examples database. */
  async function sql(text: string): Promise<Row[]> {
    const clientId = Math.random().toString(36).slice(2, 13).padEnd(11, 'x');
    const response = await api().post(`${server.url}/api/v1/sqllab/execute/`, {
      headers: { 'X-CSRFToken': csrf },
      data: { client_id: clientId, database_id: examplesId, sql: text, runAsync: false, queryLimit: 10_000 },
    });
    const body = (await response.json()) as { data?: Row[] };
    expect(response.status(), JSON.stringify(body)).toBe(200);
    return body.data ?? [];
  }

  const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;

  beforeAll(async () => {
    if (shotsDir) await mkdir(shotsDir, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
    await page.route(/\/api\/v1\/(dashboard\/[^/]+\/chart_data|chart\/data)/, async (route) => {
      const response = await route.fetch();
      const text = await response.text();
      if (
        route.request().method() === 'POST' &&
        response.status() === 200 &&
        route.request().url().includes('/chart_data')
      ) {
        for (const line of text.split('\n')) {
          if (!line.trim()) continue;
          const parsed = JSON.parse(line) as { key: string; status: number; result?: Array<{ data: Row[] }> };
          if (parsed.status === 200 && parsed.result?.[0]) answers.set(parsed.key, parsed.result[0]);
        }
      }
      await route.fulfill({ response, body: text });
    });
    await logIn(page, server.url, server.adminUsername, server.adminPassword);
    csrf = (await getJson<{ result: string }>('/api/v1/security/csrf_token/')).result;
    const databases = await getJson<{ result: Array<{ id: number; database_name: string }> }>('/api/v1/database/');
    const examples = databases.result.find((database) => database.database_name === 'examples');
    if (!examples) throw new Error('no examples database');
    examplesId = examples.id;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /**
   * Drill to detail by a clicked slice of "Seattle: weather types": the count and rows are seattle_weather's under
   * that weather, and the second page holds other rows of it.
   */
  async function drillToDetailBySlice(chart: Locator, prefix: string): Promise<string> {
    const weather = await rightClickSlice(page, chart.locator('canvas').first());
    const entries = await menuEntries(page);
    expect(entries).toContain('Drill to detail');
    expect(entries).toContain(`Drill to detail by ${weather}`);
    expect(entries).toContain('Drill by');
    await shot(`${prefix}-menu`);
    await menuClick(page, `Drill to detail by ${weather}`);

    const modal = page.locator('[data-test="drill-detail-modal"] .ant-modal');
    await modal.waitFor();
    await modal.locator('[data-test="drill-detail-table"][data-page="1"]').waitFor();
    const [{ n } = { n: 0 }] = await sql(`SELECT COUNT(*) AS n FROM seattle_weather WHERE weather = ${quote(weather)}`);
    await expect.poll(() => modal.locator('[data-test="drill-detail-count"]').textContent()).toBe(`${n} rows`);
    expect(await modal.locator('[data-test="drill-detail-filter"]').allTextContents()).toEqual([
      `weather = ${weather}`,
    ]);

    const expected = await sql(`SELECT date, temp_max, weather FROM seattle_weather WHERE weather = ${quote(weather)}`);
    const byDay = new Map(expected.map((row) => [day(row.date), row]));
    const first = await detailRows(modal);
    expect(first).toHaveLength(Math.min(50, Number(n)));
    for (const row of first) {
      expect(row.weather).toBe(weather);
      const match = byDay.get(day(row.date));
      expect(match, `no ${weather} row on ${row.date}`).toBeDefined();
      expect(Number(row.temp_max)).toBeCloseTo(Number(match?.temp_max), 6);
    }
    await shot(`${prefix}-detail`);

    // The second server page: other rows of the same weather.
    await modal.locator('.ant-pagination-item-2').click();
    await modal.locator('[data-test="drill-detail-table"][data-page="2"]').waitFor();
    const second = await detailRows(modal);
    expect(second).toHaveLength(Math.min(50, Number(n) - 50));
    const firstDays = new Set(first.map((row) => row.date));
    for (const row of second) {
      expect(row.weather).toBe(weather);
      expect(byDay.has(day(row.date))).toBe(true);
      expect(firstDays.has(row.date)).toBe(false);
    }

    // Removing the tag drills to every row of the chart.
    await modal.locator('[data-test="drill-detail-filter"] .ant-tag-close-icon').click();
    const [{ all } = { all: 0 }] = await sql('SELECT COUNT(*) AS "all" FROM seattle_weather');
    await expect.poll(() => modal.locator('[data-test="drill-detail-count"]').textContent()).toBe(`${all} rows`);
    await modal.locator('.ant-modal-close').click();
    await modal.waitFor({ state: 'hidden' });
    return weather;
  }

  it(
    'drills to detail by a pie slice on a dashboard, a server page at a time',
    async () => {
      await page.goto(`${server.url}/nezha/dashboard/seattle-weather/`);
      const pie = chartCard(page, 'Seattle: weather types');
      await settled(pie);
      await drillToDetailBySlice(pie, 'dashboard');
    },
    SLOW,
  );

  it(
    'a right-click beside the data offers only what needs no point',
    async () => {
      const pie = chartCard(page, 'Seattle: weather types');
      const body = pie.locator('[data-test="dashboard-chart-body"]');
      await body.scrollIntoViewIfNeeded();
      const box = await body.boundingBox();
      if (!box) throw new Error('no chart body');
      // A corner of the chart's box, away from the pie and its legend.
      await page.mouse.click(box.x + box.width - 6, box.y + box.height - 6, { button: 'right' });
      expect(await menuEntries(page)).toEqual(['Drill to detail', 'Drill by']);
      await closeMenu(page);
    },
    SLOW,
  );

  it(
    'adds a cross-filter from the menu, and another chart shows that weather’s numbers',
    async () => {
      const pie = chartCard(page, 'Seattle: weather types');
      const high = chartCard(page, 'Seattle: average high');
      await settled(high);
      const weather = await rightClickSlice(page, pie.locator('canvas').first());
      const charts = await getJson<{ result: Array<{ id: number; slice_name: string }> }>(
        '/api/v1/dashboard/seattle-weather/charts',
      );
      const highId = String(charts.result.find((chart) => chart.slice_name === 'Seattle: average high')?.id);
      answers.clear();
      await menuClick(page, 'Add cross-filter');
      const [{ v } = { v: 0 }] = await sql(
        `SELECT AVG(temp_max) AS v FROM seattle_weather WHERE weather = ${quote(weather)}`,
      );
      // The big number asked again with the cross-filter applied, and got that weather's average.
      await expect
        .poll(() => answers.get(highId)?.applied_filters?.map((filter) => filter.column))
        .toEqual(['weather']);
      const [row] = answers.get(highId)?.data ?? [];
      expect(Number(Object.values(row ?? {})[0])).toBeCloseTo(Number(v), 6);
      await settled(high);
      await expect
        .poll(() => high.locator('[data-test="dashboard-chart-body"]').textContent())
        .toContain(Number(v).toFixed(2));
      // The same point now offers to remove it.
      await rightClickSlice(page, pie.locator('canvas').first()).then(async (again) => {
        if (again === weather) expect(await menuEntries(page)).toContain('Remove cross-filter');
        await closeMenu(page);
      });
    },
    SLOW,
  );

  it(
    'drills by a column from a clicked word, drills again, and goes back by the breadcrumb',
    async () => {
      await page.goto(`${server.url}/nezha/dashboard/births/`);
      const cloud = chartCard(page, 'Baby names cloud');
      await settled(cloud);
      const { word, text: name } = await biggestWord(cloud);
      await word.click({ button: 'right' });
      expect(await menuEntries(page)).toEqual(
        expect.arrayContaining(['Add cross-filter', 'Drill to detail', `Drill to detail by ${name}`, 'Drill by']),
      );
      await openDrillBy(page);
      await page.locator('[data-test="drill-by-search"] input, input[data-test="drill-by-search"]').first().fill('sta');
      const stateItem = page.locator('.ant-dropdown-menu-submenu-popup li', { hasText: /^state$/ });
      await stateItem.waitFor();
      await shot('drill-by-menu');
      await stateItem.click();

      const modal = page.locator('[data-test="drill-by-modal"] .ant-modal');
      await modal.waitFor();
      const chart = modal.locator('[data-test="drill-by-chart"]');
      await chart.locator('text').first().waitFor();
      const expectedStates = (
        await sql(`SELECT DISTINCT state FROM birth_names WHERE name = ${quote(name)} ORDER BY state`)
      ).map((row) => String(row.state));
      const drawnStates = async () => (await words(chart)).sort();
      expect(await drawnStates()).toEqual([...expectedStates].sort());
      expect(await modal.locator('.ant-breadcrumb').textContent()).toContain(`name = ${name}`);
      await shot('drill-by-chart');

      // Drilling again: a state of the drilled chart, by gender.
      const { word: stateWord, text: state } = await biggestWord(chart);
      await stateWord.click({ button: 'right' });
      expect(await menuEntries(page)).toEqual(['Drill by']);
      await openDrillBy(page);
      const genderItem = page.locator('.ant-dropdown-menu-submenu-popup li', { hasText: /^gender$/ });
      await genderItem.click();
      await expect.poll(() => modal.locator('.ant-breadcrumb').textContent()).toContain(`state = ${state}`);
      const expectedGenders = (
        await sql(
          `SELECT DISTINCT gender FROM birth_names WHERE name = ${quote(name)} AND state = ${quote(state)} ORDER BY 1`,
        )
      ).map((row) => String(row.gender));
      await expect.poll(drawnStates).toEqual([...expectedGenders].sort());
      await shot('drill-by-again');

      // Back to the first drill: the states again.
      await modal.locator('[data-test="drill-by-crumb"]', { hasText: `name = ${name}` }).click();
      await expect.poll(drawnStates).toEqual([...expectedStates].sort());
      await modal.locator('.ant-modal-close').click();
      await modal.waitFor({ state: 'hidden' });
      expect(browser.consoleErrors).toEqual([]);
    },
    SLOW,
  );

  it(
    'in Explore drills to detail by a slice, and shows cross-filter disabled with Superset’s tooltip',
    async () => {
      const charts = await getJson<{ result: Array<{ id: number; slice_name: string }> }>(
        `/api/v1/chart/?q=${encodeURIComponent("(filters:!((col:slice_name,opr:eq,value:'Seattle: weather types')))")}`,
      );
      const sliceId = charts.result[0]?.id;
      if (!sliceId) throw new Error('no pie chart');
      await page.goto(`${server.url}/explore/?slice_id=${sliceId}`);
      const container = page.locator('[data-test="chart-container"]');
      await settled(container);
      const weather = await rightClickSlice(page, container.locator('canvas').first());
      const cross = page.locator(`.ant-dropdown:not(.ant-dropdown-hidden) ${MENU} li`, { hasText: 'Add cross-filter' });
      expect(await cross.getAttribute('aria-disabled')).toBe('true');
      await cross.locator('[data-test="cross-filter-tip"]').hover();
      await page.locator('.ant-tooltip', { hasText: 'Cross-filtering is not enabled for this dashboard.' }).waitFor();
      await shot('explore-menu');
      await closeMenu(page);
      expect(weather.length).toBeGreaterThan(0);
      await drillToDetailBySlice(container, 'explore');
    },
    SLOW,
  );

  it(
    'the menu and its dialogs at 1024x768',
    async () => {
      await page.setViewportSize({ width: 1024, height: 768 });
      try {
        await page.goto(`${server.url}/nezha/dashboard/seattle-weather/`);
        const pie = chartCard(page, 'Seattle: weather types');
        await settled(pie);
        const weather = await rightClickSlice(page, pie.locator('canvas').first());
        await shot('dashboard-menu');
        await menuClick(page, `Drill to detail by ${weather}`);
        const detail = page.locator('[data-test="drill-detail-modal"] .ant-modal');
        await detail.locator('[data-test="drill-detail-table"][data-page="1"]').waitFor();
        await shot('dashboard-detail');
        await detail.locator('.ant-modal-close').click();
        await detail.waitFor({ state: 'hidden' });

        await page.goto(`${server.url}/nezha/dashboard/births/`);
        const cloud = chartCard(page, 'Baby names cloud');
        await settled(cloud);
        await (await biggestWord(cloud)).word.click({ button: 'right' });
        expect(await menuEntries(page)).toContain('Drill by');
        await openDrillBy(page);
        await shot('drill-by-menu');
        await page.locator('.ant-dropdown-menu-submenu-popup li', { hasText: /^state$/ }).click();
        const modal = page.locator('[data-test="drill-by-modal"] .ant-modal');
        await modal.locator('[data-test="drill-by-chart"] text').first().waitFor();
        await shot('drill-by-chart');
        await modal.locator('.ant-modal-close').click();
        await modal.waitFor({ state: 'hidden' });
      } finally {
        await page.setViewportSize({ width: 1440, height: 900 });
      }
    },
    SLOW,
  );
});
