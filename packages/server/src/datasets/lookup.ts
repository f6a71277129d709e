// Loading datasets and their databases with the caller's access checked, and reading a dataset's source columns.

import type { AppContext } from '../app/context.js';
import { engineByName, engineForUri } from '../engines/registry.js';
import type { Engine, EngineConnection } from '../engines/types.js';
import { HttpError, NezhaError } from '../errors/nezha-error.js';
import { ValidationError } from '../errors/validation-error.js';
import type { AuthUser } from '../security/current-user.js';
import { canAccessDatabase, canAccessSchema } from '../security/data-access.js';
import { canAccessDataset } from '../security/dataset-access.js';
import { type DatabaseWithAuthor, getDatabase } from '../store/databases.js';
import { type DatasetFull, getDatasetFull } from '../store/datasets.js';
import { cachedDatabase, cachedDatasetFull } from '../store/metadata-caches.js';
import type { DatabaseRow, DatasetRow } from '../store/schema.js';
import { isVirtual } from './json-fields.js';
import { asSourceError, physicalColumns, type SourceColumn, virtualColumns } from './source-columns.js';
import { virtualStatement } from './virtual-sql.js';

/**
 * A database the caller cannot see reads as missing, so its existence does not leak; the answer is Superset's
 * field-keyed 422 (DatabaseNotFoundValidationError).
 */
export async function datasetDatabase(ctx: AppContext, user: AuthUser, id: number): Promise<DatabaseWithAuthor> {
  const database = await getDatabase(ctx.store.db, id);
  if (!database || !canAccessDatabase(user, database)) {
    throw new ValidationError({ database: ['Database does not exist'] }, 422);
  }
  return database;
}

/** The database of a dataset the caller already reached: access to the dataset is enough to use it. */
export async function databaseOfDataset(ctx: AppContext, full: DatasetFull): Promise<DatabaseWithAuthor> {
  const database = await cachedDatabase(ctx.store, full.dataset.database_id);
  if (!database) throw new HttpError(404, 'Not found');
  return database;
}

export function assertSchemaAccess(user: AuthUser, database: DatabaseRow, schema: string | null): void {
  const effective = schema ?? engineForUri(database.sqlalchemy_uri).dialect.defaultSchema;
  if (canAccessSchema(user, database, effective)) return;
  throw new NezhaError({
    type: 'DATABASE_SECURITY_ACCESS_ERROR',
    status: 403,
    message: `You need access to the schema "${effective ?? ''}" of database "${database.database_name}".`,
  });
}

export function engineOf(full: DatasetFull): Engine {
  return engineByName(full.dataset.backend);
}

const ownerIdsOf = (full: DatasetFull) => full.owners.map((owner) => owner.id);

/** For the REST API: a dataset the caller may not reach answers 404, as Superset's base filter makes it. */
export async function readableDataset(ctx: AppContext, user: AuthUser, id: number): Promise<DatasetFull> {
  const full = await getDatasetFull(ctx.store.db, id);
  if (!full || !canAccessDataset(user, full.dataset, ownerIdsOf(full))) throw new HttpError(404, 'Not found');
  return full;
}

/**
 * For explore and samples: missing is 404, present but refused is 403 with the catalogue's access error.
 * `grantedOtherwise` is asked only after the caller's own grants refuse: the chart data service's route to a dataset
 * through a dashboard, which costs store reads that most requests need not pay.
 */
export async function exploredDataset(
  ctx: AppContext,
  user: AuthUser,
  id: number,
  grantedOtherwise?: () => Promise<boolean>,
): Promise<DatasetFull> {
  const full = await cachedDatasetFull(ctx.store, id);
  if (!full) throw new HttpError(404, 'Dataset does not exist');
  if (!canAccessDataset(user, full.dataset, ownerIdsOf(full)) && !(await grantedOtherwise?.())) {
    throw new NezhaError({
      type: 'DATASOURCE_SECURITY_ACCESS_ERROR',
      status: 403,
      message: `This endpoint requires the datasource ${full.dataset.table_name}, database or \`all_datasource_access\` permission`,
      extra: { datasource: full.dataset.id },
    });
  }
  return full;
}

export async function connectionOf(ctx: AppContext, database: DatabaseRow): Promise<EngineConnection> {
  try {
    return await ctx.connections.forDatabase(database);
  } catch (error) {
    throw asSourceError(error);
  }
}

export function virtualContext(ctx: AppContext, user: AuthUser, engine: Engine, templateParams: string | null) {
  return {
    engine: engine.name,
    templating: ctx.config.features.ENABLE_TEMPLATE_PROCESSING,
    templateParams,
    user: { id: user.id, username: user.username, email: user.email },
  };
}

/** The columns the source has now: the table's from its catalog, a virtual dataset's from running its SQL. */
export async function sourceColumns(
  ctx: AppContext,
  user: AuthUser,
  database: DatabaseRow,
  dataset: Pick<DatasetRow, 'table_name' | 'schema' | 'catalog' | 'sql' | 'template_params'>,
): Promise<SourceColumn[]> {
  const connection = await connectionOf(ctx, database);
  if (!isVirtual(dataset)) return physicalColumns(connection, dataset);
  const statement = virtualStatement(
    dataset.sql ?? '',
    virtualContext(ctx, user, connection.engine, dataset.template_params),
  );
  return virtualColumns(connection, statement, dataset.schema);
}
