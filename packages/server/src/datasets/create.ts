// The dataset commands that read the source: create, get_or_create and refresh.

import type { AppContext } from '../app/context.js';
import { genericTypeOf } from '../engines/base.js';
import { engineForUri } from '../engines/registry.js';
import { ValidationError } from '../errors/validation-error.js';
import { type AuthUser, userIsAdmin } from '../security/current-user.js';
import { assertDatasetOwnership } from '../security/dataset-access.js';
import { existingUserIds } from '../store/dataset-fields.js';
import { findDatasetByName, createDataset as insertDataset, updateDataset } from '../store/datasets.js';
import {
  blankToNull,
  type ColumnInput,
  columnChange,
  type DatasetCreateInput,
  type GetOrCreateInput,
} from './inputs.js';
import {
  assertSchemaAccess,
  databaseOfDataset,
  datasetDatabase,
  readableDataset,
  sourceColumns,
  virtualContext,
} from './lookup.js';
import { COUNT_METRIC, firstTemporal, missingMetrics, newColumn, refreshedColumns } from './source-columns.js';
import { normalizeSql, virtualStatement } from './virtual-sql.js';

export function datasetExists(tableName: string): ValidationError {
  return new ValidationError({ table_name: [`Dataset ${tableName} already exists`] }, 422);
}

/** Superset's owner rule: the caller when none are given; a non-admin never drops out of the list. */
export async function resolveOwners(
  ctx: AppContext,
  user: AuthUser,
  requested: number[] | undefined,
): Promise<number[]> {
  if (requested === undefined || requested.length === 0) return [user.id];
  const unique = [...new Set(requested)];
  const found = await existingUserIds(ctx.store.db, unique);
  if (found.length !== unique.length) throw new ValidationError({ owners: ['Owners are invalid'] }, 422);
  if (!userIsAdmin(user) && !unique.includes(user.id)) unique.push(user.id);
  return unique;
}

function duplicatedNames(names: readonly string[]): boolean {
  return new Set(names).size !== names.length;
}

/** Columns SQL Lab sent with its "Save dataset": typed as it saw them, datetimes marked. */
function givenColumns(columns: ColumnInput[]) {
  if (duplicatedNames(columns.map((c) => c.column_name))) {
    throw new ValidationError({ columns: ['One or more columns are duplicated'] }, 422);
  }
  return columns.map((column) => {
    const change = columnChange({ ...column, id: undefined });
    return { ...change, is_dttm: change.is_dttm ?? (genericTypeOf(column.type) === 'temporal' ? 1 : 0) };
  });
}

export async function createDataset(ctx: AppContext, user: AuthUser, input: DatasetCreateInput) {
  const database = await datasetDatabase(ctx, user, input.database);
  const engine = engineForUri(database.sqlalchemy_uri);
  const catalog = blankToNull(input.catalog);
  const schema = blankToNull(input.schema);
  assertSchemaAccess(user, database, schema);
  const sql = normalizeSql(input.sql);
  const templateParams = input.template_params ?? null;
  // Refuse a bad virtual SQL before anything else, even when its columns were given.
  if (sql !== null) virtualStatement(sql, virtualContext(ctx, user, engine, templateParams));
  const key = { database_id: database.id, catalog, schema, table_name: input.table_name };
  if (await findDatasetByName(ctx.store.db, key)) throw datasetExists(input.table_name);
  const owners = await resolveOwners(ctx, user, input.owners);

  const source = { ...key, sql, template_params: templateParams };
  const columns =
    sql !== null && input.columns && input.columns.length > 0
      ? givenColumns(input.columns)
      : (await sourceColumns(ctx, user, database, source)).map(newColumn);

  const id = await insertDataset(
    ctx.store.db,
    database.database_name,
    {
      ...source,
      main_dttm_col: firstTemporal(columns),
      is_sqllab_view: 0,
      offset: 0,
      filter_select_enabled: 1,
      sensitive_columns: '[]',
      is_managed_externally: input.is_managed_externally ? 1 : 0,
      external_url: input.external_url ?? null,
      normalize_columns: input.normalize_columns ? 1 : 0,
      always_filter_main_dttm: input.always_filter_main_dttm ? 1 : 0,
      created_by_fk: user.id,
      changed_by_fk: user.id,
    },
    { columns, metrics: [COUNT_METRIC], owners },
  );
  const { columns: _columns, ...echo } = input;
  return { id, result: { ...echo, catalog, schema, sql, owners } };
}

/** Superset's get_or_create: the id of the physical dataset on this table, created when missing. */
export async function getOrCreateDataset(ctx: AppContext, user: AuthUser, input: GetOrCreateInput) {
  const database = await datasetDatabase(ctx, user, input.database_id);
  const catalog = blankToNull(input.catalog);
  const schema = blankToNull(input.schema);
  assertSchemaAccess(user, database, schema);
  const existing = await findDatasetByName(
    ctx.store.db,
    { database_id: database.id, catalog, schema, table_name: input.table_name },
    { physicalOnly: true },
  );
  if (existing) return { result: { table_id: existing.id } };
  const created = await createDataset(ctx, user, {
    database: database.id,
    table_name: input.table_name,
    catalog,
    schema,
    template_params: input.template_params,
    always_filter_main_dttm: input.always_filter_main_dttm,
  });
  return { result: { table_id: created.id } };
}

/** Re-reads the source's columns, keeping users' edits (Superset's fetch_metadata); owners and admins only. */
export async function refreshDataset(ctx: AppContext, user: AuthUser, id: number) {
  const full = await readableDataset(ctx, user, id);
  assertDatasetOwnership(
    user,
    full.owners.map((owner) => owner.id),
    full.dataset.table_name,
  );
  const database = await databaseOfDataset(ctx, full);
  const source = await sourceColumns(ctx, user, database, full.dataset);
  const columns = refreshedColumns(full.columns, source);
  const kept = new Map(full.columns.map((column) => [column.id, column]));
  const mainDttm =
    full.dataset.main_dttm_col ??
    firstTemporal(
      columns.map((c) => ({ column_name: c.column_name, is_dttm: c.is_dttm ?? kept.get(c.id ?? 0)?.is_dttm })),
    );
  await updateDataset(ctx.store.db, full.dataset, database.database_name, {
    values: { main_dttm_col: mainDttm, changed_by_fk: user.id },
    columns,
    metrics: [
      ...full.metrics.map((metric) => ({ id: metric.id, metric_name: metric.metric_name })),
      ...missingMetrics(full.metrics),
    ],
  });
  return { message: 'OK' };
}
