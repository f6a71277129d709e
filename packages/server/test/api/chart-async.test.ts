// GLOBAL_ASYNC_QUERIES on /api/v1/chart/data: 202 and a job, the async event, the answer through result_url,
// failures as error events, cached answers at once, and nobody else reading the result or the events.
import type { QueryObject } from '@nezha/core';
import { describe, expect, it } from 'vitest';
import { MemoryAsyncEventStore } from '../../src/jobs/memory-async-event-store.js';
import { RedisAsyncEventStore } from '../../src/jobs/redis-async-event-store.js';
import type { Session } from '../support/test-app.js';
import { ASYNC_RUNS, type AsyncEventJson, ON_REDIS } from './chart-async-runs.js';
import { ok, title, useWorld } from './chart-harness.js';

for (const { backend, env } of ASYNC_RUNS) {
  describe.skipIf(!backend.url)(title('async chart data', backend), () => {
    const w = useWorld(backend, { NEZHA_FEATURE_GLOBAL_ASYNC_QUERIES: 'true', ...env });

    it('keeps its events in Redis when it has one, else in memory', () => {
      expect(w.t.ctx.asyncEvents).toBeInstanceOf(backend === ON_REDIS ? RedisAsyncEventStore : MemoryAsyncEventStore);
    });

    // Each test asks something no other test asked, so no answer is in the cache before it.
    let marker = 0;
    const byCustomer = (extra: Partial<QueryObject> = {}): QueryObject => {
      marker += 1;
      return {
        columns: ['customer'],
        metrics: ['count'],
        orderby: [['customer', true]],
        filters: [{ col: 'total', op: '>', val: -marker }],
        ...extra,
      };
    };
    const post = (session: Session, datasetId: number, query: QueryObject, extra: Record<string, unknown> = {}) =>
      session.request({
        method: 'POST',
        url: '/api/v1/chart/data',
        payload: { datasource: { id: datasetId, type: 'table' }, queries: [query], ...extra },
      });
    const events = async (session: Session, lastId?: string) =>
      ok(
        await session.request({
          method: 'GET',
          url: `/api/v1/async_event/${lastId ? `?last_id=${encodeURIComponent(lastId)}` : ''}`,
        }),
      ).result as AsyncEventJson[];
    const eventOf = async (session: Session, jobId: string) => {
      await w.t.ctx.jobs.drain();
      return (await events(session)).find((event) => event.job_id === jobId);
    };

    it('answers 202 with the job, appends a done event, and result_url gives the answer /chart/data would', async () => {
      const query = byCustomer();
      const started = ok(await post(w.admin, w.ordersId, query), 202);
      expect(started).toMatchObject({ user_id: w.adminId, status: 'pending', errors: [], result_url: null });
      expect(started.channel_id).toMatch(/^[0-9a-f]{32}$/);
      expect(started.job_id).toMatch(/^[0-9a-f-]{36}$/);

      const event = await eventOf(w.admin, started.job_id);
      expect(event).toMatchObject({
        channel_id: started.channel_id,
        job_id: started.job_id,
        user_id: w.adminId,
        status: 'done',
        errors: [],
      });
      expect(event?.id).toMatch(/^\d+-\d+$/);
      expect(event?.result_url).toMatch(/^\/api\/v1\/chart\/data\/[0-9a-f]{64}$/);

      const answer = ok(await w.admin.request({ method: 'GET', url: event?.result_url ?? '' }));
      expect(answer.result).toHaveLength(1);
      expect(answer.result[0]).toMatchObject({ status: 'success', is_cached: true, colnames: ['customer', 'count'] });
      expect(answer.result[0].data).toEqual([
        { customer: 'ann', count: 2 },
        { customer: 'bob', count: 2 },
        { customer: "o'brien", count: 1 },
      ]);
      // Nothing after the last event: polling from its id finds no more.
      expect(await events(w.admin, event?.id)).toEqual([]);
    });

    it('answers 200 at once when every query of the request is already in the cache', async () => {
      const query = byCustomer();
      const started = ok(await post(w.admin, w.ordersId, query), 202);
      expect((await eventOf(w.admin, started.job_id))?.status).toBe('done');
      const again = ok(await post(w.admin, w.ordersId, query));
      expect(again.result[0]).toMatchObject({ is_cached: true, rowcount: 3 });
      // Forcing a refresh means the cache cannot answer: back to the queue.
      ok(await post(w.admin, w.ordersId, query, { force: true }), 202);
      await w.t.ctx.jobs.drain();
    });

    it('turns a query that fails in the database into an error event with the parsed error', async () => {
      const failing = byCustomer({
        metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(no_such_column)', label: 'broken' }],
      });
      const started = ok(await post(w.admin, w.ordersId, failing), 202);
      const event = await eventOf(w.admin, started.job_id);
      expect(event).toMatchObject({ job_id: started.job_id, status: 'error', result_url: null });
      expect(event?.errors).toHaveLength(1);
      expect(event?.errors[0]?.error_type).toMatch(/_ERROR$/);
      expect(event?.errors[0]?.message).toMatch(/no_such_column/);
      expect(JSON.stringify(event)).not.toMatch(/\bat .*\.(js|ts):\d+/);
    });

    it('answers requests that cannot be queued, and refusals, as before', async () => {
      const csv = await post(w.admin, w.ordersId, byCustomer(), { result_format: 'csv' });
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      const sql = ok(await post(w.admin, w.ordersId, byCustomer(), { result_type: 'query' }));
      expect(sql.result[0].query).toMatch(/SELECT/i);
      // No data access: refused by the request itself, no job is started.
      const refused = await post(w.outsider.session, w.ordersId, byCustomer());
      expect(refused.statusCode, refused.body).toBe(403);
      expect(await events(w.outsider.session)).toEqual([]);
    });

    it('keeps today’s synchronous answer with the flag off', async () => {
      const features = w.t.ctx.config.features;
      features.GLOBAL_ASYNC_QUERIES = false;
      try {
        const before = (await events(w.admin)).length;
        const answer = ok(await post(w.admin, w.ordersId, byCustomer()));
        expect(answer.result[0]).toMatchObject({ is_cached: false, rowcount: 3, status: 'success' });
        await w.t.ctx.jobs.drain();
        expect(await events(w.admin)).toHaveLength(before);
      } finally {
        features.GLOBAL_ASYNC_QUERIES = true;
      }
    });

    it('shows the events only to the session that started the job, and the result only to readers of the data', async () => {
      const started = ok(await post(w.admin, w.ordersId, byCustomer()), 202);
      const event = await eventOf(w.admin, started.job_id);
      const url = event?.result_url ?? '';
      expect(url).not.toBe('');

      for (const session of [w.gamma.session, w.outsider.session, await w.t.login()]) {
        expect((await events(session)).map((e) => e.job_id)).not.toContain(started.job_id);
      }
      const outsider = await w.outsider.session.request({ method: 'GET', url });
      expect(outsider.statusCode, outsider.body).toBe(403);
      expect(outsider.body).not.toMatch(/"data"/);
      // A user with access to the datasource may read it (Superset checks the reader's datasource access).
      expect(ok(await w.gamma.session.request({ method: 'GET', url })).result[0].rowcount).toBe(3);
    });

    it('refuses a malformed last_id or key, and a key it never issued', async () => {
      const badId = await w.admin.request({ method: 'GET', url: '/api/v1/async_event/?last_id=abc' });
      expect(badId.statusCode, badId.body).toBe(400);
      expect(badId.json().message.last_id[0]).toMatch(/event id/);
      const badKey = await w.admin.request({ method: 'GET', url: '/api/v1/chart/data/not-a-key' });
      expect(badKey.statusCode, badKey.body).toBe(400);
      const unknown = await w.admin.request({ method: 'GET', url: `/api/v1/chart/data/${'0'.repeat(64)}` });
      expect(unknown.statusCode, unknown.body).toBe(404);
      expect(unknown.json().message).toMatch(/never computed or has expired/);
      const anonymous = await w.t.app.inject({ method: 'GET', url: '/api/v1/async_event/' });
      expect(anonymous.statusCode).toBe(401);
    });
  });
}
