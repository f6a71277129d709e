// Refused chart requests on every engine: 400 with the spec's message, no engine query, nothing cached; 403 and 401.
import type { QueryObject } from '@nezha/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LruStore } from '../../src/chart-data/cache.js';
import { chartCacheOf } from '../../src/chart-data/chart-data-service.js';
import type { EngineConnection, EngineName } from '../../src/engines/types.js';
import { getDatabase } from '../../src/store/databases.js';
import { addUser } from '../support/dataset-fixtures.js';
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

type Target = 'weather' | 'guarded';

function storedAnswers(env: ChartEnv): number {
  const { store } = chartCacheOf(env.t.ctx);
  return store instanceof LruStore ? store.size : Number.NaN;
}

/** [what is wrong, dataset, query, the message the answer carries, engines where it is not wrong]. */
const REFUSALS: Array<[string, Target, QueryObject, string, EngineName[]?]> = [
  ['an unknown column', 'weather', { columns: ['nope'], metrics: ['count'] }, 'No such column found: "nope"'],
  ['an unknown saved metric', 'weather', { columns: ['location'], metrics: ['nope'] }, 'Metric "nope" does not exist'],
  [
    'an operator that does not fit the column type',
    'weather',
    { columns: ['location'], metrics: ['count'], filters: [{ col: 'location', op: 'IS TRUE' }] },
    'Invalid operator "IS TRUE" for column "location"',
  ],
  [
    'a comparison on a boolean column',
    'weather',
    { columns: ['location'], metrics: ['count'], filters: [{ col: 'rained', op: '>', val: 0 }] },
    'Invalid operator ">" for column "rained"',
    // MySQL's BOOLEAN is TINYINT(1): an integer column, which may be compared.
    ['mysql'],
  ],
  [
    'a time range filter on a text column',
    'weather',
    {
      columns: ['location'],
      metrics: ['count'],
      filters: [{ col: 'location', op: 'TEMPORAL_RANGE', val: 'Last week' }],
    },
    'Invalid operator "TEMPORAL_RANGE"',
  ],
  [
    'a time grain the engine lacks',
    'weather',
    { columns: [axis('date', 'PT0.5H')], metrics: ['count'] },
    'The time grain "Half hour" (PT0.5H) is not supported by',
  ],
  [
    'a time grain too fine for the range',
    'weather',
    {
      columns: [axis('date', 'PT1M')],
      metrics: ['count'],
      filters: [{ col: 'date', op: 'TEMPORAL_RANGE', val: '2012-01-01 : 2012-01-05' }],
    },
    'Time grain "Minute" is not allowed for this time range.',
  ],
  [
    'an unparseable time range',
    'weather',
    { columns: ['location'], metrics: ['count'], granularity: 'date', time_range: 'since the dawn of time' },
    'Cannot parse time string [since the dawn of time]',
  ],
  [
    'an orderby that is not JSON',
    'weather',
    { columns: ['location'], metrics: ['count'], orderby: ['["count", fals'] as unknown as QueryObject['orderby'] },
    'Found invalid orderby options',
  ],
  [
    'a negative row limit',
    'weather',
    { columns: ['location'], metrics: ['count'], row_limit: -1 },
    '`row_limit` must be greater than or equal to 0',
  ],
  [
    'an unknown post-processing operation',
    'weather',
    { columns: ['location'], metrics: ['count'], post_processing: [{ operation: 'explode', options: {} }] },
    'Unsupported post processing operation: explode',
  ],
  [
    'custom SQL with a sub-query',
    'weather',
    { columns: ['location'], metrics: ['count'], extras: { where: 'location IN (SELECT location FROM weather)' } },
    'Custom SQL cannot contain sub-queries',
  ],
  [
    'a custom SQL metric with a second statement',
    'weather',
    {
      columns: ['location'],
      metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*); DROP TABLE weather', label: 'x' }],
    },
    'Custom SQL cannot contain more than one statement',
  ],
  [
    'custom SQL breaking out of its parentheses',
    'weather',
    { columns: ['location'], metrics: ['count'], extras: { where: '1 = 1) OR (1 = 1' } },
    'Custom SQL has unbalanced parentheses',
  ],
  ['a query with nothing to select', 'weather', { columns: [], metrics: [] }, 'Empty query?'],
  [
    'two outputs with one label',
    'weather',
    { columns: ['location'], metrics: ['count', { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'count' }] },
    'Duplicate column/metric labels: "count"',
  ],
  ['a sensitive column by name', 'guarded', { columns: ['wind'], metrics: ['count'] }, 'No such column found: "wind"'],
  [
    'a calculated column reading a sensitive column',
    'guarded',
    { columns: ['gusty'], metrics: ['count'] },
    'No such column found: "gusty"',
  ],
  [
    'a sensitive column in a simple metric',
    'guarded',
    { columns: ['location'], metrics: [simple('wind', 'MAX')] },
    'No such column found: "wind"',
  ],
  [
    'a sensitive column in a custom SQL metric',
    'guarded',
    { columns: ['location'], metrics: [{ expressionType: 'SQL', sqlExpression: 'MAX(WIND)', label: 'w' }] },
    'Custom SQL cannot contain sensitive column "wind"',
  ],
  [
    'a sensitive column in custom SQL WHERE',
    'guarded',
    { columns: ['location'], metrics: ['count'], extras: { where: '"wind" > 3' } },
    'Custom SQL cannot contain sensitive column "wind"',
  ],
];

function engineSuite(engine: ChartEngine) {
  const runnable = engine.url !== undefined && DATA_PRESENT !== undefined;
  const name = `refused chart requests on ${engine.title}`;
  const title = DATA_PRESENT
    ? suiteTitle(name, engine.url, engine.variable)
    : suiteTitle(name, undefined, 'the shared data folder ../shared/data');
  describe.skipIf(!runnable)(title, () => {
    let env: ChartEnv;
    let connection: EngineConnection;
    beforeAll(async () => {
      env = await openChartEnv(engine, () => startTestApp());
      const row = await getDatabase(env.t.ctx.store.db, env.databaseId);
      if (!row) throw new Error('no database');
      connection = await env.t.ctx.connections.forDatabase(row);
    }, 180_000);
    afterAll(async () => env?.drop());

    // A request that is not wrong on this engine has nothing to refuse: no test, rather than a skipped one.
    for (const [what, target, query, message] of REFUSALS.filter(
      ([, , , , except = []]) => !except.includes(engine.name),
    )) {
      it(`refuses ${what} with a 400, running and caching nothing`, async () => {
        const before = storedAnswers(env);
        const execute = vi.spyOn(connection, 'execute');
        try {
          const response = await chartRequest(env.admin, env.datasets[target], [query]);
          expect(response.statusCode, response.body).toBe(400);
          expect(JSON.stringify(response.json().message)).toContain(JSON.stringify(message).slice(1, -1));
          expect(execute).not.toHaveBeenCalled();
        } finally {
          execute.mockRestore();
        }
        expect(storedAnswers(env)).toBe(before);
      });
    }

    it('answers an engine failure with a 400 and caches nothing', async () => {
      const before = storedAnswers(env);
      const query: QueryObject = {
        columns: ['location'],
        metrics: [{ expressionType: 'SQL', sqlExpression: 'NO_SUCH_FUNCTION(temp_max)', label: 'x' }],
      };
      const first = await chartRequest(env.admin, env.datasets.weather, [query]);
      expect(first.statusCode, first.body).toBe(400);
      expect(first.json().errors[0].error_type).toBeTruthy();
      expect(storedAnswers(env)).toBe(before);
    });

    it('refuses a datasource type other than table', async () => {
      const response = await env.admin.request({
        method: 'POST',
        url: '/api/v1/chart/data',
        payload: { datasource: { id: env.datasets.weather, type: 'druid' }, queries: [{ metrics: ['count'] }] },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].error_type).toBe('UNKNOWN_DATASOURCE_TYPE_ERROR');
    });

    it('answers 404 for a dataset that does not exist', async () => {
      const response = await chartRequest(env.admin, 999_999, [{ metrics: ['count'] }]);
      expect(response.statusCode).toBe(404);
    });

    it('refuses a user without access to the dataset with 403 DATASOURCE_SECURITY_ACCESS_ERROR', async () => {
      const { session } = await addUser(env.t, `gamma_${engine.name}`, ['Gamma']);
      const response = await chartRequest(session, env.datasets.weather, [
        { columns: ['location'], metrics: ['count'] },
      ]);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().errors[0].error_type).toBe('DATASOURCE_SECURITY_ACCESS_ERROR');
    });

    it('refuses a user who may not read charts, and a caller who is not logged in', async () => {
      const { session } = await addUser(env.t, `sqllab_${engine.name}`, ['sql_lab']);
      const refused = await chartRequest(session, env.datasets.weather, [{ metrics: ['count'] }]);
      expect(refused.statusCode).toBe(403);
      const anonymous = await env.t.app.inject({
        method: 'POST',
        url: '/api/v1/chart/data',
        payload: { datasource: { id: env.datasets.weather, type: 'table' }, queries: [{ metrics: ['count'] }] },
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('lets a user with datasource access on that dataset only read it', async () => {
      const perm = `[charts-${engine.name}].[weather](id:${env.datasets.weather})`;
      const { session } = await addUser(env.t, `reader_${engine.name}`, ['Gamma'], [['datasource_access', perm]]);
      const allowed = await chartRequest(session, env.datasets.weather, [
        { columns: ['location'], metrics: ['count'] },
      ]);
      expect(allowed.statusCode, allowed.body).toBe(200);
      const other = await chartRequest(session, env.datasets.births, [{ metrics: ['count'] }]);
      expect(other.statusCode).toBe(403);
    });
  });
}

for (const engine of CHART_ENGINES) engineSuite(engine);
