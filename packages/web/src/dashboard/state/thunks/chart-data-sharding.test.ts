// Domain sharding on a dashboard: the charts asking together are split across the configured hosts, one call per
// host in turn, each carrying its cookies (credentials: include), and every chart gets its own answer.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setChartDataHosts } from '../../../chart-data/domain-sharding';
import { registerAllCharts } from '../../../charts';
import { dashboardLoaded } from '../dashboard-events';
import { createTestStore, loadedPayload } from '../test-fixtures';
import { requestChartData } from './chart-data';

interface Sent {
  url: string;
  credentials: RequestCredentials | undefined;
  keys: string[];
}
let sent: Sent[] = [];

beforeEach(() => {
  registerAllCharts();
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (url.includes('csrf_token'))
      return new Response(JSON.stringify({ result: 't' }), { headers: { 'content-type': 'application/json' } });
    const keys = (JSON.parse(String(init.body)) as { queries: Array<{ key: string }> }).queries.map((q) => q.key);
    sent.push({ url, credentials: init.credentials, keys });
    const body = keys
      .map((key) => `${JSON.stringify({ key, status: 200, result: [{ data: [{ n: Number(key) }] }] })}\n`)
      .join('');
    return new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } });
  });
});
afterEach(() => {
  setChartDataHosts([], { protocol: 'http:', search: '' });
  vi.unstubAllGlobals();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('dashboard chart data with domain sharding', () => {
  it('splits the batch across the two hosts, with credentials, and draws both answers', async () => {
    setChartDataHosts(['127.0.0.1:8088', 'localhost:8088'], { protocol: 'http:', search: '' });
    const store = createTestStore();
    store.dispatch(dashboardLoaded(loadedPayload()));
    store.dispatch(requestChartData(1));
    store.dispatch(requestChartData(2));
    await settle();
    expect(sent).toEqual([
      { url: 'http://127.0.0.1:8088/api/v1/dashboard/7/chart_data', credentials: 'include', keys: ['1'] },
      { url: 'http://localhost:8088/api/v1/dashboard/7/chart_data', credentials: 'include', keys: ['2'] },
    ]);
    expect(store.getState().charts[1]?.queriesResponse?.[0]?.data).toEqual([{ n: 1 }]);
    expect(store.getState().charts[2]?.queriesResponse?.[0]?.data).toEqual([{ n: 2 }]);
  });

  it('with ?disableDomainSharding=1 the batch stays one same-origin call', async () => {
    setChartDataHosts(['127.0.0.1:8088', 'localhost:8088'], { protocol: 'http:', search: '?disableDomainSharding=1' });
    const store = createTestStore();
    store.dispatch(dashboardLoaded(loadedPayload()));
    store.dispatch(requestChartData(1));
    store.dispatch(requestChartData(2));
    await settle();
    expect(sent).toEqual([{ url: '/api/v1/dashboard/7/chart_data', credentials: 'same-origin', keys: ['1', '2'] }]);
  });
});
