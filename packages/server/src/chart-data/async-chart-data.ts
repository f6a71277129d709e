// GLOBAL_ASYNC_QUERIES for chart data (Superset's ChartDataRestApi._run_async and load_chart_data_into_cache): an
// answer already in the cache is given at once; otherwise the query runs on the job queue, the caller gets 202 with
// the job, and the job's end is an async event whose result_url reads the answer back from the cache.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../app/context.js';
import { errorAnswerOf } from '../errors/error-payload.js';
import { NezhaError } from '../errors/nezha-error.js';
import { asyncChannelOf } from '../jobs/async-channel.js';
import type { AsyncJob } from '../jobs/async-event-store.js';
import type { JobRun } from '../jobs/job-queue.js';
import { type AuthUser, loadAuthUser } from '../security/current-user.js';
import { CacheMissError, type ChartCacheStore, cacheKey, LruStore } from './cache.js';
import {
  CACHE_DISABLED_TIMEOUT,
  type ChartDataAnswer,
  type ChartDataCall,
  type ChartDataRequest,
} from './chart-data-request.js';
import { chartData } from './chart-data-service.js';
import { RedisChartCacheStore } from './redis-cache-store.js';

/** What result_url stands for: the request as it was run, so reading it back finds the same cache entries. */
interface StoredChartCall {
  request: ChartDataRequest;
  sliceId?: number | undefined;
  dashboardId?: number | undefined;
  /** The request time: relative time ranges resolve against it, and their bounds are in the cache key. */
  now: string;
}

/** How long a result_url stays readable (its answer may leave the chart cache sooner). */
const STORED_CALL_SECONDS = 86_400;

const storedCalls = new WeakMap<AppContext, ChartCacheStore<StoredChartCall>>();

/** On Redis when the app has it: the job may run in a worker, and result_url be read through any web process. */
function storedCallsOf(ctx: AppContext): ChartCacheStore<StoredChartCall> {
  let store = storedCalls.get(ctx);
  if (!store) {
    store = ctx.redis
      ? new RedisChartCacheStore<StoredChartCall>(ctx.redis.client, `${ctx.config.redisKeyPrefix}chart-call:`)
      : new LruStore<StoredChartCall>(10_000, 64 * 1024 * 1024);
    storedCalls.set(ctx, store);
  }
  return store;
}

/** What a chart data job carries across processes. */
interface ChartJobData {
  job: AsyncJob;
  userId: number;
  key: string;
  call: StoredChartCall;
  /** The caller's force: recompute even when the cache has the answer. */
  force: boolean;
}

const chartResultUrl = (key: string) => `/api/v1/chart/data/${key}`;

/** Superset runs in the background only full JSON answers; files, SQL, samples and the rest stay synchronous. */
export function runsAsync(ctx: AppContext, call: ChartDataCall, user?: AuthUser | null): boolean {
  const { request } = call;
  return (
    // A guest has no stored user for the job to load again, nor an event channel of its own.
    !user?.guest &&
    ctx.config.features.GLOBAL_ASYNC_QUERIES &&
    request.result_format === 'json' &&
    request.result_type === 'full' &&
    request.queries.every((query) => query.result_type === undefined || query.result_type === 'full') &&
    // An answer kept nowhere could not be read back from result_url.
    request.custom_cache_timeout !== CACHE_DISABLED_TIMEOUT
  );
}

export type AsyncChartDataAnswer = { kind: 'answer'; answer: ChartDataAnswer } | { kind: 'job'; job: AsyncJob };

export async function startAsyncChartData(
  ctx: AppContext,
  user: AuthUser,
  call: ChartDataCall,
): Promise<AsyncChartDataAnswer> {
  const now = new Date();
  // Access, validation and compile errors answer the request itself; only a cache miss goes to the queue.
  try {
    return { kind: 'answer', answer: await chartData(ctx, user, call, { now, cachedOnly: true }) };
  } catch (error) {
    if (!(error instanceof CacheMissError)) throw error;
  }
  const job: AsyncJob = {
    channel_id: asyncChannelOf(ctx.config.secretKey, user),
    job_id: randomUUID(),
    user_id: user.id,
    status: 'pending',
    errors: [],
    result_url: null,
  };
  const stored: StoredChartCall = {
    request: { ...call.request, force: false },
    sliceId: call.sliceId,
    dashboardId: call.dashboardId,
    now: now.toISOString(),
  };
  const key = cacheKey({ v: 1, job: job.job_id, call: stored });
  const data: ChartJobData = { job, userId: user.id, key, call: stored, force: call.force };
  await ctx.jobs.enqueue('chart-data', JSON.parse(JSON.stringify(data)), { id: job.job_id });
  return { kind: 'job', job };
}

/**
 * Runs a queued chart query in whichever process took the job. A read-only query, so safe to run again: a job whose
 * process stopped first goes back to the queue (the abort is rethrown for that), and no event is sent for it.
 */
export async function runChartDataJob(ctx: AppContext, run: JobRun): Promise<void> {
  const { job, userId, key, call: stored, force } = run.data as unknown as ChartJobData;
  try {
    const user = await loadAuthUser(ctx.store.db, userId);
    if (!user) throw new NezhaError({ type: 'GENERIC_BACKEND_ERROR', status: 403, message: 'The user is gone.' });
    const call: ChartDataCall = {
      request: stored.request,
      force,
      sliceId: stored.sliceId,
      dashboardId: stored.dashboardId,
      signal: run.signal,
    };
    await chartData(ctx, user, call, { now: new Date(stored.now) });
    await storedCallsOf(ctx).set(key, { value: stored, storedAt: new Date() }, STORED_CALL_SECONDS, 1024);
    await ctx.asyncEvents.append({ ...job, status: 'done', result_url: chartResultUrl(key) });
  } catch (error) {
    if (run.signal.aborted) throw error;
    const { errors } = errorAnswerOf(error, (unexpected) => {
      console.error(`chart data job ${job.job_id} failed:`, unexpected);
    });
    await ctx.asyncEvents.append({ ...job, status: 'error', errors });
  }
}

function gone(): NezhaError {
  return new NezhaError({
    type: 'RESULTS_BACKEND_ERROR',
    status: 404,
    message: 'The chart data of this key was never computed or has expired. Run the chart query again.',
  });
}

/**
 * GET {result_url}: the answer the job left in the chart cache, in the shape POST /api/v1/chart/data gives. The
 * reader's access to the datasource is checked again, as Superset does, so another user sees it only with that access.
 */
export async function chartDataFromCache(ctx: AppContext, user: AuthUser, key: string): Promise<ChartDataAnswer> {
  const entry = await storedCallsOf(ctx).get(key);
  if (!entry) throw gone();
  const stored = entry.value;
  const call: ChartDataCall = {
    request: stored.request,
    force: false,
    sliceId: stored.sliceId,
    dashboardId: stored.dashboardId,
  };
  try {
    return await chartData(ctx, user, call, { now: new Date(stored.now), cachedOnly: true });
  } catch (error) {
    if (error instanceof CacheMissError) throw gone();
    throw error;
  }
}
