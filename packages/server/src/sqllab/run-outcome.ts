// How a SQL Lab run that did not succeed is recorded: failure, time-out, a stopping worker, a client gone.
import type { AppContext } from '../app/context.js';
import { isQueryCancelledError } from '../engines/errors.js';
import { HttpError, isNezhaError, NezhaError } from '../errors/nezha-error.js';
import { ProcessStopping, WORKER_STOPPED_MESSAGE } from '../jobs/job-queue.js';
import { updateActiveQuery } from '../store/queries.js';
import type { QueryRow } from '../store/schema.js';

/** Why a run was aborted when the user did not stop it. */
export class RunTimeout {
  constructor(readonly seconds: number) {}
}

/** The client of a streamed answer closed its connection before the last row: nobody will read the rest. */
export class ClientGone {}

export const CLIENT_GONE_MESSAGE = 'The connection was closed before all rows were sent.';

function failure(error: unknown): NezhaError {
  if (isNezhaError(error)) return error;
  return new NezhaError({
    type: 'GENERIC_BACKEND_ERROR',
    status: 500,
    message: error instanceof Error ? error.message : String(error),
  });
}

/** Marks the stored query failed with the error's catalogue payload; returns the error to throw. */
export async function recordFailure(
  ctx: AppContext,
  query: QueryRow,
  error: unknown,
  executedSql: string | null = null,
): Promise<NezhaError> {
  const failed = failure(error);
  await updateActiveQuery(ctx.store.db, query.client_id, {
    status: 'failed',
    error_message: failed.message,
    end_time: Date.now(),
    extra_json: JSON.stringify({ errors: [failed.toPayload()] }),
    ...(executedSql === null ? {} : { executed_sql: executedSql }),
  });
  return failed;
}

export function workerStoppedPatch(): {
  status: 'failed';
  error_message: string;
  end_time: number;
  extra_json: string;
} {
  const error = new NezhaError({ type: 'GENERIC_BACKEND_ERROR', status: 500, message: WORKER_STOPPED_MESSAGE });
  return {
    status: 'failed',
    error_message: error.message,
    end_time: Date.now(),
    extra_json: JSON.stringify({ errors: [error.toPayload()] }),
  };
}

/** Marks a run its process could not finish as failed, with the message the user sees. */
export async function recordWorkerStopped(ctx: AppContext, clientId: string): Promise<boolean> {
  return updateActiveQuery(ctx.store.db, clientId, workerStoppedPatch());
}

/**
 * Records why a run ended without success (`reason`: what its abort signal was given) and returns the error its
 * caller should see. A stop by the user is already on the record (the guarded update keeps it).
 */
export async function settleRunError(
  ctx: AppContext,
  query: QueryRow,
  error: unknown,
  reason: unknown,
  executedSql: string | null,
): Promise<unknown> {
  if (isQueryCancelledError(error) && reason instanceof RunTimeout) {
    const timeout = new NezhaError({
      type: 'SQLLAB_TIMEOUT_ERROR',
      status: 408,
      message: `The query exceeded the ${reason.seconds} seconds timeout.`,
    });
    await updateActiveQuery(ctx.store.db, query.client_id, {
      status: 'timed_out',
      error_message: timeout.message,
      end_time: Date.now(),
    });
    return timeout;
  }
  if (reason instanceof ProcessStopping) {
    await recordWorkerStopped(ctx, query.client_id);
    return error;
  }
  if (reason instanceof ClientGone) {
    return recordFailure(
      ctx,
      query,
      new NezhaError({ type: 'GENERIC_BACKEND_ERROR', status: 499, message: CLIENT_GONE_MESSAGE }),
      executedSql,
    );
  }
  if (!isQueryCancelledError(error) && !(error instanceof HttpError && error.status === 409)) {
    return recordFailure(ctx, query, error, executedSql);
  }
  return error;
}
