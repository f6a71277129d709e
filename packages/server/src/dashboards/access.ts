// Who may see a dashboard and who may change it (spec §6), and the dataset access a dashboard grants under DashboardRbac.
import { type DashboardPermissions, dashboardPermissions, normalizeDashboardMetadata } from '@nezha/core';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { AppContext } from '../app/context.js';
import { HttpError, NezhaError } from '../errors/nezha-error.js';
import { forbiddenEdit, isOwnerOrAdmin } from '../saved-charts/access.js';
import { type AuthUser, userHasPermission, userIsAdmin } from '../security/current-user.js';
import { canAccessDataset, datasetVisibility } from '../security/dataset-access.js';
import {
  DASHBOARD_LINKS,
  type DashboardRecord,
  dashboardChartDatasetId,
  dashboardDatasetIds,
  dashboardRoles,
  findDashboard,
  roleIdsOfUser,
} from '../store/dashboards.js';
import { type OwnerRecord, ownersOf } from '../store/dataset-fields.js';
import { type DatasetRecord, getDatasets } from '../store/datasets.js';
import { linkedOwners } from '../store/links.js';
import { orAny } from '../store/list.js';

export interface LoadedDashboard {
  dashboard: DashboardRecord;
  owners: OwnerRecord[];
  roles: Array<{ id: number; name: string }>;
}

export function dashboardRbacOn(ctx: AppContext): boolean {
  return ctx.config.features.DASHBOARD_RBAC;
}

export async function loadDashboard(ctx: AppContext, idOrSlug: string | number): Promise<LoadedDashboard | undefined> {
  const dashboard = await findDashboard(ctx.store.db, String(idOrSlug));
  if (!dashboard) return undefined;
  const [owners, roles] = await Promise.all([
    linkedOwners(ctx.store.db, DASHBOARD_LINKS.owners, [dashboard.id]),
    dashboardRoles(ctx.store.db, [dashboard.id]),
  ]);
  return { dashboard, owners: owners.get(dashboard.id) ?? [], roles: roles.get(dashboard.id) ?? [] };
}

/** Only with DashboardRbac do a dashboard's roles mean anything; then they alone open it to non-owners. */
function governedByRoles(ctx: AppContext, loaded: LoadedDashboard): boolean {
  return dashboardRbacOn(ctx) && loaded.roles.length > 0;
}

async function holdsDashboardRole(ctx: AppContext, user: AuthUser, loaded: LoadedDashboard): Promise<boolean> {
  const mine = new Set(await roleIdsOfUser(ctx.store.db, user.id));
  return loaded.roles.some((role) => mine.has(role.id));
}

/** The datasets of the dashboard's charts, each with whether the caller reaches it on their own grants. */
export async function dashboardDatasets(
  ctx: AppContext,
  user: AuthUser,
  dashboardId: number,
): Promise<Array<{ dataset: DatasetRecord; accessible: boolean }>> {
  const ids = await dashboardDatasetIds(ctx.store.db, dashboardId);
  const [datasets, owners] = await Promise.all([getDatasets(ctx.store.db, ids), ownersOf(ctx.store.db, ids)]);
  return datasets.map((dataset) => ({
    dataset,
    accessible: canAccessDataset(
      user,
      dataset,
      (owners.get(dataset.id) ?? []).map((owner) => owner.id),
    ),
  }));
}

/**
 * Owners and admins see every dashboard. Others need it published and can_read on Dashboard; then, with
 * DashboardRbac and roles on the dashboard, one of those roles; otherwise access to one of its datasets.
 */
export async function canViewDashboard(ctx: AppContext, user: AuthUser, loaded: LoadedDashboard): Promise<boolean> {
  // An embedded dashboard's guest sees the dashboards its token names, still embedded, and no other.
  if (user.guest) return user.guest.dashboardIds.includes(loaded.dashboard.id);
  if (isOwnerOrAdmin(user, loaded.owners)) return true;
  if (loaded.dashboard.published !== 1 || !userHasPermission(user, 'can_read', 'Dashboard')) return false;
  if (governedByRoles(ctx, loaded)) return holdsDashboardRole(ctx, user, loaded);
  return (await dashboardDatasets(ctx, user, loaded.dashboard.id)).some((item) => item.accessible);
}

/** Whether viewing the dashboard opens its datasets to the caller: Superset's rule, only for role-governed ones. */
export async function grantsDatasetAccess(ctx: AppContext, user: AuthUser, loaded: LoadedDashboard): Promise<boolean> {
  // A guest reaches data only through the dashboards of its token.
  if (user.guest) return canViewDashboard(ctx, user, loaded);
  return governedByRoles(ctx, loaded) && (await canViewDashboard(ctx, user, loaded));
}

/** A dashboard the caller may see; otherwise 404, so that its existence does not leak. */
export async function visibleDashboard(
  ctx: AppContext,
  user: AuthUser,
  idOrSlug: string | number,
): Promise<LoadedDashboard> {
  const loaded = await loadDashboard(ctx, idOrSlug);
  if (!loaded || !(await canViewDashboard(ctx, user, loaded))) throw new HttpError(404, 'Not found');
  return loaded;
}

/** Superset's refusal of a publish toggle, in the spec's words (§6). */
export function forbiddenPublish(): NezhaError {
  return new NezhaError({
    type: 'MISSING_OWNERSHIP_ERROR',
    status: 403,
    message: 'You do not have permissions to edit this dashboard.',
  });
}

/**
 * A dashboard the caller may change: can_write on Dashboard (declared by the route) and admin, schema approver or
 * owner, with or without DashboardRbac. A dashboard the caller cannot even see stays a 404.
 */
export async function editableDashboard(
  ctx: AppContext,
  user: AuthUser,
  idOrSlug: string | number,
  refusal: () => NezhaError = () => forbiddenEdit('dashboard'),
): Promise<LoadedDashboard> {
  const loaded = await visibleDashboard(ctx, user, idOrSlug);
  // core's dash_edit_perm: can_write and admin, schema approver or owner, the rule the web shows the user.
  if (!permissionsFor(ctx, user, loaded.owners).dash_edit_perm) throw refusal();
  return loaded;
}

/** dash_edit_perm, dash_save_perm, dash_share_perm for the caller (core's rules). */
export function permissionsFor(ctx: AppContext, user: AuthUser, owners: readonly OwnerRecord[]): DashboardPermissions {
  return dashboardPermissions({ userId: user.id, roles: user.roles }, owners, { dashboardRbac: dashboardRbacOn(ctx) });
}

/** The list counterpart of canViewDashboard, as a WHERE condition on `dashboards`; undefined for admins. */
export async function dashboardVisibility(ctx: AppContext, user: AuthUser): Promise<Expression<SqlBool> | undefined> {
  if (userIsAdmin(user)) return undefined;
  const id = sql.ref('dashboards.id');
  const owned = sql<SqlBool>`${id} IN (SELECT ${sql.ref('dashboard_owners.dashboard_id')} FROM ${sql.table(
    'dashboard_owners',
  )} WHERE ${sql.ref('dashboard_owners.user_id')} = ${user.id})`;
  if (!userHasPermission(user, 'can_read', 'Dashboard')) return owned;
  const published = sql<SqlBool>`${sql.ref('dashboards.published')} = 1`;
  const rbac = dashboardRbacOn(ctx);
  const hasRoles = sql<SqlBool>`${id} IN (SELECT ${sql.ref('dashboard_roles.dashboard_id')} FROM ${sql.table(
    'dashboard_roles',
  )})`;
  const datasetCondition = datasetVisibility(user) ?? sql<SqlBool>`1 = 1`;
  const throughData = sql<SqlBool>`${id} IN (SELECT ${sql.ref('dashboard_slices.dashboard_id')} FROM ${sql.table(
    'dashboard_slices',
  )} INNER JOIN ${sql.table('slices')} ON ${sql.ref('slices.id')} = ${sql.ref('dashboard_slices.slice_id')} INNER JOIN ${sql.table(
    'tables',
  )} ON ${sql.ref('tables.id')} = ${sql.ref('slices.datasource_id')} AND ${sql.ref(
    'slices.datasource_type',
  )} = 'table' WHERE ${datasetCondition})`;
  const parts: Expression<SqlBool>[] = [
    owned,
    rbac
      ? sql<SqlBool>`(${published} AND NOT ${hasRoles} AND ${throughData})`
      : sql<SqlBool>`(${published} AND ${throughData})`,
  ];
  if (rbac) {
    const roleIds = await roleIdsOfUser(ctx.store.db, user.id);
    if (roleIds.length > 0) {
      parts.push(
        sql<SqlBool>`(${published} AND ${id} IN (SELECT ${sql.ref('dashboard_roles.dashboard_id')} FROM ${sql.table(
          'dashboard_roles',
        )} WHERE ${sql.ref('dashboard_roles.role_id')} IN (${sql.join(roleIds)})))`,
      );
    }
  }
  return orAny(parts);
}

/** Dataset ids a dashboard's native filters read their values from. */
function nativeFilterDatasetIds(jsonMetadata: string | null): number[] {
  const metadata = normalizeDashboardMetadata(jsonMetadata);
  const ids: number[] = [];
  for (const item of metadata.native_filter_configuration) {
    if (item.type !== 'NATIVE_FILTER') continue;
    for (const target of item.targets) if (typeof target.datasetId === 'number') ids.push(target.datasetId);
  }
  return ids;
}

/**
 * For the chart data service, when a request names `dashboard_id`: whether the dashboard opens `datasetId` to a
 * caller who lacks their own access to it. Superset's DashboardRbac rule: the flag is on, the dashboard has roles,
 * the caller may view it, and one of its charts or native filters reads that dataset. A request that names its
 * chart (`slice_id`) is held to that chart, as Superset holds it: the chart must be on the dashboard and read the
 * dataset, so a role holder cannot borrow the dashboard for another chart's query.
 */
export async function canViewDashboardChart(
  ctx: AppContext,
  user: AuthUser,
  dashboardId: number,
  datasetId: number,
  chartId?: number,
): Promise<boolean> {
  if (!dashboardRbacOn(ctx) && !user.guest) return false;
  const loaded = await loadDashboard(ctx, dashboardId);
  if (!loaded || !(await grantsDatasetAccess(ctx, user, loaded))) return false;
  if (chartId !== undefined) return (await dashboardChartDatasetId(ctx.store.db, dashboardId, chartId)) === datasetId;
  if (nativeFilterDatasetIds(loaded.dashboard.json_metadata).includes(datasetId)) return true;
  return (await dashboardDatasetIds(ctx.store.db, dashboardId)).includes(datasetId);
}
