// Every registered viz type drawn in explore on example data, checked for a real drawing and no error, and
// photographed to e2e/screenshots/viz-<viz_type>.png so a person can look at each of them.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, launchBrowser, SCREENSHOT_DIR } from './support/browser.js';
import { type NezhaServer, startServer } from './support/server.js';
import { logIn } from './support/sqllab-page.js';

/** The semantic-layer viz types draw saved entities, not example data: e2e/semantic.e2e.test.ts covers them. */
const SEMANTIC_VIZ_TYPES = [
  'measure',
  'measure_line',
  'calculated_measure',
  'cohort',
  'saved_column',
  'calculated_column',
];

type FormData = Record<string, unknown>;

interface Recipe {
  /** The example table whose dataset the chart reads. */
  table: string;
  formData: FormData;
}

const simple = (aggregate: string, column: string, label: string) => ({
  expressionType: 'SIMPLE',
  aggregate,
  column: { column_name: column },
  label,
  hasCustomLabel: true,
  optionName: `metric_${aggregate}_${column}`,
});
const where = (sqlExpression: string) => ({
  expressionType: 'SQL',
  clause: 'WHERE',
  sqlExpression,
  filterOptionName: `filter_${sqlExpression.replace(/\W+/g, '_')}`,
});

const avgHigh = simple('AVG', 'temp_max', 'Average high (°C)');
const precipitation = simple('SUM', 'precipitation', 'Precipitation (mm)');
const births = 'sum__num';
const co2 = simple('SUM', 'co2', 'CO2 (Mt)');
/** Countries only (OWID's aggregates, World and continents, have no or an OWID_ code), in the file's last year. */
const countries2018 = [where('year = 2018'), where("iso_code IS NOT NULL AND iso_code NOT LIKE 'OWID%'")];
const monthly = { x_axis: 'date', time_grain_sqla: 'P1M' };

/** Form data per viz type, on the example dataset that suits it (time series on a temporal one, and so on). */
const RECIPES: Record<string, Recipe> = {
  table: {
    table: 'birth_names',
    formData: { query_mode: 'aggregate', groupby: ['name', 'gender'], metrics: [births], row_limit: 100 },
  },
  pivot_table_v2: {
    table: 'weather',
    formData: {
      groupbyRows: ['weather'],
      groupbyColumns: ['location'],
      metrics: [avgHigh],
      aggregateFunction: 'Average',
      rowTotals: true,
      colTotals: true,
      valueFormat: '.1f',
    },
  },
  big_number: {
    table: 'weather',
    formData: { ...monthly, metric: avgHigh, compare_lag: 12, compare_suffix: 'over last year', y_axis_format: '.1f' },
  },
  big_number_total: { table: 'birth_names', formData: { metric: births, subheader: 'babies, 1965–2008' } },
  echarts_timeseries_line: {
    table: 'weather',
    formData: { ...monthly, metrics: [avgHigh], groupby: ['location'], y_axis_format: '.1f' },
  },
  echarts_timeseries_bar: {
    table: 'weather',
    formData: { ...monthly, metrics: [precipitation], groupby: ['location'], stack: 'Stack', y_axis_format: ',d' },
  },
  echarts_area: {
    table: 'birth_names',
    formData: { x_axis: 'ds', time_grain_sqla: 'P1Y', metrics: [births], groupby: ['gender'], stack: 'Stack' },
  },
  echarts_timeseries_scatter: {
    table: 'weather',
    formData: {
      x_axis: 'date',
      time_grain_sqla: 'P1W',
      metrics: [simple('MAX', 'wind', 'Max wind (m/s)')],
      groupby: ['location'],
    },
  },
  echarts_timeseries_smooth: {
    table: 'seattle_weather',
    formData: {
      x_axis: 'date',
      time_grain_sqla: 'P1W',
      metrics: [simple('AVG', 'temp_min', 'Average low (°C)'), avgHigh],
      rolling_type: 'mean',
      rolling_periods: 4,
      min_periods: 1,
      y_axis_format: '.1f',
    },
  },
  echarts_timeseries_step: {
    table: 'stocks',
    formData: {
      x_axis: 'date',
      time_grain_sqla: 'P3M',
      metrics: [simple('AVG', 'price', 'Price (USD)')],
      groupby: ['symbol'],
      seriesType: 'start',
    },
  },
  mixed_timeseries: {
    table: 'seattle_weather',
    formData: {
      ...monthly,
      metrics: [avgHigh],
      metrics_b: [precipitation],
      seriesType: 'line',
      seriesTypeB: 'bar',
      yAxisIndex: 0,
      yAxisIndexB: 1,
      y_axis_format: '.1f',
      y_axis_format_secondary: ',d',
    },
  },
  pie: { table: 'seattle_weather', formData: { groupby: ['weather'], metric: 'count', show_labels: true } },
  funnel: { table: 'birth_names', formData: { groupby: ['state'], metric: births, row_limit: 8 } },
  gauge: {
    table: 'weather',
    formData: { groupby: ['location'], metric: avgHigh, min_val: 0, max_val: 25, number_format: '.1f' },
  },
  treemap_v2: {
    table: 'owid_co2',
    formData: { groupby: ['country'], metric: co2, row_limit: 30, adhoc_filters: countries2018 },
  },
  sunburst_v2: { table: 'birth_names', formData: { columns: ['gender', 'state'], metric: births } },
  heatmap_v2: {
    table: 'weather',
    formData: { ...monthly, groupby: 'location', metric: avgHigh, y_axis_format: '.1f' },
  },
  histogram_v2: {
    table: 'weather',
    formData: { column: 'temp_max', groupby: ['location'], bins: 20, row_limit: 10000 },
  },
  box_plot: {
    table: 'weather',
    formData: {
      columns: ['date'],
      time_grain_sqla: 'P1W',
      groupby: ['location'],
      metrics: [avgHigh],
      whiskerOptions: 'Tukey',
      number_format: '.1f',
    },
  },
  radar: {
    table: 'cars',
    formData: {
      groupby: ['Origin'],
      metrics: [
        simple('AVG', 'Miles_per_Gallon', 'Miles per gallon'),
        simple('AVG', 'Horsepower', 'Horsepower'),
        simple('AVG', 'Acceleration', 'Acceleration (s)'),
        simple('AVG', 'Cylinders', 'Cylinders'),
      ],
      number_format: '.1f',
    },
  },
  waterfall: {
    table: 'seattle_weather',
    formData: {
      ...monthly,
      metric: simple('SUM', 'precipitation', 'Precipitation (mm)'),
      // The time range filters the time column (granularity_sqla), not the x-axis.
      granularity_sqla: 'date',
      time_range: '2015-01-01 : 2016-01-01',
    },
  },
  bubble_v2: {
    table: 'gapminder',
    formData: {
      entity: 'country',
      series: 'cluster',
      x: simple('AVG', 'fertility', 'Fertility'),
      y: simple('AVG', 'life_expect', 'Life expectancy'),
      size: simple('MAX', 'pop', 'Population'),
      max_bubble_size: '25',
      adhoc_filters: [where('year = 2005')],
    },
  },
  sankey_v2: { table: 'cars', formData: { source: 'Origin', target: 'Cylinders', metric: 'count' } },
  graph_chart: {
    table: 'flights',
    formData: { source: 'ORIGIN_AIRPORT', target: 'DESTINATION_AIRPORT', metric: 'count', row_limit: 60 },
  },
  word_cloud: { table: 'birth_names', formData: { series: 'name', metric: births, row_limit: 100 } },
  world_map: {
    table: 'owid_co2',
    formData: { entity: 'iso_code', country_fieldtype: 'cca3', metric: co2, adhoc_filters: countries2018 },
  },
};

/** A viz type without a recipe still gets drawn: the usual controls, all filled, on a temporal dataset. */
const FALLBACK: Recipe = {
  table: 'weather',
  formData: {
    ...monthly,
    metrics: [avgHigh],
    metric: avgHigh,
    groupby: ['location'],
    columns: ['location'],
    series: 'location',
    entity: 'location',
  },
};

/** What a chart drew: distinct colours on its canvases, SVG shapes, table cells and text. */
interface Drawing {
  canvasColours: number;
  svgShapes: number;
  tableCells: number;
  text: string;
}

async function drawingOf(page: Page): Promise<Drawing> {
  return page.locator('[data-test="chart-container"]').evaluate((container) => {
    const colours = new Set<number>();
    for (const canvas of Array.from(container.querySelectorAll('canvas'))) {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0 || canvas.height === 0) continue;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      // Every 7th pixel is enough to tell a drawing from a blank or one-colour canvas.
      for (let at = 0; at < data.length; at += 28) {
        colours.add(
          ((data[at] ?? 0) << 24) | ((data[at + 1] ?? 0) << 16) | ((data[at + 2] ?? 0) << 8) | (data[at + 3] ?? 0),
        );
        if (colours.size > 50) break;
      }
    }
    return {
      canvasColours: colours.size,
      svgShapes: container.querySelectorAll('svg path, svg rect, svg circle, svg text').length,
      tableCells: container.querySelectorAll('td').length,
      text: (container.textContent ?? '').trim(),
    };
  });
}

function looksDrawn(drawing: Drawing): boolean {
  return drawing.canvasColours >= 3 || drawing.svgShapes >= 3 || drawing.tableCells >= 4 || /\d/.test(drawing.text);
}

describe('every viz type on example data', () => {
  let server: NezhaServer;
  let browser: BrowserSession;
  let page: Page;
  const datasetIds = new Map<string, number>();
  let vizTypes: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
    await logIn(page, server.url, server.adminUsername, server.adminPassword);
    const q = encodeURIComponent('(page:0,page_size:100)');
    const datasets = (await (await page.request.get(`${server.url}/api/v1/dataset/?q=${q}`)).json()) as {
      result: Array<{ id: number; table_name: string }>;
    };
    for (const dataset of datasets.result) datasetIds.set(dataset.table_name, dataset.id);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const exploreUrl = (table: string, formData: FormData) => {
    const id = datasetIds.get(table);
    if (!id) throw new Error(`No example dataset on the table ${table}`);
    const params = new URLSearchParams({
      datasource_type: 'table',
      datasource_id: String(id),
      form_data: JSON.stringify({ time_range: 'No filter', adhoc_filters: [], ...formData }),
    });
    return `${server.url}/explore/?${params.toString()}`;
  };

  it('switches the viz type through the picker and reads the registry from it', async () => {
    await page.goto(exploreUrl('weather', {}));
    await page.locator('[data-test="explore-page"]').waitFor();
    await page.click('[data-test="viz-type-control"]');
    const gallery = page.locator('[data-test="viz-type-gallery"]');
    await gallery.waitFor();
    vizTypes = await gallery
      .locator('[data-viz-type]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-viz-type') ?? ''));
    expect(vizTypes).toContain('table');
    expect(vizTypes).toContain('echarts_timeseries_line');
    await page.click('[data-test="viz-type-echarts_timeseries_line"]');
    await page.click('#viz-type-select');
    await gallery.waitFor({ state: 'hidden' });
    expect(await page.locator('[data-test="viz-type-control"]').textContent()).toContain('Line Chart');
    // The line chart's own controls replaced the table's.
    await page.locator('[data-test="add-column-x_axis"]').waitFor();
  });

  it('draws every viz type without an error and photographs it', async () => {
    const drawable = vizTypes.filter((vizType) => !SEMANTIC_VIZ_TYPES.includes(vizType));
    expect(drawable.length).toBeGreaterThanOrEqual(26);
    const problems: string[] = [];
    for (const vizType of drawable) {
      const recipe = RECIPES[vizType] ?? FALLBACK;
      const errorsBefore = browser.consoleErrors.length;
      const failedBefore = browser.failedResponses.length;
      await page.goto(exploreUrl(recipe.table, { ...recipe.formData, viz_type: vizType }));
      await page.locator('[data-test="explore-page"]').waitFor();
      await page.click('[data-test="run-query"]');
      const container = page.locator('[data-test="chart-container"]');
      await page
        .locator('[data-test="chart-container"][data-chart-status="rendered"]')
        .or(page.locator('[data-test="chart-container"][data-chart-status="failed"]'))
        .or(page.locator('[data-test="chart-empty-invalid"]'))
        .waitFor({ timeout: 60_000 });
      // Let animations settle before the picture.
      await page.mouse.move(1, 1);
      await page.waitForTimeout(900);
      await page
        .locator('[data-test="chart-pane"]')
        .screenshot({ path: join(SCREENSHOT_DIR, `viz-${vizType}.png`), animations: 'disabled' });

      const status = await container.getAttribute('data-chart-status');
      const alert = (
        await page.locator('[data-test="chart-alert"], [data-test="chart-empty-invalid"]').allTextContents()
      )
        .join(' ')
        .trim();
      const drawing = await drawingOf(page);
      const complaints: string[] = [];
      if (status !== 'rendered') complaints.push(`status ${status || 'none'}`);
      if (alert) complaints.push(alert);
      if (!looksDrawn(drawing)) complaints.push(`nothing drawn ${JSON.stringify(drawing)}`);
      if (/No results were returned/.test(drawing.text)) complaints.push('no results');
      complaints.push(...browser.consoleErrors.slice(errorsBefore));
      complaints.push(
        ...browser.failedResponses
          .slice(failedBefore)
          .map((failed) => `${failed.status} ${failed.method} ${failed.url}`),
      );
      if (!RECIPES[vizType]) console.log(`viz-gallery: ${vizType} has no recipe; drawn with the fallback form data`);
      if (complaints.length > 0) problems.push(`${vizType}: ${complaints.join('; ')}`);
    }
    expect(problems).toEqual([]);
    // About ten seconds a type on a busy two-core machine.
  }, 900_000);
});
