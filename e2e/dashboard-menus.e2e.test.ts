// The dashboard's chart and dashboard menus in a real browser: drill by (chart and table views, drilling into a
// value), the pivoted CSV and full Excel exports of a chart, and the whole dashboard as a PDF.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { popupsAtRest } from './support/antd.js';
import { type BrowserSession, launchBrowser, SCREENSHOT_DIR } from './support/browser.js';
import { logIn } from './support/login.js';
import { type NezhaServer, startServer } from './support/server.js';

function chartCard(page: Page, title: string): Locator {
  return page.locator('[data-test="dashboard-chart"]', {
    has: page.locator('[data-test="dashboard-chart-title"]', { hasText: title }),
  });
}

async function settled(card: Locator): Promise<void> {
  await card.locator('xpath=self::*[@data-chart-status="rendered" or @data-chart-status="success"]').waitFor();
}

const OPEN_MENU_ITEMS =
  '.ant-dropdown:not(.ant-dropdown-hidden) li, .ant-dropdown-menu-submenu-popup:not(.ant-dropdown-menu-submenu-hidden) li';

function menuItem(page: Page, label: string): Locator {
  return page
    .locator(OPEN_MENU_ITEMS)
    .filter({ hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
    .last();
}

/**
 * Opens a menu entry, descending through sub-menus by their titles. A pointer moved onto a popup that is still
 * being placed can scroll the page and land on a neighbour, so each step waits for the popups to rest and hovers
 * again until the next level shows.
 */
async function menu(page: Page, trigger: Locator, path: string[]): Promise<void> {
  await trigger.click();
  for (const [index, label] of path.entries()) {
    const item = menuItem(page, label);
    await item.waitFor();
    await popupsAtRest(page);
    const next = path[index + 1];
    if (next === undefined) {
      await item.click();
      return;
    }
    await expect
      .poll(
        async () => {
          await item.hover();
          return menuItem(page, next)
            .waitFor({ timeout: 2_000 })
            .then(() => true)
            .catch(() => false);
        },
        { timeout: 20_000 },
      )
      .toBe(true);
  }
}

async function download(page: Page, trigger: Locator, path: string[]): Promise<{ name: string; bytes: Buffer }> {
  // Rendering a whole dashboard into a PDF is CPU work that a loaded CI machine stretches well past 30 s.
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), menu(page, trigger, path)]);
  const saved = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(saved) };
}

/** The numbers of a column of the drill-by table, read off the page. */
async function tableColumn(page: Page, header: string): Promise<number[]> {
  const table = page.locator('[data-test="drill-by-table"]');
  const headers = await table.locator('thead th').allTextContents();
  const index = headers.findIndex((text) => text.trim() === header);
  if (index < 0) throw new Error(`no column ${header} in ${headers.join(', ')}`);
  const cells = await table.locator(`tbody tr.ant-table-row td:nth-child(${index + 1})`).allTextContents();
  return cells.map((text) => Number(text.replace(/,/g, '')));
}

describe('dashboard menus', () => {
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

  it('drills a chart by another column, then into one value of it', async () => {
    await page.goto(`${server.url}/nezha/dashboard/births/`);
    const card = chartCard(page, 'Top baby names');
    await settled(card);
    await menu(page, card.locator('[data-test="chart-menu"]'), ['Drill by']);
    const modal = page.locator('[data-test="drill-by-modal"] .ant-modal');
    await modal.waitFor();

    await modal.locator('[data-test="drill-by-column"]').click();
    await page.locator('.ant-select-item-option', { hasText: /^gender$/ }).click();
    await modal.locator('[data-test="drill-by-chart"]').waitFor();
    await browser.screenshot('dashboard-menus-01-drill-by-chart');

    await modal.locator('[data-test="drill-by-view"]').getByText('Table').click();
    await modal.locator('[data-test="drill-by-table"] tbody tr.ant-table-row').first().waitFor();
    const genders = await modal
      .locator('[data-test="drill-by-table"] tbody tr.ant-table-row td:first-child')
      .allTextContents();
    expect([...genders].sort()).toEqual(['boy', 'girl']);
    const byGender = await tableColumn(page, 'Births');
    const boyRow = genders.indexOf('boy');
    const boys = byGender[boyRow] as number;
    expect(boys).toBeGreaterThan(0);

    // Drilling into "boy" keeps it as a filter; the next column's rows add up to the boys' births.
    await modal
      .locator('[data-test="drill-by-table"] tbody tr.ant-table-row', { hasText: 'boy' })
      .getByText('boy')
      .click();
    await modal.locator('.ant-breadcrumb', { hasText: 'gender = boy' }).waitFor();
    await modal.locator('[data-test="drill-by-column"]').click();
    // Years: fewer than the chart's row limit, so every row of the drill is there to add up.
    await page.locator('.ant-select-item-option', { hasText: /^ds$/ }).click();
    await modal.locator('[data-test="drill-by-table"] thead th', { hasText: 'ds' }).waitFor();
    const byYear = await tableColumn(page, 'Births');
    expect(byYear.length).toBeGreaterThan(1);
    expect(byYear.reduce((sum, value) => sum + value, 0)).toBe(boys);
    await browser.screenshot('dashboard-menus-02-drill-by-table');

    // A year drilled into filters as a timestamp: its states add up to that year's boys.
    const years = await modal
      .locator('[data-test="drill-by-table"] tbody tr.ant-table-row td:first-child')
      .allTextContents();
    const year = years[0] as string;
    expect(year).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const yearBoys = byYear[0] as number;
    await modal.locator('[data-test="drill-by-table"] tbody tr.ant-table-row').first().getByText(year).click();
    await modal.locator('.ant-breadcrumb', { hasText: `ds = ${year}` }).waitFor();
    await modal.locator('[data-test="drill-by-column"]').click();
    await page.locator('.ant-select-item-option', { hasText: /^state$/ }).click();
    await modal.locator('[data-test="drill-by-table"] thead th', { hasText: 'state' }).waitFor();
    const states = await tableColumn(page, 'Births');
    expect(states.length).toBeGreaterThan(1);
    expect(states.reduce((sum, value) => sum + value, 0)).toBe(yearBoys);
    await modal.locator('.ant-modal-close').click();
    await modal.waitFor({ state: 'hidden' });
  });

  it('exports a pivot table as it is drawn, and a chart’s full data as Excel', async () => {
    await page.goto(`${server.url}/nezha/dashboard/markets-and-nations/`);
    await page.locator('.ant-tabs-tab', { hasText: 'Nations' }).click();
    const card = chartCard(page, 'Population by cluster and year');
    await settled(card);
    const pivot = await download(page, card.locator('[data-test="chart-menu"]'), [
      'Download',
      'Export to Pivoted .CSV',
    ]);
    expect(pivot.name).toBe('Population_by_cluster_and_year.csv');
    const lines = pivot.bytes
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(','));
    // Two header lines (metric, years), a line per cluster, then the totals line.
    expect(lines[1]?.[0]).toBe('cluster');
    expect(lines[1]?.at(-1)).toBe('Total');
    const body = lines.slice(2, -1);
    const totals = lines.at(-1) ?? [];
    expect(totals[0]).toBe('Total');
    expect(body.length).toBeGreaterThan(1);
    const lastColumn = (row: string[]) => Number(row.at(-1));
    expect(body.reduce((sum, row) => sum + lastColumn(row), 0)).toBeCloseTo(lastColumn(totals), 0);

    const xlsx = await download(page, card.locator('[data-test="chart-menu"]'), ['Download', 'Export to full Excel']);
    expect(xlsx.name).toMatch(/\.xlsx$/);
    expect(xlsx.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('downloads the whole dashboard as a PDF', async () => {
    await page.goto(`${server.url}/nezha/dashboard/seattle-weather/`);
    await settled(chartCard(page, 'Seattle: weather types'));
    const pdf = await download(page, page.locator('[data-test="dashboard-menu"]'), ['Download', 'Download as PDF']);
    expect(pdf.name).toBe('Seattle_Weather.pdf');
    // Kept beside the screenshots, to be looked at (pdftoppm turns it into PNG pages).
    await writeFile(join(SCREENSHOT_DIR, 'dashboard-menus-03.pdf'), pdf.bytes);
    const text = pdf.bytes.toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.endsWith('%%EOF\n')).toBe(true);
    const length = Number(/\/DCTDecode \/Length (\d+)/.exec(text)?.[1]);
    // A rendered dashboard, not a blank page: tens of kilobytes of JPEG.
    expect(length).toBeGreaterThan(20_000);
    const startxref = Number(/startxref\n(\d+)\n/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    expect(browser.consoleErrors).toEqual([]);
  });
});
