// A Superset export from before Superset 4 with a filter box on `state` (CA picked, one number chart immune), imported
// through the API and opened: the box is gone (no "Unsupported chart type", a note in its place), the filter bar holds
// a State filter showing CA, and the chart in its scope shows the CA total a SQL query run by the test gives while
// the immune one keeps the all-states total.
import { strToU8, zipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { logIn } from './support/login.js';
import { type NezhaServer, startServer } from './support/server.js';

const DB_UUID = 'a6d4c3f0-5b7e-4f61-9d0c-3e2b1a9f8e01';
const DATASET_UUID = '2c1f6a0e-4d3b-4e8a-9b7c-5f1e2d3c4b61';
const DASHBOARD_UUID = '3d2a7b1f-5e4c-4f9b-8c8d-6a2f3e4d5c72';
const BOX = { uuid: '4e3b8c2a-6f5d-4a0c-9d9e-7b3a4f5e6d83', id: 201, name: 'State box' };
const IN_SCOPE = { uuid: '5f4c9d3b-7a6e-4b1d-8e0f-8c4b5a6f7e94', id: 202, name: 'Births in scope' };
const IMMUNE = { uuid: '6a5d0e4c-8b7f-4c2e-9f1a-9d5c6b7a8f05', id: 203, name: 'All births' };
const SLUG = 'filter-box-births';
const version = '1.0.0';
type Row = Record<string, unknown>;

const numberChart = (chart: typeof IN_SCOPE) => ({
  slice_name: chart.name,
  viz_type: 'big_number_total',
  params: {
    datasource: '9__table',
    viz_type: 'big_number_total',
    metric: 'sum__num',
    adhoc_filters: [],
    time_range: 'No filter',
    y_axis_format: ',d',
  },
  query_context: null,
  cache_timeout: null,
  uuid: chart.uuid,
  version,
  dataset_uuid: DATASET_UUID,
});

/** The bundle as Superset 2 exported it: the box, two number charts, the legacy default_filters and filter_scopes. */
function bundle(): Uint8Array {
  const node = (chart: typeof BOX) => ({
    children: [],
    id: `CHART-${chart.id}`,
    meta: { chartId: chart.id, height: 50, sliceName: chart.name, uuid: chart.uuid, width: 4 },
    parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'],
    type: 'CHART',
  });
  const files: Record<string, unknown> = {
    'metadata.yaml': { version, type: 'Dashboard', timestamp: '2022-05-01T10:00:00+00:00' },
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
    'datasets/examples/births_by_state.yaml': {
      table_name: 'births_by_state',
      main_dttm_col: null,
      description: null,
      default_endpoint: null,
      offset: 0,
      cache_timeout: null,
      schema: null,
      sql: 'SELECT state, gender, num FROM birth_names',
      params: null,
      template_params: null,
      filter_select_enabled: true,
      fetch_values_predicate: null,
      extra: null,
      uuid: DATASET_UUID,
      metrics: [{ metric_name: 'sum__num', verbose_name: 'Births', metric_type: 'sum', expression: 'SUM(num)' }],
      columns: [
        { column_name: 'state', type: 'VARCHAR', groupby: true, filterable: true, is_dttm: false },
        { column_name: 'gender', type: 'VARCHAR', groupby: true, filterable: true, is_dttm: false },
        { column_name: 'num', type: 'BIGINT', groupby: false, filterable: true, is_dttm: false },
      ],
      version,
      database_uuid: DB_UUID,
    },
    [`charts/State_box_${BOX.id}.yaml`]: {
      slice_name: BOX.name,
      viz_type: 'filter_box',
      params: {
        datasource: '9__table',
        viz_type: 'filter_box',
        date_filter: false,
        adhoc_filters: [],
        time_range: 'No filter',
        filter_configs: [{ asc: true, clearable: true, column: 'state', key: 'k1', label: 'State', multiple: true }],
      },
      query_context: null,
      cache_timeout: null,
      uuid: BOX.uuid,
      version,
      dataset_uuid: DATASET_UUID,
    },
    [`charts/Births_in_scope_${IN_SCOPE.id}.yaml`]: numberChart(IN_SCOPE),
    [`charts/All_births_${IMMUNE.id}.yaml`]: numberChart(IMMUNE),
    'dashboards/Filter_box_births_11.yaml': {
      dashboard_title: 'Filter box births',
      description: null,
      css: '',
      slug: SLUG,
      uuid: DASHBOARD_UUID,
      position: {
        DASHBOARD_VERSION_KEY: 'v2',
        ROOT_ID: { children: ['GRID_ID'], id: 'ROOT_ID', type: 'ROOT' },
        GRID_ID: { children: ['ROW-1'], id: 'GRID_ID', parents: ['ROOT_ID'], type: 'GRID' },
        HEADER_ID: { id: 'HEADER_ID', meta: { text: 'Filter box births' }, type: 'HEADER' },
        'ROW-1': {
          children: [BOX, IN_SCOPE, IMMUNE].map((chart) => `CHART-${chart.id}`),
          id: 'ROW-1',
          meta: { background: 'BACKGROUND_TRANSPARENT' },
          parents: ['ROOT_ID', 'GRID_ID'],
          type: 'ROW',
        },
        [`CHART-${BOX.id}`]: node(BOX),
        [`CHART-${IN_SCOPE.id}`]: node(IN_SCOPE),
        [`CHART-${IMMUNE.id}`]: node(IMMUNE),
      },
      metadata: {
        color_scheme: null,
        refresh_frequency: 0,
        expanded_slices: {},
        timed_refresh_immune_slices: [],
        default_filters: JSON.stringify({ [BOX.id]: { state: ['CA'] } }),
        filter_scopes: { [BOX.id]: { state: { scope: ['ROOT_ID'], immune: [IMMUNE.id] } } },
      },
      version,
    },
  };
  const entries: Record<string, Uint8Array> = {};
  for (const [path, content] of Object.entries(files)) {
    entries[`dashboard_export_20220501T100000/${path}`] = strToU8(stringify(content));
  }
  return zipSync(entries);
}

describe('a dashboard with a filter box, imported', () => {
  let server: NezhaServer;
  let browser: BrowserSession;
  let page: Page;
  let csrf = '';

  async function sql(text: string): Promise<Row[]> {
    const databases = (await (await page.request.get(`${server.url}/api/v1/database/`)).json()) as {
      result: Array<{ id: number; database_name: string }>;
    };
    const examples = databases.result.find((database) => database.database_name === 'examples');
    const clientId = Math.random().toString(36).slice(2, 13).padEnd(11, 'x');
    const response = await page.request.post(`${server.url}/api/v1/sqllab/execute/`, {
      headers: { 'X-CSRFToken': csrf },
      data: { client_id: clientId, database_id: examples?.id, sql: text, runAsync: false, queryLimit: 1000 },
    });
    const body = (await response.json()) as { data?: Row[] };
    expect(response.status(), JSON.stringify(body)).toBe(200);
    return body.data ?? [];
  }

  /** The number a big-number chart (found by its title) shows, once it shows `expected`. */
  async function shows(title: string, expected: number): Promise<number> {
    const chart = page.locator('[data-test="dashboard-chart"]', {
      has: page.locator('[data-test="dashboard-chart-title"]', { hasText: title }),
    });
    const header = chart.locator('[data-test="big-number-header"]');
    await header.filter({ hasText: expected.toLocaleString('en-US') }).waitFor({ timeout: 60_000 });
    return Number((await header.innerText()).replace(/,/g, ''));
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
    await logIn(page, server.url, server.adminUsername, server.adminPassword);
    csrf = ((await (await page.request.get(`${server.url}/api/v1/security/csrf_token/`)).json()) as { result: string })
      .result;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the box as a native State filter holding CA: the chart in scope shows the CA total, the other all', async () => {
    const response = await page.request.post(`${server.url}/api/v1/dashboard/import/`, {
      headers: { 'X-CSRFToken': csrf },
      multipart: {
        formData: { name: 'dashboard_export.zip', mimeType: 'application/zip', buffer: Buffer.from(bundle()) },
        overwrite: 'true',
      },
    });
    expect(response.status(), await response.text()).toBe(200);
    const [all] = await sql('SELECT SUM(num) AS total FROM birth_names');
    const [ca] = await sql("SELECT SUM(num) AS total FROM birth_names WHERE state IN ('CA')");
    const allTotal = Number(all?.total);
    const caTotal = Number(ca?.total);
    expect(caTotal).toBeGreaterThan(0);
    expect(caTotal).toBeLessThan(allTotal);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/nezha/dashboard/${SLUG}/`);
    const stateFilter = page.locator('[data-test="native-filter"][data-filter-name="State"]');
    await stateFilter.locator('.ant-select-selection-item', { hasText: 'CA' }).waitFor();
    expect(await shows(IN_SCOPE.name, caTotal)).toBe(caTotal);
    expect(await shows(IMMUNE.name, allTotal)).toBe(allTotal);

    // The box is no chart any more: two charts drawn, none unsupported, a note where the box was.
    await page.waitForFunction(() => {
      const charts = Array.from(document.querySelectorAll('[data-test="dashboard-chart"]'));
      return charts.length === 2 && charts.every((el) => el.getAttribute('data-chart-status') === 'rendered');
    });
    expect(await page.getByText('Unsupported chart type').count()).toBe(0);
    await page.getByText('filter-box chart has been migrated to a native filter').waitFor();
    expect(await page.locator('[data-test="native-filter"]').count()).toBe(1);
    expect(await page.locator('[data-test="chart-error"]').count()).toBe(0);
    await browser.screenshot('filter-box-imported-1440');
    expect(browser.consoleErrors).toEqual([]);
  });
});
