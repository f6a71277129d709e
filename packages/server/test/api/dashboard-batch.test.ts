// POST /api/v1/dashboard/{id}/chart_data: one NDJSON line per chart as each finishes, failures on their own line,
// access checked per chart, the per-database cap on queries running at once, identical queries run once.
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EngineConnection, ExecuteOptions } from '../../src/engines/types.js';
import type { Session, TestApp } from '../support/test-app.js';
import { createDashboard, layoutWith, ok, STORE_BACKENDS, title, useDashboardWorld } from './dashboard-harness.js';

interface Line {
  key: string;
  status: number;
  result?: Array<{ data: Array<Record<string, unknown>>; rowcount: number }>;
  errors?: Array<{ message: string; error_type: string }>;
}

const payload = (datasetId: number, query: Record<string, unknown> = {}) => ({
  datasource: { id: datasetId, type: 'table' },
  queries: [{ columns: ['customer'], metrics: ['count'], orderby: [['customer', true]], row_limit: 100, ...query }],
  result_format: 'json',
  result_type: 'full',
});

const parseLines = (body: string): Line[] =>
  body
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Line);

/** Wraps every connection the app hands out so that each execute goes through `around`. */
function wrapConnections(
  t: TestApp,
  around: (run: () => Promise<unknown>, options?: ExecuteOptions) => Promise<unknown>,
) {
  const manager = t.ctx.connections;
  const original = manager.forDatabase.bind(manager);
  return vi.spyOn(manager, 'forDatabase').mockImplementation(async (row) => {
    const connection = await original(row);
    return new Proxy(connection, {
      get(target, property, receiver) {
        if (property === 'execute') {
          return (sql: string, options?: ExecuteOptions) => around(() => target.execute(sql, options), options);
        }
        const value = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as EngineConnection;
  });
}

/** Counts executions running at once; each holds for `holdMs` so that overlaps show. */
function concurrencyProbe(t: TestApp, holdMs: number) {
  const probe = { active: 0, max: 0, total: 0 };
  wrapConnections(t, async (run) => {
    probe.active += 1;
    probe.total += 1;
    probe.max = Math.max(probe.max, probe.active);
    try {
      await new Promise((resolve) => setTimeout(resolve, holdMs));
      return await run();
    } finally {
      probe.active -= 1;
    }
  });
  return probe;
}

async function batch(session: Session, dashboardId: number, queries: Array<{ key: string; payload: unknown }>) {
  return session.request({
    method: 'POST',
    url: `/api/v1/dashboard/${dashboardId}/chart_data?force=true`,
    payload: { queries },
  });
}

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.url)(title('dashboard chart data batch', backend), () => {
    const w = useDashboardWorld(backend);
    afterEach(() => vi.restoreAllMocks());

    const sharedDashboard = () =>
      createDashboard(w.admin, {
        dashboard_title: 'Batch',
        published: true,
        position_json: JSON.stringify(layoutWith([w.charts.orders, w.charts.customers])),
      });

    it('answers one NDJSON line per chart, a failing chart on its own line, the others as /chart/data does', async () => {
      const id = await sharedDashboard();
      const response = await batch(w.gamma.session, id, [
        { key: 'orders', payload: payload(w.ordersId) },
        { key: 'bad-metric', payload: payload(w.ordersId, { metrics: ['no_such_metric'] }) },
        { key: 'customers', payload: payload(w.customersId, { columns: ['name'], orderby: [['name', true]] }) },
        { key: 'malformed', payload: { queries: 'none' } },
      ]);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/x-ndjson/);
      const lines = parseLines(response.body);
      expect(lines.map((line) => line.key).sort()).toEqual(['bad-metric', 'customers', 'malformed', 'orders']);
      const byKey = Object.fromEntries(lines.map((line) => [line.key, line]));
      expect(byKey.orders?.status).toBe(200);
      const single = ok(
        await w.gamma.session.request({ method: 'POST', url: '/api/v1/chart/data', payload: payload(w.ordersId) }),
      );
      expect(byKey.orders?.result?.[0]?.data).toEqual(single.result[0].data);
      expect(byKey.orders?.result?.[0]?.rowcount).toBe(3);
      expect(byKey['bad-metric']?.status).toBe(400);
      expect(byKey['bad-metric']?.errors?.[0]?.message).toBeTruthy();
      // The gamma user reaches orders only: the customers chart is refused exactly as the single endpoint refuses it.
      expect(byKey.customers?.status).toBe(403);
      expect(byKey.customers?.errors?.[0]?.error_type).toBe('DATASOURCE_SECURITY_ACCESS_ERROR');
      expect(byKey.malformed).toMatchObject({ status: 400, errors: [{ error_type: 'INVALID_PAYLOAD_SCHEMA_ERROR' }] });
    });

    it('refuses a dashboard the caller cannot see before streaming anything', async () => {
      const id = await sharedDashboard();
      const response = await batch(w.outsider.session, id, [{ key: 'orders', payload: payload(w.ordersId) }]);
      expect(response.statusCode).toBe(404);
      const duplicateKeys = await batch(w.admin, id, [
        { key: 'a', payload: payload(w.ordersId) },
        { key: 'a', payload: payload(w.ordersId) },
      ]);
      expect(duplicateKeys.statusCode).toBe(400);
    });

    it('writes each line as soon as its chart finishes, while slower charts still run', async () => {
      const id = await sharedDashboard();
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      wrapConnections(w.t, async (run, options) => {
        if (options?.params?.includes('__slow__')) await gate;
        return run();
      });
      await w.t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = w.t.app.server.address() as AddressInfo;
      // If lines were held back until every chart finished, none would come: the slow chart waits for this test.
      // The timer only unblocks it so that such a failure is reported instead of hanging.
      let releasedByTimer = false;
      const timer = setTimeout(() => {
        releasedByTimer = true;
        release();
      }, 5_000);
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/dashboard/${id}/chart_data?force=true`, {
        method: 'POST',
        headers: { cookie: w.admin.cookie, 'x-csrftoken': w.admin.csrf, 'content-type': 'application/json' },
        body: JSON.stringify({
          queries: [
            {
              key: 'slow',
              payload: payload(w.ordersId, { filters: [{ col: 'customer', op: '==', val: '__slow__' }] }),
            },
            { key: 'fast', payload: payload(w.ordersId, { row_limit: 7 }) },
          ],
        }),
      });
      expect(response.status).toBe(200);
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let text = '';
      const nextLine = async (): Promise<Line> => {
        for (;;) {
          const end = text.indexOf('\n');
          if (end >= 0) {
            const line = text.slice(0, end);
            text = text.slice(end + 1);
            return JSON.parse(line) as Line;
          }
          const { value, done } = await reader.read();
          if (done) throw new Error(`stream ended with ${JSON.stringify(text)}`);
          text += decoder.decode(value, { stream: true });
        }
      };
      const first = await nextLine();
      clearTimeout(timer);
      expect(releasedByTimer).toBe(false);
      release();
      const second = await nextLine();
      expect(first).toMatchObject({ key: 'fast', status: 200 });
      expect(second).toMatchObject({ key: 'slow', status: 200 });
      expect(second.result?.[0]?.rowcount).toBe(0);
      expect((await reader.read()).done).toBe(true);
    });

    it('runs at most four queries at once on a database by default', async () => {
      const id = await sharedDashboard();
      const probe = concurrencyProbe(w.t, 150);
      const queries = Array.from({ length: 10 }, (_, index) => ({
        key: `q${index}`,
        payload: payload(w.ordersId, { row_limit: 10 + index }),
      }));
      const lines = parseLines((await batch(w.admin, id, queries)).body);
      expect(lines).toHaveLength(10);
      expect(lines.every((line) => line.status === 200)).toBe(true);
      expect(probe.total).toBeGreaterThanOrEqual(10);
      expect(probe.max).toBe(4);
    });
  });

  describe.skipIf(!backend.url)(
    title('dashboard chart data batch with NEZHA_MAX_QUERIES_PER_DATABASE', backend),
    () => {
      const w = useDashboardWorld(backend, { NEZHA_MAX_QUERIES_PER_DATABASE: '2' });
      afterEach(() => vi.restoreAllMocks());

      it('honours a lower cap, and a failing chart frees its slot for the others', async () => {
        const id = await createDashboard(w.admin, {
          dashboard_title: 'Capped',
          position_json: JSON.stringify(layoutWith([w.charts.orders])),
        });
        const probe = concurrencyProbe(w.t, 150);
        const queries = Array.from({ length: 8 }, (_, index) => ({
          key: `q${index}`,
          payload:
            index === 0
              ? payload(w.ordersId, { columns: ['no_such_column'] })
              : payload(w.ordersId, { row_limit: 20 + index }),
        }));
        const lines = parseLines((await batch(w.admin, id, queries)).body);
        expect(lines).toHaveLength(8);
        expect(lines.find((line) => line.key === 'q0')?.status).toBe(400);
        expect(lines.filter((line) => line.status === 200)).toHaveLength(7);
        expect(probe.max).toBe(2);
      });

      it('runs identical queries once, even when more of them wait than the cap lets run', async () => {
        const id = await createDashboard(w.admin, {
          dashboard_title: 'Shared queries',
          position_json: JSON.stringify(layoutWith([w.charts.orders])),
        });
        const probe = concurrencyProbe(w.t, 150);
        const queries = [
          ...Array.from({ length: 6 }, (_, index) => ({ key: `same${index}`, payload: payload(w.ordersId) })),
          ...Array.from({ length: 3 }, (_, index) => ({
            key: `other${index}`,
            payload: payload(w.ordersId, { row_limit: 50 + index }),
          })),
        ];
        const lines = parseLines((await batch(w.admin, id, queries)).body);
        expect(lines).toHaveLength(9);
        expect(lines.every((line) => line.status === 200)).toBe(true);
        const same = lines.filter((line) => line.key.startsWith('same')).map((line) => line.result?.[0]?.data);
        expect(new Set(same.map((data) => JSON.stringify(data))).size).toBe(1);
        // One run for the six identical charts and one for each of the three others, two at a time.
        expect(probe.total).toBe(4);
        expect(probe.max).toBe(2);
      });
    },
  );
}
