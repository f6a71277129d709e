// The built-in roles as Superset draws them, and permission lookups across a user's roles.
import { describe, expect, it } from 'vitest';
import {
  builtinRolePermissions,
  hasPermission,
  isAdmin,
  isAdminRoleName,
  SQL_LAB_ONLY_PERMISSIONS,
} from './permissions.js';

describe('built-in roles', () => {
  it('admin is any role named admin, case-insensitive', () => {
    expect(isAdminRoleName('ADMIN')).toBe(true);
    expect(isAdminRoleName('Admin')).toBe(true);
    expect(isAdminRoleName('Administrators')).toBe(false);
    expect(isAdmin({ admin: [] })).toBe(true);
    expect(isAdmin({ Gamma: [] })).toBe(false);
  });

  it('Alpha cannot manage users, roles or database connections', () => {
    const alpha = builtinRolePermissions('Alpha');
    expect(alpha).toContainEqual(['all_datasource_access', 'all_datasource_access']);
    expect(alpha).toContainEqual(['can_read', 'Database']);
    expect(alpha).not.toContainEqual(['can_write', 'Database']);
    expect(alpha).not.toContainEqual(['can_read', 'User']);
    expect(alpha).not.toContainEqual(['can_write', 'Role']);
  });

  it('Alpha has no all_query_access and no SQL Lab: it needs the sql_lab role to run SQL (Superset _is_alpha_pvm)', () => {
    const alpha = builtinRolePermissions('Alpha');
    expect(alpha).not.toContainEqual(['all_query_access', 'all_query_access']);
    expect(alpha).not.toContainEqual(['can_grant_guest_token', 'SecurityRestApi']);
    for (const pair of SQL_LAB_ONLY_PERMISSIONS) expect(alpha).not.toContainEqual(pair);
    expect(alpha).toContainEqual(['all_database_access', 'all_database_access']);
    expect(alpha).toContainEqual(['can_write', 'Dataset']);
  });

  it("all_query_access is Admin's alone; sql_lab holds every SQL-Lab-only pair", () => {
    for (const role of ['Alpha', 'Gamma', 'sql_lab', 'Public'] as const) {
      expect(builtinRolePermissions(role)).not.toContainEqual(['all_query_access', 'all_query_access']);
    }
    expect(builtinRolePermissions('Admin')).toContainEqual(['all_query_access', 'all_query_access']);
    const sqlLab = builtinRolePermissions('sql_lab');
    for (const pair of SQL_LAB_ONLY_PERMISSIONS) expect(sqlLab).toContainEqual(pair);
    expect(sqlLab.some(([permission]) => permission.startsWith('all_'))).toBe(false);
  });

  it('Gamma gets no data access and sql_lab can run SQL', () => {
    const gamma = builtinRolePermissions('Gamma');
    expect(gamma.some(([p]) => p.startsWith('all_'))).toBe(false);
    expect(gamma).toContainEqual(['can_write', 'Chart']);
    expect(builtinRolePermissions('sql_lab')).toContainEqual(['can_execute_sql_query', 'SQLLab']);
    expect(builtinRolePermissions('Public')).toEqual([]);
  });

  it('a permission is found in any role of the user', () => {
    const roles = {
      Gamma: [['can_read', 'Chart']] as Array<[string, string]>,
      sql_lab: [['can_execute_sql_query', 'SQLLab']] as Array<[string, string]>,
    };
    expect(hasPermission(roles, 'can_execute_sql_query', 'SQLLab')).toBe(true);
    expect(hasPermission(roles, 'can_write', 'Database')).toBe(false);
    expect(hasPermission({ Admin: [] }, 'can_write', 'Database')).toBe(true);
  });
});
