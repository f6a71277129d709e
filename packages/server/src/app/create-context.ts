// Opens what a running Nezha holds: the metadata store, connection pools, Redis when configured, results, jobs.
import path from 'node:path';
import { LruStore } from '../chart-data/cache.js';
import type { QueryResult } from '../chart-data/chart-data-request.js';
import { RedisChartCacheStore } from '../chart-data/redis-cache-store.js';
import type { NezhaConfig } from '../config/config.js';
import { ConnectionManager } from '../databases/connection-manager.js';
import { BullJobQueue } from '../jobs/bullmq-job-queue.js';
import { LocalCancelChannel, RedisCancelChannel } from '../jobs/cancel-channel.js';
import { registerJobHandlers } from '../jobs/job-handlers.js';
import { InProcessJobQueue, JOB_KINDS, type JobQueue, type JobRun } from '../jobs/job-queue.js';
import { MemoryAsyncEventStore } from '../jobs/memory-async-event-store.js';
import { ProcessRegistry, type ProcessRole } from '../jobs/process-registry.js';
import { RedisAsyncEventStore } from '../jobs/redis-async-event-store.js';
import { RedisResultsBackend } from '../jobs/redis-results-backend.js';
import { DiskResultsBackend } from '../jobs/results-backend.js';
import { settledWithin } from '../jobs/settled-within.js';
import { LoginThrottle } from '../security/login-throttle.js';
import { LargeResultSlots } from '../sqllab/large-result-slots.js';
import { RunningQueries } from '../sqllab/running-queries.js';
import { openStore } from '../store/db.js';
import type { AppContext } from './context.js';
import { RedisConnection } from './redis-connection.js';

/** Asynchronous runs at once per process; more wait in the queue. */
export const ASYNC_CONCURRENCY = 4;

function logJobError(run: JobRun | null, error: unknown): void {
  const name = run ? `${run.kind} ${run.id}` : 'queue';
  console.error(`job ${name} failed:`, error instanceof Error ? error.message : error);
}

export interface ContextOptions {
  role?: ProcessRole;
  /**
   * Run jobs in this process from the start (default true: a test app, a one-process install). `nezha serve` decides
   * after start whether it does, `nezha worker` always does.
   */
  runJobs?: boolean;
}

/** Nothing connects here: Redis is reached on first use, or by `checkServices` when a server starts. */
export function createContext(config: NezhaConfig, options: ContextOptions = {}): AppContext {
  const redis = config.redisUrl ? new RedisConnection(config.redisUrl) : null;
  const prefix = config.redisKeyPrefix;
  const running = new RunningQueries();
  const jobs: JobQueue =
    config.redisUrl !== null
      ? new BullJobQueue({
          url: config.redisUrl,
          prefix: `${prefix}jobs`,
          heartbeatMs: config.workerHeartbeatMs,
          onError: logJobError,
        })
      : new InProcessJobQueue(logJobError);
  const ctx: AppContext = {
    config,
    store: openStore(config.databaseUrl),
    connections: new ConnectionManager(config),
    redis,
    results: redis
      ? new RedisResultsBackend(redis.client, `${prefix}results:`)
      : new DiskResultsBackend(path.join(config.home, 'results')),
    chartStore: redis
      ? new RedisChartCacheStore<QueryResult>(redis.client, `${prefix}chart:`, (error) => {
          // An outage is reported once by the connection; what is left here is a refusal (e.g. out of memory).
          if (redis.client.status !== 'ready') return;
          console.error('chart cache on Redis:', error instanceof Error ? error.message : error);
        })
      : new LruStore<QueryResult>(),
    jobs,
    cancels: redis ? new RedisCancelChannel(redis.client, prefix, running) : new LocalCancelChannel(running),
    processes: new ProcessRegistry(redis?.client ?? null, prefix, options.role ?? 'web', config.workerHeartbeatMs),
    asyncEvents: redis ? new RedisAsyncEventStore(redis.client, `${prefix}async-events:`) : new MemoryAsyncEventStore(),
    running,
    largeResults: new LargeResultSlots(config.sqlLab.maxLargeResults),
    loginThrottle: new LoginThrottle(config.authRateLimit),
  };
  // Other processes on this Redis write to the same store: their writes must reach what this one keeps.
  if (redis) ctx.store.generation.useRedis(redis.client, prefix);
  registerJobHandlers(ctx);
  if (options.runJobs ?? true) ctx.jobs.consume(JOB_KINDS, ASYNC_CONCURRENCY);
  return ctx;
}

/**
 * What a process sharing Redis with others starts before it serves: the cancel channel and its heartbeat. Resolves
 * once stop requests reach this process. A test app on Redis calls it too.
 */
export async function joinCluster(ctx: AppContext): Promise<void> {
  if (ctx.cancels instanceof RedisCancelChannel) await ctx.cancels.listen();
  await ctx.store.generation.listen();
  await ctx.processes.start();
}

/** Fails with a message naming the service when one the configuration asks for cannot be reached. */
export async function checkServices(ctx: AppContext): Promise<void> {
  await ctx.redis?.check();
}

/**
 * How long one shutdown step may wait beyond its grace. A step can wait on a Redis connection that is reconnecting
 * after an outage (a command queued offline, BullMQ's close); past the cap the next step goes on, and the Redis
 * client is dropped at the end, so a shutdown always ends.
 */
const CLOSE_STEP_CAP_MS = 3_000;

/** @param graceMs how long running jobs may take to finish before they are stopped (or handed back). */
export async function closeContext(ctx: AppContext, graceMs = 0): Promise<void> {
  await settledWithin(ctx.jobs.close(graceMs), graceMs + CLOSE_STEP_CAP_MS);
  ctx.running.abortAll(new Error('The server is shutting down.'));
  await settledWithin(ctx.processes.stop(), CLOSE_STEP_CAP_MS);
  await settledWithin(ctx.cancels.close(), CLOSE_STEP_CAP_MS);
  await settledWithin(ctx.asyncEvents.close(), CLOSE_STEP_CAP_MS);
  await settledWithin(ctx.store.generation.close(), CLOSE_STEP_CAP_MS);
  await ctx.connections.closeAll();
  await ctx.store.close();
  await settledWithin(ctx.redis?.close() ?? Promise.resolve(), CLOSE_STEP_CAP_MS);
  ctx.redis?.client.disconnect();
}
