// What the hot paths read from the store on every request, kept in memory under the metadata generation: sessions,
// users with their roles, datasets with their columns and metrics, databases. Any write drops them all.
import { type AuthUser, loadAuthUser } from '../security/current-user.js';
import { roleIdsOfUser } from './dashboards.js';
import { type DatabaseWithAuthor, getDatabase } from './databases.js';
import { type DatasetFull, getDatasetFull } from './datasets.js';
import type { MetadataStore } from './db.js';
import { GenerationCache } from './metadata-generation.js';
import { type AppliedRlsFilter, rlsFiltersForTable } from './rls-filters.js';
import type { MeasureRow, SavedColumnRow } from './schema-charts.js';
import { findSession, type SessionRecord } from './sessions.js';
import { nowIso } from './time.js';

export interface MetadataCaches {
  sessions: GenerationCache<string, SessionRecord>;
  users: GenerationCache<number, AuthUser>;
  datasets: GenerationCache<number, DatasetFull>;
  databases: GenerationCache<number, DatabaseWithAuthor>;
  /** A dataset's saved columns and measures, by dataset id (semantic/chart-catalog.ts). */
  semantic: GenerationCache<number, { savedColumns: SavedColumnRow[]; measures: MeasureRow[] }>;
  /** A user's role ids, by user id (row-level security). */
  roleIds: GenerationCache<number, number[]>;
  /** The row-level filters that apply on a dataset to a set of roles, by `datasetId:roleIds`. */
  rls: GenerationCache<string, AppliedRlsFilter[]>;
}

const byStore = new WeakMap<MetadataStore, MetadataCaches>();

export function metadataCachesOf(store: MetadataStore): MetadataCaches {
  let caches = byStore.get(store);
  if (!caches) {
    const { generation } = store;
    caches = {
      sessions: new GenerationCache(generation),
      users: new GenerationCache(generation),
      datasets: new GenerationCache(generation, 2_000),
      databases: new GenerationCache(generation, 500),
      semantic: new GenerationCache(generation, 2_000),
      roleIds: new GenerationCache(generation),
      rls: new GenerationCache(generation, 2_000),
    };
    byStore.set(store, caches);
  }
  return caches;
}

let clock = { second: -1, text: '' };

function nowText(): string {
  const second = Math.floor(Date.now() / 1000);
  if (clock.second !== second) clock = { second, text: nowIso(new Date((second + 1) * 1000)) };
  return clock.text;
}

/** `findSession`, from memory when the same token came since the last write; expiry is checked on every read. */
export async function cachedSession(store: MetadataStore, token: string): Promise<SessionRecord | undefined> {
  const { sessions } = metadataCachesOf(store);
  const kept = sessions.get(token);
  // Compared as the store compares it, against the end of the current second (built once a second, not per request):
  // a session ends up to a second early, never late.
  if (kept) return kept.expiresOn > nowText() ? kept : undefined;
  const generation = store.generation.current();
  const session = await findSession(store.db, token);
  if (session) sessions.set(token, session, generation);
  return session;
}

/** `loadAuthUser` (an inactive or unknown user is undefined and not kept). */
export async function cachedAuthUser(
  store: MetadataStore,
  userId: number,
  session?: SessionRecord,
): Promise<AuthUser | undefined> {
  const user = await metadataCachesOf(store).users.getOrLoad(userId, () => loadAuthUser(store.db, userId));
  if (!user) return undefined;
  return session ? { ...user, session } : user;
}

/** `getDatasetFull`; the value is shared between requests and must not be changed. */
export function cachedDatasetFull(store: MetadataStore, id: number): Promise<DatasetFull | undefined> {
  return metadataCachesOf(store).datasets.getOrLoad(id, () => getDatasetFull(store.db, id));
}

/** `getDatabase`; the value is shared between requests and must not be changed. */
export function cachedDatabase(store: MetadataStore, id: number): Promise<DatabaseWithAuthor | undefined> {
  return metadataCachesOf(store).databases.getOrLoad(id, () => getDatabase(store.db, id));
}

/** `roleIdsOfUser`; the value is shared between requests and must not be changed. */
export async function cachedRoleIdsOfUser(store: MetadataStore, userId: number): Promise<readonly number[]> {
  return (await metadataCachesOf(store).roleIds.getOrLoad(userId, () => roleIdsOfUser(store.db, userId))) ?? [];
}

/** `rlsFiltersForTable`; the value is shared between requests and must not be changed. */
export async function cachedRlsFiltersForTable(
  store: MetadataStore,
  tableId: number,
  roleIds: readonly number[],
): Promise<readonly AppliedRlsFilter[]> {
  const key = `${tableId}:${[...roleIds].sort((a, b) => a - b).join(',')}`;
  return (await metadataCachesOf(store).rls.getOrLoad(key, () => rlsFiltersForTable(store.db, tableId, roleIds))) ?? [];
}
