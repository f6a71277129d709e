// Ported from Superset's tests/integration_tests/charts/data/api_tests.py: TestGetChartDataApi (GET
// /api/v1/chart/{id}/data/ on a saved query context) and the module-level cache timeout cases (test_custom_cache_timeout,
// test_force_cache_timeout, test_chart_cache_timeout*, test_time_filter_with_grain), on every engine.
import type { QueryObject } from '@nezha/core';
import { expect, it } from 'vitest';
import { fixtureData } from '../chart-data/chart-fixtures.js';
import { firstResult, perEngine, SUM_NUM } from './chart-data-harness.js';

/** The "Genders" chart's stored query context of the Superset tests, over the years our slice holds. */
function gendersContext(datasetId: number, query: Partial<QueryObject> = {}, extra: Record<string, unknown> = {}) {
  return {
    datasource: { id: datasetId, type: 'table' },
    force: false,
    queries: [
      {
        time_range: '2000-01-01T00:00:00 : 2010-01-01T00:00:00',
        granularity: 'ds',
        filters: [],
        extras: { having: '', where: '' },
        applied_time_extras: {},
        columns: ['gender'],
        metrics: [{ ...SUM_NUM }],
        orderby: [['sum__num', false]],
        annotation_layers: [],
        row_limit: 50000,
        timeseries_limit: 0,
        order_desc: true,
        url_params: {},
        custom_params: {},
        custom_form_data: {},
        ...query,
      },
    ],
    result_format: 'json',
    result_type: 'full',
    ...extra,
  };
}

perEngine('Superset chart data cases (saved charts, cache)', (w) => {
  async function saveChart(queryContext: unknown, extra: Record<string, unknown> = {}): Promise<number> {
    const created = await w.admin.request({
      method: 'POST',
      url: '/api/v1/chart/',
      payload: {
        slice_name: 'Genders',
        viz_type: 'pie',
        datasource_id: w.births,
        datasource_type: 'table',
        params: JSON.stringify({ viz_type: 'pie', datasource: `${w.births}__table` }),
        ...(queryContext === null ? {} : { query_context: JSON.stringify(queryContext) }),
        ...extra,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as number;
  }

  const getData = (id: number, query = '') =>
    w.admin.request({ method: 'GET', url: `/api/v1/chart/${id}/data/${query}` });

  async function setDatasetCacheTimeout(value: number | null): Promise<void> {
    const put = await w.admin.request({
      method: 'PUT',
      url: `/api/v1/dataset/${w.births}`,
      payload: { cache_timeout: value },
    });
    expect(put.statusCode, put.body).toBe(200);
  }

  /** Superset's physical_query_context: a forced count by a column. */
  const physical = (extra: Record<string, unknown> = {}) =>
    w.payload([{ columns: ['state'], metrics: ['count'], orderby: [['state', true]] }], { force: true, ...extra });

  it('test_get_data_when_query_context_is_null: 400 with Superset’s message', async () => {
    const id = await saveChart(null);
    const response = await getData(id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Chart has no query context saved. Please save the chart again.' });
  });

  it('test_chart_data_get: the saved query context runs, two genders summed as SQL sums them', async () => {
    const id = await saveChart(gendersContext(w.births));
    const response = await getData(id);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const result = firstResult(response);
    expect(result.status).toBe('success');
    expect(result.rowcount).toBe(2);
    const rows = await w.sql(
      `SELECT ${w.q('gender')} AS ${w.q('gender')}, SUM(${w.q('num')}) AS ${w.q('total')} FROM ${w.q('birth_names')}
       WHERE ${w.q('ds')} >= '2000-01-01 00:00:00' AND ${w.q('ds')} < '2010-01-01 00:00:00'
       GROUP BY ${w.q('gender')} ORDER BY 2 DESC`,
    );
    expect(result.data.map((row) => [row.gender, Number(row.sum__num)])).toEqual(
      rows.map((row) => [row.gender, Number(row.total)]),
    );
  });

  it('test_chart_data_get_with_x_axis_using_custom_sql: one row per week the data holds', async () => {
    const id = await saveChart(
      gendersContext(w.births, {
        filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: 'No filter' }],
        columns: [
          {
            columnType: 'BASE_AXIS',
            expressionType: 'SQL',
            label: 'My column',
            sqlExpression: 'ds',
            timeGrain: 'P1W',
          },
        ],
      }),
    );
    const result = firstResult(await getData(id));
    expect(result.status).toBe('success');
    // Weeks start on Monday or Sunday by engine (Superset's choice); count them from the fixture rows.
    const since = Date.UTC(2000, 0, 1);
    const until = Date.UTC(2010, 0, 1);
    const sundayFirst = w.engine.weekStartsOn === 'sunday';
    const weeks = new Set(
      fixtureData()
        .births.filter((row) => row.ds >= since && row.ds < until)
        .map((row) => {
          const day = new Date(row.ds);
          const back = sundayFirst ? day.getUTCDay() : (day.getUTCDay() + 6) % 7;
          return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - back);
        }),
    );
    expect(result.rowcount).toBe(weeks.size);
    expect(result.colnames).toEqual(['My column', 'sum__num']);
  });

  it('test_chart_data_get_forced: is_cached is null when forced, true from the cache after', async () => {
    const id = await saveChart(gendersContext(w.births, { row_limit: 49_999 }));
    expect((await getData(id, '?force=true')).statusCode).toBe(200);
    const forced = firstResult(await getData(id, '?force=true'));
    expect(forced.is_cached).toBeNull();
    expect(forced.cached_dttm).toBeNull();
    const cached = firstResult(await getData(id));
    expect(cached.is_cached).toBe(true);
    expect(cached.data).toEqual(forced.data);
  });

  it('GET data honours type=query and format=csv as Superset’s query parameters', async () => {
    const id = await saveChart(gendersContext(w.births));
    const sql = await getData(id, '?type=query');
    expect(sql.statusCode, sql.body).toBe(200);
    expect(sql.json().result[0].query).toMatch(/GROUP BY/);
    const csv = await getData(id, '?format=csv');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.trim().split(/\r?\n/)).toHaveLength(3);
    expect((await getData(id, '?type=qwerty')).statusCode).toBe(400);
  });

  it('GET data of a chart is refused to a user without access to its dataset', async () => {
    const id = await saveChart(gendersContext(w.births));
    const response = await w.gamma.request({ method: 'GET', url: `/api/v1/chart/${id}/data/` });
    expect([403, 404]).toContain(response.statusCode);
    expect(response.body).not.toContain('sum__num');
    expect((await w.gamma.request({ method: 'GET', url: '/api/v1/chart/999999/data/' })).statusCode).toBe(404);
  });

  it('test_custom_cache_timeout: the request’s timeout is the answer’s', async () => {
    const result = firstResult(await w.post(physical({ custom_cache_timeout: 5678 })));
    expect(result.cache_timeout).toBe(5678);
  });

  it('test_force_cache_timeout: -1 keeps nothing, so the second run is not cached either', async () => {
    const payload = physical({ custom_cache_timeout: -1, force: false });
    firstResult(await w.post(payload));
    const second = firstResult(await w.post(payload));
    expect(second.cached_dttm).toBeNull();
    expect(second.is_cached).toBeNull();
    expect(second.cache_timeout).toBe(-1);
    // Without it the same query is kept, and the next request reads it.
    firstResult(await w.post(physical({ force: false, custom_cache_timeout: 60 })));
    const kept = firstResult(await w.post(physical({ force: false, custom_cache_timeout: 60 })));
    expect(kept.is_cached).toBe(true);
  });

  it('test_chart_data_post_is_cached: null when forced, true when read from the cache', async () => {
    const payload = (force: boolean) =>
      w.payload([{ columns: ['gender'], metrics: ['count'], orderby: [['gender', true]], row_limit: 7 }], { force });
    expect(firstResult(await w.post(payload(true))).is_cached).toBeNull();
    expect(firstResult(await w.post(payload(false))).is_cached).toBe(true);
  });

  it('test_chart_cache_timeout: the chart’s timeout wins over the dataset’s', async () => {
    const id = await saveChart(null, { cache_timeout: 20 });
    await setDatasetCacheTimeout(1254);
    try {
      const result = firstResult(await w.post(physical({ form_data: { slice_id: id } })));
      expect(result.cache_timeout).toBe(20);
    } finally {
      await setDatasetCacheTimeout(null);
    }
  });

  it('test_chart_cache_timeout_not_present: the dataset’s timeout', async () => {
    await setDatasetCacheTimeout(1980);
    try {
      expect(firstResult(await w.post(physical())).cache_timeout).toBe(1980);
    } finally {
      await setDatasetCacheTimeout(null);
    }
  });

  it('test_chart_cache_timeout_chart_not_found and test_cache_default_timeout: the default', async () => {
    expect(firstResult(await w.post(physical({ form_data: { slice_id: 0 } }))).cache_timeout).toBe(86_400);
    expect(firstResult(await w.post(physical({ form_data: { slice_id: 987_654 } }))).cache_timeout).toBe(86_400);
  });

  it('test_time_filter_with_grain: the range compares the column truncated to the grain', async () => {
    const query: QueryObject = {
      columns: ['state'],
      metrics: ['count'],
      filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: '2005-01-03 : 2008-01-02', grain: 'P1W' }],
    };
    const result = firstResult(await w.post(w.payload([query])));
    const weekExpression = {
      duckdb: `DATE_TRUNC('week', "ds") >=`,
      postgresql: `DATE_TRUNC('week', "ds") >=`,
      sqlite: `DATETIME("ds", 'start of day', -strftime('%w', "ds") || ' days') >=`,
      mysql: 'DATE(DATE_SUB(`ds`, INTERVAL DAYOFWEEK(`ds`) - 1 DAY)) >=',
      // Not run on ClickHouse (CHART_ENGINES), stated because every engine must be.
      clickhouse: 'toDateTime(toMonday(toDate("ds"))) >=',
    }[w.engine.name];
    expect(result.query.toUpperCase()).toContain(weekExpression.toUpperCase());
    // The rows kept are those whose week starts in the range, as the fixture counts them.
    const sundayFirst = w.engine.weekStartsOn === 'sunday';
    const since = Date.UTC(2005, 0, 3);
    const until = Date.UTC(2008, 0, 2);
    const kept = fixtureData().births.filter((row) => {
      const day = new Date(row.ds);
      const back = sundayFirst ? day.getUTCDay() : (day.getUTCDay() + 6) % 7;
      const week = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - back);
      return week >= since && week < until;
    });
    const counts = new Map<string, number>();
    for (const row of kept) counts.set(row.state, (counts.get(row.state) ?? 0) + 1);
    expect(Object.fromEntries(result.data.map((row) => [row.state, Number(row.count)]))).toEqual(
      Object.fromEntries(counts),
    );
  });

  it('test_chart_data_async_results_type and _force_refresh: results stay synchronous, a forced full run queues', async () => {
    const features = w.env.t.ctx.config.features;
    features.GLOBAL_ASYNC_QUERIES = true;
    try {
      const results = await w.post(w.payload(undefined, { result_type: 'results' }));
      expect(results.statusCode, results.body).toBe(200);
      const queued = await w.post(w.payload(undefined, { force: true }));
      expect(queued.statusCode, queued.body).toBe(202);
      expect(queued.json()).toMatchObject({ status: 'pending', errors: [], result_url: null });
      // Per-query result types other than full, and a disabled cache, are answered at once.
      const perQuery = await w.post(w.payload([{ result_type: 'columns' } as QueryObject], { force: true }));
      expect(perQuery.statusCode, perQuery.body).toBe(200);
      const uncached = await w.post(w.payload(undefined, { force: true, custom_cache_timeout: -1 }));
      expect(uncached.statusCode, uncached.body).toBe(200);
      await w.env.t.ctx.jobs.drain();
    } finally {
      features.GLOBAL_ASYNC_QUERIES = false;
    }
  });
});
