// Tags (Superset's tag commands): custom tags, tagging and untagging objects the caller may change, and the objects
// of a tag the caller may see.
import { humanizeDelta, TAG_TYPES, type TaggableType, type TaggedObjectEntity } from '@nezha/core';
import { auditUsers } from '../annotations/serialize.js';
import type { AppContext } from '../app/context.js';
import { HttpError } from '../errors/nezha-error.js';
import { ValidationError } from '../errors/validation-error.js';
import type { AuthUser } from '../security/current-user.js';
import type { ListOptions } from '../store/list.js';
import { filterCondition } from '../store/list.js';
import {
  addLinks,
  deleteTagRows,
  ensureTags,
  getTag,
  insertTag,
  linksOfTags,
  listTagRows,
  removeLink,
  type TagLink,
  type TagRecord,
  tagsById,
  tagsByName,
  tagsOfObjects,
  updateTagRow,
} from '../store/tags.js';
import { mayTag, visibleObject } from './objects.js';

export type ObjectRef = [TaggableType, number];

export function serializeTag(row: TagRecord) {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    description: row.description,
    ...auditUsers(row),
    created_on: row.created_on,
    changed_on: row.changed_on,
    changed_on_delta_humanized: humanizeDelta(row.changed_on),
    created_on_delta_humanized: humanizeDelta(row.created_on),
  };
}

const notFound = () => new HttpError(404, 'Not found');

/** `customOnly`: Superset's UserCreatedTagTypeFilter (the Tags page lists the tags people made). */
export async function listTags(ctx: AppContext, options: ListOptions, customOnly: boolean | undefined) {
  const extra =
    customOnly === undefined ? [] : [filterCondition('tag.type', customOnly ? 'eq' : 'neq', TAG_TYPES.custom)];
  const { count, rows } = await listTagRows(ctx.store.db, options, extra);
  return { count, ids: rows.map((row) => row.id), result: rows.map(serializeTag) };
}

export async function readTag(ctx: AppContext, id: number) {
  const row = await getTag(ctx.store.db, id);
  if (!row) throw notFound();
  return { id, result: serializeTag(row) };
}

/** Splits objects into those the caller may tag and those it may not (missing, hidden or not theirs). */
async function sortByRight(ctx: AppContext, user: AuthUser, objects: readonly ObjectRef[]) {
  const allowed: ObjectRef[] = [];
  const refused: ObjectRef[] = [];
  const seen = new Set<string>();
  for (const [type, id] of objects) {
    const key = `${type}:${id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    ((await mayTag(ctx, user, type, id)) ? allowed : refused).push([type, id]);
  }
  return { allowed, refused };
}

/** Refuses the whole request when any object cannot be tagged by the caller, naming them; nothing is written. */
function refuseAny(refused: readonly ObjectRef[]): void {
  if (refused.length === 0) return;
  throw new ValidationError(
    {
      objects_to_tag: [
        `You cannot tag ${refused.map(([type, id]) => `${type} ${id}`).join(', ')}: it does not exist or you may not change it.`,
      ],
    },
    403,
  );
}

async function assertNameFree(ctx: AppContext, name: string, except?: number): Promise<void> {
  const [existing] = await tagsByName(ctx.store.db, [name]);
  if (existing && existing.id !== except) {
    throw new ValidationError({ name: ['A tag with this name already exists.'] }, 422);
  }
}

export interface TagInput {
  name: string;
  description?: string | null | undefined;
  objects_to_tag?: ObjectRef[] | undefined;
}

export async function createTag(ctx: AppContext, user: AuthUser, input: TagInput) {
  await assertNameFree(ctx, input.name);
  const { allowed, refused } = await sortByRight(ctx, user, input.objects_to_tag ?? []);
  refuseAny(refused);
  const id = await ctx.store.db.transaction().execute(async (trx) => {
    const tagId = await insertTag(trx, user.id, { name: input.name, description: input.description ?? null });
    await addLinks(
      trx,
      user.id,
      allowed.map(([type, objectId]) => ({ tag_id: tagId, object_type: type, object_id: objectId })),
    );
    return tagId;
  });
  return { id, result: { name: input.name, description: input.description ?? null, objects_to_tag: allowed } };
}

/**
 * Renames or describes a tag; `objects_to_tag`, when given, becomes the tag's objects (Superset's UpdateTagCommand)
 * among those the caller may change: links to objects the caller may not change are kept as they are.
 */
export async function updateTag(ctx: AppContext, user: AuthUser, id: number, input: Partial<TagInput>) {
  const tag = await getTag(ctx.store.db, id);
  if (!tag) throw notFound();
  if (input.name !== undefined) await assertNameFree(ctx, input.name, id);
  let wanted: ObjectRef[] | undefined;
  const dropped: TagLink[] = [];
  if (input.objects_to_tag !== undefined) {
    const { allowed, refused } = await sortByRight(ctx, user, input.objects_to_tag);
    refuseAny(refused);
    wanted = allowed;
    const keep = new Set(allowed.map(([type, objectId]) => `${type}:${objectId}`));
    for (const link of await linksOfTags(ctx.store.db, [id], [])) {
      if (keep.has(`${link.object_type}:${link.object_id}`)) continue;
      if (await mayTag(ctx, user, link.object_type, link.object_id)) dropped.push(link);
    }
  }
  await ctx.store.db.transaction().execute(async (trx) => {
    await updateTagRow(trx, user.id, id, { name: input.name, description: input.description });
    for (const link of dropped) await removeLink(trx, link);
    if (wanted) {
      await addLinks(
        trx,
        user.id,
        wanted.map(([type, objectId]) => ({ tag_id: id, object_type: type, object_id: objectId })),
      );
    }
  });
  return { id, result: input };
}

export async function deleteTags(ctx: AppContext, ids: number[]): Promise<void> {
  if (!(await deleteTagRows(ctx.store.db, ids))) throw notFound();
}

/**
 * Superset's bulk_create: each named tag (made when missing) goes on the objects the caller may change; the others
 * are reported as skipped, not refused.
 */
export async function bulkCreate(
  ctx: AppContext,
  user: AuthUser,
  tags: ReadonlyArray<{ name: string; objects_to_tag: ObjectRef[] }>,
) {
  const tagged = new Map<string, ObjectRef>();
  const skipped = new Map<string, ObjectRef>();
  const rights = new Map<string, boolean>();
  const plan: Array<{ name: string; objects: ObjectRef[] }> = [];
  for (const tag of tags) {
    const objects: ObjectRef[] = [];
    for (const [type, id] of tag.objects_to_tag) {
      const key = `${type}:${id}`;
      if (!rights.has(key)) rights.set(key, await mayTag(ctx, user, type, id));
      if (rights.get(key)) {
        objects.push([type, id]);
        tagged.set(key, [type, id]);
      } else skipped.set(key, [type, id]);
    }
    plan.push({ name: tag.name, objects });
  }
  await ctx.store.db.transaction().execute(async (trx) => {
    const ids = await ensureTags(
      trx,
      user.id,
      plan.map((p) => p.name),
    );
    for (const { name, objects } of plan) {
      const tagId = ids.get(name);
      if (tagId === undefined) continue;
      await addLinks(
        trx,
        user.id,
        objects.map(([type, objectId]) => ({ tag_id: tagId, object_type: type, object_id: objectId })),
      );
    }
  });
  return { result: { objects_tagged: [...tagged.values()], objects_skipped: [...skipped.values()] } };
}

async function requireTaggable(ctx: AppContext, user: AuthUser, type: TaggableType, objectId: number) {
  if (await mayTag(ctx, user, type, objectId)) return;
  // Hidden objects stay hidden: the same 404 as a missing one.
  if (!(await visibleObject(ctx, user, type, objectId))) throw notFound();
  throw new HttpError(403, `You do not have permission to tag this ${type}`);
}

/** Superset's add_objects: the named tags (made when missing) go on one object the caller may change. */
export async function tagObject(
  ctx: AppContext,
  user: AuthUser,
  type: TaggableType,
  objectId: number,
  names: string[],
) {
  await requireTaggable(ctx, user, type, objectId);
  await ctx.store.db.transaction().execute(async (trx) => {
    const ids = await ensureTags(trx, user.id, names);
    await addLinks(
      trx,
      user.id,
      [...ids.values()].map((tagId) => ({ tag_id: tagId, object_type: type, object_id: objectId })),
    );
  });
}

/** Superset's delete_object: takes one tag, by name, off one object the caller may change. */
export async function untagObject(
  ctx: AppContext,
  user: AuthUser,
  type: TaggableType,
  objectId: number,
  tagName: string,
) {
  await requireTaggable(ctx, user, type, objectId);
  const [tag] = await tagsByName(ctx.store.db, [tagName]);
  if (!tag || !(await removeLink(ctx.store.db, { tag_id: tag.id, object_type: type, object_id: objectId }))) {
    throw notFound();
  }
}

/** The tags on each of one type's objects, for list and show answers (`tags` field). */
export async function tagsFor(ctx: AppContext, type: TaggableType, ids: readonly number[]) {
  return tagsOfObjects(ctx.store.db, type, ids);
}

/**
 * Superset's get_objects: the objects carrying any of the tags (ids first, else names), narrowed to the types asked
 * for, each only when the caller may see it.
 */
export async function taggedObjects(
  ctx: AppContext,
  user: AuthUser,
  query: { tagIds: number[]; tags: string[]; types: TaggableType[] },
): Promise<{ result: TaggedObjectEntity[] }> {
  const tags =
    query.tagIds.length > 0 ? await tagsById(ctx.store.db, query.tagIds) : await tagsByName(ctx.store.db, query.tags);
  const links = await linksOfTags(
    ctx.store.db,
    tags.map((tag) => tag.id),
    query.types,
  );
  const result: TaggedObjectEntity[] = [];
  const seen = new Set<string>();
  for (const link of links) {
    const key = `${link.object_type}:${link.object_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const entity = await visibleObject(ctx, user, link.object_type, link.object_id);
    if (!entity) continue;
    const objectTags = (await tagsOfObjects(ctx.store.db, link.object_type, [link.object_id])).get(link.object_id);
    result.push({ ...entity, tags: objectTags ?? [] });
  }
  return { result };
}
