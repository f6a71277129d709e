// Stars on charts and dashboards: status for a list of ids, star and unstar (Superset's favorites endpoints).
import type { AppContext } from '../app/context.js';
import { visibleDashboard } from '../dashboards/access.js';
import type { AuthUser } from '../security/current-user.js';
import { addFavorite, type FavoriteClass, favoriteIds, removeFavorite } from '../store/favorites.js';
import { visibleChart } from './access.js';

/**
 * Stars are only offered on what the caller can see, with the 404 its GET answers: otherwise starring or asking the
 * status of a draft would tell its id exists.
 */
async function assertVisible(ctx: AppContext, user: AuthUser, className: FavoriteClass, id: number): Promise<void> {
  if (className === 'slice') await visibleChart(ctx, user, id);
  else await visibleDashboard(ctx, user, id);
}

export async function favoriteStatus(ctx: AppContext, user: AuthUser, className: FavoriteClass, ids: number[]) {
  const unique = [...new Set(ids)];
  for (const id of unique) await assertVisible(ctx, user, className, id);
  const starred = await favoriteIds(ctx.store.db, user.id, className, unique);
  return { result: ids.map((id) => ({ id, value: starred.has(id) })) };
}

export async function starObject(ctx: AppContext, user: AuthUser, className: FavoriteClass, id: number) {
  await assertVisible(ctx, user, className, id);
  await addFavorite(ctx.store.db, user.id, className, id);
  return { result: 'OK' };
}

export async function unstarObject(ctx: AppContext, user: AuthUser, className: FavoriteClass, id: number) {
  await assertVisible(ctx, user, className, id);
  await removeFavorite(ctx.store.db, user.id, className, id);
  return { result: 'OK' };
}
