// The dashboard's chart data: requests made together share one NDJSON stream, each line lands as it arrives,
// a chart the stream never answers fails, and only a real change of filters asks again.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCsrfToken } from '../../../api/csrf';
import { registerAllCharts } from '../../../charts';
import { dashboardLoaded } from '../dashboard-events';
import { dataMaskActions } from '../data-mask';
import { createTestStore, loadedPayload } from '../test-fixtures';
import { chartNeedsData, requestChartData, resetChartData, sendChartDataNow } from './chart-data';

function ndjsonResponse(lines: unknown[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const line of lines) controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } });
}

let requests: Array<{ url: string; keys: string[] }> = [];

function serve(lines: (keys: string[]) => unknown[]) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (url.includes('csrf_token'))
      return new Response(JSON.stringify({ result: 't' }), { headers: { 'content-type': 'application/json' } });
    const keys = (JSON.parse(String(init.body)) as { queries: Array<{ key: string }> }).queries.map(
      (query) => query.key,
    );
    requests.push({ url, keys });
    return ndjsonResponse(lines(keys));
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

function loadedStore() {
  const store = createTestStore();
  store.dispatch(dashboardLoaded(loadedPayload()));
  return store;
}

beforeEach(() => {
  registerAllCharts();
  requests = [];
});
afterEach(() => {
  resetChartData();
  vi.unstubAllGlobals();
});

describe('dashboard chart data', () => {
  it('charts asking together share one POST /api/v1/dashboard/{id}/chart_data', async () => {
    serve((keys) =>
      keys.map((key) => ({ key, status: 200, result: [{ data: [{ count: Number(key) }], rowcount: 1 }] })),
    );
    const store = loadedStore();
    store.dispatch(requestChartData(1));
    store.dispatch(requestChartData(2));
    expect(store.getState().charts[1]?.chartStatus).toBe('loading');
    await settle();
    expect(requests).toEqual([{ url: '/api/v1/dashboard/7/chart_data', keys: ['1', '2'] }]);
    expect(store.getState().charts[2]?.chartStatus).toBe('success');
    expect(store.getState().charts[2]?.queriesResponse?.[0]?.data).toEqual([{ count: 2 }]);
  });

  it('sendChartDataNow starts the call within its own dispatch, before a render queued meanwhile', async () => {
    serve((keys) => keys.map((key) => ({ key, status: 200, result: [{ data: [], rowcount: 0 }] })));
    await getCsrfToken();
    const store = loadedStore();
    store.dispatch(requestChartData(1));
    store.dispatch(requestChartData(2));
    store.dispatch(sendChartDataNow());
    // No await in between: React renders a store update in a microtask, after this.
    expect(requests).toEqual([{ url: '/api/v1/dashboard/7/chart_data', keys: ['1', '2'] }]);
    expect(store.getState().chartRequests.queue).toEqual([]);
    await settle();
    expect(requests).toHaveLength(1);
    expect(store.getState().charts[2]?.chartStatus).toBe('success');
  });

  it('a chart of a viz type Nezha has no plugin for (imported from Superset) asks for nothing', async () => {
    serve((keys) => keys.map((key) => ({ key, status: 200, result: [{ data: [{ count: 1 }], rowcount: 1 }] })));
    const base = loadedPayload();
    const store = createTestStore();
    store.dispatch(
      dashboardLoaded({
        ...base,
        slices: base.slices.map((slice) =>
          slice.slice_id === 2
            ? { ...slice, viz_type: 'deck_path', form_data: { ...slice.form_data, viz_type: 'deck_path' } }
            : slice,
        ),
      }),
    );
    expect(chartNeedsData(store.getState(), 2)).toBe(false);
    expect(chartNeedsData(store.getState(), 1)).toBe(true);
    store.dispatch(requestChartData(1));
    store.dispatch(requestChartData(2));
    await settle();
    expect(requests).toEqual([{ url: '/api/v1/dashboard/7/chart_data', keys: ['1'] }]);
    expect(store.getState().charts[2]?.chartStatus ?? 'empty').not.toBe('loading');
  });

  it('a failed line fails its chart only, with the server’s message', async () => {
    serve(() => [
      { key: '1', status: 200, result: [{ data: [] }] },
      { key: '2', status: 403, errors: [{ message: 'This endpoint requires the datasource' }] },
    ]);
    const store = loadedStore();
    store.dispatch(requestChartData(1));
    store.dispatch(requestChartData(2));
    await settle();
    expect(store.getState().charts[1]?.chartStatus).toBe('success');
    expect(store.getState().charts[2]).toMatchObject({
      chartStatus: 'failed',
      chartAlert: 'This endpoint requires the datasource',
    });
  });

  it('a chart the stream never answers fails with the network error', async () => {
    serve(() => [{ key: '1', status: 200, result: [{ data: [] }] }]);
    const store = loadedStore();
    store.dispatch(requestChartData(1));
    store.dispatch(requestChartData(2));
    await settle();
    expect(store.getState().charts[2]).toMatchObject({ chartStatus: 'failed', chartAlert: 'Network error.' });
  });

  it('a forced refresh goes in its own call with force=true', async () => {
    serve((keys) => keys.map((key) => ({ key, status: 200, result: [] })));
    const store = loadedStore();
    store.dispatch(requestChartData(1, { force: true }));
    await settle();
    expect(requests[0]?.url).toBe('/api/v1/dashboard/7/chart_data?force=true');
  });

  it('a chart asks again only when the filters on it change', async () => {
    serve((keys) => keys.map((key) => ({ key, status: 200, result: [] })));
    const store = loadedStore();
    store.dispatch(requestChartData(1));
    store.dispatch(requestChartData(2));
    await settle();
    expect(chartNeedsData(store.getState(), 1)).toBe(false);
    store.dispatch(
      dataMaskActions.dataMaskApplied([
        {
          id: 'NATIVE_FILTER-1',
          extraFormData: { filters: [{ col: 'weather', op: 'IN', val: ['sun'] }] },
          filterState: { value: ['sun'] },
        },
      ]),
    );
    // The filter's scope leaves chart 2 out.
    expect(chartNeedsData(store.getState(), 1)).toBe(true);
    expect(chartNeedsData(store.getState(), 2)).toBe(false);
  });
});
