// The post-processing chains Superset's ECharts time series buildQuery sends (metric + one groupby + rolling,
// cumulative or time comparison), posted to the chart data API on DuckDB and checked against window SQL.
import type { PostProcessingStep, QueryObject, Row } from '@nezha/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDatabase } from '../../src/store/databases.js';
import { suiteTitle } from '../support/services.js';
import { startTestApp } from '../support/test-app.js';
import { axis, simple } from './chart-cases.js';
import { CHART_ENGINES, type ChartEnv, chartAnswer, DATA_PRESENT, openChartEnv } from './chart-fixtures.js';

const SUM = 'SUM(num)';
const SHIFTED = 'SUM(num)__1 year ago';
const duckdb = CHART_ENGINES.find((engine) => engine.name === 'duckdb');

/** The query object of a line chart: x-axis ds by year, SUM(num), groupby state, and the given steps. */
function timeseriesQuery(steps: PostProcessingStep[], extra: Partial<QueryObject> = {}): QueryObject {
  return {
    columns: [axis('ds', 'P1Y'), 'state'],
    metrics: [simple('num', 'SUM')],
    series_columns: ['state'],
    orderby: [[simple('num', 'SUM'), false]],
    row_limit: 10_000,
    post_processing: steps,
    ...extra,
  };
}

/** Superset's pivotOperator for this form data. */
const pivot = (metrics: string[]): PostProcessingStep => ({
  operation: 'pivot',
  options: {
    index: ['ds'],
    columns: ['state'],
    aggregates: Object.fromEntries(metrics.map((metric) => [metric, { operator: 'mean' }])),
    drop_missing_columns: true,
  },
});
const flatten: PostProcessingStep = { operation: 'flatten' };

const yearOf = (value: unknown) => new Date(value as number).getUTCFullYear();

describe.skipIf(!DATA_PRESENT || !duckdb)(
  suiteTitle('Superset time series post-processing chains', DATA_PRESENT, 'the shared data folder ../shared/data'),
  () => {
    let env: ChartEnv;
    /** Per state and year: the yearly total, its 3-year rolling mean, running total and change on last year. */
    let expected: Map<string, Row>;

    beforeAll(async () => {
      env = await openChartEnv(duckdb as (typeof CHART_ENGINES)[number], () => startTestApp());
      const database = await getDatabase(env.t.ctx.store.db, env.databaseId);
      if (!database) throw new Error('no chart database');
      const connection = await env.t.ctx.connections.forDatabase(database);
      const result = await connection.execute(
        `WITH yearly AS (
           SELECT CAST(EXTRACT(year FROM ds) AS INTEGER) AS y, state, SUM(num) AS total
           FROM birth_names GROUP BY 1, 2
         )
         SELECT y, state, total,
           AVG(total) OVER (PARTITION BY state ORDER BY y ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS rolling,
           SUM(total) OVER (PARTITION BY state ORDER BY y ROWS UNBOUNDED PRECEDING) AS running,
           total - LAG(total) OVER (PARTITION BY state ORDER BY y) AS change
         FROM yearly`,
      );
      // The engine answers positional rows; name their cells by the result columns.
      const named = result.rows.map((cells) =>
        Object.fromEntries(result.columns.map((column, at) => [column.name, (cells as unknown as unknown[])[at]])),
      );
      expected = new Map(named.map((row) => [`${String(row.state)} ${Number(row.y)}`, row]));
    }, 180_000);
    afterAll(async () => env?.drop());

    const sqlValue = (state: string, year: number, column: string) => {
      const value = expected.get(`${state} ${year}`)?.[column];
      return value === null || value === undefined ? null : Number(value);
    };

    it('pivot → rolling mean → flatten names the columns "metric, state" with the 3-year mean', async () => {
      const answer = await chartAnswer(
        env.admin,
        env.datasets.births,
        timeseriesQuery([
          pivot([SUM]),
          {
            operation: 'rolling',
            options: { rolling_type: 'mean', window: 3, min_periods: 0, columns: { [SUM]: SUM } },
          },
          flatten,
        ]),
      );
      expect(answer.colnames).toEqual(['ds', `${SUM}, CA`, `${SUM}, NY`]);
      expect(answer.data.length).toBe(new Set([...expected.values()].map((row) => row.y)).size);
      for (const row of answer.data) {
        const year = yearOf(row.ds);
        for (const state of ['CA', 'NY']) {
          expect(row[`${SUM}, ${state}`] as number, `${state} ${year}`).toBeCloseTo(
            sqlValue(state, year, 'rolling') as number,
            6,
          );
        }
      }
    });

    it('min_periods 2 drops only the first row, as Superset trims min_periods - 1', async () => {
      const answer = await chartAnswer(
        env.admin,
        env.datasets.births,
        timeseriesQuery([
          pivot([SUM]),
          {
            operation: 'rolling',
            options: { rolling_type: 'sum', window: 2, min_periods: 2, columns: { [SUM]: SUM } },
          },
          flatten,
        ]),
      );
      const years = [...new Set([...expected.values()].map((row) => Number(row.y)))].sort((a, b) => a - b);
      expect(answer.data.map((row) => yearOf(row.ds))).toEqual(years.slice(1));
      const [first] = answer.data;
      const second = years[1] as number;
      expect(first?.[`${SUM}, NY`]).toBe(
        (sqlValue('NY', second, 'total') as number) + (sqlValue('NY', second - 1, 'total') as number),
      );
    });

    it('pivot → cum → rename (truncate_metric) → flatten answers running totals named by state', async () => {
      const answer = await chartAnswer(
        env.admin,
        env.datasets.births,
        timeseriesQuery([
          pivot([SUM]),
          { operation: 'cum', options: { operator: 'sum', columns: { [SUM]: SUM } } },
          { operation: 'rename', options: { columns: { [SUM]: null }, level: 0, inplace: true } },
          flatten,
        ]),
      );
      expect(answer.colnames).toEqual(['ds', 'CA', 'NY']);
      for (const row of answer.data) {
        const year = yearOf(row.ds);
        expect(row.CA, `CA ${year}`).toBe(sqlValue('CA', year, 'running'));
        expect(row.NY, `NY ${year}`).toBe(sqlValue('NY', year, 'running'));
      }
    });

    it('time comparison: pivot → compare (difference) → flatten per state', async () => {
      const answer = await chartAnswer(
        env.admin,
        env.datasets.births,
        timeseriesQuery(
          [
            pivot([SUM, SHIFTED]),
            {
              operation: 'compare',
              options: {
                source_columns: [SUM],
                compare_columns: [SHIFTED],
                compare_type: 'difference',
                drop_original_columns: true,
              },
            },
            flatten,
          ],
          {
            time_offsets: ['1 year ago'],
            filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: '2004-01-01 : 2008-01-01' }],
          },
        ),
      );
      const name = (state: string) => `difference__${SUM}__${SHIFTED}, ${state}`;
      expect(answer.colnames).toEqual(['ds', name('CA'), name('NY')]);
      expect(answer.data.map((row) => yearOf(row.ds))).toEqual([2004, 2005, 2006, 2007]);
      for (const row of answer.data) {
        const year = yearOf(row.ds);
        expect(row[name('CA')], `CA ${year}`).toBe(sqlValue('CA', year, 'change'));
        expect(row[name('NY')], `NY ${year}`).toBe(sqlValue('NY', year, 'change'));
      }
    });

    it('a rolling step naming a metric the pivot did not produce is a 400 naming the column', async () => {
      const response = await env.admin.request({
        method: 'POST',
        url: '/api/v1/chart/data',
        payload: {
          datasource: { id: env.datasets.births, type: 'table' },
          queries: [
            timeseriesQuery([
              pivot([SUM]),
              { operation: 'rolling', options: { rolling_type: 'sum', window: 2, columns: { 'AVG(num)': 'x' } } },
              flatten,
            ]),
          ],
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('Referenced columns not available');
    });
  },
);
