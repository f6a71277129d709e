// The semantic layer in a real browser: a measure opened from the dataset panel, defined by clicking controls,
// previewed as it is edited, saved and used as a metric in a line chart; a duplicated measure name blocking the run; a cohort and a calculated column saved
// and visible to other charts; a saved measure reopened for editing.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, closeSelect } from './support/antd.js';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { type NezhaServer, startServer } from './support/server.js';
import { logIn } from './support/sqllab-page.js';

// Names of this run: a server given by NEZHA_E2E_BASE_URL may hold the entities of an earlier one.
const RUN = Date.now().toString(36).slice(-5);
const MEASURE = `avg_high_${RUN}`;
const COHORT = `Wet weather kinds ${RUN}`;
const COLUMN = `month_of_date_${RUN}`;

async function switchVizType(page: Page, search: string, vizType: string): Promise<void> {
  await page.click('[data-test="viz-type-control"]');
  await page.locator('[data-test="viz-type-gallery"]').waitFor();
  await page.fill('[data-test="viz-type-search"] input', search);
  await page.click(`[data-test="viz-type-${vizType}"]`);
  await page.click('#viz-type-select');
  await page.locator('[data-test="viz-type-gallery"]').waitFor({ state: 'hidden' });
}

/** The dataset panel's "+ Measure", "+ Cohort"… button: a new one of them on the same dataset. */
async function openSemanticEditor(page: Page, vizType: string, name: string): Promise<void> {
  await page.click(`[data-test="semantic-add-${vizType}"]`);
  await page.locator('[data-test="viz-type-control"]', { hasText: name }).waitFor();
}

/**
 * A semantic preview runs by itself once an edit leaves it valid: the answer to the query whose form data holds
 * `text` (set up before the edit), then the drawing.
 */
async function previewAfter(page: Page, text: string, edit: () => Promise<void>): Promise<void> {
  const answered = page.waitForResponse(
    (response) =>
      response.url().includes('/api/v1/chart/data') &&
      response.request().method() === 'POST' &&
      (response.request().postData() ?? '').includes(text),
  );
  await edit();
  await answered;
  await page.locator('[data-test="chart-status"]', { hasText: 'rendered' }).waitFor();
}

async function runAndWait(page: Page): Promise<void> {
  await page.click('[data-test="run-query"]');
  await page.locator('[data-test="chart-status"]', { hasText: 'rendered' }).waitFor();
}

async function saveAs(page: Page, name: string, tag?: string): Promise<void> {
  await page.click('[data-test="open-save-modal"]');
  const dialog = page.locator('[data-test="save-modal"]');
  await dialog.waitFor();
  await dialog.locator('[data-test="save-chart-name"]').fill(name);
  if (tag) {
    // The measure's tag field, as in the other properties dialogs: typed, kept, then the list closed.
    const tags = dialog.locator('[data-test="save-semantic-tags"]');
    await tags.click();
    const input = tags.locator('input[role="combobox"]').first();
    await input.fill(tag);
    await input.press('Enter');
    await tags.locator('.ant-select-selection-item', { hasText: tag }).waitFor();
    await closeSelect(page, tags);
  }
  await page.click('[data-test="save-chart"]');
}

describe('semantic layer', () => {
  let server: NezhaServer;
  let browser: BrowserSession;
  let page: Page;
  let datasetId = 0;
  let measureId = 0;

  const getJson = async <T>(path: string): Promise<T> =>
    (await (await page.request.get(`${server.url}${path}`)).json()) as T;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
    await logIn(page, server.url, server.adminUsername, server.adminPassword);
    const q = encodeURIComponent('(filters:!((col:table_name,opr:eq,value:weather)),page:0,page_size:5)');
    const found = await getJson<{ result: Array<{ id: number }> }>(`/api/v1/dataset/?q=${q}`);
    datasetId = found.result[0]?.id ?? 0;
    expect(datasetId).toBeGreaterThan(0);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('defines a measure by clicking controls and previews its value', async () => {
    await page.goto(`${server.url}/explore/?datasource_type=table&datasource_id=${datasetId}`);
    await page.locator('[data-test="explore-page"]').waitFor();
    await openSemanticEditor(page, 'measure', 'Measure');
    // An empty list is refused with the spec's message before anything runs.
    await page.locator('[data-test="chart-empty-invalid"]', { hasText: 'Measures cannot be empty' }).waitFor();

    await page.click('[data-test="measure-add"]');
    const definition = page.locator('[data-test="measure-definition"]').first();
    await definition.locator('[data-test="measure-name-input"]').fill(MEASURE);
    await chooseOption(page, definition.locator('[data-test="measure-aggregate-select"]'), 'AVG');
    await previewAfter(page, 'temp_max', () =>
      chooseOption(page, definition.locator('[data-test="measure-column-select"]'), 'temp_max'),
    );
    const cell = page.locator('[data-test="chart-container"] [role="gridcell"]').first();
    await cell.waitFor();
    // The average daily high of the weather example, whatever its exact rows: a plausible temperature.
    const value = Number((await cell.textContent())?.replace(/[^\d.-]/g, ''));
    expect(value).toBeGreaterThan(5);
    expect(value).toBeLessThan(30);
    expect(await page.locator('[data-test="chart-container"] [role="columnheader"]').allTextContents()).toContain(
      MEASURE,
    );
    await browser.screenshot('semantic-01-measure-preview');
  });

  it('blocks the run while a measure name is duplicated', async () => {
    await page.click('[data-test="measure-add"]');
    const second = page.locator('[data-test="measure-definition"]').nth(1);
    await second.locator('[data-test="measure-name-input"]').fill(MEASURE);
    expect(await page.locator('[data-test="run-query"]').isDisabled()).toBe(true);
    await page.locator('span:has(> [data-test="run-query"])').hover();
    await page
      .locator('[data-test="run-blocked-reasons"]', {
        hasText: 'Measure name cannot be duplicated, including with saved measures',
      })
      .waitFor();
    await browser.screenshot('semantic-02-duplicated-name');
    await second.locator('[data-test="measure-remove"]').click();
    expect(await page.locator('[data-test="run-query"]').isDisabled()).toBe(false);
  });

  it('saves the measure with a tag and lists it on the dataset', async () => {
    await saveAs(page, MEASURE, `temps-${RUN}`);
    await page.getByText(`Measure [${MEASURE}] has been saved`).waitFor();
    const measures = await getJson<{ result: Array<{ id: number; measure_name: string; viz_type: string }> }>(
      '/api/v1/measure/',
    );
    const saved = measures.result.find((measure) => measure.measure_name === MEASURE);
    expect(saved?.viz_type).toBe('measure');
    measureId = saved?.id ?? 0;
    expect(measureId).toBeGreaterThan(0);
    // The tag is a tag link of the measure, as the tags API sees it.
    const detail = await getJson<{ result: { tags: Array<{ name: string }> } }>(`/api/v1/measure/${measureId}`);
    expect(detail.result.tags.map((tag) => tag.name)).toEqual([`temps-${RUN}`]);
    const tagged = await getJson<{ result: Array<{ type: string; id: number }> }>(
      `/api/v1/tag/get_objects/?tags=temps-${RUN}`,
    );
    expect(tagged.result.map((object) => [object.type, object.id])).toEqual([['measure', measureId]]);
    await browser.screenshot('semantic-03-measure-saved');
  });

  it('uses the saved measure as the metric of a line chart', async () => {
    await switchVizType(page, 'line', 'echarts_timeseries_line');
    await chooseOption(page, page.locator('[data-test="control-granularity_sqla"]'), 'date');
    await page.click('[data-test="add-column-x_axis"]');
    const axis = page.locator('[data-test="column-editor"]');
    await axis.waitFor();
    await chooseOption(page, axis.locator('[data-test="column-select"]'), 'date');
    await axis.locator('[data-test="column-save"]').click();
    await chooseOption(page, page.locator('[data-test="control-time_grain_sqla"]'), 'Month');
    await page.click('[data-test="add-metric-metrics"]');
    const metric = page.locator('[data-test="metric-editor"]');
    await metric.waitFor();
    await metric.locator('.ant-tabs-tab', { hasText: 'Saved' }).click();
    await chooseOption(page, metric.locator('[data-test="saved-metric-select"]'), `${MEASURE} (measure)`);
    await metric.locator('[data-test="metric-save"]').click();
    await page.locator('[data-test="metric-pill"]', { hasText: MEASURE }).waitFor();
    await runAndWait(page);
    await page.locator('[data-test="chart-container"] canvas').first().waitFor();
    expect(await page.locator('[data-test="chart-row-count"]').textContent()).toBe('48 rows');
    await browser.screenshot('semantic-04-measure-in-line-chart');
  });

  it('creates a cohort of weather kinds on rainy days and offers it to the Cohort filter tab', async () => {
    await openSemanticEditor(page, 'cohort', 'Cohort');
    await page.click('[data-test="add-column-dimensions"]');
    const dimension = page.locator('[data-test="column-editor"]');
    await dimension.waitFor();
    await chooseOption(page, dimension.locator('[data-test="column-select"]'), 'weather');
    await dimension.locator('[data-test="column-save"]').click();
    await page.click('[data-test="add-filter-adhoc_filters"]');
    const editor = page.locator('[data-test="adhoc-filter-editor"]');
    await editor.waitFor();
    // The Cohort tab is not offered while defining a cohort.
    expect(await editor.locator('.ant-tabs-tab').allTextContents()).toEqual(['Simple', 'Custom SQL']);
    await editor.locator('.ant-tabs-tab', { hasText: 'Custom SQL' }).click();
    await editor.locator('[data-test="filter-sql-input"]').fill('precipitation > 0');
    await previewAfter(page, 'precipitation > 0', () => editor.locator('[data-test="filter-save"]').click());
    await page.locator('[data-test="filter-pill"]', { hasText: 'precipitation > 0' }).waitFor();
    const members = page.locator('[data-test="chart-container"] [role="row"]:has([role="gridcell"])');
    await expect.poll(() => members.count()).toBeGreaterThan(1);
    await browser.screenshot('semantic-05-cohort-preview');

    await saveAs(page, COHORT);
    await page.getByText(`Cohort [${COHORT}] has been saved`).waitFor();
    const cohorts = await getJson<{ result: Array<{ cohort_name: string; dimensions: string[] }> }>(
      `/api/v1/dataset/${datasetId}/cohorts`,
    );
    expect(cohorts.result.find((cohort) => cohort.cohort_name === COHORT)?.dimensions).toEqual(['weather']);

    // Another chart's filter popover offers the cohort at once.
    await switchVizType(page, 'table', 'table');
    await page.click('[data-test="add-filter-adhoc_filters"]');
    await editor.waitFor();
    await editor.locator('.ant-tabs-tab', { hasText: 'Cohort' }).click();
    const cohortSelect = editor.locator('.ant-select').first();
    await cohortSelect.click();
    await page.locator('.ant-select-dropdown:visible', { hasText: COHORT }).waitFor();
    await browser.screenshot('semantic-06-cohort-in-filter-tab');
    await closeSelect(page, cohortSelect);
    await editor.getByRole('button', { name: 'Close' }).click();
  });

  it('creates a calculated column (month of the date) with its values grouped', async () => {
    await openSemanticEditor(page, 'calculated_column', 'Calculated Column');
    await chooseOption(page, page.locator('[data-test="control-column"]'), 'date');
    await previewAfter(page, 'MONTH_OF_YEAR', () =>
      chooseOption(page, page.locator('[data-test="control-method"]'), 'Month of year'),
    );
    // Twelve months, each with its count of days; the status bar counts the rows drawn, not the dates queried.
    const rows = page.locator('[data-test="chart-container"] [role="row"]:has([role="gridcell"])');
    // The grid is virtual: its rows appear once it has measured itself.
    await expect.poll(() => rows.count()).toBe(12);
    expect(await page.locator('[data-test="chart-row-count"]').textContent()).toBe('12 rows');
    await browser.screenshot('semantic-07-calculated-column');
    await saveAs(page, COLUMN);
    await page.getByText(`Column [${COLUMN}] has been saved`).waitFor();
    const columns = await getJson<{ result: Array<{ column_name: string; method: string; type: string }> }>(
      `/api/v1/dataset/${datasetId}/saved_columns`,
    );
    expect(columns.result.find((column) => column.column_name === COLUMN)).toMatchObject({
      method: 'MONTH_OF_YEAR',
      type: 'INTEGER',
    });
  });

  it('reopens the saved measure from the datasource panel for editing and overwrites it', async () => {
    await page.locator('[data-test="datasource-panel"] .ant-collapse-header', { hasText: 'Semantic layer' }).click();
    const entry = page.locator('[data-test="semantic-entry-measure"]', { hasText: MEASURE });
    expect(await entry.getAttribute('href')).toBe(`/explore/?measure_id=${measureId}`);
    await page.locator('[data-test="semantic-entry-column"]', { hasText: COLUMN }).waitFor();
    await page.locator('[data-test="semantic-entry-cohort"]', { hasText: COHORT }).waitFor();
    // A run ends by saving its form data under a key for the address. Held here until the link below has been
    // followed: the key of the chart before must not replace the address the link opened.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let keyWriteSeen = () => {};
    const keyWriteStarted = new Promise<void>((resolve) => {
      keyWriteSeen = resolve;
    });
    await page.route('**/api/v1/explore/form_data**', async (route) => {
      keyWriteSeen();
      await held;
      await route.continue();
    });
    await page.click('[data-test="run-query"]');
    await keyWriteStarted;
    await entry.click();
    // A router link: the address changes without a page load. Polled, so a failure shows where the page went.
    await expect.poll(() => page.url(), { timeout: 20_000 }).toMatch(/measure_id=\d+/);
    const keyWritten = page.waitForResponse((response) => response.url().includes('/api/v1/explore/form_data'));
    release();
    await keyWritten;
    await page.unroute('**/api/v1/explore/form_data**');
    // The page before showed a rendered chart too: wait for the measure itself, then for its chart.
    await page.locator('[data-test="viz-type-control"]', { hasText: 'Measure' }).waitFor();
    await page.locator('[data-test="measure-name-input"]').waitFor();
    await page.locator('[data-test="chart-status"]', { hasText: 'rendered' }).waitFor();
    expect(page.url()).toMatch(/measure_id=\d+/);
    expect(await page.locator('[data-test="measure-name-input"]').inputValue()).toBe(MEASURE);
    await page.click('[data-test="open-save-modal"]');
    const dialog = page.locator('[data-test="save-modal"]');
    await dialog.waitFor();
    expect(await dialog.locator('input[type="radio"][value="overwrite"]').isChecked()).toBe(true);
    await browser.screenshot('semantic-08-measure-reopened');
    await page.click('[data-test="save-chart"]');
    await page.getByText(`Measure [${MEASURE}] has been overwritten`).waitFor();
  });
});
