// Writes of imported objects inside the import's one transaction: inserted with the bundle's uuids, or updated in
// place (an existing uuid), so a second import of the same bundle updates instead of duplicating.
import { objectPermissionName } from '@nezha/core';
import type { Transaction } from 'kysely';
import { type ColumnChange, insertColumns, insertMetrics, type MetricChange, setOwners } from './dataset-fields.js';
import { datasetPermissions } from './datasets.js';
import { LINKS, setLinkedIds } from './links.js';
import { ensurePermissionView, renameViewMenu } from './permissions.js';
import type { MetadataSchema, NewDatabase, NewDataset } from './schema.js';
import type { DashboardTable, SliceTable } from './schema-charts.js';
import { nowIso } from './time.js';

type Trx = Transaction<MetadataSchema>;
type Stamped = 'id' | 'uuid' | 'created_on' | 'changed_on' | 'created_by_fk' | 'changed_by_fk';

/** Ids of the rows of a table that carry one of these uuids. */
export async function idsByUuid(
  db: Trx | import('kysely').Kysely<MetadataSchema>,
  table: 'dbs' | 'tables' | 'slices' | 'dashboards' | 'saved_query',
  uuids: readonly string[],
): Promise<Map<string, number>> {
  const map = new Map<string, number>();
  if (uuids.length === 0) return map;
  const rows = await db
    .selectFrom(table)
    .select(['id', 'uuid'])
    .where('uuid', 'in', [...new Set(uuids)])
    .execute();
  for (const row of rows) map.set(row.uuid, Number(row.id));
  return map;
}

export type ImportedDatabase = Omit<NewDatabase, Stamped>;

export async function upsertDatabase(
  trx: Trx,
  existingId: number | undefined,
  uuid: string,
  values: ImportedDatabase,
  userId: number | null,
): Promise<number> {
  const now = nowIso();
  if (existingId !== undefined) {
    const previous = await trx
      .selectFrom('dbs')
      .select('database_name')
      .where('id', '=', existingId)
      .executeTakeFirstOrThrow();
    // Settings a bundle does not carry stay as they are.
    const { disable_data_preview: _preview, force_ctas_schema: _ctas, ...carried } = values;
    await trx
      .updateTable('dbs')
      .set({ ...carried, changed_on: now, changed_by_fk: userId })
      .where('id', '=', existingId)
      .execute();
    if (previous.database_name !== values.database_name) {
      await renameViewMenu(
        trx,
        objectPermissionName.database(previous.database_name, existingId),
        objectPermissionName.database(values.database_name, existingId),
      );
    }
    return existingId;
  }
  const { id } = await trx
    .insertInto('dbs')
    .values({ ...values, uuid, created_on: now, changed_on: now, created_by_fk: userId, changed_by_fk: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ensurePermissionView(trx, 'database_access', objectPermissionName.database(values.database_name, id));
  return id;
}

export type ImportedDataset = Omit<NewDataset, Stamped | 'perm' | 'schema_perm'>;

/** A dataset's fields, columns and metrics (replaced as a whole) and its datasource_access permission. */
export async function upsertDataset(
  trx: Trx,
  existingId: number | undefined,
  uuid: string,
  databaseName: string,
  values: ImportedDataset,
  children: { columns: ColumnChange[]; metrics: MetricChange[] },
  userId: number | null,
): Promise<number> {
  const now = nowIso();
  let id: number;
  let previousPerm: string | null = null;
  if (existingId !== undefined) {
    id = existingId;
    const previous = await trx.selectFrom('tables').select('perm').where('id', '=', id).executeTakeFirstOrThrow();
    previousPerm = previous.perm;
    // Sensitive columns are Nezha's own and not in a bundle: an overwrite must never lift them.
    const {
      sensitive_columns: _sensitive,
      is_managed_externally: _managed,
      external_url: _url,
      is_sqllab_view: _sqllab,
      ...carried
    } = values;
    await trx
      .updateTable('tables')
      .set({ ...carried, changed_on: now, changed_by_fk: userId })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('table_columns').where('table_id', '=', id).execute();
    await trx.deleteFrom('sql_metrics').where('table_id', '=', id).execute();
  } else {
    ({ id } = await trx
      .insertInto('tables')
      .values({ ...values, uuid, created_on: now, changed_on: now, created_by_fk: userId, changed_by_fk: userId })
      .returning('id')
      .executeTakeFirstOrThrow());
    if (userId !== null) await setOwners(trx, id, [userId]);
  }
  const perms = datasetPermissions(databaseName, {
    id,
    table_name: values.table_name,
    schema: values.schema ?? null,
    catalog: values.catalog ?? null,
  });
  await trx.updateTable('tables').set(perms).where('id', '=', id).execute();
  if (previousPerm && previousPerm !== perms.perm) await renameViewMenu(trx, previousPerm, perms.perm);
  await ensurePermissionView(trx, 'datasource_access', perms.perm);
  await insertColumns(trx, id, children.columns);
  await insertMetrics(trx, id, children.metrics);
  return id;
}

export type ImportedChart = Omit<SliceTable, Stamped>;

export async function upsertChart(
  trx: Trx,
  existingId: number | undefined,
  uuid: string,
  values: ImportedChart,
  userId: number | null,
): Promise<number> {
  const now = nowIso();
  if (existingId !== undefined) {
    await trx
      .updateTable('slices')
      .set({ ...values, changed_on: now, changed_by_fk: userId })
      .where('id', '=', existingId)
      .execute();
    return existingId;
  }
  const { id } = await trx
    .insertInto('slices')
    .values({ ...values, uuid, created_on: now, changed_on: now, created_by_fk: userId, changed_by_fk: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (userId !== null) await setLinkedIds(trx, LINKS.sliceOwners, id, [userId]);
  return id;
}

export async function setChartParams(trx: Trx, id: number, params: string, queryContext: string | null): Promise<void> {
  await trx.updateTable('slices').set({ params, query_context: queryContext }).where('id', '=', id).execute();
}

export type ImportedDashboard = Omit<DashboardTable, Stamped>;

/** The dashboard and its chart links (the charts its layout places). */
export async function upsertDashboard(
  trx: Trx,
  existingId: number | undefined,
  uuid: string,
  values: ImportedDashboard,
  chartIds: readonly number[],
  userId: number | null,
): Promise<number> {
  const now = nowIso();
  let id: number;
  if (existingId !== undefined) {
    id = existingId;
    await trx
      .updateTable('dashboards')
      .set({ ...values, changed_on: now, changed_by_fk: userId })
      .where('id', '=', id)
      .execute();
  } else {
    ({ id } = await trx
      .insertInto('dashboards')
      .values({ ...values, uuid, created_on: now, changed_on: now, created_by_fk: userId, changed_by_fk: userId })
      .returning('id')
      .executeTakeFirstOrThrow());
    if (userId !== null) await setLinkedIds(trx, LINKS.dashboardOwners, id, [userId]);
  }
  await trx.deleteFrom('dashboard_slices').where('dashboard_id', '=', id).execute();
  const unique = [...new Set(chartIds)];
  if (unique.length > 0) {
    await trx
      .insertInto('dashboard_slices')
      .values(unique.map((slice_id) => ({ dashboard_id: id, slice_id })))
      .execute();
  }
  return id;
}

export interface ImportedSavedQuery {
  db_id: number;
  catalog: string | null;
  schema: string | null;
  label: string;
  description: string;
  sql: string;
  template_parameters: string | null;
}

export async function upsertSavedQuery(
  trx: Trx,
  existingId: number | undefined,
  uuid: string,
  values: ImportedSavedQuery,
  userId: number | null,
): Promise<number> {
  const now = nowIso();
  if (existingId !== undefined) {
    await trx
      .updateTable('saved_query')
      .set({ ...values, changed_on: now })
      .where('id', '=', existingId)
      .execute();
    return existingId;
  }
  const { id } = await trx
    .insertInto('saved_query')
    .values({ ...values, uuid, user_id: userId, extra_json: '{}', created_on: now, changed_on: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Whether the user owns the object an import would overwrite (Superset's raise_for_ownership). */
export async function ownsImported(
  db: import('kysely').Kysely<MetadataSchema>,
  table: 'dbs' | 'tables' | 'slices' | 'dashboards' | 'saved_query',
  id: number,
  userId: number,
): Promise<boolean> {
  switch (table) {
    case 'slices':
      return (
        (await db
          .selectFrom('slice_owners')
          .select('id')
          .where('slice_id', '=', id)
          .where('user_id', '=', userId)
          .executeTakeFirst()) !== undefined
      );
    case 'dashboards':
      return (
        (await db
          .selectFrom('dashboard_owners')
          .select('id')
          .where('dashboard_id', '=', id)
          .where('user_id', '=', userId)
          .executeTakeFirst()) !== undefined
      );
    case 'tables':
      return (
        (await db
          .selectFrom('dataset_owners')
          .select('id')
          .where('dataset_id', '=', id)
          .where('user_id', '=', userId)
          .executeTakeFirst()) !== undefined
      );
    case 'saved_query':
      return (
        (await db
          .selectFrom('saved_query')
          .select('id')
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .executeTakeFirst()) !== undefined
      );
    case 'dbs':
      // Databases have no owners: writing them is Admin's alone (can_write on Database).
      return false;
  }
}
