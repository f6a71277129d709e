// Superset's /api/v1/dashboard/{id}/filter_state: a dashboard's native filter values (its data mask, as JSON text)
// kept under a key that the dashboard URL carries as native_filters_key. Anyone who may see the dashboard reads an
// entry (a shared link opens with its filters); only its creator changes or deletes it. Entries live 90 days from
// their last write or read, as Superset's FILTER_STATE_CACHE_CONFIG keeps them.
import type { AppContext } from '../app/context.js';
import { HttpError } from '../errors/nezha-error.js';
import type { AuthUser } from '../security/current-user.js';
import {
  deletePermalink,
  deleteStalePermalinks,
  findPermalink,
  insertPermalink,
  type PermalinkEntry,
  touchPermalink,
  updatePermalink,
} from '../store/permalinks.js';
import { visibleDashboard } from './access.js';

const RESOURCE = 'dashboard_filter_state';
const FILTER_STATE_TTL_MS = 90 * 24 * 60 * 60 * 1000;
/** Reads refresh an entry's time to live at most this often, so opening a dashboard rarely writes. */
const TOUCH_AFTER_MS = 24 * 60 * 60 * 1000;
/** Expired entries are swept on a write at most this often. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

interface StoredFilterState {
  dashboardId: number;
  /** The data mask as the client sent it: JSON text of an object. */
  value: string;
  tabId: number | null;
}

export interface FilterStateInput {
  value: string;
  tabId?: number | undefined;
}

const lastSweep = new WeakMap<AppContext, number>();

async function sweep(ctx: AppContext, now: number): Promise<void> {
  if (now - (lastSweep.get(ctx) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(ctx, now);
  await deleteStalePermalinks(ctx.store.db, RESOURCE, new Date(now - FILTER_STATE_TTL_MS));
}

function readStored(entry: PermalinkEntry): StoredFilterState | null {
  try {
    const stored = JSON.parse(entry.value) as Partial<StoredFilterState> | null;
    if (!stored || typeof stored.dashboardId !== 'number' || typeof stored.value !== 'string') return null;
    return { dashboardId: stored.dashboardId, value: stored.value, tabId: stored.tabId ?? null };
  } catch {
    return null;
  }
}

/** The live entry of this dashboard under the key; a missing, expired or other dashboard's entry is a 404. */
async function liveEntry(ctx: AppContext, dashboardId: number, key: string, now: number) {
  const entry = await findPermalink(ctx.store.db, RESOURCE, key);
  const stored = entry ? readStored(entry) : null;
  if (!entry || !stored || stored.dashboardId !== dashboardId) throw new HttpError(404, 'Not found');
  if (Date.parse(entry.changedOn) + FILTER_STATE_TTL_MS < now) throw new HttpError(404, 'Not found');
  return { entry, stored };
}

function storedText(dashboardId: number, input: FilterStateInput): string {
  const stored: StoredFilterState = { dashboardId, value: input.value, tabId: input.tabId ?? null };
  return JSON.stringify(stored);
}

export async function createFilterState(ctx: AppContext, user: AuthUser, idOrSlug: string, input: FilterStateInput) {
  const { dashboard } = await visibleDashboard(ctx, user, idOrSlug);
  await sweep(ctx, Date.now());
  return { key: await insertPermalink(ctx.store.db, RESOURCE, storedText(dashboard.id, input), user.id) };
}

export async function readFilterState(ctx: AppContext, user: AuthUser, idOrSlug: string, key: string) {
  const { dashboard } = await visibleDashboard(ctx, user, idOrSlug);
  const now = Date.now();
  const { entry, stored } = await liveEntry(ctx, dashboard.id, key, now);
  if (now - Date.parse(entry.changedOn) > TOUCH_AFTER_MS) await touchPermalink(ctx.store.db, RESOURCE, key);
  return { value: stored.value };
}

/** Someone else's entry is not theirs to change: as for a missing one, the answer is 404 and nothing is written. */
async function ownEntry(ctx: AppContext, user: AuthUser, idOrSlug: string, key: string) {
  const { dashboard } = await visibleDashboard(ctx, user, idOrSlug);
  const live = await liveEntry(ctx, dashboard.id, key, Date.now());
  if (live.entry.createdBy !== user.id) throw new HttpError(404, 'Not found');
  return dashboard.id;
}

export async function updateFilterState(
  ctx: AppContext,
  user: AuthUser,
  idOrSlug: string,
  key: string,
  input: FilterStateInput,
) {
  const dashboardId = await ownEntry(ctx, user, idOrSlug, key);
  await updatePermalink(ctx.store.db, RESOURCE, key, storedText(dashboardId, input));
  return { key, message: 'Value updated successfully.' };
}

export async function deleteFilterState(ctx: AppContext, user: AuthUser, idOrSlug: string, key: string) {
  await ownEntry(ctx, user, idOrSlug, key);
  await deletePermalink(ctx.store.db, RESOURCE, key);
  return { message: 'Deleted successfully' };
}
