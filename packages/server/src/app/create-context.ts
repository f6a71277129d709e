// Opens what a running Nezha holds: the metadata store, connection pools, results and jobs.
import path from 'node:path';
import type { NezhaConfig } from '../config/config.js';
import { ConnectionManager } from '../databases/connection-manager.js';
import { InProcessJobQueue } from '../jobs/job-queue.js';
import { MemoryAsyncEventStore } from '../jobs/memory-async-event-store.js';
import { DiskResultsBackend } from '../jobs/results-backend.js';
import { RunningQueries } from '../sqllab/running-queries.js';
import { openStore } from '../store/db.js';
import type { AppContext } from './context.js';

/** Asynchronous runs at once per process; more wait in the queue. */
const ASYNC_CONCURRENCY = 4;

export function createContext(config: NezhaConfig): AppContext {
  return {
    config,
    store: openStore(config.databaseUrl),
    connections: new ConnectionManager(config),
    results: new DiskResultsBackend(path.join(config.home, 'results')),
    jobs: new InProcessJobQueue(ASYNC_CONCURRENCY, (name, error) => {
      console.error(`job ${name} failed:`, error instanceof Error ? error.message : error);
    }),
    asyncEvents: new MemoryAsyncEventStore(),
    running: new RunningQueries(),
  };
}

export async function closeContext(ctx: AppContext): Promise<void> {
  ctx.running.abortAll(new Error('The server is shutting down.'));
  await ctx.jobs.drain();
  await ctx.connections.closeAll();
  await ctx.store.close();
}
