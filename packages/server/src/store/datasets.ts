// Datasets of the metadata store, with their datasource_access permission kept in step.
import { randomUUID } from 'node:crypto';
import { objectPermissionName } from '@nezha/core';
import { type Expression, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import {
  type ColumnChange,
  columnsOf,
  insertColumns,
  insertMetrics,
  type MetricChange,
  metricsOf,
  type OwnerRecord,
  ownersOf,
  setOwners,
  syncColumns,
  syncMetrics,
} from './dataset-fields.js';
import { LINKS, linksToAny } from './links.js';
import { andAll, filterCondition, type ListColumns, type ListOptions, listConditions, listPageQuery } from './list.js';
import { deletePermissionView, ensurePermissionView, renameViewMenu } from './permissions.js';
import type { DatasetRow, MetadataSchema, NewDataset, SqlMetricRow, TableColumnRow } from './schema.js';
import { type TagFilter, taggedCondition, untagObjects } from './tags.js';
import { nowIso } from './time.js';

type Db = Kysely<MetadataSchema> | Transaction<MetadataSchema>;

/** Columns a list request may filter or order on, mapped to trusted references. */
export const DATASET_LIST_COLUMNS: Record<string, string> = {
  id: 'tables.id',
  uuid: 'tables.uuid',
  table_name: 'tables.table_name',
  schema: 'tables.schema',
  catalog: 'tables.catalog',
  sql: 'tables.sql',
  description: 'tables.description',
  database: 'tables.database_id',
  database_id: 'tables.database_id',
  'database.id': 'tables.database_id',
  'database.database_name': 'dbs.database_name',
  database_name: 'dbs.database_name',
  created_by: 'tables.created_by_fk',
  changed_by: 'tables.changed_by_fk',
  'changed_by.first_name': 'changer.first_name',
  changed_on: 'tables.changed_on',
  changed_on_delta_humanized: 'tables.changed_on',
  created_on: 'tables.created_on',
  is_sqllab_view: 'tables.is_sqllab_view',
};

const DATASET_LIST: ListColumns = { columns: DATASET_LIST_COLUMNS, id: 'tables.id', defaultOrder: 'tables.changed_on' };

export type DatasetValues = Omit<NewDataset, 'id' | 'uuid' | 'perm' | 'schema_perm' | 'created_on' | 'changed_on'>;

export interface DatasetRecord extends DatasetRow {
  database_name: string;
  backend: string;
  created_by_first_name: string | null;
  created_by_last_name: string | null;
  changed_by_first_name: string | null;
  changed_by_last_name: string | null;
}

/** A dataset with everything that hangs off it. */
export interface DatasetFull {
  dataset: DatasetRecord;
  columns: TableColumnRow[];
  metrics: SqlMetricRow[];
  owners: OwnerRecord[];
}

/** Filters of Superset's dataset list that are not plain column comparisons. */
export interface DatasetListExtras {
  /** owners rel_m_m: datasets any of these users own. */
  ownerIds: number[];
  /** sql dataset_is_null_or_empty: true → physical only, false → virtual only. */
  physical?: boolean | undefined;
  /** id dataset_is_certified. */
  certified?: boolean | undefined;
  /** id `dataset_tag_id` / tags `dataset_tags`: datasets carrying one of the tags; every filter must match. */
  tags?: TagFilter[] | undefined;
  /** Narrows to the datasets the caller may see; undefined: all. */
  visible?: Expression<SqlBool> | undefined;
}

function withNames(db: Db) {
  return db
    .selectFrom('tables')
    .innerJoin('dbs', 'dbs.id', 'tables.database_id')
    .leftJoin('ab_user as creator', 'creator.id', 'tables.created_by_fk')
    .leftJoin('ab_user as changer', 'changer.id', 'tables.changed_by_fk')
    .selectAll('tables')
    .select([
      'dbs.database_name as database_name',
      'dbs.backend as backend',
      'creator.first_name as created_by_first_name',
      'creator.last_name as created_by_last_name',
      'changer.first_name as changed_by_first_name',
      'changer.last_name as changed_by_last_name',
    ]);
}

/** Superset's names of the dataset's permission views. */
export function datasetPermissions(
  databaseName: string,
  dataset: Pick<DatasetRow, 'id' | 'table_name' | 'schema' | 'catalog'>,
): { perm: string; schema_perm: string | null } {
  return {
    perm: objectPermissionName.datasource(databaseName, dataset.table_name, dataset.id),
    schema_perm: dataset.schema ? objectPermissionName.schema(databaseName, dataset.schema, dataset.catalog) : null,
  };
}

async function getDataset(db: Db, id: number): Promise<DatasetRecord | undefined> {
  return withNames(db).where('tables.id', '=', id).executeTakeFirst();
}

export async function getDatasetFull(db: Db, id: number): Promise<DatasetFull | undefined> {
  const dataset = await getDataset(db, id);
  if (!dataset) return undefined;
  const [columns, metrics, owners] = await Promise.all([columnsOf(db, [id]), metricsOf(db, [id]), ownersOf(db, [id])]);
  return { dataset, columns: columns.get(id) ?? [], metrics: metrics.get(id) ?? [], owners: owners.get(id) ?? [] };
}

export async function getDatasets(db: Db, ids: number[]): Promise<DatasetRecord[]> {
  if (ids.length === 0) return [];
  return withNames(db).where('tables.id', 'in', ids).execute();
}

/** The dataset with this name in this database, catalog and schema (nulls compare equal), except `exceptId`. */
export async function findDatasetByName(
  db: Db,
  key: { database_id: number; catalog: string | null; schema: string | null; table_name: string },
  options: { exceptId?: number; physicalOnly?: boolean } = {},
): Promise<DatasetRow | undefined> {
  let query = db
    .selectFrom('tables')
    .selectAll()
    .where('database_id', '=', key.database_id)
    .where('table_name', '=', key.table_name)
    .where((eb) => (key.catalog === null ? eb('catalog', 'is', null) : eb('catalog', '=', key.catalog)))
    .where((eb) => (key.schema === null ? eb('schema', 'is', null) : eb('schema', '=', key.schema)));
  if (options.exceptId !== undefined) query = query.where('id', '<>', options.exceptId);
  if (options.physicalOnly) query = query.where('sql', 'is', null);
  return query.orderBy('id').executeTakeFirst();
}

export async function countDatasetsOfDatabase(db: Db, databaseId: number): Promise<number> {
  const { count } = await db
    .selectFrom('tables')
    .where('database_id', '=', databaseId)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

function extraConditions(extras: DatasetListExtras): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (extras.ownerIds.length > 0) {
    conditions.push(linksToAny('tables.id', LINKS.datasetOwners, extras.ownerIds));
  }
  if (extras.physical !== undefined) {
    const physical = sql<SqlBool>`(${sql.ref('tables.sql')} IS NULL OR ${sql.ref('tables.sql')} = '')`;
    conditions.push(extras.physical ? physical : sql<SqlBool>`NOT ${physical}`);
  }
  if (extras.certified !== undefined) {
    const certified = filterCondition('tables.extra', 'ct', '"certification":');
    conditions.push(
      extras.certified ? certified : sql<SqlBool>`(${sql.ref('tables.extra')} IS NULL OR NOT ${certified})`,
    );
  }
  for (const tag of extras.tags ?? []) conditions.push(taggedCondition('tables.id', 'dataset', tag));
  if (extras.visible) conditions.push(extras.visible);
  return conditions;
}

export async function listDatasets(
  db: Db,
  options: ListOptions,
  extras: DatasetListExtras,
): Promise<{ count: number; rows: DatasetRecord[] }> {
  const conditions: Expression<SqlBool>[] = listConditions(DATASET_LIST, options.filters);
  conditions.push(...extraConditions(extras));
  const where = andAll(conditions);
  const { count } = await db
    .selectFrom('tables')
    .innerJoin('dbs', 'dbs.id', 'tables.database_id')
    .leftJoin('ab_user as changer', 'changer.id', 'tables.changed_by_fk')
    .where(where)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await listPageQuery(withNames(db).where(where), DATASET_LIST, options).execute();
  return { count: Number(count), rows };
}

/** Inserts the dataset, its columns, metrics, owners and datasource_access permission in one transaction. */
export async function createDataset(
  db: Kysely<MetadataSchema>,
  databaseName: string,
  values: DatasetValues,
  children: { columns: ColumnChange[]; metrics: MetricChange[]; owners: number[] },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const { id } = await trx
      .insertInto('tables')
      .values({ ...values, uuid: randomUUID(), created_on: now, changed_on: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const perms = datasetPermissions(databaseName, {
      ...values,
      id,
      schema: values.schema ?? null,
      catalog: values.catalog ?? null,
    });
    await trx.updateTable('tables').set(perms).where('id', '=', id).execute();
    await ensurePermissionView(trx, 'datasource_access', perms.perm);
    await insertColumns(trx, id, children.columns);
    await insertMetrics(trx, id, children.metrics);
    await setOwners(trx, id, children.owners);
    return id;
  });
}

export interface DatasetChanges {
  values: Partial<DatasetValues>;
  columns?: ColumnChange[] | undefined;
  /** Replace every column instead of merging by id (Superset's `override_columns`). */
  overrideColumns?: boolean;
  metrics?: MetricChange[] | undefined;
  owners?: number[] | undefined;
}

/** Updates the dataset and its children in one transaction; the permission view follows a rename. */
export async function updateDataset(
  db: Kysely<MetadataSchema>,
  previous: DatasetRecord,
  databaseName: string,
  changes: DatasetChanges,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const next = { ...previous, ...changes.values };
    const perms = datasetPermissions(databaseName, next);
    await trx
      .updateTable('tables')
      .set({ ...changes.values, ...perms, changed_on: nowIso() })
      .where('id', '=', previous.id)
      .execute();
    if (previous.perm && previous.perm !== perms.perm) await renameViewMenu(trx, previous.perm, perms.perm);
    await ensurePermissionView(trx, 'datasource_access', perms.perm);
    if (changes.columns) await syncColumns(trx, previous.id, changes.columns, changes.overrideColumns === true);
    if (changes.metrics) await syncMetrics(trx, previous.id, changes.metrics);
    if (changes.owners) await setOwners(trx, previous.id, changes.owners);
  });
}

/** A renamed database renames the permission views of its datasets, keeping their grants (Superset does too). */
export async function renameDatabaseInDatasets(db: Db, databaseId: number, databaseName: string): Promise<void> {
  const rows = await db
    .selectFrom('tables')
    .select(['id', 'table_name', 'schema', 'catalog', 'perm'])
    .where('database_id', '=', databaseId)
    .execute();
  for (const row of rows) {
    const perms = datasetPermissions(databaseName, row);
    await db.updateTable('tables').set(perms).where('id', '=', row.id).execute();
    if (row.perm) await renameViewMenu(db, row.perm, perms.perm);
  }
}

/** Deletes the datasets (columns, metrics and owners cascade) and their permission views. */
export async function deleteDatasets(db: Kysely<MetadataSchema>, rows: DatasetRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await untagObjects(
      trx,
      'dataset',
      rows.map((row) => row.id),
    );
    await trx
      .deleteFrom('tables')
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    for (const row of rows) {
      if (row.perm) await deletePermissionView(trx, 'datasource_access', row.perm);
    }
  });
}

/**
 * GET /api/v1/dataset/distinct/schema: the schemas of the datasets the caller may see, containing `filter`,
 * in order, one page of them, with the count of all.
 */
export async function distinctDatasetSchemas(
  db: Db,
  options: { visible: Expression<SqlBool> | undefined; filter: string; page: number; pageSize: number },
): Promise<{ count: number; schemas: string[] }> {
  const conditions = extraConditions({ ownerIds: [], visible: options.visible });
  conditions.push(sql<SqlBool>`${sql.ref('tables.schema')} IS NOT NULL`);
  if (options.filter !== '') conditions.push(filterCondition('tables.schema', 'ct', options.filter));
  const rows = await db
    .selectFrom('tables')
    .innerJoin('dbs', 'dbs.id', 'tables.database_id')
    .where(andAll(conditions))
    .select('tables.schema')
    .distinct()
    .orderBy('tables.schema')
    .execute();
  const schemas = rows.map((row) => row.schema).filter((schema): schema is string => schema !== null);
  const start = options.page * options.pageSize;
  return { count: schemas.length, schemas: schemas.slice(start, start + options.pageSize) };
}
