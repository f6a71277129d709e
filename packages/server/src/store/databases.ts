// Database connections of the metadata store, with their database_access permission kept in step.

import { randomUUID } from 'node:crypto';
import { objectPermissionName } from '@nezha/core';
import type { Expression, Kysely, SqlBool, Transaction } from 'kysely';
import { renameDatabaseInDatasets } from './datasets.js';
import { andAll, type ListColumns, type ListOptions, listConditions, listPageQuery } from './list.js';
import { deletePermissionView, ensurePermissionView, renameViewMenu } from './permissions.js';
import type { DatabaseRow, DatabaseUpdate, MetadataSchema, NewDatabase } from './schema.js';
import { nowIso } from './time.js';

type Db = Kysely<MetadataSchema> | Transaction<MetadataSchema>;

export const DATABASE_LIST_COLUMNS: Record<string, string> = {
  id: 'dbs.id',
  database_name: 'dbs.database_name',
  backend: 'dbs.backend',
  expose_in_sqllab: 'dbs.expose_in_sqllab',
  allow_run_async: 'dbs.allow_run_async',
  allow_dml: 'dbs.allow_dml',
  allow_file_upload: 'dbs.allow_file_upload',
  changed_on: 'dbs.changed_on',
  created_on: 'dbs.created_on',
  uuid: 'dbs.uuid',
};

const DATABASE_LIST: ListColumns = {
  columns: DATABASE_LIST_COLUMNS,
  id: 'dbs.id',
  defaultOrder: 'dbs.database_name',
  idAscending: true,
};

export type DatabaseInsert = Omit<NewDatabase, 'uuid' | 'created_on' | 'changed_on'>;

export interface DatabaseWithAuthor extends DatabaseRow {
  created_by_first_name: string | null;
  created_by_last_name: string | null;
  changed_by_first_name: string | null;
  changed_by_last_name: string | null;
}

function withAuthors(db: Db) {
  return db
    .selectFrom('dbs')
    .leftJoin('ab_user as creator', 'creator.id', 'dbs.created_by_fk')
    .leftJoin('ab_user as changer', 'changer.id', 'dbs.changed_by_fk')
    .selectAll('dbs')
    .select([
      'creator.first_name as created_by_first_name',
      'creator.last_name as created_by_last_name',
      'changer.first_name as changed_by_first_name',
      'changer.last_name as changed_by_last_name',
    ]);
}

export async function getDatabase(db: Db, id: number): Promise<DatabaseWithAuthor | undefined> {
  return withAuthors(db).where('dbs.id', '=', id).executeTakeFirst();
}

export async function findDatabaseByName(db: Db, name: string): Promise<DatabaseRow | undefined> {
  return db.selectFrom('dbs').selectAll().where('database_name', '=', name).executeTakeFirst();
}

/** `visible` narrows the list to the databases the caller may see (undefined: all). */
export async function listDatabases(
  db: Db,
  options: ListOptions,
  visible?: Expression<SqlBool>,
): Promise<{ count: number; rows: DatabaseWithAuthor[] }> {
  const conditions = listConditions(DATABASE_LIST, options.filters);
  if (visible) conditions.push(visible as never);
  const where = andAll(conditions);
  const { count } = await db
    .selectFrom('dbs')
    .where(where)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await listPageQuery(withAuthors(db).where(where), DATABASE_LIST, options).execute();
  return { count: Number(count), rows };
}

/** Inserts the database and its database_access permission in one transaction. */
export async function createDatabase(db: Kysely<MetadataSchema>, values: DatabaseInsert): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const row = await trx
      .insertInto('dbs')
      .values({ ...values, uuid: randomUUID(), created_on: now, changed_on: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ensurePermissionView(trx, 'database_access', objectPermissionName.database(values.database_name, row.id));
    return row.id;
  });
}

export async function updateDatabase(
  db: Kysely<MetadataSchema>,
  id: number,
  previousName: string,
  values: Omit<DatabaseUpdate, 'id' | 'uuid' | 'created_on'>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('dbs')
      .set({ ...values, changed_on: nowIso() })
      .where('id', '=', id)
      .execute();
    if (values.database_name && values.database_name !== previousName) {
      await renameDatabaseInDatasets(trx, id, values.database_name);
      await renameViewMenu(
        trx,
        objectPermissionName.database(previousName, id),
        objectPermissionName.database(values.database_name, id),
      );
    }
  });
}

export async function deleteDatabase(db: Kysely<MetadataSchema>, row: DatabaseRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('dbs').where('id', '=', row.id).execute();
    await deletePermissionView(trx, 'database_access', objectPermissionName.database(row.database_name, row.id));
  });
}
