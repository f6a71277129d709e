// The numbers example dashboards show under filters, checked against SQL this test runs itself in SQL Lab: a
// dashboard time range, a value filter reaching charts whose dataset lacks the column ("not applied", numbers
// unchanged), a numerical range filter, a cross-filter set and cleared; and explore's time range on a chart with a
// temporal x-axis.

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { logIn } from './support/login.js';
import { type NezhaServer, startServer } from './support/server.js';

type Row = Record<string, unknown>;

interface ChartAnswer {
  data: Row[];
  query: string;
  applied_filters: Array<{ column: string }>;
  rejected_filters: Array<{ column: string; reason: string }>;
}

interface DashboardChart {
  id: number;
  slice_name: string;
}

const RANGE = '2014-01-01 : 2015-01-01';

/**
 * Each chart's latest answer, by chart id, recorded before the page gets it: the test fetches every chart data call
 * itself (the dashboard's NDJSON batches and single /chart/data calls) and hands the page the same body.
 */
async function collectAnswers(page: Page): Promise<Map<string, ChartAnswer>> {
  const answers = new Map<string, ChartAnswer>();
  await page.route(/\/api\/v1\/(dashboard\/[^/]+\/chart_data|chart\/data)/, async (route) => {
    const request = route.request();
    const response = await route.fetch();
    const text = await response.text();
    if (request.method() === 'POST' && response.status() === 200) {
      if (request.url().includes('/chart_data')) {
        for (const line of text.split('\n')) {
          if (!line.trim()) continue;
          const parsed = JSON.parse(line) as { key: string; status: number; result?: ChartAnswer[] };
          if (parsed.status === 200 && parsed.result?.[0]) answers.set(parsed.key, parsed.result[0]);
        }
      } else {
        // A chart asked on its own names itself in its form data (body or URL).
        const asked = JSON.parse(request.postData() ?? '{}') as { form_data?: { slice_id?: number } };
        const inUrl = JSON.parse(new URL(request.url()).searchParams.get('form_data') ?? '{}') as { slice_id?: number };
        const sliceId = asked.form_data?.slice_id ?? inUrl.slice_id;
        const body = JSON.parse(text) as { result?: ChartAnswer[] };
        if (sliceId && body.result?.[0]) answers.set(String(sliceId), body.result[0]);
      }
    }
    await route.fulfill({ response, body: text });
  });
  return answers;
}

async function chartsSettled(page: Page, atLeast: number): Promise<void> {
  await page.waitForFunction((count) => {
    const charts = Array.from(document.querySelectorAll('[data-chart-status]')).filter(
      (el) => (el as HTMLElement).offsetParent,
    );
    return charts.length >= count && charts.every((el) => el.getAttribute('data-chart-status') === 'rendered');
  }, atLeast);
  expect(await page.locator('[data-test="chart-error"]:visible').allTextContents()).toEqual([]);
}

const close = (a: unknown, b: unknown) => Math.abs(Number(a) - Number(b)) < 1e-6 * Math.max(1, Math.abs(Number(b)));

describe('dashboard numbers', () => {
  let server: NezhaServer;
  let browser: BrowserSession;
  let page: Page;
  let answers: Map<string, ChartAnswer>;
  let csrf: string;
  let examplesId: number;

  const api = () => page.request;
  const getJson = async <T>(path: string): Promise<T> => (await (await api().get(`${server.url}${path}`)).json()) as T;

  /** The engine's own answer, through SQL Lab on the examples database. */
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

  async function chartsOf(slug: string): Promise<Map<string, number>> {
    const charts = await getJson<{ result: DashboardChart[] }>(`/api/v1/dashboard/${slug}/charts`);
    return new Map(charts.result.map((chart) => [chart.slice_name, chart.id]));
  }

  async function filtersOf(slug: string) {
    const dashboard = await getJson<{ result: { id: number; json_metadata: string } }>(`/api/v1/dashboard/${slug}`);
    const metadata = JSON.parse(dashboard.result.json_metadata) as {
      native_filter_configuration: Array<{ id: string; name: string; filterType: string; [key: string]: unknown }>;
      [key: string]: unknown;
    };
    return { id: dashboard.result.id, metadata };
  }

  function answerOf(chartId: number | undefined): ChartAnswer {
    const answer = answers.get(String(chartId));
    if (!answer) throw new Error(`no answer for chart ${String(chartId)} (have ${[...answers.keys()].join(', ')})`);
    return answer;
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
    answers = await collectAnswers(page);
    await logIn(page, server.url, server.adminUsername, server.adminPassword);
    csrf = (await getJson<{ result: string }>('/api/v1/security/csrf_token/')).result;
    const databases = await getJson<{ result: Array<{ id: number; database_name: string }> }>('/api/v1/database/');
    const examples = databases.result.find((database) => database.database_name === 'examples');
    if (!examples) throw new Error('no examples database');
    examplesId = examples.id;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("a dashboard time range reaches every chart of Seattle Weather, and each shows that year's numbers", async () => {
    const { metadata } = await filtersOf('seattle-weather');
    const time = metadata.native_filter_configuration.find((filter) => filter.filterType === 'filter_time');
    if (!time) throw new Error('no time filter');
    const mask = `(${time.id}:(extraFormData:(time_range:'${RANGE}'),filterState:(value:'${RANGE}')))`;
    answers.clear();
    await page.goto(`${server.url}/nezha/dashboard/seattle-weather/?native_filters=${encodeURIComponent(mask)}`);
    await chartsSettled(page, 4);
    const charts = await chartsOf('seattle-weather');
    const in2014 = "date >= DATE '2014-01-01' AND date < DATE '2015-01-01'";

    // The big number draws the year's average high.
    const [average] = await sql(`SELECT AVG(temp_max) AS v FROM seattle_weather WHERE ${in2014}`);
    const big = page.locator(
      `[data-chart-id="${charts.get('Seattle: average high')}"] [data-test="big-number-header"]`,
    );
    const drawn = Number.parseFloat(((await big.textContent()) ?? '').replace(/[^\d.-]/g, ''));
    expect(Math.abs(drawn - Number(average?.v))).toBeLessThan(0.05);

    // The monthly lines: twelve months of 2014, each the engine's own average.
    const monthly = answerOf(charts.get('Seattle: monthly high and low'));
    const expected = await sql(
      `SELECT DATE_TRUNC('month', date) AS m, AVG(temp_max) AS hi, AVG(temp_min) AS lo FROM seattle_weather ` +
        `WHERE ${in2014} GROUP BY 1 ORDER BY 1`,
    );
    expect(monthly.data).toHaveLength(12);
    const highs = monthly.data.map((row) => row['Average high (°C)']);
    expect(highs.every((value, at) => close(value, expected[at]?.hi))).toBe(true);
    for (const [name, id] of charts) {
      const answer = answers.get(String(id));
      if (!answer) continue;
      expect(
        answer.applied_filters.map((f) => f.column),
        name,
      ).toContain('__time_range');
      expect(answer.query, name).toMatch(/"date" >= .*2014-01-01/);
    }
  });

  it('a value filter on a column some datasets lack leaves their charts unfiltered and says "not applied"', async () => {
    // Widen the Country filter of Markets & Nations to every chart, as an editor may: the stock charts lack the column.
    const { id, metadata } = await filtersOf('markets-and-nations');
    const country = metadata.native_filter_configuration.find((filter) => filter.name === 'Country');
    if (!country) throw new Error('no Country filter');
    const all = [...(await chartsOf('markets-and-nations')).values()];
    const widened = {
      ...metadata,
      native_filter_configuration: metadata.native_filter_configuration.map((filter) =>
        filter.id === country.id
          ? { ...filter, scope: { rootPath: ['ROOT_ID'], excluded: [] }, chartsInScope: all }
          : filter,
      ),
    };
    const put = await api().put(`${server.url}/api/v1/dashboard/${id}`, {
      headers: { 'X-CSRFToken': csrf },
      data: { json_metadata: JSON.stringify(widened) },
    });
    expect(put.status(), await put.text()).toBe(200);

    const mask = `(${country.id}:(extraFormData:(filters:!((col:country,op:IN,val:!(China)))),filterState:(value:!(China))))`;
    answers.clear();
    await page.goto(`${server.url}/nezha/dashboard/markets-and-nations/?native_filters=${encodeURIComponent(mask)}`);
    await chartsSettled(page, 2);
    const charts = await chartsOf('markets-and-nations');
    const stocks = charts.get('Stock prices');
    const badge = page.locator(`[data-chart-id="${stocks}"] [data-test="chart-filters-not-applied"]`);
    await badge.waitFor();
    expect(await badge.getAttribute('data-rejected')).toBe('country:not_in_datasource');
    const answer = answerOf(stocks);
    expect(answer.query).not.toContain('China');
    // Unfiltered: every symbol's monthly series (pivoted: one row per month, one column per symbol beside the date).
    const [total] = await sql(
      "SELECT COUNT(DISTINCT symbol) AS symbols, COUNT(DISTINCT DATE_TRUNC('month', date)) AS months FROM stocks",
    );
    expect(answer.data).toHaveLength(Number(total?.months));
    expect(Object.keys(answer.data[0] ?? {})).toHaveLength(Number(total?.symbols) + 1);
    // The Nations charts, on the dataset with the column, are filtered to China.
    await page.locator('.ant-tabs-tab', { hasText: 'Nations' }).click();
    await chartsSettled(page, 2);
    const cloud = answerOf(charts.get('Countries by population'));
    expect(cloud.data.map((row) => row.country)).toEqual(['China']);
  });

  it('a numerical range filter on the high temperature gives every Seattle chart the numbers of the days in range', async () => {
    // The examples have no range filter: add one on temp_max beside the Weather filter, on the same dataset.
    const { id, metadata } = await filtersOf('seattle-weather');
    const weather = metadata.native_filter_configuration.find((filter) => filter.name === 'Weather');
    if (!weather) throw new Error('no Weather filter');
    const range = {
      ...weather,
      id: 'NATIVE_FILTER-high-range',
      name: 'High temperature',
      filterType: 'filter_range',
      targets: [{ ...(weather.targets as Array<Record<string, unknown>>)[0], column: { name: 'temp_max' } }],
      scope: { rootPath: ['ROOT_ID'], excluded: [] },
      chartsInScope: [...(await chartsOf('seattle-weather')).values()],
      controlValues: {},
      defaultDataMask: {},
      cascadeParentIds: [],
    };
    const put = (json: unknown) =>
      api().put(`${server.url}/api/v1/dashboard/${id}`, {
        headers: { 'X-CSRFToken': csrf },
        data: { json_metadata: JSON.stringify(json) },
      });
    const added = await put({
      ...metadata,
      native_filter_configuration: [...metadata.native_filter_configuration, range],
    });
    expect(added.status(), await added.text()).toBe(200);
    try {
      const filters = "!((col:temp_max,op:'>=',val:20),(col:temp_max,op:'<=',val:30))";
      const mask = `(${range.id}:(extraFormData:(filters:${filters}),filterState:(value:!(20,30))))`;
      answers.clear();
      await page.goto(`${server.url}/nezha/dashboard/seattle-weather/?native_filters=${encodeURIComponent(mask)}`);
      await chartsSettled(page, 4);
      const charts = await chartsOf('seattle-weather');
      const inRange = 'temp_max >= 20 AND temp_max <= 30';

      const [average] = await sql(`SELECT AVG(temp_max) AS v FROM seattle_weather WHERE ${inRange}`);
      const big = answerOf(charts.get('Seattle: average high'));
      expect(close(big.data[0]?.['Average high (°C)'], average?.v)).toBe(true);

      const monthly = await sql(
        `SELECT DATE_TRUNC('month', date) AS m, AVG(temp_max) AS hi, AVG(temp_min) AS lo FROM seattle_weather ` +
          `WHERE ${inRange} GROUP BY 1 ORDER BY 1`,
      );
      const lines = answerOf(charts.get('Seattle: monthly high and low'));
      expect(lines.data).toHaveLength(monthly.length);
      expect(lines.data.every((row, at) => close(row['Average high (°C)'], monthly[at]?.hi))).toBe(true);
      expect(lines.data.every((row, at) => close(row['Average low (°C)'], monthly[at]?.lo))).toBe(true);

      const byWeather = await sql(
        `SELECT weather, COUNT(*) AS n FROM seattle_weather WHERE ${inRange} GROUP BY 1 ORDER BY 1`,
      );
      const counts = (rows: Row[], key: string) =>
        Object.fromEntries(rows.map((row) => [String(row.weather), Number(row[key])]));
      expect(counts(answerOf(charts.get('Seattle: weather types')).data, 'count')).toEqual(counts(byWeather, 'n'));

      // The Details tab's charts are in scope too.
      await page.locator('.ant-tabs-tab', { hasText: 'Details' }).click();
      await chartsSettled(page, 2);
      expect(counts(answerOf(charts.get('Seattle: weather summary')).data, 'count')).toEqual(counts(byWeather, 'n'));
      const rain = await sql(
        `SELECT SUM(precipitation) AS p FROM seattle_weather WHERE ${inRange} GROUP BY DATE_TRUNC('month', date) ORDER BY DATE_TRUNC('month', date)`,
      );
      const bars = answerOf(charts.get('Seattle: monthly precipitation'));
      expect(bars.data).toHaveLength(rain.length);
      expect(bars.data.every((row, at) => close(row['Precipitation (mm)'], rain[at]?.p))).toBe(true);

      for (const [name, chartId] of charts) {
        const answer = answers.get(String(chartId));
        if (!answer) continue;
        expect(
          answer.applied_filters.map((f) => f.column),
          name,
        ).toContain('temp_max');
        expect(answer.rejected_filters, name).toEqual([]);
      }
    } finally {
      const restored = await put(metadata);
      expect(restored.status(), await restored.text()).toBe(200);
    }
  });

  it('explore: a time range on a chart whose x-axis is the time column changes its data, without a time column', async () => {
    const charts = await chartsOf('seattle-weather');
    const sliceId = charts.get('Seattle: monthly precipitation');
    const answered = page.waitForResponse(
      (response) => response.url().includes('/api/v1/chart/data') && response.request().method() === 'POST',
    );
    const formData = JSON.stringify({ time_range: RANGE, granularity_sqla: null });
    await page.goto(`${server.url}/explore/?slice_id=${sliceId}&form_data=${encodeURIComponent(formData)}`);
    const body = (await (await answered).json()) as { result: ChartAnswer[] };
    const answer = body.result[0] as ChartAnswer;
    const expected = await sql(
      `SELECT DATE_TRUNC('month', date) AS m, SUM(precipitation) AS p FROM seattle_weather ` +
        "WHERE date >= DATE '2014-01-01' AND date < DATE '2015-01-01' GROUP BY 1 ORDER BY 1",
    );
    expect(answer.data).toHaveLength(12);
    const drawn = answer.data.map((row) => row['Precipitation (mm)']);
    expect(drawn.every((value, at) => close(value, expected[at]?.p))).toBe(true);
    expect(answer.applied_filters.map((f) => f.column)).toContain('__time_range');
    // The control names the column the range filters instead of asking for a time column.
    await page.locator('[data-test="time-range-column"]', { hasText: 'date' }).waitFor();
    expect(await page.locator('[data-test="time-range-no-column"]').count()).toBe(0);
  });

  it('a cross-filter from the weather table filters the precipitation chart, and clearing it restores the numbers drawn', async () => {
    answers.clear();
    await page.goto(`${server.url}/nezha/dashboard/seattle-weather/`);
    await chartsSettled(page, 4);
    await page.locator('.ant-tabs-tab', { hasText: 'Details' }).click();
    await chartsSettled(page, 2);
    const charts = await chartsOf('seattle-weather');
    const summary = charts.get('Seattle: weather summary');
    const precipitation = charts.get('Seattle: monthly precipitation');
    await page.locator(`[data-chart-id="${summary}"] [role="row"]`, { hasText: 'rain' }).locator('div').first().click();
    await page.locator('[data-test="cross-filter-tag"]', { hasText: 'rain' }).waitFor();
    await page.waitForFunction(
      (id) => document.querySelector(`[data-chart-id="${id}"]`)?.getAttribute('data-chart-status') === 'rendered',
      precipitation,
    );
    const monthlySum = (where: string) =>
      sql(`SELECT SUM(precipitation) AS p FROM seattle_weather ${where} GROUP BY DATE_TRUNC('month', date) ORDER BY 1`);
    const sumOf = (rows: Row[], key: string) => rows.reduce((total, row) => total + Number(row[key] ?? 0), 0);
    const rainy = await monthlySum("WHERE weather = 'rain'");
    await expect
      .poll(() => sumOf(answers.get(String(precipitation))?.data ?? [], 'Precipitation (mm)'), { timeout: 20_000 })
      .toBeCloseTo(sumOf(rainy, 'p'), 3);
    expect(answerOf(precipitation).query).toContain("'rain'");

    // The big number on the other tab draws the rainy days' average high, then, the cross-filter cleared, all days'.
    const big = page.locator(
      `[data-chart-id="${charts.get('Seattle: average high')}"] [data-test="big-number-header"]`,
    );
    const drawn = async () => Number.parseFloat(((await big.textContent()) ?? '').replace(/[^\d.-]/g, ''));
    const [rainHigh] = await sql("SELECT AVG(temp_max) AS v FROM seattle_weather WHERE weather = 'rain'");
    const [allHigh] = await sql('SELECT AVG(temp_max) AS v FROM seattle_weather');
    await page.locator('.ant-tabs-tab', { hasText: 'Overview' }).click();
    await expect.poll(drawn, { timeout: 20_000 }).toBeCloseTo(Number(rainHigh?.v), 1);
    await page.locator('[data-test="cross-filter-clear"]').click();
    await page.locator('[data-test="cross-filter-tag"]').waitFor({ state: 'detached' });
    await expect.poll(drawn, { timeout: 20_000 }).toBeCloseTo(Number(allHigh?.v), 1);
    await chartsSettled(page, 2);
  });
});
