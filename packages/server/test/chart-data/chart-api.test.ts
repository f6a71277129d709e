// The chart data API around the queries, on every engine: cache hits, force, shared concurrent runs, result
// types (query, results, samples, columns, drill_detail) and formats (CSV, XLSX).
import { inflateRawSync } from 'node:zlib';
import type { QueryObject } from '@nezha/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LruStore } from '../../src/chart-data/cache.js';
import type { ChartDataRequest } from '../../src/chart-data/chart-data-request.js';
import { chartCacheOf, chartData } from '../../src/chart-data/chart-data-service.js';
import { QueryCancelledError } from '../../src/engines/errors.js';
import type { EngineConnection, ExecuteOptions } from '../../src/engines/types.js';
import { loadAuthUser } from '../../src/security/current-user.js';
import { getDatabase } from '../../src/store/databases.js';
import { suiteTitle } from '../support/services.js';
import { startTestApp } from '../support/test-app.js';
import { simple } from './chart-cases.js';
import {
  CHART_ENGINES,
  type ChartEngine,
  type ChartEnv,
  chartRequest,
  DATA_PRESENT,
  fixtureData,
  openChartEnv,
  type QueryAnswer,
} from './chart-fixtures.js';
import { agg, dayMs, expectRows, groupRows } from './reference.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The stored text of one file of a ZIP archive (enough of the format to read our own XLSX back). */
function zipEntry(archive: Buffer, name: string): string | null {
  let at = 0;
  while (archive.readUInt32LE(at) === 0x04034b50) {
    const packedSize = archive.readUInt32LE(at + 18);
    const nameLength = archive.readUInt16LE(at + 26);
    const extraLength = archive.readUInt16LE(at + 28);
    const entryName = archive.subarray(at + 30, at + 30 + nameLength).toString('utf8');
    const start = at + 30 + nameLength + extraLength;
    if (entryName === name) return inflateRawSync(archive.subarray(start, start + packedSize)).toString('utf8');
    at = start + packedSize;
  }
  return null;
}

function engineSuite(engine: ChartEngine) {
  const runnable = engine.url !== undefined && DATA_PRESENT !== undefined;
  const name = `chart data API on ${engine.title}`;
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

    const byWeather = (marker: number): QueryObject => ({
      columns: ['weather'],
      metrics: ['count'],
      filters: [{ col: 'temp_max', op: '>', val: marker }],
    });

    it('answers the second identical request from the cache, and force runs it again', async () => {
      const execute = vi.spyOn(connection, 'execute');
      try {
        const first = await chartRequest(env.admin, env.datasets.weather, [byWeather(-100)]);
        expect(first.statusCode, first.body).toBe(200);
        const a = first.json().result[0] as QueryAnswer;
        expect(a).toMatchObject({ is_cached: false, cached_dttm: null, status: 'success', cache_timeout: 86400 });
        const second = (await chartRequest(env.admin, env.datasets.weather, [byWeather(-100)])).json().result[0];
        expect(second.is_cached).toBe(true);
        expect(second.cache_key).toBe(a.cache_key);
        expect(second.cached_dttm).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
        expect(second.data).toEqual(a.data);
        expect(execute).toHaveBeenCalledTimes(1);

        const forced = (await chartRequest(env.admin, env.datasets.weather, [byWeather(-100)], { force: true })).json();
        // Superset's is_cached is null when the cache was not consulted.
        expect(forced.result[0].is_cached).toBeNull();
        const byQuery = await chartRequest(env.admin, env.datasets.weather, [byWeather(-100)], {
          query: '?force=true',
        });
        expect(byQuery.json().result[0].is_cached).toBeNull();
        const after = (await chartRequest(env.admin, env.datasets.weather, [byWeather(-100)])).json();
        expect(after.result[0].is_cached).toBe(true);
        expect(execute).toHaveBeenCalledTimes(3);
      } finally {
        execute.mockRestore();
      }
    });

    it('runs two identical requests arriving together once and gives both the answer', async () => {
      const original = connection.execute.bind(connection);
      const execute = vi.spyOn(connection, 'execute').mockImplementation(async (sql, options) => {
        await sleep(150);
        return original(sql, options);
      });
      try {
        const [one, two] = await Promise.all([
          chartRequest(env.admin, env.datasets.weather, [byWeather(-50)]),
          chartRequest(env.admin, env.datasets.weather, [byWeather(-50)]),
        ]);
        expect(one.statusCode, one.body).toBe(200);
        expect(two.statusCode, two.body).toBe(200);
        expect(execute).toHaveBeenCalledTimes(1);
        expect(two.json().result[0].data).toEqual(one.json().result[0].data);
      } finally {
        execute.mockRestore();
      }
    });

    it('answers result_type query with the SQL, values inlined, without running it', async () => {
      const execute = vi.spyOn(connection, 'execute');
      try {
        const response = await chartRequest(
          env.admin,
          env.datasets.weather,
          [{ columns: ['location'], metrics: ['count'], filters: [{ col: 'weather', op: '==', val: "it's" }] }],
          { resultType: 'query' },
        );
        expect(response.statusCode, response.body).toBe(200);
        const [entry] = response.json().result;
        expect(entry.language).toBe('sql');
        expect(entry.query).toContain("'it''s'");
        expect(entry.query).toMatch(/GROUP BY/);
        expect(execute).not.toHaveBeenCalled();
      } finally {
        execute.mockRestore();
      }
    });

    it('answers result_type results with the data only', async () => {
      const response = await chartRequest(env.admin, env.datasets.weather, [byWeather(-10)], { resultType: 'results' });
      expect(response.statusCode, response.body).toBe(200);
      expect(Object.keys(response.json().result[0]).sort()).toEqual(['colnames', 'coltypes', 'data', 'rowcount']);
    });

    it('answers result_type samples with raw rows of every visible column', async () => {
      const response = await chartRequest(
        env.admin,
        env.datasets.guarded,
        [{ columns: ['location'], metrics: ['count'] }],
        {
          resultType: 'samples',
        },
      );
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json().result[0] as QueryAnswer;
      expect([...answer.colnames].sort()).toEqual(['date', 'location', 'temp_max']);
      expect(answer.rowcount).toBe(1000);
    });

    it('answers result_type columns with the dataset columns, sensitive ones left out', async () => {
      const response = await chartRequest(env.admin, env.datasets.guarded, [{ metrics: ['count'] }], {
        resultType: 'columns',
      });
      expect(response.statusCode, response.body).toBe(200);
      const names = (response.json().result[0].data as Array<{ column_name: string }>).map((c) => c.column_name);
      expect(names.sort()).toEqual(['date', 'location', 'temp_max']);
    });

    it('answers result_type drill_detail with the rows behind the chart, a page at a time', async () => {
      const query: QueryObject = {
        columns: ['location'],
        metrics: ['count'],
        filters: [
          { col: 'date', op: 'TEMPORAL_RANGE', val: '2012-01-01 : 2012-01-11' },
          { col: 'location', op: '==', val: 'Seattle' },
        ],
        orderby: [['date', true]],
        row_limit: 4,
        row_offset: 4,
      };
      const response = await chartRequest(env.admin, env.datasets.weather, [query], { resultType: 'drill_detail' });
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json().result[0] as QueryAnswer;
      expect(answer.colnames).toContain('temp_range');
      const expected = fixtureData()
        .weather.filter(
          (r) => r.location === 'Seattle' && r.date >= dayMs('2012-01-01') && r.date < dayMs('2012-01-11'),
        )
        .map((r) => ({ date: r.date, temp_max: r.temp_max }));
      expect(answer.rowcount).toBe(4);
      expect(answer.data.every((row) => expected.some((r) => r.date === row.date && r.temp_max === row.temp_max))).toBe(
        true,
      );
    });

    it('answers result_format csv with the first query as a CSV file', async () => {
      const query: QueryObject = {
        query_mode: 'raw',
        columns: ['date', 'location', 'weather'],
        filters: [{ col: 'date', op: 'TEMPORAL_RANGE', val: '2012-01-01 : 2012-01-03' }],
        orderby: [
          ['date', true],
          ['location', true],
        ],
      };
      const response = await chartRequest(env.admin, env.datasets.weather, [query], { resultFormat: 'csv' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toMatch(/attachment; filename="weather\.csv"/);
      const expected = fixtureData()
        .weather.filter((r) => r.date < dayMs('2012-01-03'))
        .sort((a, b) => a.date - b.date || a.location.localeCompare(b.location))
        .map((r) => `${new Date(r.date).toISOString().slice(0, 10)},${r.location},${r.weather}`);
      expect(response.body).toBe(['date,location,weather', ...expected, ''].join('\n'));
    });

    it('answers result_format xlsx with a workbook holding the rows', async () => {
      const response = await chartRequest(
        env.admin,
        env.datasets.weather,
        [{ columns: ['location'], metrics: ['count'] }],
        {
          resultFormat: 'xlsx',
        },
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      const sheet = zipEntry(response.rawPayload, 'xl/worksheets/sheet1.xml');
      expect(sheet).toContain('<t xml:space="preserve">Seattle</t>');
      expect(sheet).toContain('<v>1461</v>');
      expect(zipEntry(response.rawPayload, '[Content_Types].xml')).toContain('spreadsheetml.sheet.main+xml');
    });

    /** An engine run that only ends when its signal fires, as a stopped statement does. */
    function hangUntilAborted(seen: AbortSignal[]) {
      return vi.spyOn(connection, 'execute').mockImplementation(
        (_sql: string, options?: ExecuteOptions) =>
          new Promise((_resolve, reject) => {
            const signal = options?.signal as AbortSignal;
            seen.push(signal);
            signal.addEventListener('abort', () => reject(new QueryCancelledError()), { once: true });
          }),
      );
    }

    async function serviceCall(request: ChartDataRequest, signal?: AbortSignal, timeoutMs = 60_000) {
      const user = await loadAuthUser(env.t.ctx.store.db, 1);
      if (!user) throw new Error('no admin');
      return chartData(env.t.ctx, user, { request, force: false, signal }, { timeoutMs });
    }

    const request = (marker: number): ChartDataRequest => ({
      datasource: { id: env.datasets.weather, type: 'table' },
      queries: [byWeather(marker)],
      result_format: 'json',
      result_type: 'full',
      force: false,
    });

    it('stops a query that outlives the timeout and answers 408 BACKEND_TIMEOUT_ERROR, caching nothing', async () => {
      const seen: AbortSignal[] = [];
      const execute = hangUntilAborted(seen);
      const { store } = chartCacheOf(env.t.ctx);
      const before = store instanceof LruStore ? store.size : Number.NaN;
      try {
        const failure = await serviceCall(request(-70), undefined, 100).catch((error: unknown) => error);
        expect(failure).toMatchObject({ status: 408, type: 'BACKEND_TIMEOUT_ERROR' });
        expect(seen[0]?.aborted).toBe(true);
      } finally {
        execute.mockRestore();
      }
      expect(store instanceof LruStore ? store.size : Number.NaN).toBe(before);
    });

    it('stops the query when the client goes away', async () => {
      const seen: AbortSignal[] = [];
      const execute = hangUntilAborted(seen);
      try {
        const client = new AbortController();
        const pending = serviceCall(request(-80), client.signal).catch((error: unknown) => error);
        await sleep(50);
        expect(seen[0]?.aborted).toBe(false);
        client.abort();
        await pending;
        await sleep(10);
        expect(seen[0]?.aborted).toBe(true);
      } finally {
        execute.mockRestore();
      }
    });

    it('answers several queries of one request in order', async () => {
      const response = await chartRequest(env.admin, env.datasets.births, [
        { columns: ['gender'], metrics: [simple('num', 'SUM')] },
        { metrics: ['count'] },
      ]);
      expect(response.statusCode, response.body).toBe(200);
      const [byGender, total] = response.json().result as QueryAnswer[];
      const births = fixtureData().births;
      expectRows(
        byGender?.data ?? [],
        groupRows(births, { gender: (r) => r.gender }, { 'SUM(num)': agg.sum((r) => r.num) }),
      );
      expect(total?.data).toEqual([{ count: births.length }]);
    });
  });
}

for (const engine of CHART_ENGINES) engineSuite(engine);
