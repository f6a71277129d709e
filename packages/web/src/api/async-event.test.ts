// The async query job client: events routed by job id, listener retries, the last event id kept in storage,
// errors parsed like any failed call, polling only while a job waits.
import type { AsyncEvent, AsyncJob } from '@nezha/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { type AsyncEventDeps, createAsyncEventClient, LAST_EVENT_ID_KEY } from './async-event';

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
