// Explore in a real browser: a dataset from the examples database, a line chart built by clicking controls,
// simple, custom SQL and cohort filters, saving onto a new dashboard, reopening by slice id, and the SQL in SQL Lab.
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, clickDropdownItem, closeSelect, popupsAtRest } from './support/antd.js';
import { type BrowserSession, launchBrowser, SCREENSHOT_DIR } from './support/browser.js';
import { type NezhaServer, startServer } from './support/server.js';
import { logIn } from './support/sqllab-page.js';

const CHART_NAME = 'Weather: monthly highs by location';
const DASHBOARD_TITLE = 'Explore e2e dashboard';
const COHORT_NAME = 'Pacific Northwest';

interface ChartDataAnswer {
  result: Array<{ colnames: string[]; rowcount: number }>;
}

/** The column names of the chart data the page fetches while `action` runs (the pivoted series, one per location). */
async function chartDataColumns(page: Page, action: () => Promise<unknown>): Promise<string[]> {
  const answer = page.waitForResponse(
    (response) => response.url().includes('/api/v1/chart/data') && response.request().method() === 'POST',
  );
  await action();
  const body = (await (await answer).json()) as ChartDataAnswer;
  return body.result[0]?.colnames ?? [];
}

async function openPopover(page: Page, trigger: string, content: string): Promise<Locator> {
  await page.click(trigger);
  const popover = page.locator(content);
  await popover.waitFor();
  // A popover still zooming in moves under the pointer: the first click inside it can land on the chart below.
  await popupsAtRest(page);
  return popover;
}

describe('explore', () => {
  let server: NezhaServer;
  let browser: BrowserSession;
  let page: Page;
  let sliceId = 0;
  let rowCount = '';
  let cohortColumns: string[] = [];

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

  it('creates a dataset on the examples database (or links to the one the table has)', async () => {
    await page.goto(`${server.url}/tablemodelview/list/`);
    await page.locator('[data-test="dataset-list"]').waitFor();
    const q = encodeURIComponent('(filters:!((col:table_name,opr:eq,value:weather)),page:0,page_size:5)');
    const existing = (await (await page.request.get(`${server.url}/api/v1/dataset/?q=${q}`)).json()) as {
      count: number;
    };

    await page.click('[data-test="add-dataset"]');
    const dialog = page.locator('[data-test="dataset-create-modal"]');
    await dialog.waitFor();
    await chooseOption(page, dialog.locator('[data-test="dataset-database-select"]'), 'examples');
    await expect.poll(() => dialog.locator('[data-test="dataset-schema-select"]').textContent()).toContain('main');
    await chooseOption(page, dialog.locator('[data-test="dataset-table-select"]'), 'weather');
    if (existing.count > 0) {
      // The examples already made a dataset on the table: a table has one dataset, which the dialog links to.
      await dialog.locator('[data-test="dataset-exists"]').waitFor();
      await browser.screenshot('explore-01-dataset-dialog');
      await dialog.locator('[data-test="dataset-exists-explore"]').click();
    } else {
      await browser.screenshot('explore-01-dataset-dialog');
      await page.click('[data-test="create-dataset-and-chart"]');
    }
    await page.waitForURL(/\/explore\/\?datasource_type=table&datasource_id=\d+/);
    await page.locator('[data-test="explore-page"]').waitFor();
    expect(await page.locator('[data-test="datasource-name"]').textContent()).toContain('weather');

    // A cohort of the dataset for the cohort filter later: the locations of its rows in Seattle.
    const datasetId = Number(new URL(page.url()).searchParams.get('datasource_id'));
    const csrf = (
      (await (await page.request.get(`${server.url}/api/v1/security/csrf_token/`)).json()) as { result: string }
    ).result;
    const cohort = await page.request.post(`${server.url}/api/v1/cohort/`, {
      headers: { 'X-CSRFToken': csrf },
      data: {
        cohort_name: COHORT_NAME,
        datasource_id: datasetId,
        datasource_type: 'table',
        viz_type: 'cohort',
        params: {
          adhoc_filters: [
            {
              expressionType: 'SIMPLE',
              clause: 'WHERE',
              subject: 'location',
              operatorId: 'IN',
              comparator: ['Seattle'],
            },
          ],
        },
        dimensions: ['location'],
        auto_complete_option: [{ label: 'Seattle', top_series: ['Seattle'] }],
      },
    });
    expect(cohort.status()).toBe(201);
    // Explore reads the dataset's cohorts when it opens.
    await page.reload();
    await page.locator('[data-test="explore-page"]').waitFor();
    await browser.screenshot('explore-02-explore-opened');
  });

  it('builds a line chart by clicking controls', async () => {
    await page.click('[data-test="viz-type-control"]');
    await page.locator('[data-test="viz-type-gallery"]').waitFor();
    await page.fill('[data-test="viz-type-search"] input', 'line');
    await page.click('[data-test="viz-type-echarts_timeseries_line"]');
    await browser.screenshot('explore-03-viz-type-gallery');
    await page.click('#viz-type-select');
    await page.locator('[data-test="viz-type-gallery"]').waitFor({ state: 'hidden' });
    expect(await page.locator('[data-test="viz-type-control"]').textContent()).toContain('Line Chart');

    // Time column and x-axis: date; grain: month.
    await chooseOption(page, page.locator('[data-test="control-granularity_sqla"]'), 'date');
    const axis = await openPopover(page, '[data-test="add-column-x_axis"]', '[data-test="column-editor"]');
    await chooseOption(page, axis.locator('[data-test="column-select"]'), 'date');
    await axis.locator('[data-test="column-save"]').click();
    await chooseOption(page, page.locator('[data-test="control-time_grain_sqla"]'), 'Month');

    // Metric AVG(temp_max) from the Simple tab.
    const metric = await openPopover(page, '[data-test="add-metric-metrics"]', '[data-test="metric-editor"]');
    expect(await metric.locator('[data-test="metric-save"]').isDisabled()).toBe(true);
    await chooseOption(page, metric.locator('[data-test="metric-column-select"]'), 'temp_max');
    await chooseOption(page, metric.locator('[data-test="metric-aggregate-select"]'), 'AVG');
    expect(await metric.locator('[data-test="metric-title"]').textContent()).toContain('AVG(temp_max)');
    await browser.screenshot('explore-04-metric-popover');
    await metric.locator('[data-test="metric-save"]').click();
    await page.locator('[data-test="metric-pill"]', { hasText: 'AVG(temp_max)' }).waitFor();

    // Group by location.
    const dimension = await openPopover(page, '[data-test="add-column-groupby"]', '[data-test="column-editor"]');
    await chooseOption(page, dimension.locator('[data-test="column-select"]'), 'location');
    await dimension.locator('[data-test="column-save"]').click();
    await page.locator('[data-test="column-pill"]', { hasText: 'location' }).waitFor();

    // Time range 2013-01-01 : 2016-01-01, previewed by the server before it is applied.
    const picker = await openPopover(page, '[data-test="time-range-pill"]', '[data-test="time-range-picker"]');
    await chooseOption(page, picker.locator('[data-test="time-range-frame"]'), 'Advanced');
    await picker.locator('[data-test="time-range-advanced-since"]').fill('2013-01-01');
    await picker.locator('[data-test="time-range-advanced-until"]').fill('2016-01-01');
    await expect
      .poll(() => picker.locator('[data-test="time-range-preview"]').textContent())
      .toBe('2013-01-01 ≤ col < 2016-01-01');
    await browser.screenshot('explore-05-time-range');
    await picker.locator('[data-test="time-range-apply"]').click();
    await page.locator('[data-test="time-range-pill"]', { hasText: '2013-01-01 : 2016-01-01' }).waitFor();
  });

  it('adds a simple filter with values from autocomplete', async () => {
    const editor = await openPopover(
      page,
      '[data-test="add-filter-adhoc_filters"]',
      '[data-test="adhoc-filter-editor"]',
    );
    expect(await editor.locator('.ant-tabs-tab').allTextContents()).toEqual(['Cohort', 'Simple', 'Custom SQL']);
    expect(await editor.locator('[data-test="filter-save"]').isDisabled()).toBe(true);
    await chooseOption(page, editor.locator('[data-test="filter-subject-select"]'), 'weather');
    await chooseOption(page, editor.locator('[data-test="filter-operator-select"]'), 'In');
    const values = editor.locator('[data-test="filter-value-select"]');
    for (const value of ['sun', 'rain', 'drizzle']) await chooseOption(page, values, value);
    await closeSelect(page, values);
    await browser.screenshot('explore-06-simple-filter');
    await editor.locator('[data-test="filter-save"]').click();
    await page.locator('[data-test="filter-pill"]', { hasText: 'weather IN (sun, rain, drizzle)' }).waitFor();
  });

  it('adds a custom SQL filter, refusing a sub-query', async () => {
    const editor = await openPopover(
      page,
      '[data-test="add-filter-adhoc_filters"]',
      '[data-test="adhoc-filter-editor"]',
    );
    await editor.locator('.ant-tabs-tab', { hasText: 'Custom SQL' }).click();
    const sql = editor.locator('[data-test="filter-sql-input"]');
    await sql.fill('temp_max > (SELECT MIN(temp_min) FROM weather)');
    expect(await editor.locator('[data-test="filter-sql-error"]').textContent()).toContain(
      'Custom SQL cannot contain sub-queries',
    );
    expect(await editor.locator('[data-test="filter-save"]').isDisabled()).toBe(true);
    await browser.screenshot('explore-07-sql-filter-refused');
    await sql.fill('precipitation >= 0');
    expect(await editor.locator('[data-test="filter-sql-error"]').count()).toBe(0);
    await editor.locator('[data-test="filter-save"]').click();
    await page.locator('[data-test="filter-pill"]', { hasText: 'precipitation >= 0' }).waitFor();
  });

  it('runs the query and draws the chart', async () => {
    const columns = await chartDataColumns(page, () => page.click('[data-test="run-query"]'));
    await page.locator('[data-test="chart-status"]', { hasText: 'rendered' }).waitFor();
    await page.locator('[data-test="chart-container"] canvas').first().waitFor();
    rowCount = (await page.locator('[data-test="chart-row-count"]').textContent()) ?? '';
    // 36 months, one row each once the series are pivoted by location.
    expect(rowCount).toBe('36 rows');
    // Both locations are series before the cohort filter.
    expect(columns.some((name) => name.includes('Seattle'))).toBe(true);
    expect(columns.some((name) => name.includes('New York'))).toBe(true);
    await browser.screenshot('explore-08-chart');
  });

  it('adds a cohort filter, which keeps only the cohort members', async () => {
    const editor = await openPopover(
      page,
      '[data-test="add-filter-adhoc_filters"]',
      '[data-test="adhoc-filter-editor"]',
    );
    await editor.locator('.ant-tabs-tab', { hasText: 'Cohort' }).click();
    const tab = editor.locator('[data-test="cohort-filter-tab"]');
    await tab.waitFor();
    await chooseOption(page, tab.locator('[data-test="cohort-select"]'), COHORT_NAME);
    // The operator select is disabled until the chosen cohort is in the draft: a click before that opens nothing.
    const operator = tab.locator('[data-test="cohort-operator-select"]:not(.ant-select-disabled)');
    await operator.waitFor();
    await chooseOption(page, operator, 'In');
    const members = tab.locator('[data-test="cohort-value-select"]');
    await chooseOption(page, members, 'Seattle');
    await closeSelect(page, members);
    await browser.screenshot('explore-08b-cohort-filter');
    await editor.locator('[data-test="filter-save"]').click();
    await page.locator('[data-test="filter-pill"]', { hasText: `Cohort ${COHORT_NAME} IN Seattle` }).waitFor();

    cohortColumns = await chartDataColumns(page, () => page.click('[data-test="run-query"]'));
    await page.locator('[data-test="chart-status"]', { hasText: 'rendered' }).waitFor();
    // New York is not in the cohort: its series is gone, Seattle's months are all still there.
    expect(cohortColumns.some((name) => name.includes('Seattle'))).toBe(true);
    expect(cohortColumns.some((name) => name.includes('New York'))).toBe(false);
    expect(await page.locator('[data-test="chart-row-count"]').textContent()).toBe(rowCount);
    await browser.screenshot('explore-08c-chart-with-cohort');
  });

  it('saves the chart onto a new dashboard', async () => {
    await page.click('[data-test="open-save-modal"]');
    const dialog = page.locator('[data-test="save-modal"]');
    await dialog.waitFor();
    await dialog.locator('[data-test="save-chart-name"]').fill(CHART_NAME);
    await dialog.locator('[data-test="save-dashboard-select"]').click();
    await dialog.locator('[data-test="save-dashboard-select"] input').fill(DASHBOARD_TITLE);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `Create "${DASHBOARD_TITLE}"` })
      .click();
    await browser.screenshot('explore-09-save-dialog');
    await page.click('[data-test="save-chart"]');
    await page.getByText(`Chart [${CHART_NAME}] has been saved`).waitFor();
    await page
      .getByText(`Dashboard [${DASHBOARD_TITLE}] just got created and chart [${CHART_NAME}] was added to it`)
      .waitFor();
    await page.waitForURL(/slice_id=\d+/);
    sliceId = Number(new URL(page.url()).searchParams.get('slice_id'));
    expect(sliceId).toBeGreaterThan(0);
    expect(await page.locator('[data-test="chart-name"]').textContent()).toContain(CHART_NAME);
    await page.locator('[data-test="favorite-star"]').waitFor();
    await browser.screenshot('explore-10-saved');

    const chart = (await (await page.request.get(`${server.url}/api/v1/chart/${sliceId}`)).json()) as {
      result: { dashboards: Array<{ dashboard_title: string }>; viz_type: string };
    };
    expect(chart.result.viz_type).toBe('echarts_timeseries_line');
    expect(chart.result.dashboards.map((dashboard) => dashboard.dashboard_title)).toContain(DASHBOARD_TITLE);
  });

  it('reopens the chart by its slice id and gets the same chart', async () => {
    const columns = await chartDataColumns(page, () => page.goto(`${server.url}/explore/?slice_id=${sliceId}`));
    expect(columns).toEqual(cohortColumns);
    await page.locator('[data-test="chart-status"]', { hasText: 'rendered' }).waitFor();
    expect(await page.locator('[data-test="chart-name"]').textContent()).toContain(CHART_NAME);
    expect(await page.locator('[data-test="viz-type-control"]').textContent()).toContain('Line Chart');
    const labels = (pill: string) => page.locator(`${pill} [data-test="pill-label"]`).allTextContents();
    expect(await labels('[data-test="metric-pill"]')).toEqual(['AVG(temp_max)']);
    expect(await labels('[data-test="columns-control-groupby"] [data-test="column-pill"]')).toEqual(['location']);
    expect(await labels('[data-test="filter-pill"]')).toEqual([
      'weather IN (sun, rain, drizzle)',
      'precipitation >= 0',
      `Cohort ${COHORT_NAME} IN Seattle`,
    ]);
    expect(await page.locator('[data-test="chart-row-count"]').textContent()).toBe(rowCount);
    await page.locator('[data-test="chart-container"] canvas').first().waitFor();
    await browser.screenshot('explore-11-reopened');
  });

  it("shows the chart's query and opens its SQL in SQL Lab", async () => {
    await clickDropdownItem(page, '[data-test="chart-actions"]', 'View query');
    const sql = page.locator('[data-test="view-query-sql"]');
    await sql.waitFor();
    expect(await sql.textContent()).toMatch(/AVG\(.*temp_max/i);
    await browser.screenshot('explore-12-view-query');
    await page.locator('.ant-modal-close').click();
    await page.locator('[data-test="view-query-sql"]').waitFor({ state: 'detached' });

    const opened = page.context().waitForEvent('page');
    await clickDropdownItem(page, '[data-test="chart-actions"]', 'Open in SQL Lab');
    const sqlLab = await opened;
    sqlLab.on('console', (message) => {
      if (message.type() === 'error') browser.consoleErrors.push(`sqllab: ${message.text()}`);
    });
    sqlLab.on('pageerror', (error) => browser.consoleErrors.push(`sqllab uncaught: ${error.message}`));
    await sqlLab.waitForURL(/\/sqllab\/\?form_data_key=/);
    await sqlLab.getByText('temp_max').first().waitFor();
    await sqlLab.waitForTimeout(400);
    await sqlLab.screenshot({ path: join(SCREENSHOT_DIR, 'explore-13-sqllab.png'), fullPage: true });
    await sqlLab.close();
  });

  it('lists the chart in the Charts list and standalone shows only the chart', async () => {
    await page.goto(`${server.url}/chart/list/`);
    await page.fill('[data-test="chart-search"] input', 'monthly highs by');
    await page.keyboard.press('Enter');
    const row = page.locator('[data-test="chart-list"] .ant-table-row', { hasText: CHART_NAME });
    await row.waitFor();
    expect(await row.textContent()).toContain(DASHBOARD_TITLE);
    await browser.screenshot('explore-14-chart-list');

    await page.goto(`${server.url}/explore/?slice_id=${sliceId}&standalone=1`);
    await page.locator('[data-test="chart-container"] canvas').first().waitFor();
    expect(await page.locator('[data-test="user-menu"]').count()).toBe(0);
    expect(await page.locator('[data-test="control-panel"]').count()).toBe(0);
    await browser.screenshot('explore-15-standalone');
  });

  it('logged no console error and met no failed request', () => {
    expect(browser.failedResponses).toEqual([]);
    expect(browser.consoleErrors).toEqual([]);
  });
});
