// Saved queries of the metadata store; every read and write is scoped to the user who saved them.

import { randomUUID } from 'node:crypto';
import { type Expression, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import {
  andAll,
  filterCondition,
  type ListColumns,
  type ListOptions,
  listConditions,
  listPageQuery,
  orAny,
} from './list.js';
import type { MetadataSchema, SavedQueryRow } from './schema.js';
import { type TagFilter, taggedCondition, untagObjects } from './tags.js';
import { nowIso } from './time.js';

type Db = Kysely<MetadataSchema> | Transaction<MetadataSchema>;

/** Columns a list request may filter or order on, mapped to trusted references. */
export const SAVED_QUERY_LIST_COLUMNS: Record<string, string> = {
  id: 'saved_query.id',
  label: 'saved_query.label',
  description: 'saved_query.description',
  sql: 'saved_query.sql',
  catalog: 'saved_query.catalog',
  schema: 'saved_query.schema',
  rows: 'saved_query.rows',
  database: 'saved_query.db_id',
  db_id: 'saved_query.db_id',
  created_on: 'saved_query.created_on',
  changed_on: 'saved_query.changed_on',
  changed_on_delta_humanized: 'saved_query.changed_on',
  last_run: 'saved_query.last_run',
  last_run_delta_humanized: 'saved_query.last_run',
  'database.database_name': 'dbs.database_name',
  database_name: 'dbs.database_name',
  // Superset's Home asks `created_by rel_o_m <me>`; the author is the row's user.
  created_by: 'saved_query.user_id',
};

const SAVED_QUERY_LIST: ListColumns = {
  columns: SAVED_QUERY_LIST_COLUMNS,
  id: 'saved_query.id',
  defaultOrder: 'saved_query.changed_on',
};

/** The columns Superset's all_text filter searches. */
const ALL_TEXT_COLUMNS = ['saved_query.label', 'saved_query.sql', 'saved_query.description'];

export interface SavedQueryValues {
  db_id: number | null;
  catalog: string | null;
  schema: string | null;
  label: string;
  description: string;
  sql: string;
  template_parameters: string | null;
  extra_json: string;
}

export interface SavedQueryRecord extends SavedQueryRow {
  database_name: string | null;
  created_by_first_name: string | null;
  created_by_last_name: string | null;
}

function withNames(db: Db) {
  return db
    .selectFrom('saved_query')
    .leftJoin('dbs', 'dbs.id', 'saved_query.db_id')
    .leftJoin('ab_user as creator', 'creator.id', 'saved_query.user_id')
    .selectAll('saved_query')
    .select([
      'dbs.database_name as database_name',
      'creator.first_name as created_by_first_name',
      'creator.last_name as created_by_last_name',
    ]);
}

export async function insertSavedQuery(db: Db, userId: number, values: SavedQueryValues): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('saved_query')
    .values({ ...values, uuid: randomUUID(), user_id: userId, created_on: now, changed_on: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Only the owner's row: someone else's saved query reads as missing. */
export async function getOwnSavedQuery(db: Db, userId: number, id: number): Promise<SavedQueryRecord | undefined> {
  return withNames(db).where('saved_query.id', '=', id).where('saved_query.user_id', '=', userId).executeTakeFirst();
}

export async function updateSavedQuery(
  db: Db,
  userId: number,
  id: number,
  values: Partial<SavedQueryValues>,
): Promise<boolean> {
  const result = await db
    .updateTable('saved_query')
    .set({ ...values, changed_on: nowIso() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes all of them or none: false when any id is missing or someone else's. */
export async function deleteOwnSavedQueries(
  db: Kysely<MetadataSchema>,
  userId: number,
  ids: number[],
): Promise<boolean> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return true;
  return db.transaction().execute(async (trx) => {
    const owned = await trx
      .selectFrom('saved_query')
      .select('id')
      .where('id', 'in', unique)
      .where('user_id', '=', userId)
      .execute();
    if (owned.length !== unique.length) return false;
    await untagObjects(trx, 'query', unique);
    await trx.deleteFrom('saved_query').where('id', 'in', unique).execute();
    return true;
  });
}

/** `search` is the all_text filter: a case-insensitive match on label, SQL or description. */
export async function listOwnSavedQueries(
  db: Db,
  userId: number,
  options: ListOptions,
  search: string[] = [],
  tags: TagFilter[] = [],
): Promise<{ count: number; rows: SavedQueryRecord[] }> {
  const conditions: Expression<SqlBool>[] = listConditions(SAVED_QUERY_LIST, options.filters);
  for (const text of search) {
    conditions.push(orAny(ALL_TEXT_COLUMNS.map((column) => filterCondition(column, 'ct', text))));
  }
  for (const tag of tags) conditions.push(taggedCondition('saved_query.id', 'query', tag));
  conditions.push(sql<SqlBool>`${sql.ref('saved_query.user_id')} = ${userId}`);
  const where = andAll(conditions);
  const { count } = await db
    .selectFrom('saved_query')
    .leftJoin('dbs', 'dbs.id', 'saved_query.db_id')
    .where(where)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await listPageQuery(withNames(db).where(where), SAVED_QUERY_LIST, options).execute();
  return { count: Number(count), rows };
}
