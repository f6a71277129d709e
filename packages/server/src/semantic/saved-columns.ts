// Saved and calculated columns of datasets: the type rules of spec §3 (time-part methods make a column numeric,
// DATETIME temporal, is_dttm only on calculated columns), guarded expressions, owners.
import { isTemporalColumn } from '@nezha/core';
import type { AppContext } from '../app/context.js';
import { resolveOwners } from '../datasets/create.js';
import { exploredDataset, readableDataset } from '../datasets/lookup.js';
import { HttpError } from '../errors/nezha-error.js';
import { ValidationError } from '../errors/validation-error.js';
import { parseParams } from '../saved-charts/form-data.js';
import type { AuthUser } from '../security/current-user.js';
import type { DatasetFull } from '../store/datasets.js';
import { LINKS, linkedOwners } from '../store/links.js';
import {
  getSavedColumn,
  insertSavedColumn,
  type SavedColumnValues,
  savedColumnsOfDataset,
  deleteSavedColumn as storeDeleteSavedColumn,
  updateSavedColumn as storeUpdateSavedColumn,
} from '../store/saved-columns.js';
import { assertCanExtendDataset, assertOwner } from './access.js';
import { assertExpression, type DatasetScope, datasetScope } from './dataset-scope.js';
import { methodType, type SavedColumnMethod } from './saved-column-methods.js';
import { savedColumnJson } from './serialize.js';

export interface SavedColumnInput {
  column_name?: string | undefined;
  table_id?: number | undefined;
  type?: string | null | undefined;
  expression?: string | undefined;
  filterable?: boolean | undefined;
  groupby?: boolean | undefined;
  method?: SavedColumnMethod | null | undefined;
  is_dttm?: boolean | undefined;
  /** JSON object text: the explore state the column was built in (its viz_type says saved or calculated). */
  form_data?: string | null | undefined;
  description?: string | null | undefined;
  owners?: number[] | undefined;
}

export type SavedColumnCreateInput = SavedColumnInput & { column_name: string; table_id: number; expression: string };

function fail(field: string, message: string): never {
  throw new ValidationError({ [field]: [message] }, 422);
}

/** A column built in the saved_column view is a saved column; everything else is a calculated one. */
function isCalculated(formData: string | null): boolean {
  return parseParams(formData).viz_type !== 'saved_column';
}

/** The bare column an expression names, when it names one of the dataset's columns and nothing more. */
function bareColumn(scope: DatasetScope, expression: string) {
  const name = expression.trim().replace(/^"(.*)"$/s, '$1');
  return scope.columns.get(name);
}

/** Type and is_dttm as spec §3 has them, and the checks that keep the three fields consistent. */
function typeRules(
  scope: DatasetScope,
  values: Pick<SavedColumnValues, 'expression' | 'method' | 'type' | 'form_data'> & { is_dttm: boolean },
): { type: string | null; is_dttm: number } {
  const calculated = isCalculated(values.form_data);
  if (values.is_dttm && !calculated) fail('is_dttm', 'Only calculated columns can be marked as temporal');
  if (values.method) {
    const source = bareColumn(scope, values.expression);
    if (source && !isTemporalColumn(source)) fail('method', `Method "${values.method}" needs a temporal column`);
    const type = methodType(values.method);
    return { type, is_dttm: values.method === 'DATETIME' && calculated ? 1 : 0 };
  }
  return { type: values.type ?? null, is_dttm: values.is_dttm ? 1 : 0 };
}

async function assertNameFree(ctx: AppContext, full: DatasetFull, name: string, exceptId?: number): Promise<void> {
  const lower = name.toLowerCase();
  const saved = await savedColumnsOfDataset(ctx.store.db, full.dataset.id);
  const taken = [
    ...full.columns.map((c) => c.column_name),
    ...full.metrics.map((m) => m.metric_name),
    ...saved.filter((c) => c.id !== exceptId).map((c) => c.column_name),
  ];
  if (taken.some((other) => other.toLowerCase() === lower)) {
    fail('column_name', `A column named "${name}" already exists in this dataset`);
  }
}

export async function createSavedColumn(ctx: AppContext, user: AuthUser, input: SavedColumnCreateInput) {
  const full = await exploredDataset(ctx, user, input.table_id);
  assertCanExtendDataset(user, full);
  const scope = await datasetScope(ctx, full);
  const name = input.column_name.trim();
  await assertNameFree(ctx, full, name);
  assertExpression('expression', input.expression, scope);
  const base = {
    expression: input.expression,
    method: input.method ?? null,
    type: input.type ?? null,
    form_data: input.form_data ?? null,
  };
  const values: SavedColumnValues = {
    ...base,
    ...typeRules(scope, { ...base, is_dttm: input.is_dttm === true }),
    column_name: name,
    table_id: full.dataset.id,
    filterable: input.filterable === false ? 0 : 1,
    groupby: input.groupby === false ? 0 : 1,
    description: input.description ?? null,
  };
  const owners = await resolveOwners(ctx, user, input.owners);
  const id = await insertSavedColumn(ctx.store.db, values, owners, user.id);
  return { id, result: input };
}

async function loadSavedColumn(ctx: AppContext, user: AuthUser, id: number) {
  const column = await getSavedColumn(ctx.store.db, id);
  if (!column) throw new HttpError(404, 'Not found');
  const full = await readableDataset(ctx, user, column.table_id);
  const owners = (await linkedOwners(ctx.store.db, LINKS.savedColumnOwners, [id])).get(id) ?? [];
  return { column, full, owners };
}

export async function updateSavedColumn(ctx: AppContext, user: AuthUser, id: number, input: SavedColumnInput) {
  const { column, full, owners } = await loadSavedColumn(ctx, user, id);
  assertOwner(user, owners, 'column');
  assertCanExtendDataset(user, full);
  if (input.table_id !== undefined && input.table_id !== column.table_id) {
    fail('table_id', 'A saved column cannot move to another dataset');
  }
  const scope = await datasetScope(ctx, full);
  const name = input.column_name?.trim() ?? column.column_name;
  if (name !== column.column_name) await assertNameFree(ctx, full, name, id);
  const base = {
    expression: input.expression ?? column.expression,
    method: input.method === undefined ? column.method : input.method,
    type: input.type === undefined ? column.type : input.type,
    form_data: input.form_data === undefined ? column.form_data : input.form_data,
  };
  if (input.expression !== undefined) assertExpression('expression', base.expression, scope);
  const isDttm = input.is_dttm ?? (column.is_dttm === 1 && !column.method);
  const values: Partial<SavedColumnValues> = {
    ...base,
    ...typeRules(scope, { ...base, is_dttm: isDttm }),
    column_name: name,
  };
  if (input.filterable !== undefined) values.filterable = input.filterable ? 1 : 0;
  if (input.groupby !== undefined) values.groupby = input.groupby ? 1 : 0;
  if (input.description !== undefined) values.description = input.description;
  const nextOwners = input.owners === undefined ? undefined : await resolveOwners(ctx, user, input.owners);
  await storeUpdateSavedColumn(ctx.store.db, id, values, nextOwners, user.id);
  return { id, result: input };
}

export async function readSavedColumn(ctx: AppContext, user: AuthUser, id: number) {
  const { column, owners } = await loadSavedColumn(ctx, user, id);
  return { id, result: savedColumnJson(column, owners) };
}

export async function deleteSavedColumn(ctx: AppContext, user: AuthUser, id: number): Promise<void> {
  const { owners } = await loadSavedColumn(ctx, user, id);
  assertOwner(user, owners, 'column');
  await storeDeleteSavedColumn(ctx.store.db, id);
}

/** GET /api/v1/dataset/{id}/saved_columns. */
export async function datasetSavedColumns(ctx: AppContext, user: AuthUser, datasetId: number) {
  await readableDataset(ctx, user, datasetId);
  const rows = await savedColumnsOfDataset(ctx.store.db, datasetId);
  const owners = await linkedOwners(
    ctx.store.db,
    LINKS.savedColumnOwners,
    rows.map((row) => row.id),
  );
  return { result: rows.map((row) => savedColumnJson(row, owners.get(row.id) ?? [])) };
}
