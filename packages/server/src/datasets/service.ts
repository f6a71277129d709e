// Datasets: read, list, update and delete with Superset's access and ownership rules; the explore datasource.
import { parseDatasourceKey } from '@nezha/core';
import type { AppContext } from '../app/context.js';
import { engineForUri } from '../engines/registry.js';
import { HttpError, NezhaError } from '../errors/nezha-error.js';
import { ValidationError } from '../errors/validation-error.js';
import type { AuthUser } from '../security/current-user.js';
import { assertDatasetOwnership, datasetVisibility, isDatasetOwner } from '../security/dataset-access.js';
import { ownersOf } from '../store/dataset-fields.js';
import {
  type DatasetFull,
  type DatasetListExtras,
  deleteDatasets,
  findDatasetByName,
  getDatasets,
  listDatasets,
  updateDataset as storeUpdateDataset,
} from '../store/datasets.js';
import type { ListOptions } from '../store/list.js';
import { tagsOfObjects } from '../store/tags.js';
import { datasetExists, resolveOwners } from './create.js';
import { datasourceData } from './datasource-data.js';
import { assertDatasetExpressions } from './expression-guard.js';
import { columnChange, type DatasetUpdateInput, datasetFieldValues, metricChange } from './inputs.js';
import {
  assertSchemaAccess,
  databaseOfDataset,
  datasetDatabase,
  engineOf,
  exploredDataset,
  readableDataset,
  virtualContext,
} from './lookup.js';
import { datasetDetail, datasetListItem, selectFields } from './serialize.js';
import { normalizeSql, virtualStatement } from './virtual-sql.js';

const ownerIdsOf = (full: DatasetFull) => full.owners.map((owner) => owner.id);

export async function readDataset(ctx: AppContext, user: AuthUser, id: number, columns?: string[]) {
  const full = await readableDataset(ctx, user, id);
  const detail = {
    ...datasetDetail(full, engineOf(full).dialect, { showSensitive: isDatasetOwner(user, ownerIdsOf(full)) }),
    // Superset's show answer carries the dataset's tags, as its list does.
    tags: (await tagsOfObjects(ctx.store.db, 'dataset', [id])).get(id) ?? [],
  };
  return { id, result: columns && columns.length > 0 ? selectFields(detail, columns) : detail };
}

export async function listVisibleDatasets(
  ctx: AppContext,
  user: AuthUser,
  options: ListOptions,
  extras: Omit<DatasetListExtras, 'visible'>,
) {
  const { count, rows } = await listDatasets(ctx.store.db, options, { ...extras, visible: datasetVisibility(user) });
  const ids = rows.map((row) => row.id);
  const [owners, tags] = await Promise.all([ownersOf(ctx.store.db, ids), tagsOfObjects(ctx.store.db, 'dataset', ids)]);
  return {
    count,
    ids,
    result: rows.map((row) => ({ ...datasetListItem(row, owners.get(row.id) ?? []), tags: tags.get(row.id) ?? [] })),
  };
}

/** Superset's checks of a PUT's columns or metrics: no name twice, and no id the dataset does not have. */
function checkChildren(
  field: 'columns' | 'metrics',
  items: ReadonlyArray<{ id?: number | undefined; name: string }>,
  knownIds: readonly number[] | null,
): void {
  const names = items.map((item) => item.name);
  if (new Set(names).size !== names.length) {
    throw new ValidationError({ [field]: [`One or more ${field} are duplicated`] }, 422);
  }
  if (knownIds && items.some((item) => item.id !== undefined && !knownIds.includes(item.id))) {
    throw new ValidationError({ [field]: [`One or more ${field} do not exist`] }, 422);
  }
}

/** Superset's PUT: fields, owners, and columns and metrics merged by id (or columns replaced with `override`). */
export async function updateDataset(
  ctx: AppContext,
  user: AuthUser,
  id: number,
  input: DatasetUpdateInput,
  override = false,
) {
  const full = await readableDataset(ctx, user, id);
  const { dataset } = full;
  assertDatasetOwnership(user, ownerIdsOf(full), dataset.table_name);
  const { database_id, owners, columns, metrics, ...fields } = input;
  const values = datasetFieldValues(fields);
  const moved = database_id !== undefined && database_id !== dataset.database_id;
  const database = moved ? await datasetDatabase(ctx, user, database_id) : await databaseOfDataset(ctx, full);
  const next = { ...dataset, ...values, database_id: database.id };
  if (database.id !== dataset.database_id || values.schema !== undefined)
    assertSchemaAccess(user, database, next.schema);

  const sql = normalizeSql(next.sql);
  if (values.sql !== undefined && sql !== null) {
    const engine = engineForUri(database.sqlalchemy_uri);
    virtualStatement(sql, virtualContext(ctx, user, engine, next.template_params ?? null));
  }
  const renamed =
    next.table_name !== dataset.table_name ||
    next.schema !== dataset.schema ||
    next.catalog !== dataset.catalog ||
    next.database_id !== dataset.database_id;
  if (renamed && (await findDatasetByName(ctx.store.db, next, { exceptId: id }))) throw datasetExists(next.table_name);

  if (columns) {
    const known = override ? null : full.columns.map((c) => c.id);
    checkChildren(
      'columns',
      columns.map((c) => ({ id: c.id, name: c.column_name })),
      known,
    );
  }
  if (metrics) {
    checkChildren(
      'metrics',
      metrics.map((m) => ({ id: m.id, name: m.metric_name })),
      full.metrics.map((m) => m.id),
    );
  }
  assertDatasetExpressions(full, engineForUri(database.sqlalchemy_uri).name, columns, metrics);
  if (fields.sensitive_columns) {
    const names = (columns ?? full.columns).map((c) => c.column_name);
    const unknown = fields.sensitive_columns.filter((name) => !names.includes(name));
    if (unknown.length > 0) {
      throw new ValidationError({ sensitive_columns: [`Unknown columns: ${unknown.join(', ')}`] }, 422);
    }
  }

  await storeUpdateDataset(ctx.store.db, dataset, database.database_name, {
    values: { ...values, database_id: database.id, changed_by_fk: user.id },
    columns: columns?.map((column) => columnChange(override ? { ...column, id: undefined } : column)),
    overrideColumns: override,
    metrics: metrics?.map(metricChange),
    owners: owners === undefined ? undefined : await resolveOwners(ctx, user, owners),
  });
  return { id, result: input };
}

export async function deleteDataset(ctx: AppContext, user: AuthUser, id: number): Promise<void> {
  const full = await readableDataset(ctx, user, id);
  assertDatasetOwnership(user, ownerIdsOf(full), full.dataset.table_name);
  await deleteDatasets(ctx.store.db, [full.dataset]);
}

/** All or nothing: any missing or unreachable id is a 404, any not owned a 403, and nothing is deleted. */
export async function bulkDeleteDatasets(ctx: AppContext, user: AuthUser, ids: number[]): Promise<string> {
  const unique = [...new Set(ids)];
  const rows = await getDatasets(ctx.store.db, unique);
  if (rows.length !== unique.length) throw new HttpError(404, 'Not found');
  const fulls: DatasetFull[] = [];
  for (const id of unique) fulls.push(await readableDataset(ctx, user, id));
  for (const full of fulls) assertDatasetOwnership(user, ownerIdsOf(full), full.dataset.table_name);
  await deleteDatasets(
    ctx.store.db,
    fulls.map((full) => full.dataset),
  );
  return `Deleted ${unique.length} dataset${unique.length === 1 ? '' : 's'}`;
}

/** GET /nezha/fetch_datasource_metadata: the datasource a `<id>__table` key names. */
export async function datasourceMetadata(ctx: AppContext, user: AuthUser, key: string) {
  const parsed = parseDatasourceKey(key);
  if (!parsed) {
    throw new HttpError(400, `Invalid datasource key "${key}": expected "<id>__<type>", e.g. "1__table"`);
  }
  if (parsed.type !== 'table') {
    throw new NezhaError({
      type: 'UNKNOWN_DATASOURCE_TYPE_ERROR',
      status: 400,
      message: `Datasource type "${parsed.type}" is not supported here; only "table" datasources are.`,
    });
  }
  const full = await exploredDataset(ctx, user, parsed.id);
  return datasourceData(full, engineOf(full).dialect);
}
