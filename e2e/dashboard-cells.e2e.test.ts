// Charts fitted to dashboard cells, small and large: a table scrolls inside its cell to its last row (checked against
// SQL run by the test) with nothing spilling out, a pie in a small cell draws no overlapping labels, the heatmap's
// legend stays off its plot, the world map's legend spans the data's min and max (the test's own SQL), and the
// dashboard's "Download as image" has no menu buttons and no scrollbars.

import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toAlpha3 } from '../packages/web/src/charts/world-map/country-codes.js';
import { popupsAtRest } from './support/antd.js';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { logIn } from './support/login.js';
import { decodePng } from './support/png.js';
import { type NezhaServer, startServer } from './support/server.js';

const RUN = Date.now().toString(36);
type Row = Record<string, unknown>;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const common = { adhoc_filters: [], time_range: 'No filter', extra_form_data: {} };
const births = 'sum__num';
const co2 = {
  expressionType: 'SIMPLE',
  column: { column_name: 'co2' },
  aggregate: 'SUM',
  label: 'CO2 (Mt)',
  hasCustomLabel: true,
  optionName: 'metric_sum_co2',
};
const TABLE_ROWS = 60;

/** The charts of the test dashboard, each in a small and a large cell. */
const CHARTS = {
  table: {
    table: 'birth_names',
    viz: 'table',
    params: {
      ...common,
      query_mode: 'aggregate',
      groupby: ['name'],
      metrics: [births],
      row_limit: TABLE_ROWS,
      order_desc: true,
      all_columns: [],
      percent_metrics: [],
    },
  },
  pie: {
    table: 'birth_names',
    viz: 'pie',
    params: {
      ...common,
      groupby: ['state'],
      metric: births,
      row_limit: 100,
      sort_by_metric: true,
      show_labels: true,
      labels_outside: true,
      label_type: 'key',
      show_legend: false,
      donut: false,
      outerRadius: 70,
    },
  },
  heatmap: {
    table: 'birth_names',
    viz: 'heatmap_v2',
    params: { ...common, x_axis: 'state', groupby: ['gender'], metric: births, show_legend: true, row_limit: 1000 },
  },
  map: {
    table: 'owid_co2',
    viz: 'world_map',
    params: {
      ...common,
      entity: 'iso_code',
      country_fieldtype: 'cca3',
      metric: co2,
      show_bubbles: false,
      linear_color_scheme: 'superset_seq_1',
      color_by: 'metric',
      adhoc_filters: [
        {
          expressionType: 'SIMPLE',
          clause: 'WHERE',
          subject: 'year',
          operator: '==',
          operatorId: 'EQUALS',
          comparator: 2018,
          filterOptionName: 'filter_year_2018',
        },
      ],
    },
  },
} as const;
type Kind = keyof typeof CHARTS;
const KINDS = Object.keys(CHARTS) as Kind[];

const inside = (inner: Box, outer: Box, slack = 1) =>
  inner.x >= outer.x - slack &&
  inner.y >= outer.y - slack &&
  inner.x + inner.width <= outer.x + outer.width + slack &&
  inner.y + inner.height <= outer.y + outer.height + slack;

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('charts in dashboard cells', () => {
  let server: NezhaServer;
  let browser: BrowserSession;
  let page: Page;
  let csrf = '';
  let examplesId = 0;
  let dashboardId = 0;
  const chartName = (kind: Kind, size: 'small' | 'large') => `Cells ${kind} ${size} ${RUN}`;

  const api = () => page.request;
  const getJson = async <T>(path: string): Promise<T> => (await (await api().get(`${server.url}${path}`)).json()) as T;

  async function sql(text: string): Promise<Row[]> {
    const clientId = Math.random().toString(36).slice(2, 13).padEnd(11, 'x');
    const response = await api().post(`${server.url}/api/v1/sqllab/execute/`, {
      headers: { 'X-CSRFToken': csrf },
      data: { client_id: clientId, database_id: examplesId, sql: text, runAsync: false, queryLimit: 10_000 },
    });
    const body = (await response.json()) as { data?: Row[] };
    expect(response.status(), JSON.stringify(body)).toBe(200);
    return body.data ?? [];
  }

  /** The chart card of a chart on the dashboard, once it has rendered. */
  async function card(kind: Kind, size: 'small' | 'large'): Promise<Locator> {
    const located = page.locator('[data-test="dashboard-chart"]', {
      has: page.locator('[data-test="dashboard-chart-title"]', { hasText: chartName(kind, size) }),
    });
    await located.locator('xpath=self::*[@data-chart-status="rendered"]').waitFor({ timeout: 60_000 });
    return located;
  }

  async function openDashboard(width: number, height: number): Promise<void> {
    await page.setViewportSize({ width, height });
    await page.goto(`${server.url}/nezha/dashboard/${dashboardId}/`);
    for (const kind of KINDS) for (const size of ['small', 'large'] as const) await card(kind, size);
    // The map draws once its atlas is in.
    await page.locator('[data-test="world-map-legend"]').nth(1).waitFor();
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
    await logIn(page, server.url, server.adminUsername, server.adminPassword);
    csrf = (await getJson<{ result: string }>('/api/v1/security/csrf_token/')).result;
    const databases = await getJson<{ result: Array<{ id: number; database_name: string }> }>('/api/v1/database/');
    examplesId = databases.result.find((database) => database.database_name === 'examples')?.id ?? 0;
    const q = encodeURIComponent('(page:0,page_size:100)');
    const datasets = await getJson<{ result: Array<{ id: number; table_name: string }> }>(`/api/v1/dataset/?q=${q}`);
    const datasetOf = (table: string) => datasets.result.find((dataset) => dataset.table_name === table)?.id;

    // Small cells: three grid columns by 30 units (240 px); large ones: six columns by 60 units.
    const position: Record<string, unknown> = {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'], parents: [], meta: {} },
      GRID_ID: { id: 'GRID_ID', type: 'GRID', children: [], parents: ['ROOT_ID'], meta: {} },
    };
    const rows: Array<Array<[Kind, 'small' | 'large']>> = [
      KINDS.map((kind) => [kind, 'small']),
      [
        ['table', 'large'],
        ['pie', 'large'],
      ],
      [
        ['heatmap', 'large'],
        ['map', 'large'],
      ],
    ];
    for (const [rowIndex, cells] of rows.entries()) {
      const rowId = `ROW-${rowIndex}`;
      (position.GRID_ID as { children: string[] }).children.push(rowId);
      position[rowId] = {
        id: rowId,
        type: 'ROW',
        children: [],
        parents: ['ROOT_ID', 'GRID_ID'],
        meta: { background: 'BACKGROUND_TRANSPARENT' },
      };
      for (const [kind, size] of cells) {
        const spec = CHARTS[kind];
        const created = await api().post(`${server.url}/api/v1/chart/`, {
          headers: { 'X-CSRFToken': csrf },
          data: {
            slice_name: chartName(kind, size),
            viz_type: spec.viz,
            datasource_id: datasetOf(spec.table),
            datasource_type: 'table',
            params: JSON.stringify({ ...spec.params, viz_type: spec.viz }),
          },
        });
        expect(created.status(), await created.text()).toBe(201);
        const chartId = ((await created.json()) as { id: number }).id;
        const id = `CHART-${kind}-${size}`;
        (position[rowId] as { children: string[] }).children.push(id);
        position[id] = {
          id,
          type: 'CHART',
          children: [],
          parents: ['ROOT_ID', 'GRID_ID', rowId],
          meta: { chartId, width: size === 'small' ? 3 : 6, height: size === 'small' ? 30 : 60 },
        };
      }
    }
    const created = await api().post(`${server.url}/api/v1/dashboard/`, {
      headers: { 'X-CSRFToken': csrf },
      data: { dashboard_title: `Cells ${RUN}`, published: true, position_json: JSON.stringify(position) },
    });
    expect(created.status(), await created.text()).toBe(201);
    dashboardId = ((await created.json()) as { id: number }).id;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a table in a small cell scrolls inside the cell to its last row, header kept, nothing spilling out', async () => {
    await openDashboard(1440, 900);
    const expected = await sql(
      `SELECT name, SUM(num) AS total FROM birth_names GROUP BY name ORDER BY total DESC LIMIT ${TABLE_ROWS}`,
    );
    const lastName = String(expected.at(-1)?.name);
    const table = await card('table', 'small');
    const holder = table.locator('xpath=ancestor::*[@data-test="dashboard-chart-holder"]');
    const grid = table.locator('[role="grid"]');
    const holderBox = (await holder.boundingBox()) as Box;
    expect(inside((await grid.boundingBox()) as Box, holderBox)).toBe(true);
    // The card's own content fits its box: nothing wider or taller than the cell.
    const spills = await holder.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return Array.from(element.querySelectorAll('*'))
        .filter((node) => (node as HTMLElement).offsetParent !== null || node instanceof SVGElement)
        .filter((node) => !node.parentElement?.closest('[role="grid"]'))
        .map((node) => ({ node: node.outerHTML.slice(0, 80), rect: node.getBoundingClientRect() }))
        .filter(
          ({ rect }) =>
            rect.width > 0 && (rect.right > box.right + 1 || rect.bottom > box.bottom + 1 || rect.left < box.left - 1),
        )
        .map(({ node }) => node);
    });
    expect(spills).toEqual([]);

    await grid.evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
    const lastRow = grid.locator('[role="row"]', { hasText: lastName }).last();
    await lastRow.waitFor();
    const gridBox = (await grid.boundingBox()) as Box;
    const rowBox = (await lastRow.boundingBox()) as Box;
    expect(inside(rowBox, gridBox)).toBe(true);
    const header = grid.locator('[role="row"]').first();
    const headerBox = (await header.boundingBox()) as Box;
    // The header stays at the top of the scrolled pane, and the last row is below it, not under it.
    expect(Math.abs(headerBox.y - gridBox.y)).toBeLessThanOrEqual(2);
    expect(rowBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height - 1);
    expect(await grid.locator('[role="row"]').nth(1).count()).toBe(1);
  });

  it('a pie in a small cell draws no overlapping labels, and names its slices in a legend', async () => {
    for (const size of ['small', 'large'] as const) {
      const pie = await card('pie', size);
      const drawn = await pie.locator('[data-echarts]').evaluate((element) => {
        type Rect = { x: number; y: number; width: number; height: number };
        type Shown = {
          ignore?: boolean;
          invisible?: boolean;
          style?: { text?: string; opacity?: number };
          parent?: unknown;
        };
        type Label = Shown & {
          getBoundingRect: () => Rect & { clone: () => Rect & { applyTransform: (m: unknown) => void } };
          getComputedTransform: () => unknown;
        };
        type Instance = {
          getModel: () => { getComponent: (name: string) => { option: { show?: boolean } } | undefined };
          getViewOfComponentModel: (model: unknown) => { group: unknown } | undefined;
          getZr: () => { storage: { getDisplayList: (update: boolean) => Label[] } };
        };
        const instance = (element as HTMLElement & { echartsInstance?: Instance }).echartsInstance;
        if (!instance) return null;
        const legendModel = instance.getModel().getComponent('legend');
        const legendGroup = legendModel ? instance.getViewOfComponentModel(legendModel)?.group : undefined;
        const inLegend = (item: Shown) => {
          for (let at: Shown | undefined = item; at; at = at.parent as Shown | undefined) {
            if (at === legendGroup) return true;
          }
          return false;
        };
        const labels = instance
          .getZr()
          .storage.getDisplayList(true)
          .filter(
            // Slice labels (texts hosted by a sector), not the legend's own names.
            (item) =>
              !inLegend(item) && item.style?.text && !item.ignore && !item.invisible && item.style.opacity !== 0,
          )
          .map((item) => {
            const rect = item.getBoundingRect().clone();
            rect.applyTransform(item.getComputedTransform());
            return { text: item.style?.text ?? '', x: rect.x, y: rect.y, width: rect.width, height: rect.height };
          });
        return { labels, legend: instance.getModel().getComponent('legend')?.option.show ?? false };
      });
      expect(drawn).not.toBeNull();
      const { labels, legend } = drawn as { labels: Array<Box & { text: string }>; legend: boolean };
      const overlapping = labels.flatMap((a, i) =>
        labels.slice(i + 1).flatMap((b) => (intersects(a, b) ? [`${a.text} × ${b.text}`] : [])),
      );
      expect(overlapping, size).toEqual([]);
      if (size === 'small') expect(legend).toBe(true);
      else expect(labels.length).toBeGreaterThan(3);
    }
  });

  it('the heatmap legend stays off the plot grid, in small and large cells', async () => {
    for (const size of ['small', 'large'] as const) {
      const heatmap = await card('heatmap', size);
      const boxes = await heatmap.locator('[data-echarts]').evaluate((element) => {
        type Rect = { x: number; y: number; width: number; height: number };
        type Group = {
          getBoundingRect: () => Rect & { clone: () => Rect & { applyTransform: (m: unknown) => void } };
          getComputedTransform: () => unknown;
        };
        type Instance = {
          getModel: () => { getComponent: (name: string) => { coordinateSystem?: { getRect: () => Rect } } };
          getViewOfComponentModel: (model: unknown) => { group: Group };
          getWidth: () => number;
          getHeight: () => number;
        };
        const instance = (element as HTMLElement & { echartsInstance?: Instance }).echartsInstance;
        if (!instance) return null;
        const grid = instance.getModel().getComponent('grid').coordinateSystem?.getRect();
        const group = instance.getViewOfComponentModel(instance.getModel().getComponent('visualMap')).group;
        const legend = group.getBoundingRect().clone();
        legend.applyTransform(group.getComputedTransform());
        const pick = (rect: Rect) => ({ x: rect.x, y: rect.y, width: rect.width, height: rect.height });
        return {
          grid: grid && pick(grid),
          legend: pick(legend),
          canvas: { x: 0, y: 0, width: instance.getWidth(), height: instance.getHeight() },
        };
      });
      expect(boxes?.grid).toBeTruthy();
      const { grid, legend, canvas } = boxes as { grid: Box; legend: Box; canvas: Box };
      expect(legend.width).toBeGreaterThan(0);
      expect(intersects(legend, grid), `${size}: legend ${JSON.stringify(legend)} grid ${JSON.stringify(grid)}`).toBe(
        false,
      );
      expect(inside(legend, canvas), `${size}: legend ${JSON.stringify(legend)} in ${JSON.stringify(canvas)}`).toBe(
        true,
      );
    }
  });

  it('the world map legend spans the min and max of the countries’ values, in several colours', async () => {
    // The numbers from SQL; which codes name a country (not OWID's World or continents) from the map's code table.
    const totals = (
      await sql(
        `SELECT iso_code, SUM(co2) AS total FROM owid_co2
         WHERE year = 2018 AND iso_code IS NOT NULL GROUP BY iso_code HAVING SUM(co2) IS NOT NULL`,
      )
    )
      .filter((row) => toAlpha3(String(row.iso_code), 'cca3'))
      .map((row) => Number(row.total));
    const bounds = {
      low: Math.min(...totals),
      high: Math.max(...totals),
      distinct_values: new Set(totals).size,
    };
    for (const size of ['small', 'large'] as const) {
      const map = await card('map', size);
      const legend = map.locator('[data-test="world-map-legend"]');
      await legend.waitFor();
      expect(Number(await legend.getAttribute('data-min'))).toBeCloseTo(Number(bounds?.low), 6);
      expect(Number(await legend.getAttribute('data-max'))).toBeCloseTo(Number(bounds?.high), 6);
      const colors = await legend
        .locator('[data-test="world-map-legend-class"]')
        .evaluateAll((nodes) => nodes.map((node) => getComputedStyle(node).backgroundColor));
      expect(new Set(colors).size).toBe(Math.min(5, Number(bounds?.distinct_values)));
      expect(inside((await legend.boundingBox()) as Box, (await map.boundingBox()) as Box)).toBe(true);
    }
  });

  it('looks right at 1440×900 and 1024×768', async () => {
    await openDashboard(1440, 900);
    await browser.screenshot('dashboard-cells-01-1440');
    await page.locator('[data-layout-id="ROW-2"]').scrollIntoViewIfNeeded();
    await browser.screenshot('dashboard-cells-02-1440-large');
    await openDashboard(1024, 768);
    await browser.screenshot('dashboard-cells-03-1024');
    await page.locator('[data-layout-id="ROW-2"]').scrollIntoViewIfNeeded();
    await browser.screenshot('dashboard-cells-04-1024-large');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('"Download as image" has no menu buttons and no scrollbars', async () => {
    await openDashboard(1440, 900);
    // The exported element: the page's main area around the dashboard content.
    const content = page.locator('[data-test="dashboard-page"] main');
    const origin = (await content.boundingBox()) as Box;
    const table = await card('table', 'small');
    const grid = table.locator('[role="grid"]');
    // On screen the small table has a vertical scrollbar and each card a menu button.
    const scrollbar = await grid.evaluate((element) => (element as HTMLElement).offsetWidth - element.clientWidth);
    expect(scrollbar).toBeGreaterThan(0);
    const gridBox = (await grid.boundingBox()) as Box;
    const menuBox = (await table.locator('[data-test="chart-menu"]').boundingBox()) as Box;

    await page.click('[data-test="dashboard-menu"]');
    const submenu = page.locator('.ant-dropdown-menu-submenu-title', { hasText: /^Download$/ });
    await submenu.waitFor();
    await popupsAtRest(page);
    const item = page.locator('.ant-dropdown-menu-item:visible', { hasText: 'Download as image' });
    // The submenu opens on hover once the menu is at rest; hover again until it shows.
    await expect
      .poll(
        async () => {
          await submenu.hover();
          return item
            .waitFor({ timeout: 2_000 })
            .then(() => true)
            .catch(() => false);
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await popupsAtRest(page);
    const downloading = page.waitForEvent('download', { timeout: 120_000 });
    await item.click();
    const download = await downloading;
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const png = decodePng(await readFile(path));
    expect(png.width).toBe(Math.round(origin.width));

    const pixelsIn = (box: Box) => {
      const values: number[][] = [];
      const x0 = Math.round(box.x - origin.x);
      const y0 = Math.round(box.y - origin.y);
      for (let y = y0; y < y0 + Math.round(box.height); y += 1) {
        for (let x = x0; x < x0 + Math.round(box.width); x += 1) values.push(png.pixel(x, y));
      }
      return values;
    };
    const dark = (rgba: number[]) => (rgba[0] ?? 255) + (rgba[1] ?? 255) + (rgba[2] ?? 255) < 600;
    // Where the menu button was: background only.
    expect(pixelsIn(menuBox).filter(dark).length).toBe(0);
    // Where the scrollbar was: the strip at the pane's right edge below the header holds only the table's own
    // white and striped rows and its text, no grey scrollbar track or thumb.
    const strip = { x: gridBox.x + gridBox.width - scrollbar, y: gridBox.y + 40, width: scrollbar - 1, height: 60 };
    const greys = pixelsIn(strip).filter(
      (rgba) =>
        Math.abs((rgba[0] ?? 0) - (rgba[1] ?? 0)) < 4 &&
        Math.abs((rgba[1] ?? 0) - (rgba[2] ?? 0)) < 4 &&
        (rgba[0] ?? 0) >= 180 &&
        (rgba[0] ?? 0) <= 245,
    );
    expect(greys.length).toBeLessThan(pixelsIn(strip).length / 10);
  });
});
