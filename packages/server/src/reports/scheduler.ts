// Turns cron ticks into report runs: every process that schedules looks for due ticks, and the store's unique claim
// per (schedule, tick) lets exactly one of them enqueue the run, which a worker then executes.
import { Cron } from 'croner';
import type { AppContext } from '../app/context.js';
import { activeReports, claimTick, pruneClaims } from '../store/reports.js';
import { scheduledSavedQueries } from './scheduled-queries.js';

/** Claims are kept this long; a tick older than the look-back can never be claimed again anyway. */
const CLAIM_KEEP_MS = 2 * 24 * 3600 * 1000;

/** The latest tick of a crontab in its time zone in (after, upTo], or null. Croner handles DST gaps and repeats. */
function latestTick(crontab: string, timezone: string, after: Date, upTo: Date): Date | null {
  const cron = new Cron(crontab, { timezone, paused: true });
  let latest: Date | null = null;
  let next = cron.nextRun(after);
  // A window holds few ticks (it is a scheduler pass long); the cap only guards a crontab that fires every second.
  for (let i = 0; next && next.getTime() <= upTo.getTime() && i < 10_000; i += 1) {
    latest = next;
    next = cron.nextRun(next);
  }
  return latest;
}

/** Every tick of a crontab in (after, upTo], for tests and the docs' DST examples. */
export function ticksBetween(crontab: string, timezone: string, after: Date, upTo: Date): Date[] {
  const cron = new Cron(crontab, { timezone, paused: true });
  const ticks: Date[] = [];
  let next = cron.nextRun(after);
  while (next && next.getTime() <= upTo.getTime() && ticks.length < 10_000) {
    ticks.push(next);
    next = cron.nextRun(next);
  }
  return ticks;
}

/** A BullMQ job id may not hold ':'; one id per tick also makes a repeated enqueue a no-op on Redis. */
function jobId(kind: string, id: number, tick: string): string {
  return `${kind}-${id}-${tick.replace(/[^0-9A-Za-z]/g, '')}`;
}

/** Claims the tick and, when this process won it, queues the run. Answers whether it did. */
export async function enqueueReportRun(ctx: AppContext, reportId: number, scheduledDttm: string): Promise<boolean> {
  if (!(await claimTick(ctx.store.db, 'report', reportId, scheduledDttm))) return false;
  await ctx.jobs.enqueue('report', { reportId, scheduledDttm }, { id: jobId('report', reportId, scheduledDttm) });
  return true;
}

async function enqueueSavedQueryRun(ctx: AppContext, queryId: number, scheduledDttm: string): Promise<boolean> {
  if (!(await claimTick(ctx.store.db, 'saved_query', queryId, scheduledDttm))) return false;
  await ctx.jobs.enqueue(
    'scheduled-query',
    { savedQueryId: queryId, scheduledDttm },
    { id: jobId('saved-query', queryId, scheduledDttm) },
  );
  return true;
}

export interface PassResult {
  reports: number;
  savedQueries: number;
}

/**
 * One scheduler pass over the window (after, now]: the latest due tick of each active schedule is claimed and
 * queued. Ticks missed while nothing ran (older than the window) are not made up, as Superset's beat does not.
 * A schedule whose crontab or time zone no longer reads is skipped, never stopping the pass.
 */
export async function schedulePass(ctx: AppContext, after: Date, now: Date): Promise<PassResult> {
  const result: PassResult = { reports: 0, savedQueries: 0 };
  for (const report of await activeReports(ctx.store.db)) {
    try {
      const tick = latestTick(report.crontab, report.timezone, after, now);
      if (tick && (await enqueueReportRun(ctx, report.id, tick.toISOString()))) result.reports += 1;
    } catch (error) {
      console.error(`report ${report.id}: not scheduled:`, error instanceof Error ? error.message : error);
    }
  }
  for (const query of await scheduledSavedQueries(ctx)) {
    try {
      const start = query.startDate && query.startDate.getTime() > after.getTime() ? query.startDate : after;
      const tick = latestTick(query.crontab, 'UTC', start, now);
      if (tick && (await enqueueSavedQueryRun(ctx, query.id, tick.toISOString()))) result.savedQueries += 1;
    } catch (error) {
      console.error(`saved query ${query.id}: not scheduled:`, error instanceof Error ? error.message : error);
    }
  }
  await pruneClaims(ctx.store.db, new Date(now.getTime() - CLAIM_KEEP_MS).toISOString());
  return result;
}

/**
 * Runs a pass every interval, each looking back two intervals so a tick is never lost between two passes (the
 * claims make the overlap harmless). Answers a function that stops it.
 */
export function startScheduler(ctx: AppContext, intervalMs = ctx.config.reports.schedulerIntervalMs): () => void {
  let running = false;
  const pass = async () => {
    if (running) return;
    running = true;
    const now = new Date();
    try {
      await schedulePass(ctx, new Date(now.getTime() - 2 * intervalMs), now);
    } catch (error) {
      console.error('report scheduler pass failed:', error instanceof Error ? error.message : error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void pass(), intervalMs);
  timer.unref();
  void pass();
  return () => clearInterval(timer);
}
