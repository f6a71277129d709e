// Every way a time range reaches a chart query (x-axis, dataset default, time column, a dashboard's time filter,
// the query's own TEMPORAL_RANGE filter), and filters on columns a dataset lacks, on all four engines: the SQL
// carries the predicate and the rows equal those of a SQL query this test runs itself on the engine.
import { buildQueryContext, type QueryFormData, type QueryObject, type Row } from '@nezha/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineByName } from '../../src/engines/registry.js';
import type { EngineConnection } from '../../src/engines/types.js';
import { getDatabase } from '../../src/store/databases.js';
import { suiteTitle } from '../support/services.js';
import { startTestApp } from '../support/test-app.js';
import { axis } from './chart-cases.js';
import {
  CHART_ENGINES,
  type ChartEngine,
  type ChartEnv,
  chartAnswer,
  DATA_PRESENT,
  openChartEnv,
  type QueryAnswer,
} from './chart-fixtures.js';
import { expectRows } from './reference.js';

const RANGE = '2013-01-01 : 2014-01-01';
const SINCE = '2013-01-01';
const UNTIL = '2014-01-01';

/** A day as text, whatever the driver or the chart answer gave (epoch ms, Date, or text). */
function day(value: unknown): string {
  if (typeof value === 'number') return new Date(value).toISOString().slice(0, 10);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

/** Rows reduced to comparable values: days as text, counts and sums as numbers. */
function normalise(rows: readonly Row[], days: readonly string[] = []): Row[] {
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => {
        if (days.includes(key)) return [key, day(value)];
        if (typeof value === 'bigint' || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value))) {
          return [key, Number(value)];
        }
        return [key, value];
      }),
    ),
  );
}

function engineSuite(engine: ChartEngine) {
  const runnable = engine.url !== undefined && DATA_PRESENT !== undefined;
  const name = `time ranges and missing columns in chart queries on ${engine.title}`;
  const title = DATA_PRESENT
    ? suiteTitle(name, engine.url, engine.variable)
    : suiteTitle(name, undefined, 'the shared data folder ../shared/data');
  describe.skipIf(!runnable)(title, () => {
    let env: ChartEnv;
    let connection: EngineConnection;
    let timeless: number;
    const { dialect } = engineByName(engine.name);
    const q = (identifier: string) => dialect.quoteIdentifier(identifier);
    /** A day literal the engine compares with its DATE column (SQLite keeps dates as text). */
    const dayLiteral = (text: string) => (engine.name === 'sqlite' ? `'${text}'` : `CAST('${text}' AS DATE)`);
    const inRange = (column: string) => `${q(column)} >= ${dayLiteral(SINCE)} AND ${q(column)} < ${dayLiteral(UNTIL)}`;

    beforeAll(async () => {
      env = await openChartEnv(engine, () => startTestApp());
      const row = await getDatabase(env.t.ctx.store.db, env.databaseId);
      if (!row) throw new Error('no database');
      connection = await env.t.ctx.connections.forDatabase(row);
      const schema = (await env.admin.request({ method: 'GET', url: `/api/v1/dataset/${env.datasets.weather}` })).json()
        .result.schema as string;
      const created = await env.admin.request({
        method: 'POST',
        url: '/api/v1/dataset/',
        payload: {
          database: env.databaseId,
          schema,
          table_name: 'weather_without_time',
          sql: 'SELECT location, weather FROM weather',
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      timeless = created.json().id as number;
    }, 180_000);
    afterAll(async () => env?.drop());

    /** The engine's own answer to the SQL, as rows keyed by column name. */
    const reference = async (sql: string, days: string[] = []) => {
      const result = await connection.execute(sql);
      const names = result.columns.map((column) => column.name);
      const rows = result.rows.map((row) =>
        Array.isArray(row) ? Object.fromEntries(names.map((name, index) => [name, row[index]])) : row,
      );
      return normalise(rows, days);
    };
    const byLocationIn2013 = () =>
      reference(
        `SELECT ${q('location')}, COUNT(*) AS ${q('count')} FROM ${q('weather')} WHERE ${inRange('date')} ` +
          `GROUP BY ${q('location')}`,
      );
    const byLocation = () =>
      reference(`SELECT ${q('location')}, COUNT(*) AS ${q('count')} FROM ${q('weather')} GROUP BY ${q('location')}`);
    const regexText = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    /** The displayed SQL bounds the column on both sides with the range's ends. */
    const expectPredicate = (answer: QueryAnswer, column: string) => {
      expect(answer.query).toMatch(new RegExp(`${regexText(q(column))} >= [^\\n]*'${SINCE}[ '0:]*`));
      expect(answer.query).toMatch(new RegExp(`${regexText(q(column))} < [^\\n]*'${UNTIL}[ '0:]*`));
    };
    const applied = (answer: QueryAnswer) => answer.applied_filters.map((f) => f.column);

    it('the dataset default time column is chosen on creation from the temporal columns', async () => {
      const detail = await env.admin.request({ method: 'GET', url: `/api/v1/dataset/${env.datasets.weather}` });
      expect(detail.json().result.main_dttm_col).toBe('date');
      const none = await env.admin.request({ method: 'GET', url: `/api/v1/dataset/${timeless}` });
      expect(none.json().result.main_dttm_col).toBeNull();
    });

    it('a temporal x-axis carries the time range', async () => {
      const answer = await chartAnswer(env.admin, env.datasets.weather, {
        columns: [{ ...axis('date', 'P1D'), timeGrain: undefined }],
        metrics: ['count'],
        time_range: RANGE,
        row_limit: 10_000,
      });
      expectPredicate(answer, 'date');
      expect(applied(answer)).toContain('__time_range');
      const expected = await reference(
        `SELECT ${q('date')}, COUNT(*) AS ${q('count')} FROM ${q('weather')} WHERE ${inRange('date')} ` +
          `GROUP BY ${q('date')}`,
        ['date'],
      );
      expect(expected.length).toBe(365);
      expectRows(normalise(answer.data, ['date']), expected);
      expect(day(answer.from_dttm)).toBe(SINCE);
      expect(day(answer.to_dttm)).toBe(UNTIL);
    });

    it('without an x-axis the dataset default time column carries it', async () => {
      const answer = await chartAnswer(env.admin, env.datasets.weather, {
        columns: ['location'],
        metrics: ['count'],
        time_range: RANGE,
      });
      expectPredicate(answer, 'date');
      expect(applied(answer)).toContain('__time_range');
      expectRows(normalise(answer.data), await byLocationIn2013());
    });

    it('the explicit time column (granularity) carries it', async () => {
      const births = await chartAnswer(env.admin, env.datasets.births, {
        granularity: 'ds',
        columns: ['state'],
        metrics: ['count'],
        time_range: '2005-01-01 : 2008-01-01',
      });
      expect(births.query).toMatch(new RegExp(`${regexText(q('ds'))} >= [^\\n]*2005-01-01`));
      const type = engine.name === 'mysql' ? 'DATETIME' : 'TIMESTAMP';
      const literal = (text: string) => (engine.name === 'sqlite' ? `'${text}'` : `CAST('${text}' AS ${type})`);
      const expected = await reference(
        `SELECT ${q('state')}, COUNT(*) AS ${q('count')} FROM ${q('birth_names')} ` +
          `WHERE ${q('ds')} >= ${literal('2005-01-01')} AND ${q('ds')} < ${literal('2008-01-01')} GROUP BY ${q('state')}`,
      );
      expectRows(normalise(births.data), expected);
    });

    it("a dashboard's time range replaces the chart's own TEMPORAL_RANGE filter on that column", async () => {
      // Built as the browser builds it: the chart's form data with the native time filter's extra_form_data.
      const formData: QueryFormData = {
        datasource: `${env.datasets.weather}__table`,
        viz_type: 'echarts_timeseries_bar',
        x_axis: 'location',
        metrics: ['count'],
        adhoc_filters: [
          {
            expressionType: 'SIMPLE',
            clause: 'WHERE',
            subject: 'date',
            operator: 'TEMPORAL_RANGE',
            comparator: '2012-01-01 : 2012-02-01',
          },
        ],
        extra_form_data: { time_range: RANGE },
      };
      const [query] = buildQueryContext(formData).queries as QueryObject[];
      const answer = await chartAnswer(env.admin, env.datasets.weather, query as QueryObject);
      expectPredicate(answer, 'date');
      expect(answer.query).not.toContain('2012-02-01');
      expect(applied(answer)).toContain('__time_range');
      expectRows(normalise(answer.data), await byLocationIn2013());
    });

    it("a TEMPORAL_RANGE filter alone filters by its own range, and 'No filter' as the query's range keeps it", async () => {
      const answer = await chartAnswer(env.admin, env.datasets.weather, {
        columns: ['location'],
        metrics: ['count'],
        time_range: 'No filter',
        filters: [{ col: 'date', op: 'TEMPORAL_RANGE', val: RANGE }],
      });
      expectPredicate(answer, 'date');
      expect(applied(answer)).not.toContain('__time_range');
      expectRows(normalise(answer.data), await byLocationIn2013());
    });

    it('since and until on the query object reach the default time column', async () => {
      const answer = await chartAnswer(env.admin, env.datasets.weather, {
        columns: ['location'],
        metrics: ['count'],
        since: SINCE,
        until: UNTIL,
      });
      expectPredicate(answer, 'date');
      expectRows(normalise(answer.data), await byLocationIn2013());
    });

    it('a legacy since of "2000 days" means that long ago, until today (Superset add_ago_to_since)', async () => {
      const answer = await chartAnswer(env.admin, env.datasets.weather, {
        columns: ['location'],
        metrics: ['count'],
        since: '2000 days',
      });
      const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
      // The bound is a date 2000 days back (a day either side for the clock turning midnight during the test).
      expect([1999, 2000, 2001].some((days) => answer.query.includes(`'${day(days)}`))).toBe(true);
      // The weather rows end in 2015: 2000 days before today reaches none of them.
      expect(answer.data).toEqual([]);
    });

    it("a time column the dataset lacks is rejected and the range falls to the dataset's default", async () => {
      const answer = await chartAnswer(env.admin, env.datasets.weather, {
        granularity: 'ds',
        columns: ['location'],
        metrics: ['count'],
        time_range: RANGE,
      });
      expect(answer.rejected_filters).toEqual([{ column: '__time_col', reason: 'not_in_datasource' }]);
      expectPredicate(answer, 'date');
      expectRows(normalise(answer.data), await byLocationIn2013());
    });

    it('a dataset without a temporal column rejects the range (no_temporal_column) and keeps every row', async () => {
      const answer = await chartAnswer(env.admin, timeless, {
        columns: ['location'],
        metrics: ['count'],
        time_range: RANGE,
      });
      expect(answer.rejected_filters).toEqual([{ column: '__time_range', reason: 'no_temporal_column' }]);
      expect(answer.applied_filters).toEqual([]);
      expectRows(normalise(answer.data), await byLocation());
    });

    it('an edited default time column (PUT main_dttm_col) decides where the range goes', async () => {
      const put = (value: string | null) =>
        env.admin.request({
          method: 'PUT',
          url: `/api/v1/dataset/${env.datasets.dryish}`,
          payload: { main_dttm_col: value },
        });
      const query: QueryObject = { columns: ['location'], metrics: ['count'], time_range: RANGE };
      expect((await put(null)).statusCode).toBe(200);
      const unset = await chartAnswer(env.admin, env.datasets.dryish, query);
      expect(unset.rejected_filters).toEqual([{ column: '__time_range', reason: 'no_temporal_column' }]);
      expect((await put('date')).statusCode).toBe(200);
      const set = await chartAnswer(env.admin, env.datasets.dryish, query);
      expectPredicate(set, 'date');
      const expected = await reference(
        `SELECT ${q('location')}, COUNT(*) AS ${q('count')} FROM ${q('weather')} ` +
          `WHERE ${q('weather')} <> 'fog' AND ${inRange('date')} GROUP BY ${q('location')}`,
      );
      expectRows(normalise(set.data), expected);
    });

    it('filters on columns the dataset lacks or hides are rejected (not_in_datasource), the rest applied', async () => {
      const answer = await chartAnswer(env.admin, env.datasets.guarded, {
        columns: ['location'],
        metrics: ['count'],
        filters: [
          { col: 'state', op: 'IN', val: ['CA'] },
          { col: 'wind', op: '>', val: 3 },
          { col: 'location', op: '==', val: 'Seattle' },
        ],
      });
      expect(answer.rejected_filters).toEqual([
        { column: 'state', reason: 'not_in_datasource' },
        { column: 'wind', reason: 'not_in_datasource' },
      ]);
      expect(answer.applied_filters).toEqual([{ column: 'location' }]);
      expect(answer.query).not.toContain(q('state'));
      const expected = await reference(
        `SELECT ${q('location')}, COUNT(*) AS ${q('count')} FROM ${q('weather')} ` +
          `WHERE ${q('location')} = 'Seattle' GROUP BY ${q('location')}`,
      );
      expectRows(normalise(answer.data), expected);
    });

    it("a dashboard's value filter on a missing column leaves the chart's numbers unchanged", async () => {
      const formData: QueryFormData = {
        datasource: `${timeless}__table`,
        viz_type: 'table',
        groupby: ['location'],
        metrics: ['count'],
        extra_form_data: { filters: [{ col: 'state', op: 'IN', val: ['CA'] }], time_range: RANGE },
      };
      const [query] = buildQueryContext(formData).queries as QueryObject[];
      const answer = await chartAnswer(env.admin, timeless, query as QueryObject);
      expect(answer.rejected_filters).toEqual([
        { column: '__time_range', reason: 'no_temporal_column' },
        { column: 'state', reason: 'not_in_datasource' },
      ]);
      expectRows(normalise(answer.data), await byLocation());
    });
  });
}

for (const engine of CHART_ENGINES) engineSuite(engine);
