// SQL Lab query runs in the store; state changes are guarded so a finished run never changes again.
import { FINISHED_QUERY_STATES, type QueryState } from '@nezha/core';
import type { Insertable, Kysely, Updateable } from 'kysely';
import { andAll, type ListColumns, type ListOptions, listConditions, listPageQuery } from './list.js';
import type { MetadataSchema, QueryRow, QueryTable } from './schema.js';
import { nowIso } from './time.js';

export type QueryInsert = Omit<Insertable<QueryTable>, 'changed_on'>;
export type QueryPatch = Omit<Updateable<QueryTable>, 'id' | 'client_id' | 'changed_on'>;

export const QUERY_LIST_COLUMNS: Record<string, string> = {
  id: 'query.id',
  client_id: 'query.client_id',
  database_id: 'query.database_id',
  user_id: 'query.user_id',
  status: 'query.status',
  sql: 'query.sql',
  executed_sql: 'query.executed_sql',
  tab_name: 'query.tab_name',
  sql_editor_id: 'query.sql_editor_id',
  schema: 'query.schema',
  start_time: 'query.start_time',
  end_time: 'query.end_time',
  rows: 'query.rows',
  changed_on: 'query.changed_on',
};

/** Orderings of the query list: its columns and Superset's `database.database_name`, `user.first_name`. */
export const QUERY_ORDER_COLUMNS: Record<string, string> = {
  ...QUERY_LIST_COLUMNS,
  'database.database_name': 'dbs.database_name',
  'user.first_name': 'ab_user.first_name',
};

const QUERY_LIST: ListColumns = {
  columns: QUERY_LIST_COLUMNS,
  id: 'query.id',
  defaultOrder: 'query.changed_on',
  orderColumns: QUERY_ORDER_COLUMNS,
};

export async function insertQuery(db: Kysely<MetadataSchema>, values: QueryInsert): Promise<QueryRow> {
  return db
    .insertInto('query')
    .values({ ...values, changed_on: nowIso() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findQueryByClientId(db: Kysely<MetadataSchema>, clientId: string): Promise<QueryRow | undefined> {
  return db.selectFrom('query').selectAll().where('client_id', '=', clientId).executeTakeFirst();
}

export async function findQueryById(db: Kysely<MetadataSchema>, id: number): Promise<QueryRow | undefined> {
  return db.selectFrom('query').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Applies the patch unless the run already finished; returns whether it applied. */
export async function updateActiveQuery(
  db: Kysely<MetadataSchema>,
  clientId: string,
  patch: QueryPatch,
): Promise<boolean> {
  const result = await db
    .updateTable('query')
    .set({ ...patch, changed_on: nowIso() })
    .where('client_id', '=', clientId)
    .where('status', 'not in', FINISHED_QUERY_STATES as QueryState[])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Changes to a run whatever its state (e.g. dropping an expired results key). */
export async function patchQuery(db: Kysely<MetadataSchema>, clientId: string, patch: QueryPatch): Promise<void> {
  await db
    .updateTable('query')
    .set({ ...patch, changed_on: nowIso() })
    .where('client_id', '=', clientId)
    .execute();
}

export interface QueryListRow extends QueryRow {
  database_name: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
}

/** `userId` narrows to one user's runs; undefined lists everyone's (all_query_access). */
export async function listQueries(
  db: Kysely<MetadataSchema>,
  options: ListOptions,
  userId: number | undefined,
): Promise<{ count: number; rows: QueryListRow[] }> {
  const conditions = listConditions(QUERY_LIST, options.filters);
  let base = db.selectFrom('query').innerJoin('dbs', 'dbs.id', 'query.database_id').where(andAll(conditions));
  if (userId !== undefined) base = base.where('query.user_id', '=', userId);
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await listPageQuery(
    base
      .leftJoin('ab_user', 'ab_user.id', 'query.user_id')
      .selectAll('query')
      .select([
        'dbs.database_name as database_name',
        'ab_user.username as username',
        'ab_user.first_name as first_name',
        'ab_user.last_name as last_name',
      ]),
    QUERY_LIST,
    options,
  ).execute();
  return { count: Number(count), rows };
}

export async function queriesUpdatedSince(
  db: Kysely<MetadataSchema>,
  userId: number,
  sinceIso: string,
  limit = 1000,
): Promise<QueryListRow[]> {
  return db
    .selectFrom('query')
    .innerJoin('dbs', 'dbs.id', 'query.database_id')
    .leftJoin('ab_user', 'ab_user.id', 'query.user_id')
    .selectAll('query')
    .select([
      'dbs.database_name as database_name',
      'ab_user.username as username',
      'ab_user.first_name as first_name',
      'ab_user.last_name as last_name',
    ])
    .where('query.user_id', '=', userId)
    .where('query.changed_on', '>', sinceIso)
    .orderBy('query.changed_on')
    .limit(limit)
    .execute();
}

/** The run given this results key, if any (a results backend that lost the key asks whether it was issued). */
export async function findQueryByResultsKey(
  db: Kysely<MetadataSchema>,
  key: string,
): Promise<Pick<QueryRow, 'id' | 'user_id'> | undefined> {
  return db.selectFrom('query').select(['id', 'user_id']).where('results_key', '=', key).executeTakeFirst();
}

/**
 * Runs left active by a process that died can never finish: marks them failed. `isOrphan` says which ones are (an
 * install of many processes asks whether the owner is alive); without it every active run is, as in a one-process
 * install starting up. Runs younger than `graceMs` are left alone: their owner may not have claimed them yet.
 */
export async function failOrphanedQueries(
  db: Kysely<MetadataSchema>,
  failure: { message: string; extraJson: string },
  options: { isOrphan?: (run: QueryRow) => Promise<boolean>; graceMs?: number } = {},
): Promise<number> {
  const active = ['running', 'pending', 'started', 'fetching', 'scheduled'] as QueryState[];
  const rows = await db
    .selectFrom('query')
    .selectAll()
    .where('status', 'in', active)
    .where('start_time', '<', Date.now() - (options.graceMs ?? 0))
    .execute();
  let failed = 0;
  for (const row of rows) {
    if (options.isOrphan && !(await options.isOrphan(row))) continue;
    const moved = await updateActiveQuery(db, row.client_id, {
      status: 'failed',
      error_message: failure.message,
      end_time: Date.now(),
      extra_json: failure.extraJson,
    });
    if (moved) failed += 1;
  }
  return failed;
}
