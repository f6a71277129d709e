// Tags of the metadata store and their links to tagged objects (Superset's tag and tagged_object).
import { type ObjectTag, TAG_TYPES, type TaggableType } from '@nezha/core';
import { type Expression, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { UserNames } from './annotations.js';
import { andAll, filterCondition, type ListOptions } from './list.js';
import type { MetadataSchema } from './schema.js';
import type { TagRow } from './schema-tags.js';
import { nowIso } from './time.js';

type Db = Kysely<MetadataSchema> | Transaction<MetadataSchema>;

export const TAG_LIST_COLUMNS: Record<string, string> = {
  id: 'tag.id',
  name: 'tag.name',
  type: 'tag.type',
  description: 'tag.description',
  created_on: 'tag.created_on',
  changed_on: 'tag.changed_on',
  changed_on_delta_humanized: 'tag.changed_on',
  created_on_delta_humanized: 'tag.created_on',
  created_by: 'tag.created_by_fk',
  changed_by: 'tag.changed_by_fk',
  'created_by.first_name': 'creator.first_name',
  'changed_by.first_name': 'changer.first_name',
};

export type TagRecord = TagRow & UserNames;

export interface TagLink {
  tag_id: number;
  object_type: TaggableType;
  object_id: number;
}

function withNames(db: Db) {
  return db
    .selectFrom('tag')
    .leftJoin('ab_user as creator', 'creator.id', 'tag.created_by_fk')
    .leftJoin('ab_user as changer', 'changer.id', 'tag.changed_by_fk')
    .selectAll('tag')
    .select([
      'creator.first_name as created_by_first_name',
      'creator.last_name as created_by_last_name',
      'changer.first_name as changed_by_first_name',
      'changer.last_name as changed_by_last_name',
    ]);
}

export async function listTagRows(db: Db, options: ListOptions, extra: Expression<SqlBool>[] = []) {
  const where = andAll([
    ...options.filters.map((f) => filterCondition(TAG_LIST_COLUMNS[f.col] ?? 'tag.id', f.opr, f.value)),
    ...extra,
  ]);
  const { count } = await db
    .selectFrom('tag')
    .leftJoin('ab_user as creator', 'creator.id', 'tag.created_by_fk')
    .leftJoin('ab_user as changer', 'changer.id', 'tag.changed_by_fk')
    .where(where)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const orderRef = TAG_LIST_COLUMNS[options.orderColumn ?? 'name'] ?? 'tag.name';
  const rows: TagRecord[] = await withNames(db)
    .where(where)
    .orderBy(sql.ref(orderRef), options.orderDirection)
    .orderBy('tag.id', options.orderDirection)
    .offset(options.page * options.pageSize)
    .limit(options.pageSize)
    .execute();
  return { count: Number(count), rows };
}

export async function getTag(db: Db, id: number): Promise<TagRecord | undefined> {
  return withNames(db).where('tag.id', '=', id).executeTakeFirst();
}

export async function tagsByName(db: Db, names: readonly string[]): Promise<TagRow[]> {
  if (names.length === 0) return [];
  return db
    .selectFrom('tag')
    .selectAll()
    .where('name', 'in', [...names])
    .execute();
}

export async function tagsById(db: Db, ids: readonly number[]): Promise<TagRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('tag')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

export async function insertTag(
  db: Db,
  userId: number,
  values: { name: string; description: string | null; type?: number },
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('tag')
    .values({
      name: values.name,
      description: values.description,
      type: values.type ?? TAG_TYPES.custom,
      created_on: now,
      changed_on: now,
      created_by_fk: userId,
      changed_by_fk: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The ids of the named tags, creating the custom ones that do not exist yet. */
export async function ensureTags(db: Db, userId: number, names: readonly string[]): Promise<Map<string, number>> {
  const unique = [...new Set(names)];
  const ids = new Map((await tagsByName(db, unique)).map((row) => [row.name, row.id]));
  for (const name of unique) {
    if (!ids.has(name)) ids.set(name, await insertTag(db, userId, { name, description: null }));
  }
  return ids;
}

export async function updateTagRow(
  db: Db,
  userId: number,
  id: number,
  values: { name?: string | undefined; description?: string | null | undefined },
): Promise<void> {
  const set: { name?: string; description?: string | null } = {};
  if (values.name !== undefined) set.name = values.name;
  if (values.description !== undefined) set.description = values.description;
  await db
    .updateTable('tag')
    .set({ ...set, changed_on: nowIso(), changed_by_fk: userId })
    .where('id', '=', id)
    .execute();
}

/** All of them or none: false when any id is missing. Their links go with them (ON DELETE CASCADE). */
export async function deleteTagRows(db: Kysely<MetadataSchema>, ids: readonly number[]): Promise<boolean> {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('tag').select('id').where('id', 'in', unique).execute();
    if (found.length !== unique.length) return false;
    // Explicit as well as cascaded: a store opened without foreign keys enforced still loses no link to a dead tag.
    await trx.deleteFrom('tagged_object').where('tag_id', 'in', unique).execute();
    await trx.deleteFrom('tag').where('id', 'in', unique).execute();
    return true;
  });
}

/** Adds links; an existing link stays one link. Returns the links that were new. */
export async function addLinks(db: Db, userId: number, links: readonly TagLink[]): Promise<TagLink[]> {
  const added: TagLink[] = [];
  for (const link of links) {
    const existing = await db
      .selectFrom('tagged_object')
      .select('id')
      .where('tag_id', '=', link.tag_id)
      .where('object_type', '=', link.object_type)
      .where('object_id', '=', link.object_id)
      .executeTakeFirst();
    if (existing) continue;
    await db
      .insertInto('tagged_object')
      .values({ ...link, created_on: nowIso(), created_by_fk: userId })
      .execute();
    added.push(link);
  }
  return added;
}

export async function removeLink(db: Db, link: TagLink): Promise<boolean> {
  const result = await db
    .deleteFrom('tagged_object')
    .where('tag_id', '=', link.tag_id)
    .where('object_type', '=', link.object_type)
    .where('object_id', '=', link.object_id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The links of the given tags, optionally only to objects of the given types, in a stable order. */
export async function linksOfTags(
  db: Db,
  tagIds: readonly number[],
  types: readonly TaggableType[],
): Promise<TagLink[]> {
  if (tagIds.length === 0) return [];
  let query = db
    .selectFrom('tagged_object')
    .select(['tag_id', 'object_type', 'object_id'])
    .where('tag_id', 'in', [...tagIds]);
  if (types.length > 0) query = query.where('object_type', 'in', [...types]);
  const rows = await query.orderBy('object_type').orderBy('object_id').orderBy('tag_id').execute();
  return rows.map((row) => ({ ...row, object_type: row.object_type as TaggableType }));
}

/** The tags on each object of one type, by name. */
export async function tagsOfObjects(
  db: Db,
  type: TaggableType,
  objectIds: readonly number[],
): Promise<Map<number, ObjectTag[]>> {
  const byObject = new Map<number, ObjectTag[]>();
  if (objectIds.length === 0) return byObject;
  const rows = await db
    .selectFrom('tagged_object')
    .innerJoin('tag', 'tag.id', 'tagged_object.tag_id')
    .select(['tagged_object.object_id as object_id', 'tag.id as id', 'tag.name as name', 'tag.type as type'])
    .where('tagged_object.object_type', '=', type)
    .where('tagged_object.object_id', 'in', [...new Set(objectIds)])
    .orderBy('tag.name')
    .execute();
  for (const row of rows) {
    const list = byObject.get(row.object_id) ?? [];
    list.push({ id: row.id, name: row.name, type: row.type });
    byObject.set(row.object_id, list);
  }
  return byObject;
}

/**
 * Makes the named tags (created when missing) exactly the tags on one object: new names are linked, links to tags
 * not named are removed. Used where an object's own save carries its `tags` (measures and cohorts).
 */
export async function setObjectTagNames(
  db: Db,
  userId: number,
  type: TaggableType,
  objectId: number,
  names: readonly string[],
): Promise<void> {
  const ids = await ensureTags(db, userId, names);
  const wanted = new Set(ids.values());
  const current = (await tagsOfObjects(db, type, [objectId])).get(objectId) ?? [];
  for (const tag of current) {
    if (!wanted.has(tag.id)) await removeLink(db, { tag_id: tag.id, object_type: type, object_id: objectId });
  }
  await addLinks(
    db,
    userId,
    [...wanted].map((tagId) => ({ tag_id: tagId, object_type: type, object_id: objectId })),
  );
}

/** Removes every link to the objects; called where those objects are deleted. */
export async function untagObjects(db: Db, type: TaggableType, objectIds: readonly number[]): Promise<void> {
  if (objectIds.length === 0) return;
  await db
    .deleteFrom('tagged_object')
    .where('object_type', '=', type)
    .where('object_id', 'in', [...objectIds])
    .execute();
}

/** One tag filter of a list: tag ids, or a part of a tag's name. */
export type TagFilter = { ids: readonly number[] } | { nameContains: string };

/**
 * A list filter: the row whose id is `idRef` carries one of the tags, by id (Superset's `<resource>_tag_id`) or by
 * a case-insensitive part of its name (`<resource>_tags`, Superset's ilike).
 */
export function taggedCondition(idRef: string, type: TaggableType, tags: TagFilter): Expression<SqlBool> {
  const byTag =
    'ids' in tags
      ? filterCondition('tagged_object.tag_id', 'in', [...tags.ids])
      : sql<SqlBool>`${sql.ref('tagged_object.tag_id')} IN (SELECT ${sql.ref('tag.id')} FROM ${sql.table('tag')} WHERE ${filterCondition('tag.name', 'ct', tags.nameContains)})`;
  return sql<SqlBool>`${sql.ref(idRef)} IN (SELECT ${sql.ref('tagged_object.object_id')} FROM ${sql.table(
    'tagged_object',
  )} WHERE ${sql.ref('tagged_object.object_type')} = ${type} AND ${byTag})`;
}
