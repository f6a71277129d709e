// Runs the HTTP server until SIGINT/SIGTERM (after checking Redis when configured), then closes pools, the store and Redis.
// With Redis, the web process runs jobs itself only when no `nezha worker` is running (or never, with --no-worker).
import { buildApp } from '../app/build-app.js';
import type { AppContext } from '../app/context.js';
import { ASYNC_CONCURRENCY, checkServices, closeContext, createContext, joinCluster } from '../app/create-context.js';
import type { NezhaConfig } from '../config/config.js';
import { JOB_KINDS } from '../jobs/job-queue.js';
import { finishOrphanedRuns, sweepOrphansEvery } from '../jobs/orphan-runs.js';
import { startScheduler } from '../reports/scheduler.js';
import { chromiumMissingMessage } from '../reports/screenshot.js';
import { upgradeStore } from '../store/migrate.js';
import { syncBuiltinRoles } from '../store/permissions.js';

export interface ServeOptions {
  /** false: this web process only enqueues (`--no-worker`); jobs wait for a `nezha worker`. */
  worker?: boolean;
}

/** Decides whether this web process runs jobs, and says so. */
async function chooseJobRunner(ctx: AppContext, options: ServeOptions): Promise<void> {
  if (ctx.jobs.backend === 'in-process') {
    ctx.jobs.consume(JOB_KINDS, ASYNC_CONCURRENCY);
    return;
  }
  const workers = (await ctx.processes.alive()).filter((p) => p.role === 'worker').length;
  if (options.worker === false) {
    console.log(
      workers > 0
        ? `Web process only (--no-worker): ${workers} worker(s) run the jobs.`
        : 'Web process only (--no-worker): no worker is running yet; jobs wait in Redis until `nezha worker` starts.',
    );
    return;
  }
  if (workers === 0) {
    console.log('No worker is running (nezha worker): this web process runs the jobs itself.');
    ctx.jobs.consume(JOB_KINDS, ASYNC_CONCURRENCY);
  } else {
    console.log(`${workers} worker(s) running: this web process only enqueues jobs.`);
  }
}

export async function startServer(config: NezhaConfig, options: ServeOptions = {}): Promise<void> {
  const ctx = createContext(config, { role: 'web', runJobs: false });
  try {
    await checkServices(ctx);
  } catch (error) {
    await closeContext(ctx);
    throw error;
  }
  // Under the store's migration lock (an advisory lock on PostgreSQL): a no-op once `nezha db upgrade` ran.
  await upgradeStore(ctx.store);
  // A release that changes a built-in role (Alpha losing all_query_access) reaches installs that only run serve.
  await syncBuiltinRoles(ctx.store.db);
  await joinCluster(ctx);
  const orphans = await finishOrphanedRuns(ctx);
  if (orphans > 0) console.log(`Finished ${orphans} query run(s) left running by a process that stopped.`);
  // Four beats: a dead process's key has expired (three) by then.
  const stopSweeping = sweepOrphansEvery(ctx, 4 * config.workerHeartbeatMs);
  await chooseJobRunner(ctx, options);
  if (ctx.jobs.consuming) {
    const missing = chromiumMissingMessage(ctx);
    if (missing) console.warn(missing);
  }
  // Due report ticks are claimed in the store, so this process and every worker may all look for them.
  const stopScheduler = startScheduler(ctx);
  const app = await buildApp(ctx, { logger: process.env.NEZHA_LOG_REQUESTS === '1' });
  await app.listen({ host: config.host, port: config.port });
  console.log(`Nezha is running at http://${config.host}:${config.port}/`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  console.log('Shutting down…');
  await app.close();
  stopScheduler();
  stopSweeping();
  await closeContext(ctx, config.workerShutdownMs);
}
