// Domain sharding (SUPERSET_WEBSERVER_DOMAINS): a page on one configured host calls the chart-data routes of another
// with its cookies and CSRF token. 127.0.0.1 and localhost on one port are two hosts to a browser. Only configured
// origins get the CORS answer, only on the chart-data routes, and the CSRF check still holds across hosts.
import { describe, expect, it } from 'vitest';
import { STORE_BACKENDS, title, useWorld } from './chart-harness.js';

const [SQLITE_STORE] = STORE_BACKENDS as [(typeof STORE_BACKENDS)[number]];
const A = '127.0.0.1:8088';
const B = 'localhost:8088';

describe.skipIf(!SQLITE_STORE.url)(title('domain sharding', SQLITE_STORE), () => {
  const w = useWorld(SQLITE_STORE, { NEZHA_WEBSERVER_DOMAINS: `${A},${B}` });

  const byCustomer = () => ({
    datasource: { id: w.ordersId, type: 'table' },
    queries: [{ columns: ['customer'], metrics: ['count'], orderby: [['customer', true]] }],
  });
  /** The page is on `page`, the call goes to `host`. */
  const post = (page: string, host: string, options: { csrf?: boolean } = {}) =>
    w.admin.request({
      method: 'POST',
      url: '/api/v1/chart/data',
      headers: { host, origin: `http://${page}` },
      payload: byCustomer(),
      ...(options.csrf === false ? { csrf: false } : {}),
    });
  const preflight = (page: string, host: string, url = '/api/v1/chart/data') =>
    w.t.app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        host,
        origin: `http://${page}`,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-csrftoken',
      },
    });

  it('answers the preflight of a configured host for the chart-data routes, with credentials', async () => {
    for (const url of ['/api/v1/chart/data?force=true', '/api/v1/dashboard/7/chart_data']) {
      const answer = await preflight(B, A, url);
      expect(answer.statusCode, url).toBe(204);
      expect(answer.headers['access-control-allow-origin']).toBe(`http://${B}`);
      expect(answer.headers['access-control-allow-credentials']).toBe('true');
      expect(String(answer.headers['access-control-allow-headers'])).toContain('X-CSRFToken');
      expect(answer.headers['access-control-allow-methods']).toBe('POST');
    }
  });

  it('serves the chart data to a page of the other host, both ways, naming that page as the allowed origin', async () => {
    for (const [page, host] of [
      [B, A],
      [A, B],
    ] as const) {
      const answer = await post(page, host);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['access-control-allow-origin']).toBe(`http://${page}`);
      expect(answer.headers['access-control-allow-credentials']).toBe('true');
      const rows = (answer.json() as { result: Array<{ data: Array<{ customer: string; count: number }> }> }).result[0]
        ?.data;
      // Five orders: ann 2, bob 2, o'brien 1.
      expect(rows?.map((row) => [row.customer, Number(row.count)])).toEqual([
        ['ann', 2],
        ['bob', 2],
        ["o'brien", 1],
      ]);
    }
  });

  it('gives an origin that is not configured no CORS answer: its page cannot read the data', async () => {
    for (const page of ['evil.example', 'localhost:9999', `${B}.evil.example`]) {
      const answer = await preflight(page, A);
      expect(answer.statusCode, page).not.toBe(204);
      expect(answer.headers['access-control-allow-origin'], page).toBeUndefined();
      const call = await post(page, A);
      expect(call.headers['access-control-allow-origin'], page).toBeUndefined();
      expect(call.headers['access-control-allow-credentials'], page).toBeUndefined();
    }
    const scheme = await w.t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/chart/data',
      headers: { host: A, origin: `null`, 'access-control-request-method': 'POST' },
    });
    expect(scheme.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('opens only the chart-data routes: the same origin gets nothing on any other route', async () => {
    const me = await w.admin.request({
      method: 'GET',
      url: '/api/v1/me/',
      headers: { host: A, origin: `http://${B}` },
    });
    expect(me.headers['access-control-allow-origin']).toBeUndefined();
    const answer = await preflight(B, A, '/api/v1/chart/');
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('still wants the session’s CSRF token from the other host’s page', async () => {
    const answer = await post(B, A, { csrf: false });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('CSRF');
  });

  it('tells the browser app the hosts, and lets its pages connect to them', async () => {
    const bootstrap = await w.admin.request({ method: 'GET', url: '/api/v1/bootstrap/', headers: { host: A } });
    expect(bootstrap.json().result.common.conf.SUPERSET_WEBSERVER_DOMAINS).toEqual([A, B]);
    const policy = String(bootstrap.headers['content-security-policy']);
    expect(policy).toMatch(new RegExp(`connect-src 'self' ws://${A} wss://${A} ${B}(;|$)`));
  });
});
