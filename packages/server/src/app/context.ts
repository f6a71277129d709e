// What every route and service reaches: settings, the metadata store, database connections, jobs and their events,
// caches.
import type { ChartCacheStore } from '../chart-data/cache.js';
import type { QueryResult } from '../chart-data/chart-data-request.js';
import type { NezhaConfig } from '../config/config.js';
import type { ConnectionManager } from '../databases/connection-manager.js';
import type { AsyncEventStore } from '../jobs/async-event-store.js';
import type { CancelChannel } from '../jobs/cancel-channel.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { ProcessRegistry } from '../jobs/process-registry.js';
import type { ResultsBackend } from '../jobs/results-backend.js';
import type { LoginThrottle } from '../security/login-throttle.js';
import type { LargeResultSlots } from '../sqllab/large-result-slots.js';
import type { RunningQueries } from '../sqllab/running-queries.js';
import type { MetadataStore } from '../store/db.js';
import type { RedisConnection } from './redis-connection.js';

export interface AppContext {
  config: NezhaConfig;
  store: MetadataStore;
  connections: ConnectionManager;
  /** Set when NEZHA_REDIS_URL is; the results backend and the chart cache then live there. */
  redis: RedisConnection | null;
  results: ResultsBackend;
  /** Where chart data answers are kept: an in-process LRU, or Redis. */
  chartStore: ChartCacheStore<QueryResult>;
  /** Asynchronous runs: in this process, or on Redis (BullMQ) for whichever process consumes them. */
  jobs: JobQueue;
  /** Stop requests, reaching the process that runs the query. */
  cancels: CancelChannel;
  /** This process (web or worker) as other processes see it, and the runs it holds. */
  processes: ProcessRegistry;
  /** What finished background jobs tell the sessions that started them (GLOBAL_ASYNC_QUERIES). */
  asyncEvents: AsyncEventStore;
  running: RunningQueries;
  /** SQL Lab results being streamed because they are large; capped per process. */
  largeResults: LargeResultSlots;
  /** Failed logins per username and address; per process. */
  loginThrottle: LoginThrottle;
}
