// What each kind of job does, set on the queue of every process (a web process that only enqueues sets them too).
import type { AppContext } from '../app/context.js';
import { runChartDataJob } from '../charts/async-chart-data.js';
import { runSqlLabJob } from '../sqllab/execute-service.js';

export function registerJobHandlers(ctx: AppContext): void {
  // A SQL Lab script may write (DML, CTAS): never run twice, so a run whose worker died ends failed.
  ctx.jobs.handle('sqllab', (run) => runSqlLabJob(ctx, run));
  ctx.jobs.handle('chart-data', (run) => runChartDataJob(ctx, run), { safeToRerun: true });
}
