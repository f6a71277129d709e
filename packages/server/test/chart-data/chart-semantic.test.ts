// The semantic layer inside chart queries on every engine: answers checked against TypeScript, refusals with a 400.
import type { QueryObject } from '@nezha/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EngineConnection } from '../../src/engines/types.js';
import { getDatabase } from '../../src/store/databases.js';
import { suiteTitle } from '../support/services.js';
import { startTestApp } from '../support/test-app.js';
import { SEMANTIC_CASES } from './chart-cases-semantic.js';
import {
  CHART_ENGINES,
  type ChartEngine,
  type ChartEnv,
  chartRequest,
  DATA_PRESENT,
  type Datasets,
  fixtureData,
  openChartEnv,
  type QueryAnswer,
} from './chart-fixtures.js';
import { expectRows } from './reference.js';
import { createSemantic, type SemanticIds } from './semantic-fixtures.js';

const cohort = (id: number, cohortOperatorId: string, cohortComparator?: unknown) => ({
  expressionType: 'COHORT' as const,
  clause: 'WHERE' as const,
  cohort: id,
  cohortOperatorId: cohortOperatorId as 'IN',
  ...(cohortComparator === undefined ? {} : { cohortComparator }),
});

/** [what is wrong, dataset, query, the message the answer carries]. */
const REFUSALS: Array<[string, keyof Datasets, (ids: SemanticIds) => QueryObject, string]> = [
  [
    'an unknown measure',
    'weather',
    () => ({ columns: ['location'], metrics: ['nope_measure'] }),
    'Metric "nope_measure" does not exist in this dataset.',
  ],
  [
    'a calculated measure that is not arithmetic over measures',
    'weather',
    () => ({ columns: ['location'], metrics: ['bad_calc'] }),
    'Invalid calculated measure "bad_calc": "SUM(…)" is not a measure.',
  ],
  [
    'calculated measures that refer to each other',
    'weather',
    () => ({ columns: ['location'], metrics: ['loop_a'] }),
    'Invalid calculated measure "loop_a": it refers to itself.',
  ],
  [
    'an unknown cohort',
    'births',
    () => ({ columns: ['state'], metrics: ['count'], cohort_filters: [cohort(999_999, 'IN')] }),
    'No such cohort found',
  ],
  [
    'a cohort of another dataset',
    'births',
    (ids) => ({ columns: ['state'], metrics: ['count'], cohort_filters: [cohort(ids.cohorts.snowDays, 'IN')] }),
    'No such cohort found: the cohort belongs to another dataset.',
  ],
  [
    'an unknown cohort in a filter tree',
    'births',
    () => ({
      columns: ['state'],
      metrics: ['count'],
      filter_groups: [{ operator: 'OR', filters: [cohort(999_998, 'IN')], groups: [] }],
    }),
    'No such cohort found',
  ],
  [
    'a comparison on a cohort of two dimensions',
    'births',
    (ids) => ({
      columns: ['state'],
      metrics: ['count'],
      cohort_filters: [cohort(ids.cohorts.nyFavourites, 'LESS_THAN', 'M')],
    }),
    'Operator "LESS_THAN" is not allowed for cohort "NY favourites".',
  ],
  [
    'a text match on a cohort of a temporal dimension',
    'weather',
    (ids) => ({
      columns: ['location'],
      metrics: ['count'],
      cohort_filters: [cohort(ids.cohorts.snowDays, 'CONTAINS', '2')],
    }),
    'Operator "CONTAINS" is not allowed for cohort "Snow days".',
  ],
  [
    'a comparison without a value',
    'births',
    (ids) => ({ columns: ['state'], metrics: ['count'], cohort_filters: [cohort(ids.cohorts.popular, 'STARTS_WITH')] }),
    'The cohort filter on "Popular names" needs one value.',
  ],
  [
    'a non-groupable saved column as a group',
    'weather',
    () => ({ columns: ['wind_double'], metrics: ['count'] }),
    'The column "wind_double" is not groupable.',
  ],
  [
    'a non-filterable saved column in a filter',
    'weather',
    () => ({ columns: ['location'], metrics: ['count'], filters: [{ col: 'hidden_mid', op: '>', val: 3 }] }),
    'The column "hidden_mid" is not filterable.',
  ],
  [
    'a time range on a numeric saved column',
    'weather',
    () => ({
      columns: ['location'],
      metrics: ['count'],
      filters: [{ col: 'month_of_year', op: 'TEMPORAL_RANGE', val: 'Last week' }],
    }),
    'Invalid operator "TEMPORAL_RANGE" for column "month_of_year" of type INTEGER.',
  ],
  [
    'a saved column reading a column made sensitive',
    'guarded',
    () => ({ columns: ['max_copy'], metrics: ['count'] }),
    'No such column found: "max_copy". The column may not exist or it is a sensitive column.',
  ],
];

function engineSuite(engine: ChartEngine) {
  const runnable = engine.url !== undefined && DATA_PRESENT !== undefined;
  const name = `semantic layer in chart queries on ${engine.title}`;
  const title = DATA_PRESENT
    ? suiteTitle(name, engine.url, engine.variable)
    : suiteTitle(name, undefined, 'the shared data folder ../shared/data');
  describe.skipIf(!runnable)(title, () => {
    let env: ChartEnv;
    let ids: SemanticIds;
    let connection: EngineConnection;
    beforeAll(async () => {
      env = await openChartEnv(engine, () => startTestApp());
      ids = await createSemantic(env.admin, env.datasets);
      const row = await getDatabase(env.t.ctx.store.db, env.databaseId);
      if (!row) throw new Error('no database');
      connection = await env.t.ctx.connections.forDatabase(row);
    }, 180_000);
    afterAll(async () => env?.drop());

    it.each(SEMANTIC_CASES.map((c) => [c.name, c] as const))('%s', async (_name, semanticCase) => {
      const data = fixtureData();
      const query = semanticCase.query(ids);
      const response = await chartRequest(env.admin, env.datasets[semanticCase.dataset], [query]);
      expect(response.statusCode, response.body).toBe(200);
      const answer = (response.json().result as QueryAnswer[])[0] as QueryAnswer;
      const expected = semanticCase.expected(data, engine);
      expect(expected.length, 'the reference answer is not empty').toBeGreaterThan(0);
      const wanted = Object.keys(expected[0] ?? {});
      expect(
        answer.colnames.filter((column) => wanted.includes(column)),
        answer.query,
      ).toEqual(wanted);
      expectRows(answer.data, expected, semanticCase.ordered);
    });

    for (const [what, target, query, message] of REFUSALS) {
      it(`refuses ${what} with a 400 before running anything`, async () => {
        const execute = vi.spyOn(connection, 'execute');
        try {
          const response = await chartRequest(env.admin, env.datasets[target], [query(ids)]);
          expect(response.statusCode, response.body).toBe(400);
          expect(response.json().message).toBe(message);
          expect(execute).not.toHaveBeenCalled();
        } finally {
          execute.mockRestore();
        }
      });
    }

    it('rejects a dashboard filter on a non-filterable saved column instead of failing the chart', async () => {
      const response = await chartRequest(env.admin, env.datasets.weather, [
        { columns: ['location'], metrics: ['count'], filters: [{ col: 'hidden_mid', op: '>', val: 0, isExtra: true }] },
      ]);
      expect(response.statusCode, response.body).toBe(200);
      const answer = (response.json().result as QueryAnswer[])[0] as QueryAnswer;
      expect(answer.rejected_filters).toEqual([{ column: 'hidden_mid', reason: 'not_filterable' }]);
      expect(answer.data.reduce((sum, row) => sum + Number(row.count), 0)).toBe(fixtureData().weather.length);
    });

    it('shows the cohort sub-query in "View query" with values inlined', async () => {
      const response = await chartRequest(
        env.admin,
        env.datasets.births,
        [{ columns: ['state'], metrics: ['count'], cohort_filters: [cohort(ids.cohorts.nyFavourites, 'IN')] }],
        { resultType: 'query' },
      );
      expect(response.statusCode, response.body).toBe(200);
      const sql = response.json().result[0].query as string;
      expect(sql).toMatch(/\) IN \(\s*SELECT /);
      expect(sql).toContain("'NY'");
    });
  });
}

for (const engine of CHART_ENGINES) engineSuite(engine);
