// POST /api/v1/sqllab/execute/: checks, the query record, then a run now (200) or in the job queue (202).

import type { Readable } from 'node:stream';
import { initialRunState, isFinishedState, type QueryState } from '@nezha/core';
import type { AppContext } from '../app/context.js';
import { isQueryCancelledError } from '../engines/errors.js';
import { engineForUri } from '../engines/registry.js';
import { HttpError, NezhaError } from '../errors/nezha-error.js';
import { type JobRun, ProcessStopping } from '../jobs/job-queue.js';
import { newResultsKey } from '../jobs/results-backend.js';
import { type AuthUser, loadAuthUser } from '../security/current-user.js';
import { canAccessDatabase, canAccessSchema } from '../security/data-access.js';
import { assertCleanSqlText } from '../sql/index.js';
import type { RowRules } from '../sql/row-level-rewrite.js';
import { getDatabase } from '../store/databases.js';
import { findQueryByClientId, insertQuery, patchQuery, updateActiveQuery } from '../store/queries.js';
import type { DatabaseRow, QueryRow } from '../store/schema.js';
import { type ExecuteRequest, executeRequestSchema } from './execute-request.js';
import { type SqlLabColumn, sqlLabColumns } from './result-columns.js';
import { COLUMNAR_MEDIA_TYPE, columnarEncoder, encodeWhole, type ResultFormat } from './result-encoding.js';
import { resultPayloadJson } from './result-payload.js';
import { sqlLabRowRules } from './row-rules.js';
import { RunTimeout, recordFailure, recordWorkerStopped, settleRunError } from './run-outcome.js';
import { prepareScript, runStatements, type ScriptSettings } from './run-statements.js';
import { type QueryNames, serializeQuery } from './serialize-query.js';
import { readAhead, streamLargeResult } from './stream-result.js';

export { recordWorkerStopped, workerStoppedPatch } from './run-outcome.js';

export interface ExecuteOutcome {
  status: 200 | 202;
  contentType: string;
  /** Text for small results (turned into JSON once); a stream for large ones, pulled as the socket drains. */
  body: string | Readable;
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
  rowRules: RowRules,
  readOnly = false,
): ScriptSettings {
  const engine = engineForUri(database.sqlalchemy_uri);
  const ctasTable = request.tmp_table_name?.trim() || `tmp_${request.client_id.replace(/-/g, '_').toLowerCase()}`;
  return {
    engine: engine.name,
    // Read-only runs (the assistant's) refuse DML and CTAS whatever the database allows.
    allowDml: !readOnly && database.allow_dml === 1,
    allowCtas: !readOnly && database.allow_ctas === 1,
    allowCvas: !readOnly && database.allow_cvas === 1,
    templating: ctx.config.features.ENABLE_TEMPLATE_PROCESSING,
    templateParams: request.templateParams ?? undefined,
    user: { id: user.id, username: user.username, email: user.email },
    urlParams,
    ctas:
      request.select_as_cta && !readOnly
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
    rowRules,
  };
}

/** How a run's answer is written; `limitLarge`: a large result needs one of the process's slots (sync runs). */
interface RunOptions {
  storeResults: boolean;
  timeoutSeconds: number;
  names: QueryNames;
  signal?: AbortSignal;
  format: ResultFormat;
  limitLarge: boolean;
}

type RunBody = { kind: 'text'; text: string } | { kind: 'stream'; body: Readable; contentType: string };

/** The finished record of a successful run and the payload fields that describe it. */
function successOf(
  query: QueryRow,
  settings: ScriptSettings,
  columns: SqlLabColumn[],
  result: { executedSql: string; limit: number | null; limitingFactor: string; rows: number },
  resultsKey: string | null,
  names: QueryNames,
) {
  const finished = {
    status: 'success' as QueryState,
    progress: 100,
    rows: result.rows,
    end_time: Date.now(),
    executed_sql: result.executedSql,
    limit: result.limit,
    limiting_factor: result.limitingFactor,
    select_as_cta_used: settings.ctas ? 1 : 0,
    tmp_table_name: settings.ctas?.table ?? null,
    tmp_schema_name: settings.ctas?.schema ?? null,
  };
  const finalRow: QueryRow = { ...query, ...finished, results_key: resultsKey };
  const rest = {
    columns,
    selected_columns: columns,
    expanded_columns: [],
    query: serializeQuery(finalRow, names),
    query_id: query.id,
  };
  return { finished, rest };
}

/**
 * Runs the stored query and records the outcome. The last query's rows are read as a stream: a result that ends
 * within the first `streamThresholdRows` rows is answered whole (and recorded before the answer, as always); a
 * larger one is answered as it is read (`stream-result.ts`) and recorded when its last row is out.
 */
async function run(
  ctx: AppContext,
  database: DatabaseRow,
  query: QueryRow,
  settings: ScriptSettings,
  statements: string[],
  options: RunOptions,
): Promise<RunBody> {
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
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onStopping);
    ctx.running.finish(query.client_id);
    await ctx.processes.release(query.client_id).catch(() => undefined);
  };
  let handedOver = false;
  let executedSql: string | null = null;
  const asynchronous = query.run_async === 1;
  try {
    if (asynchronous) {
      const moved = await updateActiveQuery(ctx.store.db, query.client_id, {
        status: 'running',
        start_running_time: Date.now(),
      });
      if (!moved) throw new HttpError(409, 'The query was stopped before it started.');
    }
    const connection = await ctx.connections.forDatabase(database);
    const outcome = await runStatements(connection, statements, settings, {
      signal: controller.signal,
      streamBatchRows: ctx.config.sqlLab.streamBatchRows,
      onExecuting: (sql) => {
        executedSql = sql;
      },
      onProgress: async (done, total) => {
        if (total > 1 && done < total) {
          await updateActiveQuery(ctx.store.db, query.client_id, { progress: Math.floor((done / total) * 100) });
        }
      },
    });
    let result = outcome.result;
    let factor = outcome.limitingFactor;
    const streamed = outcome.streamed;
    if (streamed) {
      const ahead = await readAhead(streamed, ctx.config.sqlLab.streamThresholdRows);
      if (!ahead.done) {
        const release = options.limitLarge ? ctx.largeResults.tryAcquire() : () => undefined;
        if (!release) {
          await streamed.batches.return(undefined);
          throw ctx.largeResults.busyError();
        }
        const resultsKey = options.storeResults ? newResultsKey() : null;
        handedOver = true;
        const answer = streamLargeResult({
          ctx,
          query,
          streamed,
          ahead,
          format: options.format,
          results: resultsKey ? { key: resultsKey, expiresAt: Date.now() + RESULTS_TTL_MS } : null,
          controller,
          describe: (rowsSent, rowsRead, key) => {
            const { finished, rest } = successOf(
              query,
              settings,
              sqlLabColumns(ahead.columns),
              {
                executedSql: outcome.executedSql,
                limit: outcome.limit,
                limitingFactor: streamed.limitingFactor(rowsRead),
                rows: rowsSent,
              },
              key,
              options.names,
            );
            return { patch: { ...finished, results_key: key }, rest };
          },
          apply: (patch) => updateActiveQuery(ctx.store.db, query.client_id, patch),
          settle: (error) => settleRunError(ctx, query, error, controller.signal.reason, executedSql),
          cleanup: async () => {
            release();
            await cleanup();
          },
        });
        return { kind: 'stream', body: answer.body, contentType: answer.contentType };
      }
      const rows = ahead.batches.length === 1 ? (ahead.batches[0] as unknown[][]) : ahead.batches.flat();
      factor = streamed.limitingFactor(ahead.rowsRead);
      result = {
        columns: ahead.columns,
        rows: rows.length > streamed.limit ? rows.slice(0, streamed.limit) : rows,
        truncated: rows.length > streamed.limit,
      };
    }
    const columns = sqlLabColumns(result.columns);
    const names = columns.map((c) => c.name);
    const resultsKey = options.storeResults ? newResultsKey() : null;
    const { finished, rest } = successOf(
      query,
      settings,
      columns,
      { executedSql: outcome.executedSql, limit: outcome.limit, limitingFactor: factor, rows: result.rows.length },
      resultsKey,
      options.names,
    );
    const batchRows = ctx.config.sqlLab.streamBatchRows;
    const columnar =
      options.format === 'columnar' ? encodeWhole(columnarEncoder(columns), result.rows, rest, batchRows) : null;
    const payload = resultsKey !== null || columnar === null ? resultPayloadJson(names, result.rows, rest) : '';
    // The text is all that is needed from here on; let the rows go before the results are written.
    result.rows.length = 0;
    const entry = { expiresAt: Date.now() + RESULTS_TTL_MS, userId: query.user_id, payload };
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
    return { kind: 'text', text: columnar ?? payload };
  } catch (error) {
    throw await settleRunError(ctx, query, error, controller.signal.reason, executedSql);
  } finally {
    if (!handedOver) await cleanup();
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
  let statements: string[];
  let settings: ScriptSettings;
  try {
    // The rules as they are when the job runs: a rule added while it waited applies.
    const rowRules = await sqlLabRowRules(ctx, user, database, engineForUri(database.sqlalchemy_uri).name);
    settings = settingsFor(ctx, user, database, request, data.urlParams, rowRules);
    statements = prepareScript(request.sql, settings);
  } catch (error) {
    await recordFailure(ctx, query, error);
    return;
  }
  try {
    const outcome = await run(ctx, database, query, settings, statements, {
      storeResults: true,
      timeoutSeconds: ctx.config.sqlLab.asyncTimeLimitSeconds,
      names: {
        database_name: database.database_name,
        username: user.username,
        first_name: user.firstName,
        last_name: user.lastName,
      },
      signal: job.signal,
      format: 'json',
      limitLarge: false,
    });
    // A large result is written to the results backend as it is read; nothing reads the stream but this.
    if (outcome.kind === 'stream') for await (const _ of outcome.body);
  } catch {
    // The outcome is on the query record; the client learns it by polling.
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

export async function executeSql(
  ctx: AppContext,
  user: AuthUser,
  request: ExecuteRequest,
  urlParams: Record<string, string>,
  format: ResultFormat = 'json',
  options: { readOnly?: boolean } = {},
): Promise<ExecuteOutcome> {
  const readOnly = options.readOnly === true;
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
  const runAsync = !readOnly && request.runAsync === true && database.allow_run_async === 1;
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
  let settings: ScriptSettings;
  try {
    // A rule whose clause fails for this caller (a template, the guard) fails the run, recorded like any refusal.
    const rowRules = await sqlLabRowRules(ctx, user, database, engine.name);
    settings = settingsFor(ctx, user, database, request, urlParams, rowRules, readOnly);
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
      contentType: JSON_TYPE,
      body: JSON.stringify({ query: serializeQuery(query, names) }),
    };
  }
  try {
    const outcome = await run(ctx, database, query, settings, statements, {
      storeResults,
      timeoutSeconds: ctx.config.sqlLab.timeoutSeconds,
      names,
      format,
      limitLarge: true,
    });
    if (outcome.kind === 'stream') return { status: 200, contentType: outcome.contentType, body: outcome.body };
    const contentType = format === 'columnar' ? `${COLUMNAR_MEDIA_TYPE}; charset=utf-8` : JSON_TYPE;
    return { status: 200, contentType, body: outcome.text };
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
