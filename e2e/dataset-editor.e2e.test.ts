// The "Edit Dataset" dialog in a real browser: from the datasets list, a column label, a SQL calculated column and
// a metric saved after "Confirm save"; explore shows them and a table chart draws what the engine's own SQL
// returns; a guarded expression and invalid JSON are refused on screen; explore's "Edit dataset" updates in place.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { type NezhaServer, repoRoot, startServer } from './support/server.js';
import { logIn } from './support/sqllab-page.js';

const SHOTS = join(repoRoot, '..', 'shots', 'dsedit');
const WARMTH_SQL = "CASE WHEN temp_max >= 20 THEN 'warm' ELSE 'cool' END";
const RAINY_SQL = 'SUM(CASE WHEN precipitation > 0 THEN 1 ELSE 0 END)';
const TABS = ['Source', 'Metrics', 'Columns', 'Calculated columns', 'Settings'];

type Row = Record<string, unknown>;

interface DatasetJson {
  id: number;
  template_params: string | null;
  changed_on: string;
  columns: Array<{ column_name: string; verbose_name: string | null; expression: string | null }>;
  metrics: Array<{ metric_name: string; verbose_name: string | null; expression: string }>;
}

describe('dataset editor', () => {
  let server: NezhaServer;
  let browser: BrowserSession;
  let page: Page;
  let csrf: string;
  let examplesId: number;
  let weatherId: number;

  const getJson = async <T>(path: string): Promise<T> =>
    (await (await page.request.get(`${server.url}${path}`)).json()) as T;
  const dataset = async () => (await getJson<{ result: DatasetJson }>(`/api/v1/dataset/${weatherId}`)).result;

  /** The engine's own answer, through SQL Lab on the examples database. */
  async function sql(text: string): Promise<Row[]> {
    const response = await page.request.post(`${server.url}/api/v1/sqllab/execute/`, {
      headers: { 'X-CSRFToken': csrf },
      data: {
        client_id: Math.random().toString(36).slice(2, 13).padEnd(11, 'x'),
        database_id: examplesId,
        sql: text,
        runAsync: false,
        queryLimit: 1000,
      },
    });
    const body = (await response.json()) as { data?: Row[] };
    expect(response.status(), JSON.stringify(body)).toBe(200);
    return body.data ?? [];
  }

  const dialog = () => page.locator('.ant-modal:has([data-test="dataset-editor-save"])');
  const tab = (name: string) => dialog().getByRole('tab', { name, exact: true });

  async function openTab(name: string): Promise<void> {
    await tab(name).click();
    await expect.poll(() => tab(name).getAttribute('aria-selected')).toBe('true');
  }

  /** Save, then "Confirm save"'s OK; resolves with the PUT's status. */
  async function saveAndConfirm(): Promise<number> {
    await dialog().locator('[data-test="dataset-editor-save"]').click();
    const confirm = page.locator('.ant-modal:has-text("Confirm save")');
    await confirm.waitFor();
    const put = page.waitForResponse(
      (response) => response.url().includes(`/api/v1/dataset/${weatherId}`) && response.request().method() === 'PUT',
    );
    await confirm.getByRole('button', { name: 'OK' }).click();
    return (await put).status();
  }

  const columnRow = (table: Locator, name: string) => table.locator(`tr:has(td:text-is("${name}"))`);

  async function openFromList(name = 'weather'): Promise<void> {
    await page.goto(`${server.url}/tablemodelview/list/`);
    await page.locator('[data-test="dataset-search"] input').fill(name);
    await page.locator('[data-test="dataset-search"] input').press('Enter');
    const row = page.locator(
      `[data-test="dataset-list"] tr:has([data-test="dataset-list-link"] strong:text-is("${name}"))`,
    );
    await row.locator('[data-test="dataset-edit"]').click();
    await dialog().locator('[data-test="dataset-editor-source"]').waitFor();
  }

  async function shootTabs(size: string): Promise<void> {
    for (const [index, name] of TABS.entries()) {
      await openTab(name);
      await page.mouse.move(1, 1);
      await page.screenshot({ path: join(SHOTS, `${size}-${index + 1}-${name.toLowerCase().replace(/ /g, '-')}.png`) });
    }
  }

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
    await logIn(page, server.url, server.adminUsername, server.adminPassword);
    csrf = (await getJson<{ result: string }>('/api/v1/security/csrf_token/')).result;
    const q = encodeURIComponent('(filters:!((col:table_name,opr:eq,value:weather)),page:0,page_size:5)');
    const found = await getJson<{ result: Array<{ id: number; database: { id: number } }> }>(`/api/v1/dataset/?q=${q}`);
    const weather = found.result[0];
    if (!weather) throw new Error('The examples have no weather dataset');
    weatherId = weather.id;
    examplesId = weather.database.id;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('edits a label, adds a SQL calculated column and a metric from the list, after Confirm save', async () => {
    await openFromList();
    expect(await dialog().locator('[data-test="source-database"]').inputValue()).toBe('examples');
    expect(await dialog().locator('[data-test="source-table-name"]').inputValue()).toBe('weather');

    await openTab('Columns');
    const columns = dialog().locator('[data-test="column-table"]');
    await columnRow(columns, 'temp_max').locator('[data-test="column-verbose-name"]').fill('Daily high');

    await openTab('Calculated columns');
    await dialog().locator('[data-test="add-calculated-column"]').click();
    const calculated = dialog().locator('[data-test="calculated-table"] tr:has([data-test="calculated-name"])').last();
    await calculated.locator('[data-test="calculated-name"]').fill('warmth');
    await calculated.locator('[data-test="calculated-expression"]').fill(WARMTH_SQL);
    await calculated.locator('[data-test="calculated-type"]').fill('VARCHAR');

    await openTab('Metrics');
    await dialog().locator('[data-test="add-metric"]').click();
    const metric = dialog().locator('[data-test="metrics-table"] tr:has([data-test="metric-name"])').first();
    await metric.locator('[data-test="metric-name"]').fill('rainy_days');
    await metric.locator('[data-test="metric-verbose-name"]').fill('Rainy days');
    await metric.locator('[data-test="metric-expression"]').fill(RAINY_SQL);
    await page.setViewportSize({ width: 1440, height: 900 });
    await shootTabs('1440x900');

    expect(await saveAndConfirm()).toBe(200);
    await dialog().waitFor({ state: 'detached' });
    const saved = await dataset();
    expect(saved.columns.find((c) => c.column_name === 'temp_max')?.verbose_name).toBe('Daily high');
    expect(saved.columns.find((c) => c.column_name === 'warmth')?.expression).toBe(WARMTH_SQL);
    expect(saved.metrics.find((m) => m.metric_name === 'rainy_days')).toMatchObject({
      verbose_name: 'Rainy days',
      expression: RAINY_SQL,
    });
  });

  it('refuses a guarded metric and invalid JSON on screen and saves nothing', async () => {
    const before = await dataset();
    await openFromList();
    await page.setViewportSize({ width: 1024, height: 768 });
    await shootTabs('1024x768');
    await page.setViewportSize({ width: 1440, height: 900 });

    await openTab('Settings');
    await dialog().locator('[data-test="settings-template-params"]').fill('{"region": ');
    await dialog().locator('[data-test="dataset-editor-save"]').click();
    const error = dialog().locator('[data-test="dataset-editor-error"]');
    await expect.poll(() => error.textContent()).toContain('Template parameters: invalid JSON, expected an object');
    await dialog().locator('[data-test="settings-template-params"]').fill('');

    await openTab('Metrics');
    await dialog().locator('[data-test="add-metric"]').click();
    const metric = dialog().locator('[data-test="metrics-table"] tr:has([data-test="metric-name"])').first();
    await metric.locator('[data-test="metric-name"]').fill('dropper');
    await metric.locator('[data-test="metric-expression"]').fill('COUNT(*); DROP TABLE weather');
    expect(await saveAndConfirm()).toBe(400);
    await expect
      .poll(() => error.textContent())
      .toContain('Metric dropper: Custom SQL cannot contain more than one statement');
    await page.screenshot({ path: join(SHOTS, '1440x900-6-guard-refused.png') });
    await dialog().locator('[data-test="dataset-editor-cancel"]').click();
    await dialog().waitFor({ state: 'detached' });

    // Humanized times ("a minute ago") move on their own; what a save would change must not.
    const stored = ({ columns, metrics, template_params, changed_on }: DatasetJson) => ({
      columns,
      metrics,
      template_params,
      changed_on,
    });
    expect(stored(await dataset())).toEqual(stored(before));
    expect(Number((await sql('SELECT COUNT(*) AS n FROM weather'))[0]?.n)).toBeGreaterThan(0);
  });

  it('explore shows the new names and a table chart on the calculated column draws what SQL returns', async () => {
    const params = new URLSearchParams({
      datasource_type: 'table',
      datasource_id: String(weatherId),
      form_data: JSON.stringify({
        viz_type: 'table',
        query_mode: 'aggregate',
        groupby: ['warmth'],
        metrics: ['rainy_days'],
        time_range: 'No filter',
        adhoc_filters: [],
        row_limit: 100,
      }),
    });
    await page.goto(`${server.url}/explore/?${params.toString()}`);
    await page.locator('[data-test="explore-page"]').waitFor();
    const panel = page.locator('[data-test="datasource-panel"]');
    await expect
      .poll(() => panel.locator('[data-test="datasource-item-label"]').allTextContents())
      .toEqual(expect.arrayContaining(['Daily high', 'warmth', 'Rainy days']));

    await page.click('[data-test="run-query"]');
    await page.locator('[data-test="chart-container"][data-chart-status="rendered"]').waitFor({ timeout: 60_000 });
    const grid = page.locator('[data-test="chart-container"] [role="row"]:has([role="gridcell"])');
    await expect.poll(() => grid.count()).toBeGreaterThan(0);
    const drawn = await grid.evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll('[role="gridcell"]'), (cell) => cell.getAttribute('title') ?? ''),
      ),
    );
    const expected = await sql(
      `SELECT ${WARMTH_SQL} AS warmth, ${RAINY_SQL} AS rainy FROM weather GROUP BY 1 ORDER BY 1`,
    );
    expect(expected.length).toBe(2);
    const asNumbers = (rows: string[][]) =>
      rows.map(([label, value]) => [label, Number((value ?? '').replace(/,/g, ''))]).sort();
    expect(asNumbers(drawn)).toEqual(expected.map((row) => [row.warmth, Number(row.rainy)]).sort());
    await page.screenshot({ path: join(SHOTS, '1440x900-7-explore-table.png') });
  });

  it("explore's Edit dataset saves a new label that the panel shows without a reload", async () => {
    await page.evaluate(() => {
      (window as unknown as { editorMarker: number }).editorMarker = 42;
    });
    await page.click('[data-test="datasource-menu"]');
    await page.click('[data-test="edit-dataset"]');
    await dialog().locator('[data-test="dataset-editor-source"]').waitFor();
    await openTab('Columns');
    await columnRow(dialog().locator('[data-test="column-table"]'), 'temp_min')
      .locator('[data-test="column-verbose-name"]')
      .fill('Daily low');
    expect(await saveAndConfirm()).toBe(200);
    await dialog().waitFor({ state: 'detached' });
    const panel = page.locator('[data-test="datasource-panel"]');
    await expect
      .poll(() => panel.locator('[data-test="datasource-item-label"]').allTextContents())
      .toContain('Daily low');
    expect(await page.evaluate(() => (window as unknown as { editorMarker?: number }).editorMarker)).toBe(42);
    await page.screenshot({ path: join(SHOTS, '1440x900-8-explore-after-edit.png') });
    // The one refused save of the guard test is the only failed load the page may have reported so far.
    const refusedSave = `/api/v1/dataset/${weatherId}`;
    expect(browser.consoleErrors.filter((error) => !(error.includes('400') && error.includes(refusedSave)))).toEqual(
      [],
    );
  });

  it("a virtual dataset's SQL is checked by running it: its columns, or the error, and nothing runs twice", async () => {
    const created = await page.request.post(`${server.url}/api/v1/dataset/`, {
      headers: { 'X-CSRFToken': csrf },
      data: {
        database: examplesId,
        schema: 'main',
        table_name: 'warm_days',
        sql: 'SELECT date, temp_max FROM weather WHERE temp_max >= 20',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const rowsBefore = Number((await sql('SELECT COUNT(*) AS n FROM weather'))[0]?.n);
    await openFromList('warm_days');
    const sqlBox = dialog().locator('[data-test="source-sql"]');
    expect(await sqlBox.isDisabled()).toBe(true);
    await dialog().locator('[data-test="source-lock"]').click();
    await expect.poll(() => sqlBox.isDisabled()).toBe(false);
    const result = dialog().locator('[data-test="source-check"]');

    await sqlBox.fill('SELECT location, temp_max * 2 AS doubled FROM weather');
    await dialog().locator('[data-test="source-run"]').click();
    await expect
      .poll(() => result.locator('td').allTextContents())
      .toEqual(expect.arrayContaining(['location', 'doubled']));
    await page.screenshot({ path: join(SHOTS, '1440x900-9-virtual-run-check.png') });

    await sqlBox.fill('SELECT nope FROM weather');
    await dialog().locator('[data-test="source-run"]').click();
    await expect.poll(() => result.locator('.ant-alert').textContent()).toContain('nope');

    await sqlBox.fill('SELECT 1; DROP TABLE weather');
    await dialog().locator('[data-test="source-run"]').click();
    await expect.poll(() => result.locator('.ant-alert').textContent()).toContain('Only single queries supported');
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.screenshot({ path: join(SHOTS, '1024x768-9-virtual-run-refused.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog().locator('[data-test="dataset-editor-cancel"]').click();
    await dialog().waitFor({ state: 'detached' });
    expect(Number((await sql('SELECT COUNT(*) AS n FROM weather'))[0]?.n)).toBe(rowsBefore);
  });
});
