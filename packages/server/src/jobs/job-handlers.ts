// What each kind of job does, set on the queue of every process (a web process that only enqueues sets them too).
import type { AppContext } from '../app/context.js';
import { runChartDataJob } from '../chart-data/async-chart-data.js';
import { runReportJob } from '../reports/execute.js';
import { runScheduledQueryJob } from '../reports/scheduled-queries.js';
import { runSqlLabJob } from '../sqllab/execute-service.js';

export function registerJobHandlers(ctx: AppContext): void {
  // A SQL Lab script may write (DML, CTAS): never run twice, so a run whose worker died ends failed.
  ctx.jobs.handle('sqllab', (run) => runSqlLabJob(ctx, run));
  ctx.jobs.handle('chart-data', (run) => runChartDataJob(ctx, run), { safeToRerun: true });
  // A report mails people: delivered twice is worse than once missed, so a run whose worker died is not re-run.
  ctx.jobs.handle('report', (run) => (run.attempt > 1 ? Promise.resolve() : runReportJob(ctx, run)));
  ctx.jobs.handle('scheduled-query', (run) => (run.attempt > 1 ? Promise.resolve() : runScheduledQueryJob(ctx, run)));
}
