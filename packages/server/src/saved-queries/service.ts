// Saved queries: each user sees and changes only their own, on databases they may use.
import type { ObjectTag } from '@nezha/core';
import type { AppContext } from '../app/context.js';
import { HttpError } from '../errors/nezha-error.js';
import type { AuthUser } from '../security/current-user.js';
import { assertUsableDatabase } from '../sqllab/references.js';
import type { ListOptions } from '../store/list.js';
import {
  deleteOwnSavedQueries,
  getOwnSavedQuery,
  insertSavedQuery,
  listOwnSavedQueries,
  type SavedQueryRecord,
  type SavedQueryValues,
  updateSavedQuery as storeUpdateSavedQuery,
} from '../store/saved-queries.js';
import { type TagFilter, tagsOfObjects } from '../store/tags.js';
import { type SerializedSavedQuery, serializeSavedQuery } from './serialize.js';

export interface SavedQueryInput {
  label?: string | undefined;
  db_id?: number | undefined;
  catalog?: string | null | undefined;
  schema?: string | null | undefined;
  sql?: string | undefined;
  description?: string | undefined;
  template_parameters?: string | null | undefined;
  extra_json?: string | undefined;
}

/** Superset answers another user's saved query as missing (its base filter hides them). */
async function requireOwn(ctx: AppContext, user: AuthUser, id: number): Promise<SavedQueryRecord> {
  const row = await getOwnSavedQuery(ctx.store.db, user.id, id);
  if (!row) throw new HttpError(404, 'Not found');
  return row;
}

/** One of the caller's saved queries, with its tags (Superset's show answer carries them, as its list does). */
export async function readSavedQuery(
  ctx: AppContext,
  user: AuthUser,
  id: number,
): Promise<SerializedSavedQuery & { tags: ObjectTag[] }> {
  const row = await requireOwn(ctx, user, id);
  const tags = (await tagsOfObjects(ctx.store.db, 'query', [id])).get(id) ?? [];
  return { ...serializeSavedQuery(row), tags };
}

export async function createSavedQuery(
  ctx: AppContext,
  user: AuthUser,
  input: SavedQueryInput & { db_id: number },
): Promise<{ id: number; result: SerializedSavedQuery }> {
  await assertUsableDatabase(ctx, user, input.db_id, 'db_id');
  const values: SavedQueryValues = {
    db_id: input.db_id,
    catalog: input.catalog ?? null,
    schema: input.schema ?? null,
    label: input.label ?? '',
    description: input.description ?? '',
    sql: input.sql ?? '',
    template_parameters: input.template_parameters ?? null,
    extra_json: input.extra_json ?? '{}',
  };
  const id = await insertSavedQuery(ctx.store.db, user.id, values);
  return { id, result: await readSavedQuery(ctx, user, id) };
}

export async function updateSavedQuery(
  ctx: AppContext,
  user: AuthUser,
  id: number,
  input: SavedQueryInput,
): Promise<{ id: number; result: SerializedSavedQuery }> {
  await requireOwn(ctx, user, id);
  if (input.db_id !== undefined) await assertUsableDatabase(ctx, user, input.db_id, 'db_id');
  const values = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  await storeUpdateSavedQuery(ctx.store.db, user.id, id, values as Partial<SavedQueryValues>);
  return { id, result: await readSavedQuery(ctx, user, id) };
}

export async function deleteSavedQueries(ctx: AppContext, user: AuthUser, ids: number[]): Promise<void> {
  if (!(await deleteOwnSavedQueries(ctx.store.db, user.id, ids))) throw new HttpError(404, 'Not found');
}

export async function listSavedQueries(
  ctx: AppContext,
  user: AuthUser,
  options: ListOptions,
  search: string[],
  tags: TagFilter[] = [],
) {
  const { count, rows } = await listOwnSavedQueries(ctx.store.db, user.id, options, search, tags);
  const tagsOf = await tagsOfObjects(
    ctx.store.db,
    'query',
    rows.map((row) => row.id),
  );
  return {
    count,
    ids: rows.map((row) => row.id),
    result: rows.map((row) => ({ ...serializeSavedQuery(row), tags: tagsOf.get(row.id) ?? [] })),
  };
}
