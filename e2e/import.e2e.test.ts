// A ZIP in Superset's export layout, written here, imported through the API and opened in the browser: every chart is
// drawn, and the one of a viz type Nezha lacks shows "Unsupported chart type: <viz>" instead of failing the page.
import { strToU8, zipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { logIn } from './support/login.js';
import { type NezhaServer, startServer } from './support/server.js';

const DB_UUID = 'a6d4c3f0-5b7e-4f61-9d0c-3e2b1a9f8e01';
const DATASET_UUID = 'b7e5d4a1-6c8f-4a72-8e1d-4f3c2b0a9f12';
const DASHBOARD_UUID = 'c8f6e5b2-7d9a-4b83-9f2e-5a4d3c1b0a23';
const CHARTS = [
  { uuid: 'd9a7f6c3-8e0b-4c94-8a3f-6b5e4d2c1b34', id: 101, name: 'Days by weather', viz: 'table' },
  { uuid: 'e0b8a7d4-9f1c-4da5-9b4a-7c6f5e3d2c45', id: 102, name: 'Rainy days', viz: 'big_number_total' },
  { uuid: 'f1c9b8e5-0a2d-4eb6-8c5b-8d7a6f4e3d56', id: 103, name: 'Deck Path', viz: 'deck_path' },
] as const;

const version = '1.0.0';

/** The bundle's files as Superset names and fills them (fields from Superset's importexport fixtures). */
function bundle(): Uint8Array {
  const files: Record<string, unknown> = {
    'metadata.yaml': { version, type: 'Dashboard', timestamp: '2024-05-01T10:00:00+00:00' },
    // The examples database is each server's own: an export of it is matched to this server's examples.
    'databases/examples.yaml': {
      database_name: 'examples',
      sqlalchemy_uri: 'duckdb:///examples.duckdb',
      cache_timeout: null,
      expose_in_sqllab: true,
      allow_run_async: false,
      allow_ctas: false,
      allow_cvas: false,
      allow_dml: false,
      allow_file_upload: false,
      extra: {},
      uuid: DB_UUID,
      version,
    },
    'datasets/examples/imported_weather.yaml': {
      table_name: 'imported_weather',
      main_dttm_col: null,
      description: 'Seattle weather, imported',
      default_endpoint: null,
      offset: 0,
      cache_timeout: null,
      schema: null,
      sql: 'SELECT weather, precipitation, temp_max FROM seattle_weather',
      params: null,
      template_params: null,
      filter_select_enabled: true,
      fetch_values_predicate: null,
      extra: null,
      uuid: DATASET_UUID,
      metrics: [{ metric_name: 'count', verbose_name: 'COUNT(*)', metric_type: 'count', expression: 'COUNT(*)' }],
      columns: [
        { column_name: 'weather', type: 'VARCHAR', groupby: true, filterable: true, is_dttm: false },
        { column_name: 'precipitation', type: 'DOUBLE', groupby: true, filterable: true, is_dttm: false },
        { column_name: 'temp_max', type: 'DOUBLE', groupby: true, filterable: true, is_dttm: false },
      ],
      version,
      database_uuid: DB_UUID,
    },
    'charts/Days_by_weather_101.yaml': {
      slice_name: 'Days by weather',
      viz_type: 'table',
      params: {
        datasource: '7__table',
        viz_type: 'table',
        query_mode: 'aggregate',
        groupby: ['weather'],
        metrics: ['count'],
        adhoc_filters: [],
        row_limit: 100,
      },
      query_context: null,
      cache_timeout: null,
      uuid: CHARTS[0].uuid,
      version,
      dataset_uuid: DATASET_UUID,
    },
    'charts/Rainy_days_102.yaml': {
      slice_name: 'Rainy days',
      viz_type: 'big_number_total',
      params: {
        datasource: '7__table',
        viz_type: 'big_number_total',
        metric: 'count',
        adhoc_filters: [
          {
            expressionType: 'SIMPLE',
            subject: 'weather',
            operator: '==',
            comparator: 'rain',
            clause: 'WHERE',
          },
        ],
        header_font_size: 0.4,
        subheader_font_size: 0.15,
      },
      query_context: null,
      cache_timeout: null,
      uuid: CHARTS[1].uuid,
      version,
      dataset_uuid: DATASET_UUID,
    },
    'charts/Deck_Path_103.yaml': {
      slice_name: 'Deck Path',
      viz_type: 'deck_path',
      params: { datasource: '7__table', viz_type: 'deck_path', line_column: 'path_json', line_type: 'json' },
      query_context: null,
      cache_timeout: null,
      uuid: CHARTS[2].uuid,
      version,
      dataset_uuid: DATASET_UUID,
    },
    'dashboards/Imported_weather_9.yaml': {
      dashboard_title: 'Imported weather',
      description: null,
      css: '',
      slug: 'imported-weather',
      uuid: DASHBOARD_UUID,
      position: {
        DASHBOARD_VERSION_KEY: 'v2',
        ROOT_ID: { children: ['GRID_ID'], id: 'ROOT_ID', type: 'ROOT' },
        GRID_ID: { children: ['ROW-1'], id: 'GRID_ID', parents: ['ROOT_ID'], type: 'GRID' },
        HEADER_ID: { id: 'HEADER_ID', meta: { text: 'Imported weather' }, type: 'HEADER' },
        'ROW-1': {
          children: CHARTS.map((chart) => `CHART-${chart.id}`),
          id: 'ROW-1',
          meta: { background: 'BACKGROUND_TRANSPARENT' },
          parents: ['ROOT_ID', 'GRID_ID'],
          type: 'ROW',
        },
        ...Object.fromEntries(
          CHARTS.map((chart) => [
            `CHART-${chart.id}`,
            {
              children: [],
              id: `CHART-${chart.id}`,
              meta: { chartId: chart.id, height: 50, sliceName: chart.name, uuid: chart.uuid, width: 4 },
              parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'],
              type: 'CHART',
            },
          ]),
        ),
      },
      metadata: { color_scheme: null, refresh_frequency: 0, expanded_slices: {}, timed_refresh_immune_slices: [] },
      version,
    },
  };
  const entries: Record<string, Uint8Array> = {};
  for (const [path, content] of Object.entries(files)) {
    entries[`dashboard_export_20240501T100000/${path}`] = strToU8(stringify(content));
  }
  return zipSync(entries);
}

describe('import of a Superset export', () => {
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

  it('imports the ZIP and opens its dashboard: each chart drawn or shown as an unsupported type, by name', async () => {
    const csrf = (
      (await (await page.request.get(`${server.url}/api/v1/security/csrf_token/`)).json()) as { result: string }
    ).result;
    const response = await page.request.post(`${server.url}/api/v1/dashboard/import/`, {
      headers: { 'X-CSRFToken': csrf },
      multipart: {
        formData: { name: 'dashboard_export.zip', mimeType: 'application/zip', buffer: Buffer.from(bundle()) },
        overwrite: 'true',
      },
    });
    expect(response.status(), await response.text()).toBe(200);

    await page.goto(`${server.url}/nezha/dashboard/imported-weather/`);
    // Wait for every chart to settle: drawn, or shown as a type Nezha cannot draw.
    await page.waitForFunction((count) => {
      const charts = Array.from(document.querySelectorAll('[data-test="dashboard-chart"]'));
      return (
        charts.length === count &&
        charts.every((el) => ['rendered', 'unsupported'].includes(el.getAttribute('data-chart-status') ?? ''))
      );
    }, CHARTS.length);

    const states = await page.$$eval('[data-test="dashboard-chart"]', (charts) =>
      charts.map((chart) => ({
        title: chart.querySelector('[data-test="dashboard-chart-title"]')?.textContent ?? '',
        status: chart.getAttribute('data-chart-status'),
        text: (chart as HTMLElement).innerText,
      })),
    );
    const byTitle = new Map(states.map((state) => [state.title, state]));
    expect([...byTitle.keys()].sort()).toEqual(CHARTS.map((chart) => chart.name).sort());
    expect(byTitle.get('Deck Path')?.status).toBe('unsupported');
    expect(byTitle.get('Deck Path')?.text).toContain('Unsupported chart type: deck_path');
    expect(byTitle.get('Days by weather')?.status).toBe('rendered');
    expect(byTitle.get('Days by weather')?.text).toMatch(/rain/);
    expect(byTitle.get('Rainy days')?.status).toBe('rendered');
    expect(await page.locator('[data-test="chart-error"]').count()).toBe(0);

    // The big number is the engine's count of rainy days.
    const csrfSql = csrf;
    const databases = (await (await page.request.get(`${server.url}/api/v1/database/`)).json()) as {
      result: Array<{ id: number; database_name: string }>;
    };
    const examples = databases.result.find((database) => database.database_name === 'examples');
    const sql = await page.request.post(`${server.url}/api/v1/sqllab/execute/`, {
      headers: { 'X-CSRFToken': csrfSql },
      data: {
        client_id: 'importe2e01',
        database_id: examples?.id,
        sql: "SELECT COUNT(*) AS n FROM seattle_weather WHERE weather = 'rain'",
        runAsync: false,
      },
    });
    const rainy = ((await sql.json()) as { data: Array<{ n: number }> }).data[0]?.n;
    expect(Number(rainy)).toBeGreaterThan(0);
    expect(byTitle.get('Rainy days')?.text.replace(/[^\d]/g, '')).toContain(String(rainy));

    await browser.screenshot('import-superset-dashboard');
    expect(browser.consoleErrors).toEqual([]);
  });
});
