// Stop a run, read its results by key, read run records and the caller's history.
import type { Readable } from 'node:stream';
import { isFinishedState, type QueryHistoryRecord, type QueryState } from '@nezha/core';
import type { AppContext } from '../app/context.js';
import { relatedDatabases, relatedOwners } from '../datasets/related.js';
import type { EngineName } from '../engines/types.js';
import { HttpError, NezhaError } from '../errors/nezha-error.js';
import { isResultsKey } from '../jobs/results-backend.js';
import type { AuthUser } from '../security/current-user.js';
import { userHasPermission } from '../security/current-user.js';
import type { ListOptions } from '../store/list.js';
import {
  findQueryByClientId,
  findQueryById,
  findQueryByResultsKey,
  listQueries,
  queriesUpdatedSince,
  updateActiveQuery,
} from '../store/queries.js';
import type { QueryRow } from '../store/schema.js';
import { enginesOfDatabases, scriptTables } from './query-tables.js';
import { serializeQuery } from './serialize-query.js';

function engineTables(sql: string | null, engine: EngineName | undefined) {
  return sql && engine ? scriptTables(sql, engine) : [];
}

function hasAllQueryAccess(user: AuthUser): boolean {
  return userHasPermission(user, 'all_query_access', 'all_query_access');
}

/** Only the query's own user (or one with all_query_access) may stop it, read it or export its rows. */
export function assertOwner(user: AuthUser, query: QueryRow): void {
  if (query.user_id !== user.id && !hasAllQueryAccess(user)) {
    throw new NezhaError({
      type: 'QUERY_SECURITY_ACCESS_ERROR',
      status: 403,
      message: 'You are not allowed to access this query.',
    });
  }
}

/**
 * Stops a run. A run that has already ended keeps its outcome and the call still answers OK, as Superset's
 * QueryDAO.stop_query does: the browser may still be reading a streamed answer the server finished sending, and
 * the user's Stop is then honoured by the browser alone.
 */
export async function stopQuery(ctx: AppContext, user: AuthUser, clientId: string): Promise<void> {
  const query = await findQueryByClientId(ctx.store.db, clientId);
  if (!query) throw new HttpError(404, 'Query not found.');
  assertOwner(user, query);
  if (isFinishedState(query.status as QueryState)) return;
  // The record says stopped first, so a result that arrives during the cancel cannot win. When the run ended
  // between the read above and this update, its outcome stands and there is nothing left to cancel.
  const stopped = await updateActiveQuery(ctx.store.db, clientId, {
    status: 'stopped',
    end_time: Date.now(),
    results_key: null,
  });
  if (!stopped) return;
  // The run may be in flight on another process: the cancel channel reaches it there.
  await ctx.cancels.cancel(clientId, 'stopped by the user');
}

/** Whether a run the caller may see was given this results key. */
async function recordNamesKey(ctx: AppContext, user: AuthUser, key: string): Promise<boolean> {
  const row = await findQueryByResultsKey(ctx.store.db, key);
  return row !== undefined && (row.user_id === user.id || hasAllQueryAccess(user));
}

/**
 * The stored results payload of a key: as a stream of the stored bytes (however large, never held whole), or cut to
 * `rows` rows (read and parsed whole).
 */
export async function fetchResults(
  ctx: AppContext,
  user: AuthUser,
  key: string,
  rows: number | undefined,
): Promise<string | Readable> {
  if (rows === undefined) return (await readableEntry(ctx, user, key, (k) => ctx.results.read(k))).payload;
  const entry = await readableEntry(ctx, user, key, (k) => ctx.results.get(k));
  const payload = JSON.parse(entry.payload) as { data: unknown[] } & Record<string, unknown>;
  if (payload.data.length <= rows) return entry.payload;
  return JSON.stringify({ ...payload, data: payload.data.slice(0, rows), displayLimitReached: true });
}

/** The entry of a key the caller may read, or the refusal a missing, expired or foreign one answers. */
async function readableEntry<Entry extends { userId: number | null; payload: string | Readable }>(
  ctx: AppContext,
  user: AuthUser,
  key: string,
  load: (key: string) => Promise<Entry | 'expired' | undefined>,
): Promise<Entry> {
  let entry = await load(key);
  // The backend forgot the key (a Redis without persistence restarted), but the run's record still names it: the
  // results existed and are gone, which says "run it again" (410) rather than "no such key" (404).
  if (entry === undefined && isResultsKey(key) && (await recordNamesKey(ctx, user, key))) entry = 'expired';
  if (entry === undefined) {
    throw new NezhaError({
      type: 'RESULTS_BACKEND_ERROR',
      status: 404,
      message: 'The results key was never issued or its results are gone.',
    });
  }
  if (entry === 'expired') {
    throw new NezhaError({
      type: 'RESULTS_BACKEND_ERROR',
      status: 410,
      message: 'Data could not be retrieved from the results backend. You need to re-run the original query.',
    });
  }
  if (entry.userId !== user.id && !hasAllQueryAccess(user)) {
    if (typeof entry.payload !== 'string') entry.payload.destroy();
    throw new NezhaError({
      type: 'QUERY_SECURITY_ACCESS_ERROR',
      status: 403,
      message: 'You are not allowed to read these results.',
    });
  }
  return entry;
}

export async function queryRecord(ctx: AppContext, user: AuthUser, id: number) {
  const query = await findQueryById(ctx.store.db, id);
  if (!query) throw new HttpError(404, 'Not found');
  assertOwner(user, query);
  const database = await ctx.store.db
    .selectFrom('dbs')
    .select('database_name')
    .where('id', '=', query.database_id)
    .executeTakeFirst();
  // The owner's name, as the history list and Superset's Query.to_dict give it.
  const owner =
    query.user_id === null
      ? undefined
      : await ctx.store.db
          .selectFrom('ab_user')
          .select(['username', 'first_name', 'last_name'])
          .where('id', '=', query.user_id)
          .executeTakeFirst();
  return serializeQuery(query, { database_name: database?.database_name ?? null, ...owner });
}

export async function queryHistory(ctx: AppContext, user: AuthUser, options: ListOptions) {
  const { count, rows } = await listQueries(ctx.store.db, options, hasAllQueryAccess(user) ? undefined : user.id);
  const engines = await enginesOfDatabases(
    ctx,
    rows.map((row) => row.database_id),
  );
  return {
    count,
    ids: rows.map((r) => r.id),
    result: rows.map((row) => ({
      ...serializeQuery(row, row),
      database: { id: row.database_id, database_name: row.database_name },
      user: { id: row.user_id, username: row.username, first_name: row.first_name, last_name: row.last_name },
      start_time: row.start_time,
      end_time: row.end_time,
      status: row.status as QueryState,
      executed_sql: row.executed_sql,
      tab_name: row.tab_name,
      sql_tables: engineTables(row.sql, engines.get(row.database_id)),
    })) satisfies QueryHistoryRecord[],
  };
}

export async function queriesChangedSince(ctx: AppContext, user: AuthUser, sinceMs: number) {
  const rows = await queriesUpdatedSince(ctx.store.db, user.id, new Date(sinceMs).toISOString());
  return rows.map((row) => serializeQuery(row, row));
}

interface RelatedOptions {
  filter: string;
  page: number;
  pageSize: number;
}

/**
 * GET /api/v1/query/related/user: the history's user picker. Only a caller who may read everyone's runs picks among
 * everyone; the others see only themselves, since the list would show them nobody else's runs anyway.
 */
export async function relatedQueryUsers(ctx: AppContext, user: AuthUser, options: RelatedOptions) {
  if (hasAllQueryAccess(user)) return relatedOwners(ctx, options);
  const text = `${user.firstName} ${user.lastName}`.trim();
  const needle = options.filter.trim().toLowerCase();
  const matches = needle === '' || [text, user.username].some((name) => name.toLowerCase().includes(needle));
  const self = { value: user.id, text, extra: { active: true, email: user.email } };
  return { count: matches ? 1 : 0, result: matches && options.page === 0 ? [self] : [] };
}

/** GET /api/v1/query/related/database: the databases the caller may reach, as the dataset list's picker. */
export function relatedQueryDatabases(ctx: AppContext, user: AuthUser, options: RelatedOptions) {
  return relatedDatabases(ctx, user, options);
}
