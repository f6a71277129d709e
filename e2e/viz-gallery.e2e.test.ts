// Every registered viz type drawn in explore on example data, checked for a real drawing and no error, and
// photographed to e2e/screenshots/viz-<viz_type>.png so a person can look at each of them.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_CASES } from '../packages/web/src/charts/gallery/gallery-cases.js';
import { SEMANTIC_VIZ_TYPES } from '../packages/web/src/charts/semantic-viz-types.js';
import { type BrowserSession, launchBrowser, SCREENSHOT_DIR } from './support/browser.js';
import { type NezhaServer, startServer } from './support/server.js';
import { logIn } from './support/sqllab-page.js';

// The semantic-layer viz types draw saved entities, not example data: e2e/semantic.e2e.test.ts covers them. Every
// other viz type's recipe (its example dataset and form data) is in its folder's gallery-cases.ts, read through the
// galleries' index.
const semantic: readonly string[] = SEMANTIC_VIZ_TYPES;

type FormData = Record<string, unknown>;

/** What a chart drew: distinct colours on its canvases, SVG shapes, table cells and text. */
interface Drawing {
  canvasColours: number;
  svgShapes: number;
  tableCells: number;
  text: string;
}

async function drawingOf(page: Page): Promise<Drawing> {
  return page.locator('[data-test="chart-container"]').evaluate((container) => {
    const colours = new Set<number>();
    for (const canvas of Array.from(container.querySelectorAll('canvas'))) {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0 || canvas.height === 0) continue;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      // Every 7th pixel is enough to tell a drawing from a blank or one-colour canvas.
      for (let at = 0; at < data.length; at += 28) {
        colours.add(
          ((data[at] ?? 0) << 24) | ((data[at + 1] ?? 0) << 16) | ((data[at + 2] ?? 0) << 8) | (data[at + 3] ?? 0),
        );
        if (colours.size > 50) break;
      }
    }
    return {
      canvasColours: colours.size,
      svgShapes: container.querySelectorAll('svg path, svg rect, svg circle, svg text').length,
      tableCells: container.querySelectorAll('td').length,
      text: (container.textContent ?? '').trim(),
    };
  });
}

function looksDrawn(drawing: Drawing): boolean {
  return drawing.canvasColours >= 3 || drawing.svgShapes >= 3 || drawing.tableCells >= 4 || /\d/.test(drawing.text);
}

describe('every viz type on example data', () => {
  let server: NezhaServer;
  let browser: BrowserSession;
  let page: Page;
  const datasetIds = new Map<string, number>();
  let vizTypes: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
    await logIn(page, server.url, server.adminUsername, server.adminPassword);
    const q = encodeURIComponent('(page:0,page_size:100)');
    const datasets = (await (await page.request.get(`${server.url}/api/v1/dataset/?q=${q}`)).json()) as {
      result: Array<{ id: number; table_name: string }>;
    };
    for (const dataset of datasets.result) datasetIds.set(dataset.table_name, dataset.id);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const exploreUrl = (table: string, formData: FormData) => {
    const id = datasetIds.get(table);
    if (!id) throw new Error(`No example dataset on the table ${table}`);
    const params = new URLSearchParams({
      datasource_type: 'table',
      datasource_id: String(id),
      form_data: JSON.stringify({ time_range: 'No filter', adhoc_filters: [], ...formData }),
    });
    return `${server.url}/explore/?${params.toString()}`;
  };

  it('switches the viz type through the picker and reads the registry from it', async () => {
    await page.goto(exploreUrl('weather', {}));
    await page.locator('[data-test="explore-page"]').waitFor();
    await page.click('[data-test="viz-type-control"]');
    const gallery = page.locator('[data-test="viz-type-gallery"]');
    await gallery.waitFor();
    vizTypes = await gallery
      .locator('[data-viz-type]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-viz-type') ?? ''));
    expect(vizTypes).toContain('table');
    expect(vizTypes).toContain('echarts_timeseries_line');
    await page.click('[data-test="viz-type-echarts_timeseries_line"]');
    await page.click('#viz-type-select');
    await gallery.waitFor({ state: 'hidden' });
    expect(await page.locator('[data-test="viz-type-control"]').textContent()).toContain('Line Chart');
    // The line chart's own controls replaced the table's.
    await page.locator('[data-test="add-column-x_axis"]').waitFor();
  });

  it('draws every viz type without an error and photographs it', async () => {
    const drawable = vizTypes.filter((vizType) => !semantic.includes(vizType));
    expect(drawable.length).toBeGreaterThanOrEqual(26);
    const problems: string[] = [];
    for (const vizType of drawable) {
      const recipe = EXAMPLE_CASES[vizType];
      if (!recipe) {
        problems.push(`${vizType}: no example recipe in its folder's gallery-cases.ts`);
        continue;
      }
      const errorsBefore = browser.consoleErrors.length;
      const failedBefore = browser.failedResponses.length;
      await page.goto(exploreUrl(recipe.table, { ...recipe.formData, viz_type: vizType }));
      await page.locator('[data-test="explore-page"]').waitFor();
      await page.click('[data-test="run-query"]');
      const container = page.locator('[data-test="chart-container"]');
      await page
        .locator('[data-test="chart-container"][data-chart-status="rendered"]')
        .or(page.locator('[data-test="chart-container"][data-chart-status="failed"]'))
        .or(page.locator('[data-test="chart-empty-invalid"]'))
        .waitFor({ timeout: 60_000 });
      // Let animations settle before the picture.
      await page.mouse.move(1, 1);
      await page.waitForTimeout(900);
      await page
        .locator('[data-test="chart-pane"]')
        .screenshot({ path: join(SCREENSHOT_DIR, `viz-${vizType}.png`), animations: 'disabled' });

      const status = await container.getAttribute('data-chart-status');
      const alert = (
        await page.locator('[data-test="chart-alert"], [data-test="chart-empty-invalid"]').allTextContents()
      )
        .join(' ')
        .trim();
      const drawing = await drawingOf(page);
      const complaints: string[] = [];
      if (status !== 'rendered') complaints.push(`status ${status || 'none'}`);
      if (alert) complaints.push(alert);
      if (!looksDrawn(drawing)) complaints.push(`nothing drawn ${JSON.stringify(drawing)}`);
      if (/No results were returned/.test(drawing.text)) complaints.push('no results');
      complaints.push(...browser.consoleErrors.slice(errorsBefore));
      complaints.push(
        ...browser.failedResponses
          .slice(failedBefore)
          .map((failed) => `${failed.status} ${failed.method} ${failed.url}`),
      );
      if (complaints.length > 0) problems.push(`${vizType}: ${complaints.join('; ')}`);
    }
    expect(problems).toEqual([]);
    // About ten seconds a type on a busy two-core machine.
  }, 900_000);
});
