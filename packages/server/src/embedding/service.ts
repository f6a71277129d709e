// Embedded dashboards (Superset's EmbeddedDashboardDAO and set_embedded) and guest tokens (its guest_token endpoint).
import type { AppContext } from '../app/context.js';
import { visibleDashboard } from '../dashboards/access.js';
import { engineByName } from '../engines/registry.js';
import type { EngineName } from '../engines/types.js';
import { HttpError } from '../errors/nezha-error.js';
import { forbiddenEdit, isOwnerOrAdmin } from '../saved-charts/access.js';
import type { AuthUser } from '../security/current-user.js';
import { type GuestClaims, signGuestToken } from '../security/guest-token.js';
import { guardCustomSql } from '../sql/custom-sql-guard.js';
import { dashboardDatasetIds } from '../store/dashboards.js';
import { getDatasets } from '../store/datasets.js';
import {
  deleteEmbedded,
  type EmbeddedRecord,
  embeddedByUuid,
  embeddedByUuids,
  embeddedOfDashboard,
  upsertEmbedded,
} from '../store/embedded-dashboards.js';

function serializeEmbedded(row: EmbeddedRecord) {
  return {
    uuid: row.uuid,
    dashboard_id: String(row.dashboard_id),
    allowed_domains: row.allowed_domains,
    changed_on: row.changed_on,
    changed_by: row.changed_by_fk
      ? { id: row.changed_by_fk, first_name: row.changed_by_first_name, last_name: row.changed_by_last_name }
      : null,
  };
}

const notFound = () => new HttpError(404, 'Not found');

export async function readEmbedded(ctx: AppContext, user: AuthUser, idOrSlug: string) {
  const { dashboard } = await visibleDashboard(ctx, user, idOrSlug);
  const row = await embeddedOfDashboard(ctx.store.db, dashboard.id);
  if (!row) throw notFound();
  return { result: serializeEmbedded(row) };
}

/** Turning embedding on or changing its domains: the dashboard's owners and admins (can_set_embedded checked before). */
export async function setEmbedded(ctx: AppContext, user: AuthUser, idOrSlug: string, domains: readonly string[]) {
  const loaded = await visibleDashboard(ctx, user, idOrSlug);
  if (!isOwnerOrAdmin(user, loaded.owners)) throw forbiddenEdit('dashboard');
  await upsertEmbedded(ctx.store.db, user.id, loaded.dashboard.id, domains);
  const row = await embeddedOfDashboard(ctx.store.db, loaded.dashboard.id);
  if (!row) throw notFound();
  return { result: serializeEmbedded(row) };
}

export async function removeEmbedded(ctx: AppContext, user: AuthUser, idOrSlug: string) {
  const loaded = await visibleDashboard(ctx, user, idOrSlug);
  if (!isOwnerOrAdmin(user, loaded.owners)) throw forbiddenEdit('dashboard');
  await deleteEmbedded(ctx.store.db, loaded.dashboard.id);
  return { message: 'OK' };
}

/** GET /api/v1/embedded_dashboard/{uuid}: for a guest only its token's, for others a dashboard they may see. */
export async function readEmbeddedByUuid(ctx: AppContext, user: AuthUser, uuid: string) {
  const row = await embeddedByUuid(ctx.store.db, uuid);
  if (!row) throw notFound();
  if (user.guest) {
    if (!user.guest.uuids.includes(uuid)) throw notFound();
  } else {
    await visibleDashboard(ctx, user, row.dashboard_id);
  }
  return { result: serializeEmbedded(row) };
}

/** The engines a clause will run on: its dataset's, else every dataset's of the token's dashboards. */
async function enginesFor(ctx: AppContext, dataset: number | undefined, dashboardIds: readonly number[]) {
  const ids =
    dataset !== undefined
      ? [dataset]
      : [...new Set((await Promise.all(dashboardIds.map((id) => dashboardDatasetIds(ctx.store.db, id)))).flat())];
  const datasets = await getDatasets(ctx.store.db, ids);
  if (dataset !== undefined && datasets.length === 0) {
    throw new HttpError(400, `Dataset ${dataset} does not exist`);
  }
  return [...new Set(datasets.map((row) => engineByName(row.backend).name))] as EngineName[];
}

export async function grantGuestToken(ctx: AppContext, claims: Omit<GuestClaims, 'type'>) {
  const uuids = [...new Set(claims.resources.map((resource) => resource.id))];
  const embedded = await embeddedByUuids(ctx.store.db, uuids);
  if (embedded.length !== uuids.length) throw new HttpError(400, 'Embedded dashboard not found');
  const dashboardIds = embedded.map((row) => row.dashboard_id);
  // Each clause is checked now, by the guard its queries will meet, so a bad one fails here and not in the frame.
  for (const rule of claims.rls_rules) {
    for (const engine of await enginesFor(ctx, rule.dataset, dashboardIds)) guardCustomSql(rule.clause, [], engine);
  }
  return { token: await signGuestToken(ctx.config.guestToken, claims) };
}
