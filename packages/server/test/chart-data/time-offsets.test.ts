// Time comparisons "inherit" (the range just before, as long as the range) and a custom start date: the joined
// `SUM(temp_max)__<offset>` values are checked against SQL run straight on the engine over the earlier window.
import type { Row } from '@nezha/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDatabase } from '../../src/store/databases.js';
import { suiteTitle } from '../support/services.js';
import { startTestApp } from '../support/test-app.js';
import { axis, simple } from './chart-cases.js';
import {
  CHART_ENGINES,
  type ChartEngine,
  type ChartEnv,
  chartRequest,
  DATA_PRESENT,
  openChartEnv,
} from './chart-fixtures.js';

const DAY = 86_400_000;
const RANGE = '2013-03-08 : 2013-03-15';

/** A day as YYYY-MM-DD, whether the engine or the API hands it over as a Date, epoch ms or text. */
function dayOf(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') return new Date(value).toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

function offsetSuite(engine: ChartEngine) {
  const title = DATA_PRESENT
    ? suiteTitle(`time comparison inherit and custom date on ${engine.title}`, engine.url, engine.variable)
    : suiteTitle(`time comparison on ${engine.title}`, undefined, 'the shared data folder ../shared/data');
  describe.skipIf(engine.url === undefined || DATA_PRESENT === undefined)(title, () => {
    let env: ChartEnv;
    beforeAll(async () => {
      env = await openChartEnv(engine, () => startTestApp());
    }, 180_000);
    afterAll(async () => env?.drop());

    /** SUM(temp_max) per day over [since, until), straight from the engine. */
    async function dailySums(since: string, until: string): Promise<Map<string, number>> {
      const row = await getDatabase(env.t.ctx.store.db, env.databaseId);
      if (!row) throw new Error('no database');
      const connection = await env.t.ctx.connections.forDatabase(row);
      const result = await connection.execute(
        `SELECT date AS d, SUM(temp_max) AS v FROM weather WHERE date >= '${since}' AND date < '${until}' GROUP BY date`,
      );
      // Engine rows come positional (as the columns list them).
      return new Map(
        result.rows.map((r) => {
          const [d, v] = r as unknown as [unknown, unknown];
          return [dayOf(d), Number(v)];
        }),
      );
    }

    async function compare(offset: string): Promise<Row[]> {
      const response = await chartRequest(env.admin, env.datasets.weather, [
        {
          columns: [axis('date', 'P1D')],
          metrics: [simple('temp_max', 'SUM')],
          filters: [{ col: 'date', op: 'TEMPORAL_RANGE', val: RANGE }],
          time_offsets: [offset],
        },
      ]);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().result[0] as { data: Row[] }).data;
    }

    it('inherit compares each day with the day one range-length (7 days) earlier', async () => {
      const rows = await compare('inherit');
      const current = await dailySums('2013-03-08', '2013-03-15');
      const previous = await dailySums('2013-03-01', '2013-03-08');
      expect(rows).toHaveLength(7);
      for (const row of rows) {
        const day = dayOf(row.date);
        expect(Number(row['SUM(temp_max)'])).toBeCloseTo(current.get(day) as number, 6);
        expect(Number(row['SUM(temp_max)__inherit'])).toBeCloseTo(previous.get(plusDays(day, -7)) as number, 6);
      }
    });

    it('a custom date compares with the range starting that day (35 days earlier here)', async () => {
      const rows = await compare('2013-02-01');
      const previous = await dailySums('2013-02-01', '2013-02-08');
      expect(rows).toHaveLength(7);
      for (const row of rows) {
        const day = dayOf(row.date);
        expect(Number(row['SUM(temp_max)__2013-02-01'])).toBeCloseTo(previous.get(plusDays(day, -35)) as number, 6);
      }
    });

    it('an offset without "ago" or "later" is ambiguous, in Superset words', async () => {
      const response = await chartRequest(env.admin, env.datasets.weather, [
        { columns: [axis('date', 'P1Y')], metrics: ['count'], time_offsets: ['1 year'] },
      ]);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe('Time delta is ambiguous. Please specify [1 year ago] or [1 year later].');
    });

    it('inherit without a closed time range is a 400 in Superset words', async () => {
      const response = await chartRequest(env.admin, env.datasets.weather, [
        { columns: [axis('date', 'P1Y')], metrics: ['count'], time_offsets: ['inherit'] },
      ]);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toContain('An enclosed time range (both start and end) must be specified');
    });
  });
}

for (const engine of CHART_ENGINES) offsetSuite(engine);
