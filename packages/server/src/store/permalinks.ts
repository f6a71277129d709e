// Permalinks (explore, dashboard) and explore form-data entries: JSON values behind unguessable keys.
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { MetadataSchema } from './schema.js';
import { nowIso } from './time.js';

type Db = Kysely<MetadataSchema> | Transaction<MetadataSchema>;

export type PermalinkResource = 'explore' | 'dashboard' | 'explore_form_data' | 'dashboard_filter_state';

export interface PermalinkEntry {
  key: string;
  value: string;
  createdBy: number | null;
  /** ISO time of the last write (or refresh). */
  changedOn: string;
}

/** 128 random bits, URL-safe: a key cannot be guessed from another. */
function newPermalinkKey(): string {
  return randomBytes(16).toString('base64url');
}

export async function insertPermalink(
  db: Db,
  resource: PermalinkResource,
  value: string,
  userId: number | null,
): Promise<string> {
  const key = newPermalinkKey();
  const now = nowIso();
  await db
    .insertInto('permalinks')
    .values({ key, resource, value, created_by_fk: userId, created_on: now, changed_on: now })
    .execute();
  return key;
}

export async function findPermalink(
  db: Db,
  resource: PermalinkResource,
  key: string,
): Promise<PermalinkEntry | undefined> {
  const row = await db
    .selectFrom('permalinks')
    .select(['key', 'value', 'created_by_fk', 'changed_on'])
    .where('key', '=', key)
    .where('resource', '=', resource)
    .executeTakeFirst();
  return row ? { key: row.key, value: row.value, createdBy: row.created_by_fk, changedOn: row.changed_on } : undefined;
}

export async function updatePermalink(db: Db, resource: PermalinkResource, key: string, value: string): Promise<void> {
  await db
    .updateTable('permalinks')
    .set({ value, changed_on: nowIso() })
    .where('key', '=', key)
    .where('resource', '=', resource)
    .execute();
}

/** Restarts an entry's time to live without changing it. */
export async function touchPermalink(db: Db, resource: PermalinkResource, key: string): Promise<void> {
  await db
    .updateTable('permalinks')
    .set({ changed_on: nowIso() })
    .where('key', '=', key)
    .where('resource', '=', resource)
    .execute();
}

/** Removes the entries of a resource last written before `before` (ISO times compare as text). */
export async function deleteStalePermalinks(db: Db, resource: PermalinkResource, before: Date): Promise<void> {
  await db.deleteFrom('permalinks').where('resource', '=', resource).where('changed_on', '<', nowIso(before)).execute();
}

export async function deletePermalink(db: Db, resource: PermalinkResource, key: string): Promise<void> {
  await db.deleteFrom('permalinks').where('key', '=', key).where('resource', '=', resource).execute();
}
