// Shared label colours (Superset 4's shared_label_colors): a dashboard whose two pies share the labels boy and girl,
// on two tabs and each naming them in the opposite order. Once saved, every load draws each label in one colour on
// both charts, whichever chart draws first: a fresh browser opening the second tab first and another opening the
// first tab first agree. Colours are read from what ECharts drew, not from the JSON. Editing label_colors in the
// properties dialog recolours the charts without a reload.

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { logIn } from './support/login.js';
import { type NezhaServer, startServer } from './support/server.js';

const RUN = Date.now().toString(36);
const common = { adhoc_filters: [], time_range: 'No filter', extra_form_data: {} };
const pie = (metric: unknown) => ({
  ...common,
  viz_type: 'pie',
  groupby: ['gender'],
  metric,
  row_limit: 100,
  sort_by_metric: true,
  show_labels: true,
  show_legend: true,
});
/** Girl scores 2 and boy 1: this pie names girl first, the births pie names boy first. */
const girlFirst = {
  expressionType: 'SQL',
  sqlExpression: "MAX(CASE WHEN gender = 'girl' THEN 2 ELSE 1 END)",
  label: 'girl first',
  hasCustomLabel: true,
  optionName: 'metric_girl_first',
};

type Colors = Record<string, string>;

/** label → fill of each slice ECharts drew in the pie of the named chart. */
async function drawnColors(page: Page, chartName: string): Promise<Colors> {
  const card = page.locator('[data-test="dashboard-chart"]', {
    has: page.locator('[data-test="dashboard-chart-title"]', { hasText: chartName }),
  });
  await card.locator('xpath=self::*[@data-chart-status="rendered"]').waitFor({ timeout: 60_000 });
  const chart = card.locator('[data-echarts]');
  await chart.waitFor();
  return chart.evaluate((element) => {
    type Data = {
      count: () => number;
      getName: (index: number) => string;
      getItemVisual: (index: number, key: string) => { fill?: string };
    };
    type Instance = { getModel: () => { getSeriesByIndex: (index: number) => { getData: () => Data } } };
    const instance = (element as HTMLElement & { echartsInstance?: Instance }).echartsInstance;
    if (!instance) throw new Error('no ECharts instance');
    const data = instance.getModel().getSeriesByIndex(0).getData();
    const colors: Record<string, string> = {};
    for (let index = 0; index < data.count(); index += 1) {
      colors[data.getName(index)] = String(data.getItemVisual(index, 'style').fill).toLowerCase();
    }
    return colors;
  });
}

describe('shared label colours', () => {
  let server: NezhaServer;
  let admin: BrowserSession;
  let csrf = '';
  let dashboardId = 0;
  let births = 0;
  let girls = 0;
  const birthsName = `Births by gender ${RUN}`;
  const girlsName = `Girls first ${RUN}`;

  beforeAll(async () => {
    server = await startServer();
    admin = await launchBrowser();
    const page = admin.page;
    await logIn(page, server.url, server.adminUsername, server.adminPassword);
    csrf = ((await (await page.request.get(`${server.url}/api/v1/security/csrf_token/`)).json()) as { result: string })
      .result;
    const q = encodeURIComponent('(page:0,page_size:100)');
    const datasets = (await (await page.request.get(`${server.url}/api/v1/dataset/?q=${q}`)).json()) as {
      result: Array<{ id: number; table_name: string }>;
    };
    const birthNames = datasets.result.find((dataset) => dataset.table_name === 'birth_names')?.id;
    const addChart = async (name: string, params: Record<string, unknown>) => {
      const created = await page.request.post(`${server.url}/api/v1/chart/`, {
        headers: { 'X-CSRFToken': csrf },
        data: {
          slice_name: name,
          viz_type: 'pie',
          datasource_id: birthNames,
          datasource_type: 'table',
          params: JSON.stringify(params),
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      return ((await created.json()) as { id: number }).id;
    };
    births = await addChart(birthsName, pie('sum__num'));
    girls = await addChart(girlsName, pie(girlFirst));
    const chart = (id: string, chartId: number, parents: string[]) => ({
      id,
      type: 'CHART',
      children: [],
      parents,
      meta: { chartId, width: 6, height: 50 },
    });
    const position = {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-1'], parents: [], meta: {} },
      'TABS-1': { id: 'TABS-1', type: 'TABS', children: ['TAB-1', 'TAB-2'], parents: ['ROOT_ID'], meta: {} },
      'TAB-1': {
        id: 'TAB-1',
        type: 'TAB',
        children: ['ROW-1'],
        parents: ['ROOT_ID', 'TABS-1'],
        meta: { text: 'Births' },
      },
      'TAB-2': {
        id: 'TAB-2',
        type: 'TAB',
        children: ['ROW-2'],
        parents: ['ROOT_ID', 'TABS-1'],
        meta: { text: 'Girls' },
      },
      'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-1'], parents: ['ROOT_ID', 'TABS-1', 'TAB-1'], meta: {} },
      'ROW-2': { id: 'ROW-2', type: 'ROW', children: ['CHART-2'], parents: ['ROOT_ID', 'TABS-1', 'TAB-2'], meta: {} },
      'CHART-1': chart('CHART-1', births, ['ROOT_ID', 'TABS-1', 'TAB-1', 'ROW-1']),
      'CHART-2': chart('CHART-2', girls, ['ROOT_ID', 'TABS-1', 'TAB-2', 'ROW-2']),
    };
    const created = await page.request.post(`${server.url}/api/v1/dashboard/`, {
      headers: { 'X-CSRFToken': csrf },
      data: { dashboard_title: `Colours ${RUN}`, published: true, position_json: JSON.stringify(position) },
    });
    expect(created.status(), await created.text()).toBe(201);
    dashboardId = ((await created.json()) as { id: number }).id;
  });

  afterAll(async () => {
    await admin?.close();
    await server?.stop();
  });

  /** Opens the dashboard in a fresh browser, optionally on the chart's tab, and reads both charts' colours. */
  async function freshLoad(focusFirst?: number): Promise<{ births: Colors; girls: Colors }> {
    const browser = await launchBrowser();
    try {
      const page = browser.page;
      await logIn(page, server.url, server.adminUsername, server.adminPassword);
      const query = focusFirst ? `?focused_chart=${focusFirst}` : '';
      await page.goto(`${server.url}/nezha/dashboard/${dashboardId}/${query}`);
      const first = focusFirst === girls ? girlsName : birthsName;
      const firstColors = await drawnColors(page, first);
      await page.getByRole('tab', { name: focusFirst === girls ? 'Births' : 'Girls' }).click();
      const secondColors = await drawnColors(page, focusFirst === girls ? birthsName : girlsName);
      return focusFirst === girls
        ? { girls: firstColors, births: secondColors }
        : { births: firstColors, girls: secondColors };
    } finally {
      await browser.close();
    }
  }

  it('saves the shared colours and draws each label alike on both charts and both loads', async () => {
    // The author's load: births first (boy, girl), then girls; saving from the properties dialog writes the colours.
    const page = admin.page;
    await page.goto(`${server.url}/nezha/dashboard/${dashboardId}/`);
    const authored = await drawnColors(page, birthsName);
    await page.getByRole('tab', { name: 'Girls' }).click();
    await drawnColors(page, girlsName);
    await page.locator('[data-test="dashboard-menu"]').click();
    await page.getByRole('menuitem', { name: 'Edit properties' }).click();
    const modal = page.locator('[data-test="properties-modal"]');
    await modal.getByRole('button', { name: 'Save' }).click();
    try {
      await modal.locator('.ant-modal').waitFor({ state: 'hidden' });
    } catch (error) {
      await admin.screenshot('label-colors-debug');
      throw new Error(`${String(error)}\n${admin.consoleErrors.join('\n')}\n${JSON.stringify(admin.failedResponses)}`);
    }
    await page.waitForFunction(
      async ([url, id]) => {
        const answer = await fetch(`${url}/api/v1/dashboard/${id}`);
        const body = (await answer.json()) as { result: { json_metadata: string } };
        return Object.keys(JSON.parse(body.result.json_metadata).shared_label_colors ?? {}).length === 2;
      },
      [server.url, dashboardId] as const,
    );

    // One fresh browser draws the girls-first pie before the other, the next one the births pie first.
    const girlsFirst = await freshLoad(girls);
    const birthsFirst = await freshLoad();
    for (const label of ['boy', 'girl']) {
      const seen = [girlsFirst.births, girlsFirst.girls, birthsFirst.births, birthsFirst.girls].map(
        (colors) => colors[label],
      );
      expect(
        seen.every((color) => color === authored[label]),
        `${label}: ${seen.join(', ')}`,
      ).toBe(true);
    }
    expect(authored.boy).not.toBe(authored.girl);
  });

  it('label_colors edited in the properties dialog recolour the charts without a reload', async () => {
    const page = admin.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/nezha/dashboard/${dashboardId}/`);
    await drawnColors(page, birthsName);
    await admin.screenshot('label-colors-1440');
    await page.locator('[data-test="dashboard-menu"]').click();
    await page.getByRole('menuitem', { name: 'Edit properties' }).click();
    const modal = page.locator('[data-test="properties-modal"]');
    await modal.getByText('Advanced').click();
    const json = modal.locator('textarea');
    const metadata = JSON.parse(await json.inputValue()) as Record<string, unknown>;
    await json.fill(JSON.stringify({ ...metadata, label_colors: { boy: '#ff0000' } }, null, 2));
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.locator('.ant-modal').waitFor({ state: 'hidden' });
    // The chart is drawn again on its own: wait for what ECharts holds to say so.
    await page.waitForFunction((name) => {
      const cards = Array.from(document.querySelectorAll('[data-test="dashboard-chart"]'));
      const card = cards.find(
        (item) => item.querySelector('[data-test="dashboard-chart-title"]')?.textContent === name,
      );
      type Data = {
        count: () => number;
        getName: (i: number) => string;
        getItemVisual: (i: number, k: string) => { fill?: string };
      };
      type Instance = { getModel: () => { getSeriesByIndex: (i: number) => { getData: () => Data } } };
      const instance = (card?.querySelector('[data-echarts]') as (HTMLElement & { echartsInstance?: Instance }) | null)
        ?.echartsInstance;
      const data = instance?.getModel().getSeriesByIndex(0)?.getData();
      if (!data) return false;
      for (let index = 0; index < data.count(); index += 1) {
        if (data.getName(index) === 'boy')
          return String(data.getItemVisual(index, 'style').fill).toLowerCase() === '#ff0000';
      }
      return false;
    }, birthsName);
    const colors = await drawnColors(page, birthsName);
    expect(colors.boy).toBe('#ff0000');
    await page.setViewportSize({ width: 1024, height: 768 });
    await admin.screenshot('label-colors-1024');
    await page.getByRole('tab', { name: 'Girls' }).click();
    expect((await drawnColors(page, girlsName)).boy).toBe('#ff0000');
  });
});
