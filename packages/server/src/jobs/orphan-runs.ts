// On start: SQL Lab runs left active by a process that died are finished as failed, so none stays `running` forever.
// Only those whose owner is gone: with Redis, other live processes' runs and jobs still queued are left alone.
import type { AppContext } from '../app/context.js';
import { sqlLabJobId, workerStoppedPatch } from '../sqllab/execute-service.js';
import { failOrphanedQueries } from '../store/queries.js';
import { BullJobQueue } from './bullmq-job-queue.js';

/** A run this young may not be claimed by its owner yet (between the record and the claim, or the enqueue). */
const CLAIM_GRACE_MS = 10_000;

export async function finishOrphanedRuns(ctx: AppContext): Promise<number> {
  const patch = workerStoppedPatch();
  const failure = { message: patch.error_message, extraJson: patch.extra_json };
  const jobs = ctx.jobs;
  if (!ctx.redis || !(jobs instanceof BullJobQueue)) {
    // One process owns every run, and its in-process queue did not outlive it.
    return failOrphanedQueries(ctx.store.db, failure);
  }
  return failOrphanedQueries(ctx.store.db, failure, {
    graceMs: CLAIM_GRACE_MS,
    isOrphan: async (run) => {
      if (await ctx.processes.ownerAlive(run.client_id)) return false;
      // Queued, or running on a worker whose death the stalled check will notice and report.
      if (run.run_async === 1 && (await jobs.isLive('sqllab', sqlLabJobId(run)))) return false;
      await ctx.processes.release(run.client_id);
      return true;
    },
  });
}

/**
 * With Redis, sweeps again every `intervalMs` while the process runs: a synchronous run whose web process died has no
 * job for the stalled check to find, and would otherwise wait for the next process start. Returns the stop function.
 * Without Redis there is nothing to sweep: the one process owns every run.
 */
export function sweepOrphansEvery(ctx: AppContext, intervalMs: number): () => void {
  if (!ctx.redis) return () => undefined;
  const timer = setInterval(() => {
    void finishOrphanedRuns(ctx).catch(() => undefined);
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
