import { describe, expect, it } from 'vitest';
import { isAdmin } from '../security/permissions.js';
import { dashboardPermissions, initialEditMode, isDashboardOwner } from './permissions.js';

const writer = { Gamma: [['can_write', 'Dashboard'] as [string, string]] };
const sharer = { Gamma: [['can_share_dashboard', 'Superset'] as [string, string]] };

describe('dashboard permissions', () => {
  it('an owner with can_write on Dashboard may edit and save', () => {
    expect(dashboardPermissions({ userId: 1, roles: writer }, [{ id: 1 }])).toEqual({
      dash_edit_perm: true,
      dash_save_perm: true,
      dash_share_perm: false,
    });
  });

  it('a non-owner with can_write may not edit, but may save as a copy without DashboardRbac', () => {
    const perms = dashboardPermissions({ userId: 2, roles: writer }, [1]);
    expect(perms.dash_edit_perm).toBe(false);
    expect(perms.dash_save_perm).toBe(true);
  });

  it('with DashboardRbac a non-admin must also own the dashboard to save', () => {
    expect(dashboardPermissions({ userId: 2, roles: writer }, [1], { dashboardRbac: true }).dash_save_perm).toBe(false);
    expect(dashboardPermissions({ userId: 1, roles: writer }, [1], { dashboardRbac: true }).dash_save_perm).toBe(true);
  });

  it('an admin, whatever the role name case, may edit any dashboard', () => {
    const perms = dashboardPermissions({ userId: 9, roles: { ADMIN: [] } }, [1], { dashboardRbac: true });
    expect(perms).toEqual({ dash_edit_perm: true, dash_save_perm: true, dash_share_perm: true });
  });

  it('an owner without can_write may not edit', () => {
    expect(dashboardPermissions({ userId: 1, roles: { Gamma: [] } }, [1]).dash_edit_perm).toBe(false);
  });

  it('sharing needs can_share_dashboard on Superset', () => {
    expect(dashboardPermissions({ userId: 1, roles: sharer }, []).dash_share_perm).toBe(true);
  });

  it('an anonymous user owns nothing', () => {
    expect(isDashboardOwner({ userId: null, roles: {} }, [1])).toBe(false);
  });

  it('edit mode at load needs the edit URL flag and edit permission', () => {
    const canEdit = { dash_edit_perm: true, dash_save_perm: true, dash_share_perm: false };
    expect(initialEditMode(canEdit, 'true')).toBe(true);
    expect(initialEditMode(canEdit, null)).toBe(false);
    expect(initialEditMode({ ...canEdit, dash_edit_perm: false }, true)).toBe(false);
  });
  it('a schema approver counts as admin for editing a dashboard it does not own, and nowhere else', () => {
    const write: Array<[string, string]> = [['can_write', 'Dashboard']];
    for (const name of ['schema_approver', 'Schema Approver']) {
      const approver = { userId: 5, roles: { Gamma: write, [name]: [] } };
      expect(dashboardPermissions(approver, [9]).dash_edit_perm).toBe(true);
      // The approver is no admin: the generic check and the share permission are untouched.
      expect(isAdmin(approver.roles)).toBe(false);
      expect(dashboardPermissions(approver, [9]).dash_share_perm).toBe(false);
    }
    expect(dashboardPermissions({ userId: 5, roles: { Gamma: write, approver: [] } }, [9]).dash_edit_perm).toBe(false);
    expect(dashboardPermissions({ userId: 5, roles: { schema_approver: [] } }, [9]).dash_edit_perm).toBe(false);
  });
});
