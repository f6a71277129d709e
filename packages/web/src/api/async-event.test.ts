// The async query job client: events routed by job id, listener retries, the last event id kept in storage,
// errors parsed like any failed call, polling only while a job waits; the websocket transport, its reconnects 2.5 s
// apart and the fall back to polling after 6 failed ones.
import type { AsyncEvent, AsyncJob } from '@nezha/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { type AsyncEventDeps, createAsyncEventClient, LAST_EVENT_ID_KEY } from './async-event';
import { type AsyncSocketHandlers, asyncEventSocketUrl } from './async-event-socket';

const job = (jobId: string): AsyncJob => ({
  channel_id: 'c1',
  job_id: jobId,
  user_id: 1,
  status: 'pending',
  errors: [],
  result_url: null,
});
const done = (id: string, jobId: string): AsyncEvent => ({
  ...job(jobId),
  id,
  status: 'done',
  result_url: `/api/v1/chart/data/${jobId}`,
});

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

function setup(overrides: Partial<AsyncEventDeps> = {}) {
  const queue: AsyncEvent[][] = [];
  const polledWith: Array<string | null> = [];
  const deps: AsyncEventDeps = {
    fetchEvents: vi.fn(async (lastId: string | null) => {
      polledWith.push(lastId);
      return queue.shift() ?? [];
    }),
    fetchResult: vi.fn(async (url: string) => ({ result: [{ data: [{ url }] }] })),
    storage: new MemoryStorage(),
    ...overrides,
  };
  return { client: createAsyncEventClient(deps), deps, queue, polledWith };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('async query job', () => {
  it('gives each waiting job the result of its own event, fetched from its result_url', async () => {
    const { client, deps, queue } = setup();
    const a = client.waitForAsyncData(job('a'));
    const b = client.waitForAsyncData(job('b'));
    queue.push([done('5-0', 'b'), done('5-1', 'a')]);
    await vi.advanceTimersByTimeAsync(500);
    await expect(a).resolves.toEqual([{ data: [{ url: '/api/v1/chart/data/a' }] }]);
    await expect(b).resolves.toEqual([{ data: [{ url: '/api/v1/chart/data/b' }] }]);
    expect(deps.fetchResult).toHaveBeenCalledTimes(2);
  });

  it('polls every 500 ms while a job waits, and stops when none does', async () => {
    const { client, deps, queue } = setup();
    const waiting = client.waitForAsyncData(job('a'));
    await vi.advanceTimersByTimeAsync(499);
    expect(deps.fetchEvents).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.fetchEvents).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(deps.fetchEvents).toHaveBeenCalledTimes(2);
    queue.push([done('1-0', 'a')]);
    await vi.advanceTimersByTimeAsync(500);
    await waiting;
    await vi.advanceTimersByTimeAsync(5000);
    expect(deps.fetchEvents).toHaveBeenCalledTimes(3);
  });

  it('rejects an error event with the parsed error', async () => {
    const { client, queue } = setup();
    const waiting = client.waitForAsyncData(job('a'));
    const errors = [
      {
        message: 'Referenced column "x" not found',
        error_type: 'COLUMN_DOES_NOT_EXIST_ERROR' as const,
        level: 'error' as const,
      },
    ];
    queue.push([{ ...job('a'), id: '1-0', status: 'error', errors }]);
    const failure = waiting.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(500);
    const error = await failure;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Referenced column "x" not found');
    expect((error as ApiError).clientError.errors).toEqual(errors);
  });

  it('rejects when the result cannot be read back', async () => {
    const gone = new ApiError({ error: 'expired', statusText: 'NOT FOUND', status: 404 });
    const { client, queue } = setup({ fetchResult: vi.fn(async () => Promise.reject(gone)) });
    const failure = client.waitForAsyncData(job('a')).catch((error: unknown) => error);
    queue.push([done('1-0', 'a')]);
    await vi.advanceTimersByTimeAsync(500);
    expect(await failure).toBe(gone);
  });

  it('retries an event without a listener 6 times, 100 ms times the attempt apart', async () => {
    const { client } = setup();
    client.processEvents([done('1-0', 'late')]);
    // Attempts at 100, 300, 600, 1000, 1500 and 2100 ms: a listener added by 2100 ms still gets it.
    await vi.advanceTimersByTimeAsync(2000);
    const late = client.waitForAsyncData(job('late'));
    await vi.advanceTimersByTimeAsync(100);
    await expect(late).resolves.toHaveLength(1);

    client.processEvents([done('2-0', 'lost')]);
    await vi.advanceTimersByTimeAsync(2100);
    const lost = vi.fn();
    void client.waitForAsyncData(job('lost')).then(lost);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(lost).not.toHaveBeenCalled();
  });

  it('keeps the last event id in local storage and polls from it, ignoring a malformed one', async () => {
    const storage = new MemoryStorage();
    const first = setup({ storage });
    first.client.processEvents([done('7-2', 'x'), done('7-1', 'y')]);
    expect(storage.getItem(LAST_EVENT_ID_KEY)).toBe('7-2');
    expect(first.client.lastEventId).toBe('7-2');

    const second = setup({ storage });
    void second.client.waitForAsyncData(job('a'));
    await vi.advanceTimersByTimeAsync(500);
    expect(second.polledWith).toEqual(['7-2']);

    storage.setItem(LAST_EVENT_ID_KEY, '{"not":"an id"}');
    const third = setup({ storage });
    void third.client.waitForAsyncData(job('a'));
    await vi.advanceTimersByTimeAsync(500);
    expect(third.polledWith).toEqual([null]);
  });

  it('stops waiting when its signal aborts', async () => {
    const { client, deps } = setup();
    const controller = new AbortController();
    const failure = client.waitForAsyncData(job('a'), controller.signal).catch((error: unknown) => error);
    controller.abort();
    expect(await failure).toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(deps.fetchEvents).not.toHaveBeenCalled();
  });
});

/** A server side of the websocket: each connection the client opens, with the handlers it gave. */
function fakeSockets() {
  const opened: Array<{ lastId: string | null; handlers: AsyncSocketHandlers }> = [];
  const connectSocket = vi.fn((lastId: string | null, handlers: AsyncSocketHandlers) => {
    opened.push({ lastId, handlers });
    return { close: () => handlers.onClose() };
  });
  const latest = () => {
    const socket = opened.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket.handlers;
  };
  return { opened, connectSocket, latest };
}

describe('async query job over the websocket', () => {
  it('opens one socket when a job first waits and hears every job’s event on it, without polling', async () => {
    const sockets = fakeSockets();
    const { client, deps } = setup({ transport: 'ws', connectSocket: sockets.connectSocket });
    expect(sockets.connectSocket).not.toHaveBeenCalled();
    const a = client.waitForAsyncData(job('a'));
    const b = client.waitForAsyncData(job('b'));
    expect(sockets.opened).toEqual([{ lastId: null, handlers: expect.anything() }]);
    sockets.latest().onOpen();
    sockets.latest().onMessage(JSON.stringify(done('4-0', 'b')));
    sockets.latest().onMessage(JSON.stringify(done('4-1', 'a')));
    await expect(a).resolves.toEqual([{ data: [{ url: '/api/v1/chart/data/a' }] }]);
    await expect(b).resolves.toEqual([{ data: [{ url: '/api/v1/chart/data/b' }] }]);
    expect(client.lastEventId).toBe('4-1');
    const c = client.waitForAsyncData(job('c'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sockets.opened).toHaveLength(1);
    expect(deps.fetchEvents).not.toHaveBeenCalled();
    expect(client.transport).toBe('ws');
    sockets.latest().onMessage(JSON.stringify(done('4-2', 'c')));
    await expect(c).resolves.toHaveLength(1);
  });

  it('drops a message that is not an event, and routes a too-early one through the listener retries', async () => {
    const sockets = fakeSockets();
    const { client } = setup({ transport: 'ws', connectSocket: sockets.connectSocket });
    void client.waitForAsyncData(job('a'));
    sockets.latest().onMessage('not json');
    sockets.latest().onMessage(JSON.stringify({ id: 'abc', job_id: 'a', channel_id: 'c1' }));
    expect(client.lastEventId).toBeNull();
    sockets.latest().onMessage(JSON.stringify(done('2-0', 'early')));
    await vi.advanceTimersByTimeAsync(250);
    const early = client.waitForAsyncData(job('early'));
    await vi.advanceTimersByTimeAsync(300);
    await expect(early).resolves.toHaveLength(1);
  });

  it('opens a closed socket again 2.5 s later from the last id seen, which local storage keeps', async () => {
    const storage = new MemoryStorage();
    storage.setItem(LAST_EVENT_ID_KEY, '1-0');
    const sockets = fakeSockets();
    const { client } = setup({ storage, transport: 'ws', connectSocket: sockets.connectSocket });
    const waiting = client.waitForAsyncData(job('a'));
    expect(sockets.opened[0]?.lastId).toBe('1-0');
    sockets.latest().onOpen();
    sockets.latest().onMessage(JSON.stringify({ ...done('3-0', 'other') }));
    sockets.latest().onClose();
    await vi.advanceTimersByTimeAsync(2499);
    expect(sockets.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets.opened.map((socket) => socket.lastId)).toEqual(['1-0', '3-0']);
    sockets.latest().onMessage(JSON.stringify(done('3-1', 'a')));
    await expect(waiting).resolves.toHaveLength(1);
    expect(storage.getItem(LAST_EVENT_ID_KEY)).toBe('3-1');
  });

  it('falls back to polling after 6 failed reconnects, for the rest of the page', async () => {
    const sockets = fakeSockets();
    const { client, deps, queue, polledWith } = setup({ transport: 'ws', connectSocket: sockets.connectSocket });
    const waiting = client.waitForAsyncData(job('a'));
    for (let attempt = 0; attempt <= 6; attempt += 1) {
      sockets.latest().onClose();
      await vi.advanceTimersByTimeAsync(2500);
    }
    // The first connection and 6 reconnects, all failed.
    expect(sockets.opened).toHaveLength(7);
    expect(client.transport).toBe('polling');
    queue.push([done('9-0', 'a')]);
    await vi.advanceTimersByTimeAsync(500);
    await expect(waiting).resolves.toHaveLength(1);
    expect(polledWith).toEqual([null]);

    const later = client.waitForAsyncData(job('b'));
    queue.push([done('9-1', 'b')]);
    await vi.advanceTimersByTimeAsync(30_000);
    await expect(later).resolves.toHaveLength(1);
    expect(sockets.opened).toHaveLength(7);
    expect(deps.fetchEvents).toHaveBeenCalledTimes(2);
  });

  it('counts only failures in a row: a socket that opened starts the count again', async () => {
    const sockets = fakeSockets();
    const { client } = setup({ transport: 'ws', connectSocket: sockets.connectSocket });
    void client.waitForAsyncData(job('a'));
    for (let attempt = 0; attempt < 6; attempt += 1) {
      sockets.latest().onClose();
      await vi.advanceTimersByTimeAsync(2500);
    }
    sockets.latest().onOpen();
    for (let attempt = 0; attempt < 6; attempt += 1) {
      sockets.latest().onClose();
      await vi.advanceTimersByTimeAsync(2500);
    }
    expect(sockets.opened).toHaveLength(13);
    expect(client.transport).toBe('ws');
  });

  it('polls when the transport is polling, even with a socket at hand', async () => {
    const sockets = fakeSockets();
    const { client, deps } = setup({ transport: 'polling', connectSocket: sockets.connectSocket });
    void client.waitForAsyncData(job('a'));
    await vi.advanceTimersByTimeAsync(500);
    expect(deps.fetchEvents).toHaveBeenCalledTimes(1);
    expect(sockets.connectSocket).not.toHaveBeenCalled();
  });

  it('connects to the page’s own origin, wss:// under https', () => {
    expect(asyncEventSocketUrl({ protocol: 'https:', host: 'nezha.example:8443' }, '1-2')).toBe(
      'wss://nezha.example:8443/api/v1/async_event/ws?last_id=1-2',
    );
    expect(asyncEventSocketUrl({ protocol: 'http:', host: 'localhost:8088' }, null)).toBe(
      'ws://localhost:8088/api/v1/async_event/ws',
    );
  });
});
