// The chart gallery and the semantic layer's entry points in a real browser: "+ Chart" → a dataset → search,
// category, double-click → explore draws that chart; the semantic types are not charts of the gallery; explore's
// "+ Measure" and "+ Calculated column" open their editors on the dataset, whose previews follow each edit and
// report the rows they draw — checked against SQL run by the test.
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption } from './support/antd.js';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { type NezhaServer, repoRoot, startServer } from './support/server.js';
import { logIn } from './support/sqllab-page.js';

const SEMANTIC_VIZ_TYPES = [
  'measure',
  'measure_line',
  'calculated_measure',
  'cohort',
  'saved_column',
  'calculated_column',
];
const TABLE = 'seattle_weather';
// Names of this run: a server given by NEZHA_E2E_BASE_URL may hold the entities of an earlier one.
const RUN = Date.now().toString(36).slice(-5);
const MEASURE = `wet_days_${RUN}`;
/** Where the helper sessions keep the pictures a person looks at. */
const SHOTS_DIR = join(repoRoot, '..', 'shots', 'semantic');

type Row = Record<string, unknown>;

/** The chart data answer to the query whose form data holds `text` (a preview runs by itself after an edit). */
const answerHolding = (text: string) => (response: Response) =>
  response.url().includes('/api/v1/chart/data') &&
  response.request().method() === 'POST' &&
  (response.request().postData() ?? '').includes(text);

/** The grid's data rows (the preview table is virtual: they appear once it has measured itself). */
const previewRows = (page: Page) => page.locator('[data-test="chart-container"] [role="row"]:has([role="gridcell"])');

describe('chart gallery and semantic entry points', () => {
  let server: NezhaServer;
  let browser: BrowserSession;
  let page: Page;
  let csrf = '';
  let examplesId = 0;
  let datasetId = 0;
  let datasetLabel = '';

  const getJson = async <T>(path: string): Promise<T> =>
    (await (await page.request.get(`${server.url}${path}`)).json()) as T;

  /** The engine's own answer, through SQL Lab on the examples database. */
  async function sql(text: string): Promise<Row[]> {
    const clientId = Math.random().toString(36).slice(2, 13).padEnd(11, 'x');
    const response = await page.request.post(`${server.url}/api/v1/sqllab/execute/`, {
      headers: { 'X-CSRFToken': csrf },
      data: { client_id: clientId, database_id: examplesId, sql: text, runAsync: false, queryLimit: 10_000 },
    });
    const body = (await response.json()) as { data?: Row[] };
    expect(response.status(), JSON.stringify(body)).toBe(200);
    return body.data ?? [];
  }

  /** A picture for the e2e folder and a copy for the helper's shots folder. */
  async function shot(name: string): Promise<void> {
    const path = await browser.screenshot(name);
    await mkdir(SHOTS_DIR, { recursive: true });
    await copyFile(path, join(SHOTS_DIR, `${name}.png`));
  }

  const galleryTypes = (page: Page) =>
    page
      .locator('[data-test="viz-type-grid"] [data-viz-type]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-viz-type') ?? ''));

  /** The status bar's row count once the chart has drawn. */
  async function shownRowCount(): Promise<number> {
    await page.locator('[data-test="chart-status"]', { hasText: 'rendered' }).waitFor();
    const text = (await page.locator('[data-test="chart-row-count"]').textContent()) ?? '';
    const match = /^(\d+) rows?$/.exec(text.trim());
    if (!match) throw new Error(`unexpected row count "${text}"`);
    return Number(match[1]);
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
    await logIn(page, server.url, server.adminUsername, server.adminPassword);
    csrf = (await getJson<{ result: string }>('/api/v1/security/csrf_token/')).result;
    const databases = await getJson<{ result: Array<{ id: number; database_name: string }> }>('/api/v1/database/');
    examplesId = databases.result.find((database) => database.database_name === 'examples')?.id ?? 0;
    expect(examplesId).toBeGreaterThan(0);
    const q = encodeURIComponent(`(filters:!((col:table_name,opr:eq,value:${TABLE})),page:0,page_size:5)`);
    const found = await getJson<{ result: Array<{ id: number; schema: string | null; table_name: string }> }>(
      `/api/v1/dataset/?q=${q}`,
    );
    const dataset = found.result[0];
    if (!dataset) throw new Error(`no ${TABLE} dataset`);
    datasetId = dataset.id;
    datasetLabel = dataset.schema ? `${dataset.schema}.${dataset.table_name}` : dataset.table_name;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('"+ Chart": a dataset, a search, a category and a double-click open explore on that chart, which draws', async () => {
    await page.goto(`${server.url}/chart/list/`);
    await page.click('[data-test="add-chart"]');
    const dialog = page.locator('[data-test="chart-add-modal"]');
    await dialog.waitFor();
    await page.locator('[data-test="viz-type-gallery"]').waitFor();
    expect(await page.locator('[data-test="chart-add-create"]').isDisabled()).toBe(true);

    // Every chart is offered; no semantic layer type is, not even when searched for by name.
    const all = await galleryTypes(page);
    expect(all.length).toBeGreaterThanOrEqual(26);
    expect(all).toContain('pie');
    for (const vizType of SEMANTIC_VIZ_TYPES) expect(all).not.toContain(vizType);
    const search = page.locator('[data-test="viz-type-search"] input');
    await search.fill('cohort');
    await dialog.getByText('No charts match your search').waitFor();
    await search.fill('measure');
    for (const vizType of await galleryTypes(page)) expect(SEMANTIC_VIZ_TYPES).not.toContain(vizType);

    await chooseOption(page, dialog.locator('[data-test="chart-add-dataset"]'), datasetLabel);
    await search.fill('pie');
    await expect.poll(() => galleryTypes(page).then((types) => types[0])).toBe('pie');
    expect(await galleryTypes(page)).not.toContain('table');
    await shot('chart-gallery-01-search-pie-1440');

    // A category ends the search and shows its charts only.
    await page.click('[data-test="viz-section-category-Part of a Whole"]');
    expect(await search.inputValue()).toBe('');
    await expect
      .poll(() => galleryTypes(page).then((types) => [...types].sort()))
      .toEqual(['pie', 'sunburst_v2', 'treemap_v2']);
    await page.click('[data-test="viz-type-pie"]');
    await page.locator('[data-test="viz-type-details-name"]', { hasText: 'Pie Chart' }).waitFor();
    expect(await page.locator('[data-test="chart-add-create"]').isDisabled()).toBe(false);
    await shot('chart-gallery-02-category-1440');

    await page.dblclick('[data-test="viz-type-pie"]');
    await page.locator('[data-test="explore-page"]').waitFor();
    await page.locator('[data-test="viz-type-control"]', { hasText: 'Pie Chart' }).waitFor();
    expect(await page.locator('[data-test="datasource-name"]').textContent()).toContain(TABLE);

    // The pie's own controls: a dimension and a metric, then it draws one slice per weather kind.
    await page.click('[data-test="add-column-groupby"]');
    const column = page.locator('[data-test="column-editor"]');
    await column.waitFor();
    await chooseOption(page, column.locator('[data-test="column-select"]'), 'weather');
    await column.locator('[data-test="column-save"]').click();
    await page.click('[data-test="add-metric-metric"]');
    const metric = page.locator('[data-test="metric-editor"]');
    await metric.waitFor();
    await metric.locator('.ant-tabs-tab', { hasText: 'Custom SQL' }).click();
    await metric.locator('[data-test="metric-sql-input"]').fill('COUNT(*)');
    await metric.locator('[data-test="metric-save"]').click();
    await metric.waitFor({ state: 'hidden' });
    await page.click('[data-test="run-query"]');
    await page.locator('[data-test="chart-container"] canvas').first().waitFor();
    const kinds = await sql(`SELECT COUNT(DISTINCT weather) AS n FROM ${TABLE}`);
    expect(await shownRowCount()).toBe(Number(kinds[0]?.n));
  });

  it("explore's View all charts is the same gallery, without semantic types, usable by keyboard", async () => {
    await page.goto(`${server.url}/explore/?datasource_type=table&datasource_id=${datasetId}&viz_type=pie`);
    await page.locator('[data-test="viz-type-control"]', { hasText: 'Pie Chart' }).waitFor();
    await page.click('[data-test="viz-type-control"]');
    const gallery = page.locator('[data-test="viz-type-gallery"]');
    await gallery.waitFor();
    const types = await galleryTypes(page);
    for (const vizType of SEMANTIC_VIZ_TYPES) expect(types).not.toContain(vizType);
    // The current chart is selected; from the search, Down goes to the results and Enter chooses.
    expect(await page.locator('[data-test="viz-type-pie"]').getAttribute('aria-selected')).toBe('true');
    await page.locator('[data-test="viz-type-search"] input').focus();
    await page.keyboard.type('funnel');
    await expect.poll(() => galleryTypes(page)).toEqual(['funnel']);
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-viz-type') ?? null))
      .toBe('funnel');
    await page.keyboard.press('Enter');
    await gallery.waitFor({ state: 'hidden' });
    await page.locator('[data-test="viz-type-control"]', { hasText: 'Funnel' }).waitFor();
  });

  it('"+ Measure" opens the measure editor on this dataset; each edit refreshes the preview and its count', async () => {
    await page.locator('[data-test="semantic-add-buttons"]').waitFor();
    await shot('chart-gallery-03-panel-buttons-1440');
    await page.click('[data-test="semantic-add-measure"]');
    await page.locator('[data-test="viz-type-control"]', { hasText: 'Measure' }).waitFor();
    await page.locator('[data-test="chart-empty-invalid"]', { hasText: 'Measures cannot be empty' }).waitFor();
    expect(await page.locator('[data-test="datasource-name"]').textContent()).toContain(TABLE);
    expect(page.url()).toContain(`datasource_id=${datasetId}`);

    await page.click('[data-test="measure-add"]');
    const definition = page.locator('[data-test="measure-definition"]').first();
    await definition.locator('[data-test="measure-name-input"]').fill(MEASURE);
    await definition.locator('[data-test="measure-type"]').getByText('Custom SQL').click();
    // Grouped by weather kind, so the preview has several rows to count.
    await page.click('[data-test="add-column-groupby"]');
    const column = page.locator('[data-test="column-editor"]');
    await column.waitFor();
    await chooseOption(page, column.locator('[data-test="column-select"]'), 'weather');
    await column.locator('[data-test="column-save"]').click();
    await column.waitFor({ state: 'hidden' });

    // Typing the expression is the last edit: the preview runs by itself, without the Run button.
    const expressionOf = (threshold: number) => `SUM(CASE WHEN precipitation > ${threshold} THEN 1 ELSE 0 END)`;
    const checkPreview = async (where: string, threshold: number) => {
      const expected = await sql(
        `SELECT weather, ${expressionOf(threshold)} AS v FROM ${TABLE} ${where} GROUP BY weather ORDER BY weather`,
      );
      expect(expected.length).toBeGreaterThan(1);
      // The answer has arrived; the status bar shows its count once the preview has drawn it.
      await expect.poll(() => shownRowCount(), { timeout: 15_000 }).toBe(expected.length);
      await expect.poll(() => previewRows(page).count(), { timeout: 15_000 }).toBe(expected.length);
      const drawn = await previewRows(page).evaluateAll((rows) =>
        rows.map((row) => Array.from(row.querySelectorAll('[role="gridcell"]')).map((cell) => cell.textContent ?? '')),
      );
      const byKind = new Map(drawn.map(([kind, value]) => [kind, Number((value ?? '').replace(/[^\d.-]/g, ''))]));
      for (const row of expected) expect(byKind.get(String(row.weather))).toBe(Number(row.v));
    };

    let answered = page.waitForResponse(answerHolding(expressionOf(0)));
    await definition.locator('[data-test="measure-expression-input"]').fill(expressionOf(0));
    await answered;
    await checkPreview('', 0);
    await shot('chart-gallery-04-measure-preview-1440');

    // Editing the expression: a new preview with new numbers, nothing clicked.
    answered = page.waitForResponse(answerHolding(expressionOf(5)));
    await definition.locator('[data-test="measure-expression-input"]').fill(expressionOf(5));
    await answered;
    await checkPreview('', 5);

    // A filter: fewer kinds, and the count shown follows.
    answered = page.waitForResponse(answerHolding("weather <> 'sun'"));
    await page.click('[data-test="add-filter-adhoc_filters"]');
    const editor = page.locator('[data-test="adhoc-filter-editor"]');
    await editor.waitFor();
    await editor.locator('.ant-tabs-tab', { hasText: 'Custom SQL' }).click();
    await editor.locator('[data-test="filter-sql-input"]').fill("weather <> 'sun'");
    await editor.locator('[data-test="filter-save"]').click();
    await answered;
    await checkPreview("WHERE weather <> 'sun'", 5);
  });

  it('"+ Calculated column" previews its regrouped values, and the count shown is the rows drawn', async () => {
    await page.click('[data-test="semantic-add-calculated_column"]');
    await page.locator('[data-test="viz-type-control"]', { hasText: 'Calculated Column' }).waitFor();
    await chooseOption(page, page.locator('[data-test="control-column"]'), 'date');
    const answered = page.waitForResponse(answerHolding('MONTH_OF_YEAR'));
    await chooseOption(page, page.locator('[data-test="control-method"]'), 'Month of year');
    await answered;
    const months = await sql(`SELECT COUNT(DISTINCT EXTRACT(MONTH FROM CAST(date AS DATE))) AS n FROM ${TABLE}`);
    const expected = Number(months[0]?.n);
    expect(expected).toBe(12);
    // The query returned one row per date; the status bar counts the months drawn.
    expect(await shownRowCount()).toBe(expected);
    await expect.poll(() => previewRows(page).count(), { timeout: 15_000 }).toBe(expected);
  });

  it('looks right at 1024x768', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    try {
      await shot('chart-gallery-05-panel-buttons-1024');
      await page.goto(`${server.url}/chart/list/`);
      await page.click('[data-test="add-chart"]');
      await page.locator('[data-test="viz-type-gallery"]').waitFor();
      await page.click('[data-test="viz-type-big_number_total"]');
      await page.locator('[data-test="viz-type-details-name"]', { hasText: 'Big Number' }).waitFor();
      await shot('chart-gallery-06-add-1024');
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });
});
