// The assistant without a model, over the example datasets: phrased questions answered with the right chart, its
// data what the chart data API gives for the same form data, its SQL run in SQL Lab; conversations kept per user.
import path from 'node:path';
import { buildQueryContext, type QueryFormData } from '@nezha/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExampleContent } from '../../src/examples/example-dashboards.js';
import { loadExamples } from '../../src/examples/index.js';
import { EXAMPLES_FILE, registerExamplesDatabase } from '../../src/examples/register.js';
import { type AssistantEvent, ask, partsOf } from '../support/assistant-stream.js';
import { addUser } from '../support/dataset-fixtures.js';
import { suiteTitle } from '../support/services.js';
import { type Session, startTestApp, type TestApp } from '../support/test-app.js';

const examplesDir = process.env.NEZHA_EXAMPLES_DIR;
const TABLES = ['birth_names', 'seattle_weather', 'stocks', 'gapminder', 'cars'];

interface Expected {
  question: string;
  table: string;
  viz: string;
  /** The x axis (bar and line charts). */
  x?: string;
  groupby?: string[];
  /** The metric's name (saved) or label (aggregate). */
  metric: string;
  timeRange?: string;
  unmatched?: string[];
}

const QUESTIONS: Expected[] = [
  {
    question: 'births by state since 2000',
    table: 'birth_names',
    viz: 'echarts_timeseries_bar',
    x: 'state',
    metric: 'sum__num',
    timeRange: '2000-01-01 : now',
  },
  {
    question: 'Births per gender',
    table: 'birth_names',
    viz: 'echarts_timeseries_bar',
    x: 'gender',
    metric: 'sum__num',
  },
  {
    question: 'How many births in 2005?',
    table: 'birth_names',
    viz: 'big_number_total',
    metric: 'sum__num',
    timeRange: '2005-01-01 : 2006-01-01',
  },
  {
    question: 'births by year for each gender',
    table: 'birth_names',
    viz: 'echarts_timeseries_line',
    x: 'ds',
    groupby: ['gender'],
    metric: 'sum__num',
  },
  {
    question: 'births by name between 1990 and 1995',
    table: 'birth_names',
    viz: 'echarts_timeseries_bar',
    x: 'name',
    metric: 'sum__num',
    timeRange: '1990-01-01 : 1996-01-01',
  },
  {
    question: 'total births by state before 1980',
    table: 'birth_names',
    viz: 'echarts_timeseries_bar',
    x: 'state',
    metric: 'sum__num',
    timeRange: '1800-01-01 : 1980-01-01',
  },
  { question: 'births over time', table: 'birth_names', viz: 'echarts_timeseries_line', x: 'ds', metric: 'sum__num' },
  {
    question: 'monthly births by state',
    table: 'birth_names',
    viz: 'echarts_timeseries_line',
    x: 'ds',
    groupby: ['state'],
    metric: 'sum__num',
  },
  {
    question: 'number of boys by state',
    table: 'birth_names',
    viz: 'echarts_timeseries_bar',
    x: 'state',
    metric: 'SUM(num_boys)',
  },
  {
    question: 'average price per symbol',
    table: 'stocks',
    viz: 'echarts_timeseries_bar',
    x: 'symbol',
    metric: 'AVG(price)',
  },
  {
    question: 'maximum price by symbol since 2005',
    table: 'stocks',
    viz: 'echarts_timeseries_bar',
    x: 'symbol',
    metric: 'MAX(price)',
    timeRange: '2005-01-01 : now',
  },
  {
    question: 'stock price by symbol per month',
    table: 'stocks',
    viz: 'echarts_timeseries_line',
    x: 'date',
    groupby: ['symbol'],
    metric: 'SUM(price)',
  },
  {
    question: 'average max temp by weather',
    table: 'seattle_weather',
    viz: 'echarts_timeseries_bar',
    x: 'weather',
    metric: 'AVG(temp_max)',
  },
  {
    question: 'total precipitation by weather in 2014',
    table: 'seattle_weather',
    viz: 'echarts_timeseries_bar',
    x: 'weather',
    metric: 'SUM(precipitation)',
    timeRange: '2014-01-01 : 2015-01-01',
  },
  {
    question: 'highest wind per weather',
    table: 'seattle_weather',
    viz: 'echarts_timeseries_bar',
    x: 'weather',
    metric: 'MAX(wind)',
  },
  {
    question: 'monthly precipitation',
    table: 'seattle_weather',
    viz: 'echarts_timeseries_line',
    x: 'date',
    metric: 'SUM(precipitation)',
  },
  {
    question: 'population by country',
    table: 'gapminder',
    viz: 'echarts_timeseries_bar',
    x: 'country',
    metric: 'SUM(pop)',
  },
  {
    question: 'average life expectancy by cluster',
    table: 'gapminder',
    viz: 'echarts_timeseries_bar',
    x: 'cluster',
    metric: 'AVG(life_expect)',
  },
  {
    question: 'lowest fertility per country',
    table: 'gapminder',
    viz: 'echarts_timeseries_bar',
    x: 'country',
    metric: 'MIN(fertility)',
  },
  {
    question: 'average horsepower by origin',
    table: 'cars',
    viz: 'echarts_timeseries_bar',
    x: 'Origin',
    metric: 'AVG(Horsepower)',
  },
  {
    question: 'mean miles per gallon by cylinders',
    table: 'cars',
    viz: 'echarts_timeseries_bar',
    x: 'Cylinders',
    metric: 'AVG(Miles_per_Gallon)',
  },
  {
    question: 'how many cars by origin',
    table: 'cars',
    viz: 'echarts_timeseries_bar',
    x: 'Origin',
    metric: 'count',
  },
  {
    question: 'average weight of cars by origin and favourite colour',
    table: 'cars',
    viz: 'echarts_timeseries_bar',
    x: 'Origin',
    metric: 'AVG(Weight_in_lbs)',
    unmatched: ['favourite', 'colour'],
  },
];

function metricName(formData: Record<string, unknown>): string {
  const metric = (formData.metrics as unknown[] | undefined)?.[0] ?? formData.metric;
  if (typeof metric === 'string') return metric;
  return String((metric as { label?: string }).label);
}

describe.skipIf(!examplesDir)(
  suiteTitle('assistant offline mode over the example datasets', examplesDir, 'NEZHA_EXAMPLES_DIR'),
  () => {
    let t: TestApp;
    let admin: Session;
    const datasetIds = new Map<string, number>();

    beforeAll(async () => {
      t = await startTestApp();
      await loadExamples({ databasePath: path.join(t.home, EXAMPLES_FILE), examplesDir, only: TABLES });
      await registerExamplesDatabase(t.ctx.store);
      await createExampleContent(t.ctx);
      admin = await t.login();
      for (const row of await t.ctx.store.db.selectFrom('tables').select(['id', 'table_name']).execute()) {
        datasetIds.set(row.table_name, row.id);
      }
    }, 180_000);
    afterAll(async () => {
      await t?.close();
    });

    const newConversation = async (session: Session, context = 'sqllab') => {
      const response = await session.request({
        method: 'POST',
        url: '/api/v1/assistant/conversations',
        payload: { context },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as number;
    };

    const chartDataOf = async (formData: Record<string, unknown>) => {
      const context = buildQueryContext(formData as QueryFormData);
      const response = await admin.request({
        method: 'POST',
        url: '/api/v1/chart/data',
        payload: { ...context, datasource: { id: context.datasource.id, type: context.datasource.type } },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().result[0] as { data: Record<string, unknown>[]; colnames: string[] };
    };

    it(`answers ${QUESTIONS.length} phrased questions with the right chart, its data the chart data API's`, async () => {
      const id = await newConversation(admin, 'explore');
      for (const expected of QUESTIONS) {
        const events = await ask(admin, id, expected.question);
        const parts = partsOf(events);
        const chart = parts.find((part) => part.type === 'chart') as
          | { form_data: Record<string, unknown>; data: Record<string, unknown>[] }
          | undefined;
        expect(chart, `${expected.question}: ${JSON.stringify(parts)}`).toBeDefined();
        const formData = chart?.form_data ?? {};
        const label = expected.question;
        expect(formData.datasource, label).toBe(`${datasetIds.get(expected.table)}__table`);
        expect(formData.viz_type, label).toBe(expected.viz);
        if (expected.x) expect(formData.x_axis, label).toBe(expected.x);
        expect(formData.groupby ?? [], label).toEqual(expected.groupby ?? []);
        expect(metricName(formData), label).toBe(expected.metric);
        const filters = (formData.adhoc_filters as Array<{ comparator: string }> | undefined) ?? [];
        expect(
          filters.map((filter) => filter.comparator),
          label,
        ).toEqual(expected.timeRange ? [expected.timeRange] : []);
        const match = parts.find((part) => part.type === 'match') as { unmatched: string[] } | undefined;
        expect(match?.unmatched, label).toEqual(expected.unmatched ?? []);
        const api = await chartDataOf(formData);
        expect(api.data.length, label).toBeGreaterThan(0);
        expect(chart?.data, label).toEqual(api.data.slice(0, 100));
        // Without a model the reply says so, for an admin with the settings to change.
        expect(parts.at(-1), label).toEqual({ type: 'notice', code: 'no_model', admin: true });
      }
    }, 120_000);

    it('gives the numbers a SQL query by the test gives: births by state since 2000', async () => {
      const id = await newConversation(admin);
      const parts = partsOf(await ask(admin, id, 'births by state since 2000'));
      const chart = parts.find((part) => part.type === 'chart') as { data: Array<Record<string, unknown>> };
      const dbId = (await t.ctx.store.db.selectFrom('dbs').select('id').executeTakeFirstOrThrow()).id;
      const run = await admin.request({
        method: 'POST',
        url: '/api/v1/sqllab/execute/',
        payload: {
          client_id: 'assistTst01',
          database_id: dbId,
          sql: "SELECT state, SUM(num) AS n FROM birth_names WHERE ds >= TIMESTAMP '2000-01-01' GROUP BY state",
          queryLimit: 1000,
        },
      });
      expect(run.statusCode, run.body).toBe(200);
      const expected = Object.fromEntries(
        (run.json().data as Array<{ state: string; n: number }>).map((row) => [row.state, Number(row.n)]),
      );
      const got = Object.fromEntries(chart.data.map((row) => [row.state, Number(row.Births ?? row.sum__num)]));
      expect(got).toEqual(expected);
      expect(Object.keys(got).length).toBeGreaterThan(5);

      // In SQL Lab the reply carries the SQL and its rows, run through SQL Lab's execute path.
      const sql = parts.find((part) => part.type === 'sql') as { sql: string; database_id: number };
      expect(sql.database_id).toBe(dbId);
      const result = parts.find((part) => part.type === 'result') as { columns: string[]; rows: unknown[][] };
      const fromSql = Object.fromEntries(result.rows.map((row) => [row[0], Number(row[1])]));
      expect(fromSql).toEqual(expected);
      const recorded = await t.ctx.store.db
        .selectFrom('query')
        .select(['sql', 'status'])
        .where('sql', '=', sql.sql)
        .execute();
      expect(recorded).toEqual([{ sql: sql.sql, status: 'success' }]);
    });

    it('says which words it did not understand and what it could not match', async () => {
      const id = await newConversation(admin);
      const parts = partsOf(await ask(admin, id, 'quantum flux capacitors'));
      expect(parts).toEqual([
        { type: 'notice', code: 'no_match', words: [] },
        { type: 'notice', code: 'no_model', admin: true },
      ]);
      const empty = await admin.request({
        method: 'POST',
        url: `/api/v1/assistant/conversations/${id}/messages`,
        payload: { text: '   ' },
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('The message is empty.');
    });

    it('keeps conversations per user: listed, read, deleted by their owner only', async () => {
      const other = await addUser(t, `assist_${Date.now()}`, ['Gamma']);
      const mine = await newConversation(admin);
      await ask(admin, mine, 'births by gender');
      const list = await admin.request({ method: 'GET', url: '/api/v1/assistant/conversations?page_size=100' });
      expect(list.json().result.map((c: { id: number }) => c.id)).toContain(mine);
      const read = (await admin.request({ method: 'GET', url: `/api/v1/assistant/conversations/${mine}` })).json();
      expect(read.result.title).toBe('births by gender');
      expect(read.result.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
      expect(
        read.result.messages[1].parts.some((p: AssistantEvent['data']) => (p as { type: string }).type === 'chart'),
      ).toBe(true);

      expect((await other.session.request({ method: 'GET', url: '/api/v1/assistant/conversations' })).json()).toEqual({
        count: 0,
        result: [],
      });
      for (const method of ['GET', 'DELETE'] as const) {
        const answer = await other.session.request({ method, url: `/api/v1/assistant/conversations/${mine}` });
        expect(answer.statusCode).toBe(404);
      }
      const post = await other.session.request({
        method: 'POST',
        url: `/api/v1/assistant/conversations/${mine}/messages`,
        payload: { text: 'births by state' },
      });
      expect(post.statusCode).toBe(404);
      expect(
        (await admin.request({ method: 'DELETE', url: `/api/v1/assistant/conversations/${mine}` })).statusCode,
      ).toBe(200);
      expect((await admin.request({ method: 'GET', url: `/api/v1/assistant/conversations/${mine}` })).statusCode).toBe(
        404,
      );
    });
  },
);
