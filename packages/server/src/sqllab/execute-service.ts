// POST /api/v1/sqllab/execute/: checks, the query record, then a run now (200) or in the job queue (202).
import { initialRunState, isFinishedState, type QueryState } from '@nezha/core';
import type { AppContext } from '../app/context.js';
import { isQueryCancelledError } from '../engines/errors.js';
import { engineForUri } from '../engines/registry.js';
import { HttpError, isNezhaError, NezhaError } from '../errors/nezha-error.js';
import { type JobRun, ProcessStopping, WORKER_STOPPED_MESSAGE } from '../jobs/job-queue.js';
import { newResultsKey } from '../jobs/results-backend.js';
import { type AuthUser, loadAuthUser } from '../security/current-user.js';
import { canAccessDatabase, canAccessSchema } from '../security/data-access.js';
import { assertCleanSqlText } from '../sql/index.js';
import { getDatabase } from '../store/databases.js';
import { findQueryByClientId, insertQuery, patchQuery, updateActiveQuery } from '../store/queries.js';
import type { DatabaseRow, QueryRow } from '../store/schema.js';
import { type ExecuteRequest, executeRequestSchema } from './execute-request.js';
import { sqlLabColumns } from './result-columns.js';
import { resultPayloadJson } from './result-payload.js';
import { prepareScript, runStatements, type ScriptSettings } from './run-statements.js';
import { type QueryNames, serializeQuery } from './serialize-query.js';

/** Why a run was aborted when the user did not stop it. */
class RunTimeout {
  constructor(readonly seconds: number) {}
}

export interface ExecuteOutcome {
  status: 200 | 202;
  /** Already serialized: large results are turned into JSON text once. */
  body: string;
}

function failure(error: unknown): NezhaError {
  if (isNezhaError(error)) return error;
  return new NezhaError({
    type: 'GENERIC_BACKEND_ERROR',
    status: 500,
    message: error instanceof Error ? error.message : String(error),
  });
}

async function loadDatabase(ctx: AppContext, user: AuthUser, request: ExecuteRequest): Promise<DatabaseRow> {
  const database = await getDatabase(ctx.store.db, request.database_id);
  if (!database) {
    throw new NezhaError({ type: 'DATABASE_NOT_FOUND_ERROR', status: 404, message: 'The database was not found.' });
  }
  if (!canAccessDatabase(user, database)) {
    // Not its name: a caller without access must not learn what the database is called from probing ids.
    throw new NezhaError({
      type: 'DATABASE_SECURITY_ACCESS_ERROR',
      status: 403,
      message: 'You need access to this database to run this query.',
    });
  }
  if (database.expose_in_sqllab !== 1) {
    throw new NezhaError({
      type: 'DATABASE_SECURITY_ACCESS_ERROR',
      status: 403,
      message: `The database "${database.database_name}" is not exposed in SQL Lab.`,
    });
  }
  return database;
}

function settingsFor(
  ctx: AppContext,
  user: AuthUser,
  database: DatabaseRow,
  request: ExecuteRequest,
  urlParams: Record<string, string>,
): ScriptSettings {
  const engine = engineForUri(database.sqlalchemy_uri);
  const ctasTable = request.tmp_table_name?.trim() || `tmp_${request.client_id.replace(/-/g, '_').toLowerCase()}`;
  return {
    engine: engine.name,
    allowDml: database.allow_dml === 1,
    allowCtas: database.allow_ctas === 1,
    allowCvas: database.allow_cvas === 1,
    templating: ctx.config.features.ENABLE_TEMPLATE_PROCESSING,
    templateParams: request.templateParams ?? undefined,
    user: { id: user.id, username: user.username, email: user.email },
    urlParams,
    ctas: request.select_as_cta
      ? {
          method: request.ctas_method ?? 'TABLE',
          table: ctasTable,
          schema: database.force_ctas_schema ?? request.schema ?? null,
        }
      : null,
    dropdownLimit: request.queryLimit ?? null,
    defaultLimit: ctx.config.sqlLab.defaultLimit,
    sqlMaxRow: ctx.config.sqlLab.maxRow,
    schema: request.schema ?? null,
  };
}

/** Marks the stored query failed with the error's catalogue payload; returns the error to throw. */
async function recordFailure(
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

/** Marks a run its process could not finish as failed, with the message the user sees. */
export async function recordWorkerStopped(ctx: AppContext, clientId: string): Promise<boolean> {
  return updateActiveQuery(ctx.store.db, clientId, workerStoppedPatch());
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

/** Runs the stored query to its end and records the outcome; returns the success payload text. */
async function run(
  ctx: AppContext,
  database: DatabaseRow,
  query: QueryRow,
  settings: ScriptSettings,
  statements: string[],
  options: { storeResults: boolean; timeoutSeconds: number; names: QueryNames; signal?: AbortSignal },
): Promise<string> {
  const controller = ctx.running.start(query.client_id);
  const onStopping = () => controller.abort(new ProcessStopping());
  options.signal?.addEventListener('abort', onStopping, { once: true });
  // Claimed so a process starting meanwhile knows the run is alive and leaves it alone.
  await ctx.processes.claim(query.client_id).catch(() => undefined);
  const timer = setTimeout(
    () => controller.abort(new RunTimeout(options.timeoutSeconds)),
    options.timeoutSeconds * 1000,
  );
  timer.unref();
  let executedSql: string | null = null;
  try {
    if (query.run_async === 1) {
      const moved = await updateActiveQuery(ctx.store.db, query.client_id, {
        status: 'running',
        start_running_time: Date.now(),
      });
      if (!moved) throw new HttpError(409, 'The query was stopped before it started.');
    }
    const connection = await ctx.connections.forDatabase(database);
    const outcome = await runStatements(connection, statements, settings, {
      signal: controller.signal,
      onExecuting: (sql) => {
        executedSql = sql;
      },
      onProgress: async (done, total) => {
        if (total > 1 && done < total) {
          await updateActiveQuery(ctx.store.db, query.client_id, { progress: Math.floor((done / total) * 100) });
        }
      },
    });
    const columns = sqlLabColumns(outcome.result.columns);
    const names = columns.map((c) => c.name);
    const resultsKey = options.storeResults ? newResultsKey() : null;
    const finished = {
      status: 'success' as QueryState,
      progress: 100,
      rows: outcome.result.rows.length,
      end_time: Date.now(),
      executed_sql: outcome.executedSql,
      limit: outcome.limit,
      limiting_factor: outcome.limitingFactor,
      select_as_cta_used: settings.ctas ? 1 : 0,
      tmp_table_name: settings.ctas?.table ?? null,
      tmp_schema_name: settings.ctas?.schema ?? null,
    };
    const finalRow: QueryRow = { ...query, ...finished, results_key: resultsKey };
    const payload = resultPayloadJson(names, outcome.result.rows, {
      columns,
      selected_columns: columns,
      expanded_columns: [],
      query: serializeQuery(finalRow, options.names),
      query_id: query.id,
    });
    // The text is all that is needed from here on; let the rows go before the results are written.
    outcome.result.rows.length = 0;
    const entry = { expiresAt: Date.now() + RESULTS_TTL_MS, userId: query.user_id, payload };
    const asynchronous = query.run_async === 1;
    // An asynchronous run is fetched by its key, so the key is live before the run says success.
    if (resultsKey && asynchronous) await ctx.results.put(resultsKey, entry);
    // A stop that landed while rows were read wins: the guarded update leaves a finished run alone.
    const applied = await updateActiveQuery(ctx.store.db, query.client_id, {
      ...finished,
      results_key: asynchronous ? resultsKey : null,
    });
    if (!applied) {
      if (resultsKey && asynchronous) await ctx.results.delete(resultsKey);
      throw new HttpError(409, 'The query was stopped.');
    }
    if (resultsKey && !asynchronous) {
      // The caller already has the rows; keeping them for a later reload need not delay the answer.
      void ctx.results
        .put(resultsKey, entry)
        .then(() => patchQuery(ctx.store.db, query.client_id, { results_key: resultsKey }))
        .catch(() => undefined);
    }
    return payload;
  } catch (error) {
    const reason: unknown = controller.signal.reason;
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
      throw timeout;
    }
    if (reason instanceof ProcessStopping) {
      await recordWorkerStopped(ctx, query.client_id);
      throw error;
    }
    if (!isQueryCancelledError(error) && !(error instanceof HttpError && error.status === 409)) {
      throw await recordFailure(ctx, query, error, executedSql);
    }
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onStopping);
    ctx.running.finish(query.client_id);
    await ctx.processes.release(query.client_id).catch(() => undefined);
  }
}

/** Results stay fetchable for a day, as the browser keeps them (spec §9). */
export const RESULTS_TTL_MS = 24 * 3600 * 1000;
/** What an asynchronous run's job carries: enough to rebuild the run in any process. */
interface SqlLabJobData {
  clientId: string;
  userId: number;
  request: ExecuteRequest;
  urlParams: Record<string, string>;
}

/** The job id of a run: one job per query, so a run is never queued twice. */
export const sqlLabJobId = (query: { id: number }) => `query-${query.id}`;

/**
 * Runs a queued SQL Lab query in whichever process took the job: the record, database and user are read again and
 * the script prepared again (the same guards as when it was entered). A job delivered again after its worker died
 * already started once: running DML twice is not safe, so it ends failed.
 */
export async function runSqlLabJob(ctx: AppContext, job: JobRun): Promise<void> {
  const data = job.data as unknown as SqlLabJobData;
  const query = await findQueryByClientId(ctx.store.db, data.clientId);
  if (!query || isFinishedState(query.status as QueryState)) return;
  if (job.attempt > 1 || query.status !== 'pending') {
    await recordWorkerStopped(ctx, query.client_id);
    return;
  }
  const request = executeRequestSchema.parse(data.request);
  const user = await loadAuthUser(ctx.store.db, data.userId);
  const database = await getDatabase(ctx.store.db, query.database_id);
  if (!user || !database) {
    await recordFailure(ctx, query, new HttpError(409, 'The user or database of this query is gone.'));
    return;
  }
  const settings = settingsFor(ctx, user, database, request, data.urlParams);
  let statements: string[];
  try {
    statements = prepareScript(request.sql, settings);
  } catch (error) {
    await recordFailure(ctx, query, error);
    return;
  }
  try {
    await run(ctx, database, query, settings, statements, {
      storeResults: true,
      timeoutSeconds: ctx.config.sqlLab.asyncTimeLimitSeconds,
      names: {
        database_name: database.database_name,
        username: user.username,
        first_name: user.firstName,
        last_name: user.lastName,
      },
      signal: job.signal,
    });
  } catch {
    // The outcome is on the query record; the client learns it by polling.
  }
}

export async function executeSql(
  ctx: AppContext,
  user: AuthUser,
  request: ExecuteRequest,
  urlParams: Record<string, string>,
): Promise<ExecuteOutcome> {
  if (request.sql.trim() === '') {
    throw new NezhaError({
      type: 'INVALID_SQL_ERROR',
      status: 400,
      message: 'The query is empty: there is no statement to run.',
    });
  }
  // Before the record: the store would keep a lone surrogate as U+FFFD, and the guards must see what was sent.
  assertCleanSqlText(request.sql);
  const database = await loadDatabase(ctx, user, request);
  const engine = engineForUri(database.sqlalchemy_uri);
  if (!canAccessSchema(user, database, request.schema ?? engine.dialect.defaultSchema)) {
    throw new NezhaError({
      type: 'DATABASE_SECURITY_ACCESS_ERROR',
      status: 403,
      message: `You need access to the schema "${request.schema ?? ''}" of database "${database.database_name}".`,
    });
  }
  if (await findQueryByClientId(ctx.store.db, request.client_id)) {
    throw new NezhaError({
      type: 'INVALID_PAYLOAD_SCHEMA_ERROR',
      status: 400,
      message: 'A query with this client_id already exists.',
    });
  }
  const runAsync = request.runAsync === true && database.allow_run_async === 1;
  const query = await insertQuery(ctx.store.db, {
    client_id: request.client_id,
    database_id: database.id,
    user_id: user.id,
    status: initialRunState(runAsync),
    tab_name: request.tab ?? null,
    sql_editor_id:
      request.sql_editor_id === undefined || request.sql_editor_id === null ? null : String(request.sql_editor_id),
    catalog: request.catalog ?? null,
    schema: request.schema ?? null,
    sql: request.sql,
    limit: request.queryLimit ?? null,
    select_as_cta: request.select_as_cta ? 1 : 0,
    ctas_method: request.select_as_cta ? (request.ctas_method ?? 'TABLE') : null,
    tmp_table_name: request.tmp_table_name ?? null,
    run_async: runAsync ? 1 : 0,
    start_time: Date.now(),
    start_running_time: runAsync ? null : Date.now(),
    limiting_factor: 'UNKNOWN',
    select_as_cta_used: 0,
    progress: 0,
    extra_json: '{}',
  });
  const settings = settingsFor(ctx, user, database, request, urlParams);
  const names: QueryNames = {
    database_name: database.database_name,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
  };
  const storeResults = runAsync || ctx.config.features.SQLLAB_BACKEND_PERSISTENCE;
  // Templates, splitting and every guard run before anything is queued, so an async run is refused (4xx)
  // exactly like a sync one and the job only ever receives statements that passed.
  let statements: string[];
  try {
    statements = prepareScript(request.sql, settings);
  } catch (error) {
    throw await recordFailure(ctx, query, error);
  }
  if (runAsync) {
    const data: SqlLabJobData = { clientId: query.client_id, userId: user.id, request, urlParams };
    try {
      await ctx.jobs.enqueue('sqllab', JSON.parse(JSON.stringify(data)), { id: sqlLabJobId(query) });
    } catch (error) {
      throw await recordFailure(ctx, query, error);
    }
    return {
      status: 202,
      body: JSON.stringify({ query: serializeQuery(query, names) }),
    };
  }
  try {
    const body = await run(ctx, database, query, settings, statements, {
      storeResults,
      timeoutSeconds: ctx.config.sqlLab.timeoutSeconds,
      names,
    });
    return { status: 200, body };
  } catch (error) {
    if (isQueryCancelledError(error) || (error instanceof HttpError && error.status === 409)) {
      throw new NezhaError({
        type: 'GENERIC_DB_ENGINE_ERROR',
        status: 400,
        level: 'warning',
        message: 'Query was stopped.',
      });
    }
    throw error;
  }
}
