// SQL Lab editor tabs kept on the server: one active tab per user, table panels go with their tab.
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { MetadataSchema, QueryRow, TabStateRow, TabStateTable } from './schema.js';
import { nowIso } from './time.js';

type Db = Kysely<MetadataSchema> | Transaction<MetadataSchema>;

export type TabStateInsert = Omit<Insertable<TabStateTable>, 'id' | 'active' | 'created_on' | 'changed_on'>;
export type TabStatePatch = Omit<Updateable<TabStateTable>, 'id' | 'user_id' | 'active' | 'created_on' | 'changed_on'>;

export interface TabStateSummary {
  id: number;
  label: string;
  active: number;
}

/** The new tab becomes the user's only active one, in the same transaction as its insert. */
export async function insertTabState(db: Kysely<MetadataSchema>, values: TabStateInsert): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    await trx.updateTable('tab_state').set({ active: 0 }).where('user_id', '=', values.user_id).execute();
    const row = await trx
      .insertInto('tab_state')
      .values({ ...values, active: 1, created_on: now, changed_on: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

export async function getTabState(db: Db, id: number): Promise<TabStateRow | undefined> {
  return db.selectFrom('tab_state').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listTabStates(db: Db, userId: number): Promise<TabStateSummary[]> {
  return db
    .selectFrom('tab_state')
    .select(['id', 'label', 'active'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** The active tab, or another one when none is marked active (a crash between two writes, an old import). */
export async function findActiveTabState(db: Db, userId: number): Promise<TabStateRow | undefined> {
  return db
    .selectFrom('tab_state')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('active', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function updateTabState(db: Db, id: number, patch: TabStatePatch): Promise<void> {
  await db
    .updateTable('tab_state')
    .set({ ...patch, changed_on: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** One statement, so there is no moment with two active tabs or none. */
export async function activateTabState(db: Db, userId: number, id: number): Promise<void> {
  await db
    .updateTable('tab_state')
    .set((eb) => ({ active: eb.case().when('id', '=', id).then(1).else(0).end() }))
    .where('user_id', '=', userId)
    .execute();
}

/** Drops the tab and its table panels; its queries stay in the history, no longer tied to a tab. */
export async function deleteTabState(db: Kysely<MetadataSchema>, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('table_schema').where('tab_state_id', '=', id).execute();
    await trx
      .updateTable('query')
      .set({ sql_editor_id: null, changed_on: nowIso() })
      .where('sql_editor_id', '=', String(id))
      .execute();
    await trx.deleteFrom('tab_state').where('id', '=', id).execute();
  });
}

/** Moves one of the user's runs into a tab's history; false when the user has no such run. */
export async function moveQueryToTab(db: Db, userId: number, clientId: string, tabId: number): Promise<boolean> {
  const result = await db
    .updateTable('query')
    .set({ sql_editor_id: String(tabId), changed_on: nowIso() })
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Deletes a run from a tab's history. When it was the tab's latest run, the tab falls back to its
 * newest remaining run, so the tab never points at a deleted query.
 */
export async function deleteTabQuery(
  db: Kysely<MetadataSchema>,
  userId: number,
  tabId: number,
  clientId: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('query')
      .where('client_id', '=', clientId)
      .where('user_id', '=', userId)
      .where('sql_editor_id', '=', String(tabId))
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return false;
    const tab = await trx.selectFrom('tab_state').select('latest_query_id').where('id', '=', tabId).executeTakeFirst();
    if (tab?.latest_query_id === clientId) {
      const previous = await trx
        .selectFrom('query')
        .select('client_id')
        .where('user_id', '=', userId)
        .where('sql_editor_id', '=', String(tabId))
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      await trx
        .updateTable('tab_state')
        .set({ latest_query_id: previous?.client_id ?? null, changed_on: nowIso() })
        .where('id', '=', tabId)
        .execute();
    }
    return true;
  });
}

/** The user's runs that belong to one of the given tabs, for the SQL Lab bootstrap. */
export async function queriesOfTabs(db: Db, userId: number, tabIds: number[]): Promise<QueryRow[]> {
  if (tabIds.length === 0) return [];
  return db
    .selectFrom('query')
    .selectAll()
    .where('user_id', '=', userId)
    .where('sql_editor_id', 'in', tabIds.map(String))
    .orderBy('id')
    .execute();
}
