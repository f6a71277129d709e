// Annotation layers and CSS templates in a real browser: a layer with an event and an interval made on the list
// pages is drawn by a daily line chart in Explore through Superset's NATIVE source (marks at the annotations'
// times), and a CSS template made on its list page is loaded in a dashboard's CSS editor and styles the dashboard.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, popupsAtRest } from './support/antd.js';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { type NezhaServer, repoRoot, startServer } from './support/server.js';
import { logIn } from './support/sqllab-page.js';

// Names of this run only: a server under test (NEZHA_E2E_BASE_URL) may keep the objects of earlier runs.
const RUN = Date.now().toString(36);
const LAYER = `Releases ${RUN}`;
const TEMPLATE = `Red title ${RUN}`;
const TEMPLATE_CSS = '[data-test="dashboard-title"] { color: rgb(200, 30, 40) !important; }';
const SHOTS = `${repoRoot}/../shots/annot`;
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
] as const;

interface Mark {
  kind: 'line' | 'area';
  layer: string;
  label: string;
  start: number;
  end: number;
}

/** A picture of the page at each size the review asks for, back at 1440x900 afterwards. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.mouse.move(1, 1);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await popupsAtRest(page);
    await page.waitForFunction(
      () => document.querySelectorAll('.ant-spin-spinning, .ant-zoom-appear, .ant-fade-appear').length === 0,
    );
    await page.screenshot({ path: `${SHOTS}/${name}-${size.width}x${size.height}.png`, animations: 'disabled' });
  }
  await page.setViewportSize(SIZES[0]);
}

/** Fills the open annotation dialog and adds the annotation, waiting for its row. */
async function addAnnotation(page: Page, fields: { name: string; start: string; end: string; description: string }) {
  await page.click('[data-test="add-annotation"]');
  const modal = page.locator('.ant-modal', { has: page.locator('[data-test="annotation-short-descr"]') });
  await modal.waitFor();
  await modal.locator('[data-test="annotation-short-descr"]').fill(fields.name);
  await modal.locator('[data-test="annotation-start"]').fill(fields.start);
  await modal.locator('[data-test="annotation-end"]').fill(fields.end);
  await modal.getByLabel('Description').fill(fields.description);
  await modal.getByLabel('JSON metadata').fill('{"source": "e2e"}');
  return modal;
}

function chart(page: Page): Locator {
  return page.locator('[data-test="timeseries-chart"]');
}

async function marksOf(page: Page): Promise<Mark[]> {
  return JSON.parse((await chart(page).getAttribute('data-annotation-marks')) ?? '[]') as Mark[];
}

describe('annotation layers and CSS templates', () => {
  let server: NezhaServer;
  let browser: BrowserSession;
  let page: Page;
  let headers: Record<string, string> = {};
  let layerId = 0;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
    await logIn(page, server.url, server.adminUsername, server.adminPassword);
    const csrf = await page.request.get(`${server.url}/api/v1/security/csrf_token/`);
    headers = { 'X-CSRFToken': ((await csrf.json()) as { result: string }).result };
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates a layer with an event and an interval on the list pages', async () => {
    await page.goto(`${server.url}/chart/list/`);
    await page.click('[data-test="settings-menu"]');
    await popupsAtRest(page);
    await page.getByRole('menuitem', { name: 'Annotation Layers' }).click();
    await page.locator('[data-test="annotation-layer-search"]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/annotationlayer/list/');
    // The Settings menu opens on hover too and sits over the page's own buttons until it has closed.
    await page.mouse.move(1, 400);
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').waitFor({ state: 'hidden' });
    await popupsAtRest(page);

    await page.click('[data-test="add-annotation-layer"]');
    const modal = page.locator('.ant-modal', { has: page.locator('[data-test="annotation-layer-name"]') });
    await modal.waitFor();
    // Adding without a name says what is missing.
    await modal.getByRole('button', { name: 'Add' }).click();
    await modal.getByText('Name is required').waitFor();
    await modal.locator('[data-test="annotation-layer-name"]').fill(LAYER);
    await modal.getByLabel('Description').fill('Product releases and code freezes');
    await shoot(page, 'annotation-layer-modal');
    await modal.getByRole('button', { name: 'Add' }).click();
    await modal.waitFor({ state: 'detached' });
    const link = page.locator('[data-test="annotation-layer-link"]', { hasText: LAYER });
    await link.waitFor();
    await shoot(page, 'annotation-layer-list');

    await link.click();
    await page.getByRole('heading', { name: `Annotation layer ${LAYER}` }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/annotationlayer\/\d+\/annotation\/$/);
    layerId = Number(new URL(page.url()).pathname.split('/')[2]);

    // An end before the start is refused in the dialog, with Superset's message.
    const backwards = await addAnnotation(page, {
      name: 'Launch',
      start: '2012-02-01T00:00:00',
      end: '2012-01-31T00:00:00',
      description: 'v1 shipped',
    });
    await backwards.getByRole('button', { name: 'Add' }).click();
    await backwards.getByText('End date must be after start date').waitFor();
    await backwards.locator('[data-test="annotation-end"]').fill('2012-02-01T00:00:00');
    await shoot(page, 'annotation-modal');
    await backwards.getByRole('button', { name: 'Add' }).click();
    await backwards.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Launch', exact: true }).waitFor();

    const interval = await addAnnotation(page, {
      name: 'Code freeze',
      start: '2012-03-01T00:00:00',
      end: '2012-03-15T12:00:00',
      description: 'no deploys',
    });
    await interval.getByRole('button', { name: 'Add' }).click();
    await interval.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Code freeze', exact: true }).waitFor();
    await shoot(page, 'annotation-list');

    const stored = await page.request.get(
      `${server.url}/api/v1/annotation_layer/${layerId}/annotation/?q=(order_column:start_dttm,order_direction:asc)`,
    );
    const body = (await stored.json()) as {
      count: number;
      result: Array<{ short_descr: string; start_dttm: string; end_dttm: string; long_descr: string }>;
    };
    expect(body.result.map((a) => [a.short_descr, a.start_dttm, a.end_dttm, a.long_descr])).toEqual([
      ['Launch', '2012-02-01T00:00:00', '2012-02-01T00:00:00', 'v1 shipped'],
      ['Code freeze', '2012-03-01T00:00:00', '2012-03-15T12:00:00', 'no deploys'],
    ]);
  }, 300_000);

  it('a time series chart draws the layer as events and as intervals in Explore', async () => {
    const q = encodeURIComponent('(filters:!((col:table_name,opr:eq,value:weather)),page:0,page_size:5)');
    const datasets = (await (await page.request.get(`${server.url}/api/v1/dataset/?q=${q}`)).json()) as {
      result: Array<{ id: number }>;
    };
    const datasetId = datasets.result[0]?.id as number;
    expect(datasetId).toBeGreaterThan(0);
    const saved = await page.request.post(`${server.url}/api/v1/chart/`, {
      headers,
      data: {
        slice_name: `Seattle highs ${RUN}`,
        viz_type: 'echarts_timeseries_line',
        datasource_id: datasetId,
        datasource_type: 'table',
        params: JSON.stringify({
          datasource: `${datasetId}__table`,
          viz_type: 'echarts_timeseries_line',
          x_axis: 'date',
          granularity_sqla: 'date',
          time_grain_sqla: 'P1D',
          metrics: [{ expressionType: 'SIMPLE', aggregate: 'MAX', column: { column_name: 'temp_max' }, label: 'High' }],
          groupby: [],
          adhoc_filters: [
            { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'location', operator: '==', comparator: 'Seattle' },
          ],
          time_range: '2012-01-01 : 2012-05-01',
          row_limit: 10000,
          // Saved with the chart, as Superset stores a NATIVE layer; the editor adds the Event layer below.
          annotation_layers: [
            {
              name: 'Release windows',
              annotationType: 'INTERVAL',
              sourceType: 'NATIVE',
              value: layerId,
              overrides: {},
              show: true,
              color: '#ff7f0e',
              opacity: 0.3,
            },
          ],
        }),
      },
    });
    expect(saved.status(), await saved.text()).toBe(201);
    const chartId = ((await saved.json()) as { id: number }).id;

    await page.goto(`${server.url}/explore/?slice_id=${chartId}`);
    const status = page.locator('[data-test="chart-status"]');
    // The status text says why when the chart does not render (failed, an alert).
    await expect
      .poll(async () => ((await status.count()) > 0 ? status.textContent() : 'no chart yet'), { timeout: 90_000 })
      .toContain('rendered');
    const utc = (text: string) => Date.parse(`${text}Z`);
    const windows: Mark[] = [
      {
        kind: 'area',
        layer: 'Release windows',
        label: 'Launch\nv1 shipped',
        start: utc('2012-02-01T00:00:00'),
        end: utc('2012-02-01T00:00:00'),
      },
      {
        kind: 'area',
        layer: 'Release windows',
        label: 'Code freeze\nno deploys',
        start: utc('2012-03-01T00:00:00'),
        end: utc('2012-03-15T12:00:00'),
      },
    ];
    // The saved Interval layer's records came with the chart's own answer.
    expect(await marksOf(page)).toEqual(windows);

    await page.click('[data-test="section-annotation_layers"]');
    await page.click('[data-test="add-annotation-layer"]');
    const editor = page.locator('[data-test="annotation-layer-editor"]');
    await editor.waitFor();
    await editor.locator('[data-test="annotation-name"]').fill('Release days');
    await chooseOption(page, editor.locator('[data-test="annotation-type"]'), 'Event');
    await chooseOption(page, editor.locator('[data-test="annotation-source-type"]'), 'Superset annotation');
    // Applying before a layer is chosen says what is missing.
    await editor.locator('[data-test="annotation-apply"]').click();
    expect(await editor.locator('[data-test="annotation-field-error"]').allTextContents()).toEqual([
      'Annotation layer cannot be empty',
    ]);
    await chooseOption(page, editor.locator('[data-test="annotation-native-layer"]'), LAYER);
    await shoot(page, 'explore-native-annotation-editor');
    await editor.locator('[data-test="annotation-apply"]').click();
    await editor.waitFor({ state: 'detached' });
    expect(await page.locator('[data-test="annotation-layer-pill"]').allTextContents()).toEqual([
      'Release windows (Interval)',
      'Release days (Event)',
    ]);

    await page.click('[data-test="run-query"]');
    await expect.poll(() => status.textContent(), { timeout: 90_000 }).toContain('rendered');
    await expect.poll(async () => (await marksOf(page)).length, { timeout: 60_000 }).toBe(4);
    expect(await marksOf(page)).toEqual([
      ...windows,
      {
        kind: 'line',
        layer: 'Release days',
        label: 'Launch\nv1 shipped',
        start: utc('2012-02-01T00:00:00'),
        end: utc('2012-02-01T00:00:00'),
      },
      {
        kind: 'line',
        layer: 'Release days',
        label: 'Code freeze\nno deploys',
        start: utc('2012-03-01T00:00:00'),
        end: utc('2012-03-01T00:00:00'),
      },
    ]);
    expect(await chart(page).getAttribute('data-annotation-marklines')).toBe('2');
    expect(await chart(page).getAttribute('data-annotation-markareas')).toBe('2');
    expect(await page.locator('[data-test="annotation-warning"]').count()).toBe(0);
    await shoot(page, 'explore-native-annotations');
  }, 300_000);

  it('a CSS template made on its list page is loaded in the dashboard CSS editor and styles the dashboard', async () => {
    await page.goto(`${server.url}/csstemplatemodelview/list/`);
    await page.click('[data-test="add-css-template"]');
    const modal = page.locator('.ant-modal', { has: page.locator('[data-test="css-template-name"]') });
    await modal.waitFor();
    await modal.locator('[data-test="css-template-name"]').fill(TEMPLATE);
    await modal.locator('[data-test="css-template-css"]').fill(TEMPLATE_CSS);
    await shoot(page, 'css-template-modal');
    await modal.getByRole('button', { name: 'Add' }).click();
    await modal.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: TEMPLATE, exact: true }).waitFor();
    await shoot(page, 'css-template-list');

    const created = await page.request.post(`${server.url}/api/v1/dashboard/`, {
      headers,
      data: { dashboard_title: `Styled ${RUN}`, published: true },
    });
    expect(created.status(), await created.text()).toBe(201);
    const dashboardId = ((await created.json()) as { id: number }).id;
    await page.goto(`${server.url}/nezha/dashboard/${dashboardId}/`);
    const title = page.locator('[data-test="dashboard-title"]');
    await title.waitFor();
    const colorOf = () => title.evaluate((element) => getComputedStyle(element).color);
    expect(await colorOf()).not.toBe('rgb(200, 30, 40)');

    await page.click('[data-test="edit-dashboard"]');
    // Edit mode has its own header: the menu to open is the one beside Save.
    await page.locator('[data-test="save-dashboard"]').waitFor();
    const editor = page.locator('.ant-modal', { has: page.locator('[data-test="css-editor"]') });
    const editCss = page.getByRole('menuitem', { name: 'Edit CSS' });
    // A click on an item of a dropdown still moving into place can miss it: open the menu again until the dialog is
    // there, each time with the menu at rest.
    await expect
      .poll(
        async () => {
          if (await editor.isVisible()) return true;
          if (!(await editCss.isVisible())) await page.click('[data-test="dashboard-menu"]');
          await editCss.waitFor();
          await popupsAtRest(page);
          if (await editCss.isVisible()) await editCss.click();
          return editor
            .waitFor({ timeout: 3_000 })
            .then(() => true)
            .catch(() => false);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await chooseOption(page, editor.locator('[data-test="css-template-select"]'), TEMPLATE);
    await expect.poll(() => editor.locator('[data-test="css-editor"]').inputValue()).toBe(TEMPLATE_CSS);
    await shoot(page, 'dashboard-css-template');
    await editor.getByRole('button', { name: 'Apply' }).click();
    await editor.waitFor({ state: 'detached' });
    await expect.poll(colorOf).toBe('rgb(200, 30, 40)');
  }, 300_000);
});
