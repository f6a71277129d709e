// Saved and calculated columns of datasets (the fork's semantic layer), with their owners.
import type { Kysely, Transaction } from 'kysely';
import { LINKS, setLinkedIds } from './links.js';
import type { MetadataSchema } from './schema.js';
import type { SavedColumnRow } from './schema-charts.js';
import { changeStamps, creationStamps } from './time.js';

type Db = Kysely<MetadataSchema> | Transaction<MetadataSchema>;

export type SavedColumnValues = Pick<
  SavedColumnRow,
  | 'column_name'
  | 'table_id'
  | 'type'
  | 'expression'
  | 'filterable'
  | 'groupby'
  | 'method'
  | 'is_dttm'
  | 'form_data'
  | 'description'
>;

export async function getSavedColumn(db: Db, id: number): Promise<SavedColumnRow | undefined> {
  return db.selectFrom('saved_columns').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function getSavedColumns(db: Db, ids: readonly number[]): Promise<SavedColumnRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('saved_columns')
    .selectAll()
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
}

export async function savedColumnsOfDataset(db: Db, datasetId: number): Promise<SavedColumnRow[]> {
  return db.selectFrom('saved_columns').selectAll().where('table_id', '=', datasetId).orderBy('id').execute();
}

export async function insertSavedColumn(
  db: Kysely<MetadataSchema>,
  values: SavedColumnValues,
  owners: number[],
  userId: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('saved_columns')
      .values({
        ...values,
        ...creationStamps(userId),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setLinkedIds(trx, LINKS.savedColumnOwners, id, owners);
    return id;
  });
}

export async function updateSavedColumn(
  db: Kysely<MetadataSchema>,
  id: number,
  values: Partial<SavedColumnValues>,
  owners: number[] | undefined,
  userId: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('saved_columns')
      .set({ ...values, ...changeStamps(userId) })
      .where('id', '=', id)
      .execute();
    if (owners) await setLinkedIds(trx, LINKS.savedColumnOwners, id, owners);
  });
}

export async function deleteSavedColumn(db: Db, id: number): Promise<void> {
  await db.deleteFrom('saved_columns').where('id', '=', id).execute();
}
