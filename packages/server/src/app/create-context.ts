// Opens what a running Nezha holds: the metadata store, connection pools, Redis when configured, results, jobs.
import path from 'node:path';
import { LruStore } from '../charts/cache.js';
import type { QueryResult } from '../charts/chart-data-request.js';
import { RedisChartCacheStore } from '../charts/redis-cache-store.js';
import type { NezhaConfig } from '../config/config.js';
import { ConnectionManager } from '../databases/connection-manager.js';
import { InProcessJobQueue } from '../jobs/job-queue.js';
import { MemoryAsyncEventStore } from '../jobs/memory-async-event-store.js';
import { RedisAsyncEventStore } from '../jobs/redis-async-event-store.js';
import { RedisResultsBackend } from '../jobs/redis-results-backend.js';
import { DiskResultsBackend } from '../jobs/results-backend.js';
import { LoginThrottle } from '../security/login-throttle.js';
import { RunningQueries } from '../sqllab/running-queries.js';
import { openStore } from '../store/db.js';
import type { AppContext } from './context.js';
import { RedisConnection } from './redis-connection.js';

/** Asynchronous runs at once per process; more wait in the queue. */
const ASYNC_CONCURRENCY = 4;

/** Nothing connects here: Redis is reached on first use, or by `checkServices` when a server starts. */
export function createContext(config: NezhaConfig): AppContext {
  const redis = config.redisUrl ? new RedisConnection(config.redisUrl) : null;
  const prefix = config.redisKeyPrefix;
  return {
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
    jobs: new InProcessJobQueue(ASYNC_CONCURRENCY, (name, error) => {
      console.error(`job ${name} failed:`, error instanceof Error ? error.message : error);
    }),
    asyncEvents: redis ? new RedisAsyncEventStore(redis.client, `${prefix}async-events:`) : new MemoryAsyncEventStore(),
    running: new RunningQueries(),
    loginThrottle: new LoginThrottle(config.authRateLimit),
  };
}

/** Fails with a message naming the service when one the configuration asks for cannot be reached. */
export async function checkServices(ctx: AppContext): Promise<void> {
  await ctx.redis?.check();
}

export async function closeContext(ctx: AppContext): Promise<void> {
  ctx.running.abortAll(new Error('The server is shutting down.'));
  await ctx.jobs.drain();
  await ctx.asyncEvents.close();
  await ctx.connections.closeAll();
  await ctx.store.close();
  await ctx.redis?.close();
}
