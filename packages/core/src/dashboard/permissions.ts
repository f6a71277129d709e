// What a user may do with a dashboard: dash_edit_perm, dash_save_perm, dash_share_perm (spec §6).
import { hasPermission, isAdmin, isAdminOrSchemaApprover, type UserRoles } from '../security/permissions.js';

export interface DashboardUser {
  userId?: number | null;
  roles: UserRoles;
}

export interface DashboardPermissions {
  /** Edit mode and overwriting this dashboard. */
  dash_edit_perm: boolean;
  /** Saving as a new dashboard (Save as). */
  dash_save_perm: boolean;
  dash_share_perm: boolean;
}

export interface DashboardPermissionFlags {
  dashboardRbac?: boolean;
}

type Owner = number | { id: number };

export function isDashboardOwner(user: DashboardUser, owners: readonly Owner[]): boolean {
  if (user.userId === null || user.userId === undefined) return false;
  return owners.some((owner) => (typeof owner === 'number' ? owner : owner.id) === user.userId);
}

/**
 * Writing needs can_write on Dashboard and being an admin (or schema approver) or an owner. Save-as needs can_write too; only with
 * DashboardRbac must a non-admin also own the dashboard, since roles then grant access to dashboards they do not own.
 */
export function dashboardPermissions(
  user: DashboardUser,
  owners: readonly Owner[],
  flags: DashboardPermissionFlags = {},
): DashboardPermissions {
  const canWrite = hasPermission(user.roles, 'can_write', 'Dashboard');
  const adminOrOwner = isAdmin(user.roles) || isDashboardOwner(user, owners);
  // The one check where a schema approver counts as admin (spec §6): editing a dashboard it does not own.
  const mayEdit = isAdminOrSchemaApprover(user.roles) || isDashboardOwner(user, owners);
  return {
    dash_edit_perm: canWrite && mayEdit,
    dash_save_perm: canWrite && (!flags.dashboardRbac || adminOrOwner),
    dash_share_perm: hasPermission(user.roles, 'can_share_dashboard', 'Superset'),
  };
}

/** A dashboard opens in edit mode only when the URL asks for it and the user may edit. */
export function initialEditMode(permissions: DashboardPermissions, editUrlParam: string | boolean | null | undefined) {
  return permissions.dash_edit_perm && (editUrlParam === true || editUrlParam === 'true');
}
