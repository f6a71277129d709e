// `nezha worker`: runs jobs from the Redis queue (no HTTP API), heartbeats, and on SIGTERM lets running jobs finish
// within NEZHA_WORKER_SHUTDOWN_MS before handing them back (chart queries) or ending them failed (SQL Lab runs).
import { createServer, type Server } from 'node:http';
import { checkServices, closeContext, createContext, joinCluster } from '../app/create-context.js';
import { healthOf } from '../app/health.js';
import type { NezhaConfig } from '../config/config.js';
import type { JobKind } from '../jobs/job-queue.js';
import { finishOrphanedRuns, sweepOrphansEvery } from '../jobs/orphan-runs.js';
import { startScheduler } from '../reports/scheduler.js';
import { chromiumMissingMessage } from '../reports/screenshot.js';

export interface WorkerOptions {
  concurrency: number;
  kinds: readonly JobKind[];
  /** Where /health, /health/ready and /health/live answer (none when unset). */
  healthPort?: number;
  healthHost?: string;
}

export async function startWorker(config: NezhaConfig, options: WorkerOptions): Promise<void> {
  if (!config.redisUrl) {
    throw new Error('nezha worker needs NEZHA_REDIS_URL: without Redis, jobs run inside the web process.');
  }
  const ctx = createContext(config, { role: 'worker', runJobs: false });
  try {
    await checkServices(ctx);
  } catch (error) {
    await closeContext(ctx);
    throw error;
  }
  await joinCluster(ctx);
  const orphans = await finishOrphanedRuns(ctx);
  if (orphans > 0) console.log(`Finished ${orphans} query run(s) left running by a process that stopped.`);
  // Four beats: a dead process's key has expired (three) by then.
  const stopSweeping = sweepOrphansEvery(ctx, 4 * config.workerHeartbeatMs);
  ctx.jobs.consume(options.kinds, options.concurrency);
  if (options.kinds.includes('report')) {
    const missing = chromiumMissingMessage(ctx);
    if (missing) console.warn(missing);
  }
  // Every process may look for due ticks: the store's claims let one of them queue each run.
  const stopScheduler = startScheduler(ctx);
  let server: Server | null = null;
  if (options.healthPort !== undefined) {
    server = createServer((request, response) => {
      const live = request.url === '/health/live';
      if (!live && request.url !== '/health' && request.url !== '/health/ready') {
        response.writeHead(404).end();
        return;
      }
      void healthOf(ctx).then((health) => {
        const code = live || health.status === 'ok' ? 200 : 503;
        const body = live ? { status: 'ok', role: health.role } : health;
        response.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
    const listening = server;
    await new Promise<void>((resolve) =>
      listening.listen(options.healthPort, options.healthHost ?? config.host, () => resolve()),
    );
  }
  console.log(
    `Nezha worker ${ctx.processes.id} (pid ${process.pid}) runs ${options.kinds.join(', ')} jobs, ${options.concurrency} at once.`,
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  console.log(`Stopping: running jobs get ${config.workerShutdownMs} ms to finish…`);
  server?.close();
  stopScheduler();
  stopSweeping();
  await closeContext(ctx, config.workerShutdownMs);
  console.log('Worker stopped.');
}
