// Legacy dashboard filters (Superset's filter boxes): a dashboard imported with a filter box on `state`, its value
// in default_filters (CA) and both number charts immune in filter_scopes. "Set filter mapping" in edit mode brings
// one chart into the filter's scope: that chart shows the CA total a SQL query run by the test gives, the other keeps
// the all-states total, and the saved dashboard keeps the mapping.

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { logIn } from './support/login.js';
import { type NezhaServer, startServer } from './support/server.js';

const RUN = Date.now().toString(36);
type Row = Record<string, unknown>;
const common = { adhoc_filters: [], time_range: 'No filter', extra_form_data: {} };
const total = { ...common, viz_type: 'big_number_total', metric: 'sum__num', y_axis_format: ',d' };

describe('legacy filter mapping', () => {
  let server: NezhaServer;
  let browser: BrowserSession;
  let page: Page;
  let csrf = '';
  let examplesId = 0;
  let dashboardId = 0;
  const ids = { box: 0, inside: 0, outside: 0 };
  const names = { box: `State box ${RUN}`, inside: `Inside ${RUN}`, outside: `Outside ${RUN}` };

  async function sql(text: string): Promise<Row[]> {
    const clientId = Math.random().toString(36).slice(2, 13).padEnd(11, 'x');
    const response = await page.request.post(`${server.url}/api/v1/sqllab/execute/`, {
      headers: { 'X-CSRFToken': csrf },
      data: { client_id: clientId, database_id: examplesId, sql: text, runAsync: false, queryLimit: 1000 },
    });
    const body = (await response.json()) as { data?: Row[] };
    expect(response.status(), JSON.stringify(body)).toBe(200);
    return body.data ?? [];
  }

  /** The number a big-number chart shows, once it shows `expected` (it asks again when the mapping changes). */
  async function shows(chartId: number, expected: number): Promise<number> {
    const header = page.locator(`[data-chart-id="${chartId}"] [data-test="big-number-header"]`);
    await header.filter({ hasText: expected.toLocaleString('en-US') }).waitFor({ timeout: 60_000 });
    return Number((await header.innerText()).replace(/,/g, ''));
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
    await logIn(page, server.url, server.adminUsername, server.adminPassword);
    const getJson = async <T>(path: string) => (await (await page.request.get(`${server.url}${path}`)).json()) as T;
    csrf = (await getJson<{ result: string }>('/api/v1/security/csrf_token/')).result;
    const databases = await getJson<{ result: Array<{ id: number; database_name: string }> }>('/api/v1/database/');
    examplesId = databases.result.find((database) => database.database_name === 'examples')?.id ?? 0;
    const q = encodeURIComponent('(page:0,page_size:100)');
    const datasets = await getJson<{ result: Array<{ id: number; table_name: string }> }>(`/api/v1/dataset/?q=${q}`);
    const birthNames = datasets.result.find((dataset) => dataset.table_name === 'birth_names')?.id;
    const addChart = async (name: string, vizType: string, params: Record<string, unknown>) => {
      const created = await page.request.post(`${server.url}/api/v1/chart/`, {
        headers: { 'X-CSRFToken': csrf },
        data: {
          slice_name: name,
          viz_type: vizType,
          datasource_id: birthNames,
          datasource_type: 'table',
          params: JSON.stringify(params),
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      return ((await created.json()) as { id: number }).id;
    };
    // A filter box as Superset 2 saved it.
    ids.box = await addChart(names.box, 'filter_box', {
      ...common,
      viz_type: 'filter_box',
      filter_configs: [{ asc: true, clearable: true, column: 'state', key: 'state_key', multiple: true }],
      date_filter: false,
    });
    ids.inside = await addChart(names.inside, 'big_number_total', total);
    ids.outside = await addChart(names.outside, 'big_number_total', total);

    const chart = (key: keyof typeof ids) => ({
      id: `CHART-${key}`,
      type: 'CHART',
      children: [],
      parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'],
      meta: { chartId: ids[key], width: 4, height: 40 },
    });
    const position = {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'], parents: [], meta: {} },
      GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'], parents: ['ROOT_ID'], meta: {} },
      'ROW-1': {
        id: 'ROW-1',
        type: 'ROW',
        children: ['CHART-box', 'CHART-inside', 'CHART-outside'],
        parents: ['ROOT_ID', 'GRID_ID'],
        meta: {},
      },
      'CHART-box': chart('box'),
      'CHART-inside': chart('inside'),
      'CHART-outside': chart('outside'),
    };
    const metadata = {
      default_filters: JSON.stringify({ [ids.box]: { state: ['CA'] } }),
      filter_scopes: { [ids.box]: { state: { scope: ['ROOT_ID'], immune: [ids.inside, ids.outside] } } },
    };
    const created = await page.request.post(`${server.url}/api/v1/dashboard/`, {
      headers: { 'X-CSRFToken': csrf },
      data: {
        dashboard_title: `Legacy filters ${RUN}`,
        published: true,
        position_json: JSON.stringify(position),
        json_metadata: JSON.stringify(metadata),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    dashboardId = ((await created.json()) as { id: number }).id;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('brings a chart into the filter scope: it shows the filtered total, the other keeps the full one', async () => {
    const [all] = await sql('SELECT SUM(num) AS total FROM birth_names');
    const [ca] = await sql("SELECT SUM(num) AS total FROM birth_names WHERE state IN ('CA')");
    const allTotal = Number(all?.total);
    const caTotal = Number(ca?.total);
    expect(caTotal).toBeGreaterThan(0);
    expect(caTotal).toBeLessThan(allTotal);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/nezha/dashboard/${dashboardId}/`);
    // Both immune: both show every state.
    expect(await shows(ids.inside, allTotal)).toBe(allTotal);
    expect(await shows(ids.outside, allTotal)).toBe(allTotal);

    await page.locator('[data-test="edit-dashboard"]').click();
    await page.locator('[data-test="dashboard-menu"]').click();
    await page.getByRole('menuitem', { name: 'Set filter mapping' }).click();
    const modal = page.locator('[data-test="filter-scope-modal"]');
    await modal.locator('[data-test="filter-scope-field"]', { hasText: 'state' }).waitFor();
    const tree = modal.locator('[data-test="filter-scope-tree"]');
    const insideNode = tree.locator('.ant-tree-treenode', { hasText: names.inside });
    await insideNode.locator('.ant-tree-checkbox').click();
    await insideNode.locator('.ant-tree-checkbox-checked').waitFor();
    await browser.screenshot('filter-mapping-dialog-1440');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.locator('.ant-modal').waitFor({ state: 'hidden' });

    // The chart brought into scope asks again and shows California alone; the other keeps its number.
    expect(await shows(ids.inside, caTotal)).toBe(caTotal);
    expect(await shows(ids.outside, allTotal)).toBe(allTotal);

    await page.locator('[data-test="save-dashboard"]').click();
    await page.locator('[data-test="edit-dashboard"]').waitFor();
    const saved = (await (await page.request.get(`${server.url}/api/v1/dashboard/${dashboardId}`)).json()) as {
      result: { json_metadata: string };
    };
    const scope = JSON.parse(saved.result.json_metadata).filter_scopes[String(ids.box)].state as {
      immune: number[];
    };
    expect(scope.immune).toContain(ids.outside);
    expect(scope.immune).not.toContain(ids.inside);

    // A fresh load applies the saved mapping and the default filter alike, at the smaller screen too.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`${server.url}/nezha/dashboard/${dashboardId}/`);
    expect(await shows(ids.inside, caTotal)).toBe(caTotal);
    expect(await shows(ids.outside, allTotal)).toBe(allTotal);
    await browser.screenshot('filter-mapping-1024');
  });
});
