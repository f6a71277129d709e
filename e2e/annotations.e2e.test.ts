// Annotation layers in a real browser: a table chart of Seattle's snow days saved through the API feeds an Event
// layer of a daily line chart, a Formula layer is added through the editor, and both are drawn after a run; a layer
// whose source chart is gone warns on the chart without failing it; on a dashboard the saved Event layer draws too.
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption } from './support/antd.js';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { type NezhaServer, repoRoot, startServer } from './support/server.js';
import { logIn } from './support/sqllab-page.js';

const TIME_RANGE = '2012-01-01 : 2012-05-01';
// Names of this run only: a server under test (NEZHA_E2E_BASE_URL) may keep the charts of earlier runs.
const RUN = Date.now().toString(36);
const EVENTS_CHART = `Seattle snow days ${RUN}`;
const GONE_CHART = `Seattle rain days ${RUN} (deleted)`;
const LINE_CHART = `Seattle daily highs, early 2012 ${RUN}`;

const seattle = {
  expressionType: 'SIMPLE',
  clause: 'WHERE',
  subject: 'location',
  operator: '==',
  comparator: 'Seattle',
};
const weatherIs = (kind: string) => ({
  expressionType: 'SIMPLE',
  clause: 'WHERE',
  subject: 'weather',
  operator: '==',
  comparator: kind,
});

/** Snow days of the shared weather file inside the line chart's range, counted here rather than by the server. */
async function expectedSnowDays(): Promise<number> {
  const csv = await readFile(`${repoRoot}/../shared/data/weather.csv`, 'utf8');
  return csv
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','))
    .filter(([location, date, , , , , weather]) => {
      return (
        location === 'Seattle' && weather === 'snow' && (date ?? '') >= '2012-01-01' && (date ?? '') < '2012-05-01'
      );
    }).length;
}

/** In an open editor: the layer type, then its source chart, once the chart's columns are offered. */
async function chooseSource(page: Page, editor: Locator, type: string, chartName: string): Promise<void> {
  await chooseOption(page, editor.locator('[data-test="annotation-type"]'), type);
  await chooseOption(page, editor.locator('[data-test="annotation-source-chart"]'), chartName);
  await page.locator('[data-test="annotation-layer-editor"][data-source-columns="3"]').waitFor();
  await chooseOption(page, editor.locator('[data-test="annotation-time-column"]'), 'date');
}

function chart(page: Page): Locator {
  return page.locator('[data-test="timeseries-chart"]');
}

async function runAndWait(page: Page): Promise<void> {
  await page.click('[data-test="run-query"]');
  await page.locator('[data-test="chart-status"]', { hasText: 'rendered' }).waitFor();
}

describe('annotation layers', () => {
  let server: NezhaServer;
  let browser: BrowserSession;
  let page: Page;
  let lineId = 0;
  let eventsId = 0;
  let goneId = 0;
  let headers: Record<string, string> = {};

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

  it('saves a table chart of events and a daily line chart through the API', async () => {
    const api = page.request;
    const csrf = ((await (await api.get(`${server.url}/api/v1/security/csrf_token/`)).json()) as { result: string })
      .result;
    headers = { 'X-CSRFToken': csrf };
    const q = encodeURIComponent('(filters:!((col:table_name,opr:eq,value:weather)),page:0,page_size:5)');
    const datasets = (await (await api.get(`${server.url}/api/v1/dataset/?q=${q}`)).json()) as {
      result: Array<{ id: number }>;
    };
    const datasetId = datasets.result[0]?.id;
    expect(datasetId).toBeGreaterThan(0);
    const datasource = `${datasetId}__table`;
    const save = async (name: string, params: Record<string, unknown>) => {
      const response = await api.post(`${server.url}/api/v1/chart/`, {
        headers,
        data: {
          slice_name: name,
          viz_type: params.viz_type,
          datasource_id: datasetId,
          datasource_type: 'table',
          params: JSON.stringify({ datasource, ...params }),
        },
      });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { id: number }).id;
    };
    const events = (kind: string) => ({
      viz_type: 'table',
      query_mode: 'raw',
      all_columns: ['date', 'weather', 'precipitation'],
      adhoc_filters: [seattle, weatherIs(kind)],
      granularity_sqla: 'date',
      time_range: 'No filter',
      row_limit: 1000,
    });
    eventsId = await save(EVENTS_CHART, events('snow'));
    goneId = await save(GONE_CHART, events('rain'));
    lineId = await save(LINE_CHART, {
      viz_type: 'echarts_timeseries_line',
      x_axis: 'date',
      granularity_sqla: 'date',
      time_grain_sqla: 'P1D',
      metrics: [
        {
          expressionType: 'SIMPLE',
          aggregate: 'AVG',
          column: { column_name: 'temp_max' },
          label: 'Average high',
          hasCustomLabel: true,
        },
      ],
      groupby: [],
      adhoc_filters: [seattle],
      time_range: TIME_RANGE,
      row_limit: 10000,
      show_legend: true,
      rich_tooltip: true,
    });
  });

  it('adds an Event layer from the table chart and a Formula layer through the editor, and draws both', async () => {
    await page.goto(`${server.url}/explore/?slice_id=${lineId}`);
    await page.locator('[data-test="chart-status"]', { hasText: 'rendered' }).waitFor();
    expect(await chart(page).getAttribute('data-annotation-marklines')).toBe('0');

    await page.click('[data-test="section-annotation_layers"]');
    await page.click('[data-test="add-annotation-layer"]');
    const editor = page.locator('[data-test="annotation-layer-editor"]');
    await editor.waitFor();
    // Applying an unnamed layer shows what is missing instead of adding it.
    await editor.locator('[data-test="annotation-apply"]').click();
    expect(await editor.locator('[data-test="annotation-field-error"]').allTextContents()).toEqual([
      'Name cannot be empty',
      'Formula cannot be empty',
    ]);
    await editor.locator('[data-test="annotation-name"]').fill('Snow days');
    await chooseSource(page, editor, 'Event', EVENTS_CHART);
    await chooseOption(page, editor.locator('[data-test="annotation-title-column"]'), 'weather');
    expect(await editor.getByRole('checkbox', { name: 'Override time range' }).isChecked()).toBe(true);
    await editor.locator('[data-test="annotation-color"]').fill('#1f77b4');
    await browser.screenshot('annotations-01-editor');
    await editor.locator('[data-test="annotation-apply"]').click();
    await editor.waitFor({ state: 'detached' });

    await page.click('[data-test="add-annotation-layer"]');
    const formula = page.locator('[data-test="annotation-layer-editor"]');
    await formula.waitFor();
    await formula.locator('[data-test="annotation-name"]').fill('Snow days');
    await formula.locator('[data-test="annotation-formula"]').fill('y = 10');
    await formula.locator('[data-test="annotation-apply"]').click();
    expect(await formula.locator('[data-test="annotation-field-error"]').allTextContents()).toEqual([
      'An annotation layer with this name already exists',
    ]);
    await formula.locator('[data-test="annotation-name"]').fill('Ten degrees');
    await formula.locator('[data-test="annotation-color"]').fill('rgb(214, 39, 40)');
    await chooseOption(page, formula.locator('[data-test="annotation-style"]'), 'Dashed');
    await formula.locator('[data-test="annotation-apply"]').click();
    await formula.waitFor({ state: 'detached' });
    expect(await page.locator('[data-test="annotation-layer-pill"]').allTextContents()).toEqual([
      'Snow days (Event)',
      'Ten degrees (Formula)',
    ]);

    await runAndWait(page);
    const snowDays = await expectedSnowDays();
    expect(snowDays).toBeGreaterThan(0);
    // The event query answers beside the chart's; wait for its lines rather than for a fixed time.
    await expect
      .poll(async () => chart(page).getAttribute('data-annotation-marklines'), { timeout: 30_000 })
      .toBe(String(snowDays));
    expect(await chart(page).getAttribute('data-annotation-lines')).toBe('1');
    expect(await page.locator('[data-test="annotation-warning"]').count()).toBe(0);
    await browser.screenshot('annotations');
  });

  it('editing a layer from its pill hides it from the chart', async () => {
    await page
      .locator('[data-test="annotation-layer-pill"]', { hasText: 'Ten degrees' })
      .locator('button')
      .last()
      .click();
    const editor = page.locator('[data-test="annotation-layer-editor"]');
    await editor.waitFor();
    expect(await editor.locator('[data-test="annotation-formula"]').inputValue()).toBe('y = 10');
    await editor.locator('[data-test="annotation-show"]').click();
    await editor.locator('[data-test="annotation-apply"]').click();
    await editor.waitFor({ state: 'detached' });
    await runAndWait(page);
    await expect.poll(async () => chart(page).getAttribute('data-annotation-lines')).toBe('0');
  });

  it('a layer whose source chart is gone warns on the chart, which still draws', async () => {
    await page.click('[data-test="add-annotation-layer"]');
    const editor = page.locator('[data-test="annotation-layer-editor"]');
    await editor.waitFor();
    await editor.locator('[data-test="annotation-name"]').fill('Rain days');
    await chooseSource(page, editor, 'Interval', GONE_CHART);
    await chooseOption(page, editor.locator('[data-test="annotation-interval-end-column"]'), 'date');
    await editor.locator('[data-test="annotation-apply"]').click();
    await editor.waitFor({ state: 'detached' });
    const removed = await page.request.delete(`${server.url}/api/v1/chart/${goneId}`, { headers });
    expect(removed.status()).toBe(200);

    await runAndWait(page);
    const warning = page.locator('[data-test="annotation-warning"]');
    await warning.waitFor();
    expect(await warning.textContent()).toContain('Rain days');
    expect(await chart(page).getAttribute('data-annotation-marklines')).not.toBe('0');
    expect(await chart(page).getAttribute('data-annotation-markareas')).toBe('0');
    expect(await page.locator('[data-test="chart-alert"]').count()).toBe(0);
    await browser.screenshot('annotations-02-failed-layer');
  });

  it('a dashboard draws a saved chart’s Event layer from the other chart’s data', async () => {
    const api = page.request;
    const stored = (await (await api.get(`${server.url}/api/v1/chart/${lineId}`)).json()) as {
      result: { params: string };
    };
    const params = JSON.parse(stored.result.params) as Record<string, unknown>;
    const layer = {
      name: 'Snow days',
      annotationType: 'EVENT',
      sourceType: 'table',
      value: eventsId,
      overrides: { time_range: null },
      show: true,
      titleColumn: 'weather',
      timeColumn: 'date',
      color: '#1f77b4',
    };
    const saved = await api.put(`${server.url}/api/v1/chart/${lineId}`, {
      headers,
      data: { params: JSON.stringify({ ...params, annotation_layers: [layer] }) },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const chartPath = ['ROOT_ID', 'GRID_ID', 'ROW-annotated'];
    const position = {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'], parents: [], meta: {} },
      GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-annotated'], parents: ['ROOT_ID'], meta: {} },
      'ROW-annotated': {
        id: 'ROW-annotated',
        type: 'ROW',
        children: ['CHART-annotated'],
        parents: ['ROOT_ID', 'GRID_ID'],
        meta: { background: 'BACKGROUND_TRANSPARENT' },
      },
      'CHART-annotated': {
        id: 'CHART-annotated',
        type: 'CHART',
        children: [],
        parents: chartPath,
        meta: { chartId: lineId, width: 8, height: 60 },
      },
    };
    const created = await api.post(`${server.url}/api/v1/dashboard/`, {
      headers,
      data: { dashboard_title: `Annotated ${RUN}`, published: true, position_json: JSON.stringify(position) },
    });
    expect(created.status(), await created.text()).toBe(201);
    const dashboardId = ((await created.json()) as { id: number }).id;

    await page.goto(`${server.url}/nezha/dashboard/${dashboardId}/`);
    const card = page.locator('[data-test="dashboard-chart"]', {
      has: page.locator('[data-test="dashboard-chart-title"]', { hasText: LINE_CHART }),
    });
    await card.locator('xpath=self::*[@data-chart-status="rendered"]').waitFor();
    const drawn = card.locator('[data-annotation-marklines]');
    // The layer's query answers beside the chart's batch: wait for its lines.
    await expect
      .poll(async () => drawn.getAttribute('data-annotation-marklines'), { timeout: 30_000 })
      .toBe(String(await expectedSnowDays()));
    expect(await card.locator('[data-test="annotation-warning"]').count()).toBe(0);
    await browser.screenshot('annotations-03-dashboard');
  });
});
