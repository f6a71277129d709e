// POST /api/v1/chart/data as explore sends it: a 200 is the answer, a 202 waits for the job's event and reads
// its result_url, a job's error rejects like a failed call.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { postChartData } from './chart-data-api';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const job = (jobId: string) => ({
  channel_id: 'c',
  job_id: jobId,
  user_id: 1,
  status: 'pending',
  errors: [],
  result_url: null,
});
const context = { datasource: { id: 1, type: 'table' }, queries: [{}] } as never;

let routes: Record<string, () => Response>;
let urls: string[];

beforeEach(() => {
  vi.useFakeTimers();
  urls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      if (url === '/api/v1/security/csrf_token/') return json(200, { result: 'token' });
      const route = routes[url.split('?')[0] ?? url];
      return route ? route() : json(404, { message: 'Not found' });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('postChartData', () => {
  it('answers a 200 with its result list', async () => {
    routes = { '/api/v1/chart/data': () => json(200, { result: [{ rowcount: 2 }] }) };
    await expect(postChartData(context)).resolves.toEqual([{ rowcount: 2 }]);
    expect(urls.some((url) => url.startsWith('/api/v1/async_event/'))).toBe(false);
  });

  it('waits on a 202 for the done event, then answers the result_url as a 200 would', async () => {
    routes = {
      '/api/v1/chart/data': () => json(202, job('j1')),
      '/api/v1/async_event/': () =>
        json(200, { result: [{ ...job('j1'), id: '9-0', status: 'done', result_url: '/api/v1/chart/data/k1' }] }),
      '/api/v1/chart/data/k1': () => json(200, { result: [{ rowcount: 3, is_cached: true }] }),
    };
    const answer = postChartData(context);
    await vi.advanceTimersByTimeAsync(500);
    await expect(answer).resolves.toEqual([{ rowcount: 3, is_cached: true }]);
    expect(urls).toContain('/api/v1/chart/data/k1');
  });

  it('rejects with the parsed error of an error event', async () => {
    routes = {
      '/api/v1/chart/data': () => json(202, job('j2')),
      '/api/v1/async_event/': () =>
        json(200, {
          result: [
            {
              ...job('j2'),
              id: '10-0',
              status: 'error',
              errors: [{ message: 'Boom in the database', error_type: 'GENERIC_DB_ENGINE_ERROR', level: 'error' }],
            },
          ],
        }),
    };
    const failure = postChartData(context).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(500);
    const error = await failure;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Boom in the database');
  });
});
