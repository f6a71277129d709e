// Measures and cohorts keep their tags as tag links (migration 0010's tag and tagged_object), like every other
// taggable object: each name of their old `tags` list becomes a link, then the list goes.
import { tagNameProblem } from '@nezha/core';
import type { Generated, Kysely } from 'kysely';

interface OldTagged {
  id: number;
  tags: string | null;
  created_by_fk: number | null;
}

interface Tables {
  measures: OldTagged;
  cohorts: OldTagged;
  tag: {
    id: Generated<number>;
    name: string;
    type: number;
    description: string | null;
    created_on: string;
    changed_on: string;
    created_by_fk: number | null;
    changed_by_fk: number | null;
  };
  tagged_object: {
    tag_id: number;
    object_id: number;
    object_type: string;
    created_on: string;
    created_by_fk: number | null;
  };
}

/** Superset's custom tag type, as 0010 defines it. */
const CUSTOM_TAG = 1;

/**
 * The names of an old list that tag rules accept. A comma separated names in a query string, so a name holding one
 * is taken as several; names the rules still refuse (a colon marks Superset's system tags) cannot be tags.
 */
function namesOf(text: string | null): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const names = parsed
    .flatMap((item) => (typeof item === 'string' ? item.split(',') : []))
    .map((name) => name.trim())
    .filter((name) => tagNameProblem(name) === null);
  return [...new Set(names)];
}

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<Tables>;
  const now = new Date().toISOString();
  const tagIds = new Map<string, number>();
  const tagId = async (name: string, userId: number | null): Promise<number> => {
    const known = tagIds.get(name);
    if (known !== undefined) return known;
    const existing = await db.selectFrom('tag').select('id').where('name', '=', name).executeTakeFirst();
    const id =
      existing?.id ??
      (
        await db
          .insertInto('tag')
          .values({
            name,
            type: CUSTOM_TAG,
            description: null,
            created_on: now,
            changed_on: now,
            created_by_fk: userId,
            changed_by_fk: userId,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    tagIds.set(name, id);
    return id;
  };

  for (const [table, objectType] of [
    ['measures', 'measure'],
    ['cohorts', 'cohort'],
  ] as const) {
    const rows = await db.selectFrom(table).select(['id', 'tags', 'created_by_fk']).orderBy('id').execute();
    for (const row of rows) {
      for (const name of namesOf(row.tags)) {
        const id = await tagId(name, row.created_by_fk);
        const linked = await db
          .selectFrom('tagged_object')
          .select('tag_id')
          .where('tag_id', '=', id)
          .where('object_type', '=', objectType)
          .where('object_id', '=', row.id)
          .executeTakeFirst();
        if (linked) continue;
        await db
          .insertInto('tagged_object')
          .values({
            tag_id: id,
            object_id: row.id,
            object_type: objectType,
            created_on: now,
            created_by_fk: row.created_by_fk,
          })
          .execute();
      }
    }
    await db.schema.alterTable(table).dropColumn('tags').execute();
  }
}
