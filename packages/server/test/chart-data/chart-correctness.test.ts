// Chart data answers on every engine, checked against the same answers worked out in TypeScript from the fixtures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suiteTitle } from '../support/services.js';
import { startTestApp } from '../support/test-app.js';
import { BASIC_CASES, type ChartCase, FILTER_CASES } from './chart-cases.js';
import { POST_PROCESSING_CASES } from './chart-cases-post.js';
import { GRAIN_CASES, TIME_CASES } from './chart-cases-time.js';
import {
  type ChartEngine,
  type ChartEnv,
  CORRECTNESS_ENGINES,
  chartRequest,
  DATA_PRESENT,
  fixtureData,
  openChartEnv,
  type QueryAnswer,
} from './chart-fixtures.js';
import { expectRows } from './reference.js';

export const ALL_CASES: ChartCase[] = [
  ...BASIC_CASES,
  ...FILTER_CASES,
  ...GRAIN_CASES,
  ...TIME_CASES,
  ...POST_PROCESSING_CASES,
];

function engineSuite(engine: ChartEngine) {
  const runnable = engine.url !== undefined && DATA_PRESENT !== undefined;
  const title = DATA_PRESENT
    ? suiteTitle(`chart data answers on ${engine.title}`, engine.url, engine.variable)
    : suiteTitle(`chart data answers on ${engine.title}`, undefined, 'the shared data folder ../shared/data');
  describe.skipIf(!runnable)(title, () => {
    let env: ChartEnv;
    beforeAll(async () => {
      env = await openChartEnv(engine, () => startTestApp());
    }, 180_000);
    afterAll(async () => env?.drop());

    it.each(ALL_CASES.map((c) => [c.name, c] as const))('%s', async (_name, chartCase) => {
      const data = fixtureData();
      const response = await chartRequest(env.admin, env.datasets[chartCase.dataset], [chartCase.query]);
      expect(response.statusCode, response.body).toBe(200);
      const answer = (response.json().result as QueryAnswer[])[0] as QueryAnswer;
      const expected = chartCase.expected(data, engine);
      expect(expected.length, 'the reference answer is not empty').toBeGreaterThan(0);
      const wanted = Object.keys(expected[0] ?? {});
      expect(
        answer.colnames.filter((name) => wanted.includes(name)),
        answer.query,
      ).toEqual(wanted);
      expectRows(answer.data, expected, chartCase.ordered);
      expect(answer.rowcount).toBe(answer.data.length);
      chartCase.check?.(answer, data);
    });
  });
}

for (const engine of CORRECTNESS_ENGINES) engineSuite(engine);
