// What every route and service reaches: settings, the metadata store, database connections, jobs and their events.
import type { NezhaConfig } from '../config/config.js';
import type { ConnectionManager } from '../databases/connection-manager.js';
import type { AsyncEventStore } from '../jobs/async-event-store.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { ResultsBackend } from '../jobs/results-backend.js';
import type { RunningQueries } from '../sqllab/running-queries.js';
import type { MetadataStore } from '../store/db.js';

export interface AppContext {
  config: NezhaConfig;
  store: MetadataStore;
  connections: ConnectionManager;
  results: ResultsBackend;
  jobs: JobQueue;
  /** What finished background jobs tell the sessions that started them (GLOBAL_ASYNC_QUERIES). */
  asyncEvents: AsyncEventStore;
  running: RunningQueries;
}
