// The async event websocket (GET /api/v1/async_event/ws) with a real client: a job's event pushed as it is appended,
// the replay after last_id, refusals before the upgrade, one session's events never on another's socket, and the
// sockets closed with the app.
import type { QueryObject } from '@nezha/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Session } from '../support/test-app.js';
import { startTestApp } from '../support/test-app.js';
import { ASYNC_RUNS, type AsyncEventJson } from './chart-async-runs.js';
import { ok, title, useWorld } from './chart-harness.js';

/** An open socket and the events it received, read in order. */
interface EventSocket {
  socket: WebSocket;
  /** The next event not read yet, waiting for it when none has come. */
  next(): Promise<AsyncEventJson>;
  closed: Promise<number>;
}

function listen(socket: WebSocket): EventSocket {
  const received: AsyncEventJson[] = [];
  const waiting: Array<(event: AsyncEventJson) => void> = [];
  socket.on('message', (data) => {
    const event = JSON.parse(String(data)) as AsyncEventJson;
    const waiter = waiting.shift();
    if (waiter) waiter(event);
    else received.push(event);
  });
  return {
    socket,
    next: () => {
      const event = received.shift();
      return event ? Promise.resolve(event) : new Promise((resolve) => waiting.push(resolve));
    },
    closed: new Promise((resolve) => socket.on('close', (code) => resolve(code))),
  };
}

/** Resolves with the socket once open; rejects with the HTTP status when the upgrade is refused. */
function connect(base: string, options: { cookie?: string; lastId?: string; origin?: string } = {}) {
  const query = options.lastId === undefined ? '' : `?last_id=${encodeURIComponent(options.lastId)}`;
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin) headers.origin = options.origin;
  const socket = new WebSocket(`${base}/api/v1/async_event/ws${query}`, { headers });
  const events = listen(socket);
  return new Promise<EventSocket>((resolve, reject) => {
    socket.on('open', () => resolve(events));
    socket.on('unexpected-response', (_request, response) => {
      reject(new Error(`refused with ${response.statusCode}`));
      socket.terminate();
    });
    socket.on('error', reject);
  });
}

const opened: WebSocket[] = [];
afterEach(() => {
  for (const socket of opened.splice(0)) socket.close();
});

for (const { backend, env } of ASYNC_RUNS) {
  describe.skipIf(!backend.url)(title('async event websocket', backend), () => {
    const w = useWorld(backend, { NEZHA_FEATURE_GLOBAL_ASYNC_QUERIES: 'true', ...env });
    let base = '';
    beforeAll(async () => {
      const address = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
      base = address.replace(/^http/, 'ws');
    });

    const open = async (session: Session, lastId?: string) => {
      const events = await connect(base, { cookie: session.cookie, ...(lastId ? { lastId } : {}) });
      opened.push(events.socket);
      return events;
    };
    let marker = 0;
    /** Starts a job no earlier request has answered, so it is never served from the cache. */
    const start = async (session: Session): Promise<AsyncEventJson> => {
      marker += 1;
      const query: QueryObject = {
        columns: ['customer'],
        metrics: ['count'],
        filters: [{ col: 'total', op: '>', val: -marker }],
      };
      const response = await session.request({
        method: 'POST',
        url: '/api/v1/chart/data',
        payload: { datasource: { id: w.ordersId, type: 'table' }, queries: [query] },
      });
      return ok(response, 202);
    };
    const polled = async (session: Session) =>
      ok(await session.request({ method: 'GET', url: '/api/v1/async_event/' })).result as AsyncEventJson[];

    it('pushes the done event of a job as it ends, the event polling gives', async () => {
      const events = await open(w.admin);
      const started = await start(w.admin);
      const event = await events.next();
      expect(event).toMatchObject({ job_id: started.job_id, channel_id: started.channel_id, status: 'done' });
      expect(event.result_url).toMatch(/^\/api\/v1\/chart\/data\/[0-9a-f]{64}$/);
      expect((await polled(w.admin)).at(-1)).toEqual(event);
    });

    it('replays the events after last_id on connect, then pushes new ones', async () => {
      const session = await w.t.login();
      const first = await start(session);
      const second = await start(session);
      await w.t.ctx.jobs.drain();
      const kept = await polled(session);
      expect(kept.map((event) => event.job_id).sort()).toEqual([first.job_id, second.job_id].sort());
      const [older, newer] = kept as [AsyncEventJson, AsyncEventJson];

      const events = await open(session, older.id);
      expect(await events.next()).toEqual(newer);
      const third = await start(session);
      expect((await events.next()).job_id).toBe(third.job_id);

      // Without last_id every kept event comes first, as polling without it answers.
      const fresh = await open(session);
      expect((await fresh.next()).id).toBe(older.id);
    });

    it('refuses an anonymous upgrade, a malformed last_id and a page of another site', async () => {
      await expect(connect(base)).rejects.toThrow('refused with 401');
      await expect(connect(base, { cookie: w.admin.cookie, lastId: 'abc' })).rejects.toThrow('refused with 400');
      await expect(connect(base, { cookie: w.admin.cookie, origin: 'http://evil.example' })).rejects.toThrow(
        'refused with 403',
      );
      const sameSite = await connect(base, { cookie: w.admin.cookie, origin: base.replace(/^ws/, 'http') });
      opened.push(sameSite.socket);
      const plain = await w.admin.request({ method: 'GET', url: '/api/v1/async_event/ws' });
      expect(plain.statusCode).toBe(400);
    });

    it('never sends one session’s events to another session’s socket', async () => {
      const mine = await w.t.login();
      const otherAdmin = await w.t.login();
      const mySocket = await open(mine);
      const theirSockets = [await open(otherAdmin), await open(w.gamma.session)];
      const started = await start(mine);
      expect((await mySocket.next()).job_id).toBe(started.job_id);
      // Events come in order: had mine reached their sockets, it would be their first.
      for (const [session, socket] of [
        [otherAdmin, theirSockets[0]],
        [w.gamma.session, theirSockets[1]],
      ] as const) {
        const own = await start(session);
        const first = await socket?.next();
        expect(first?.job_id).toBe(own.job_id);
      }
    });
  });
}

describe('async event websocket on shutdown', () => {
  it('closes the open sockets when the app closes', async () => {
    const t = await startTestApp();
    const session = await t.login();
    const base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
    const events = await connect(base, { cookie: session.cookie });
    await t.close();
    expect(await events.closed).toBeGreaterThan(0);
  });
});
