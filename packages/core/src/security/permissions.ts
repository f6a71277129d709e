// Permission–view pairs and the built-in roles (Superset's model: a role is a set of [permission, view]).

export type PermissionView = readonly [permission: string, view: string];

/** Views whose reading and writing are governed by can_read / can_write. */
export const RESOURCE_VIEWS = [
  'Chart',
  'Dashboard',
  'Dataset',
  'Database',
  'SavedQuery',
  'Query',
  'SQLLab',
  'TabStateView',
  'TableSchemaView',
  'Measure',
  'Cohort',
  'SavedColumn',
  'Log',
  'User',
  'Role',
  'Permission',
  'Tag',
  'KV',
  'ExploreFormDataRestApi',
  'AsyncEventsRestApi',
  'Annotation',
  'CssTemplate',
  'ReportSchedule',
  'Row Level Security',
] as const;
export type ResourceView = (typeof RESOURCE_VIEWS)[number];

/** Global grants that are not tied to one resource view. */
export const GLOBAL_PERMISSIONS: readonly PermissionView[] = [
  ['all_database_access', 'all_database_access'],
  ['all_datasource_access', 'all_datasource_access'],
  ['all_query_access', 'all_query_access'],
  ['can_execute_sql_query', 'SQLLab'],
  ['can_estimate_query_cost', 'SQLLab'],
  ['can_format_sql', 'SQLLab'],
  ['can_export_csv', 'SQLLab'],
  ['can_get_results', 'SQLLab'],
  ['can_csv', 'Superset'],
  ['can_explore', 'Superset'],
  ['can_explore_json', 'Superset'],
  ['can_share_dashboard', 'Superset'],
  ['can_share_chart', 'Superset'],
  ['can_make_sample_query', 'Superset'],
  ['can_grant_guest_token', 'SecurityRestApi'],
  // Superset's set_embedded on Dashboard: turning a dashboard's embedding on, off or changing its domains.
  ['can_set_embedded', 'Dashboard'],
];

/** Permissions that name one object, e.g. database_access on "[examples].(id:1)". */
export const OBJECT_PERMISSIONS = ['database_access', 'schema_access', 'datasource_access', 'catalog_access'] as const;
export type ObjectPermission = (typeof OBJECT_PERMISSIONS)[number];

export const BUILTIN_ROLES = ['Admin', 'Alpha', 'Gamma', 'sql_lab', 'Public'] as const;
export type BuiltinRole = (typeof BUILTIN_ROLES)[number];

/** Views only Admin reads or writes (Superset's ADMIN_ONLY_VIEW_MENUS). */
const ADMIN_ONLY_VIEWS: readonly ResourceView[] = ['User', 'Role', 'Permission', 'Log', 'Row Level Security'];

/**
 * Superset's ADMIN_ONLY_PERMISSIONS: all_query_access reads every user's SQL Lab runs and results, the guest
 * token lets its holder act as anyone it names.
 */
const ADMIN_ONLY_PERMISSIONS: readonly string[] = ['all_query_access', 'can_grant_guest_token'];

/** Superset's READ_ONLY_MODEL_VIEWS: below Admin, database connections are read, never written. */
const READ_ONLY_VIEWS: readonly ResourceView[] = ['Database'];

function readWrite(views: readonly ResourceView[]): PermissionView[] {
  return views.flatMap((view) => [['can_read', view] as const, ['can_write', view] as const]);
}

/** Every [permission, view] pair that a fresh install knows, excluding per-object grants. */
export function allPermissionViews(): PermissionView[] {
  return [...readWrite(RESOURCE_VIEWS), ...GLOBAL_PERMISSIONS];
}

/**
 * Superset's SQLLAB_ONLY_PERMISSIONS: running SQL, its results, history, saved queries and editor state. Only the
 * sql_lab role (and Admin) holds them, so Alpha and Gamma need sql_lab to run SQL at all.
 */
export const SQL_LAB_ONLY_PERMISSIONS: readonly PermissionView[] = [
  ...readWrite(['SQLLab', 'SavedQuery', 'Query', 'TabStateView', 'TableSchemaView']),
  ['can_execute_sql_query', 'SQLLab'],
  ['can_estimate_query_cost', 'SQLLab'],
  ['can_format_sql', 'SQLLab'],
  ['can_export_csv', 'SQLLab'],
  ['can_get_results', 'SQLLab'],
];

/** Superset's SQLLAB_EXTRA_PERMISSION_VIEWS: what SQL Lab needs beside its own pairs. */
const SQL_LAB_EXTRA_PERMISSIONS: readonly PermissionView[] = [
  ['can_read', 'Database'],
  ['can_read', 'KV'],
  ['can_write', 'KV'],
  ['can_csv', 'Superset'],
];

const samePair = (a: PermissionView, b: PermissionView) => a[0] === b[0] && a[1] === b[1];
const isSqlLabOnly = (pair: PermissionView) => SQL_LAB_ONLY_PERMISSIONS.some((other) => samePair(pair, other));

/** Superset's _is_admin_only. */
function isAdminOnly([permission, view]: PermissionView): boolean {
  if (READ_ONLY_VIEWS.includes(view as ResourceView) && permission !== 'can_read') return true;
  return ADMIN_ONLY_VIEWS.includes(view as ResourceView) || ADMIN_ONLY_PERMISSIONS.includes(permission);
}

// Annotation layers and CSS templates are not Gamma's: Superset lists Annotation and CssTemplate among its
// ALPHA_ONLY_VIEW_MENUS (they are shared objects without owners, so whoever may write one may rewrite them all).
// ReportSchedule is there too: a report mails what its owner sees to any address, so Gamma holds none.
const GAMMA_PERMISSIONS: readonly PermissionView[] = [
  ...readWrite(['Chart', 'Dashboard', 'Measure', 'Cohort', 'SavedColumn', 'Tag', 'ExploreFormDataRestApi']),
  ['can_read', 'Dataset'],
  ['can_read', 'Database'],
  ['can_read', 'AsyncEventsRestApi'],
  ['can_read', 'KV'],
  ['can_write', 'KV'],
  ['can_csv', 'Superset'],
  ['can_explore', 'Superset'],
  ['can_explore_json', 'Superset'],
  ['can_share_dashboard', 'Superset'],
  ['can_share_chart', 'Superset'],
];

/**
 * The permission–view pairs each built-in role is synced to on `nezha init` (Superset's _is_admin_pvm,
 * _is_alpha_pvm, _is_gamma_pvm, _is_sql_lab_pvm). Alpha is everything but the admin-only and the SQL-Lab-only
 * pairs; Gamma holds no global data grant; sql_lab is SQL Lab alone and is given beside another role.
 */
export function builtinRolePermissions(role: BuiltinRole): PermissionView[] {
  switch (role) {
    case 'Admin':
      return allPermissionViews();
    case 'Alpha':
      return allPermissionViews().filter((pair) => !isAdminOnly(pair) && !isSqlLabOnly(pair));
    case 'Gamma':
      return [...GAMMA_PERMISSIONS];
    case 'sql_lab':
      return [...SQL_LAB_ONLY_PERMISSIONS, ...SQL_LAB_EXTRA_PERMISSIONS];
    case 'Public':
      return [];
  }
}

/** Admin is any role named admin, whatever its case (spec charts-dashboards §6). */
export function isAdminRoleName(name: string): boolean {
  return name.toLowerCase() === 'admin';
}

/** The user shape of the spec: roles map a role name to its [permission, view] pairs. */
export interface UserRoles {
  [roleName: string]: Array<[string, string]>;
}

export interface BootstrapUser {
  username: string;
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  isActive: boolean;
  isAnonymous: boolean;
  roles: UserRoles;
  permissions: { database_access?: string[]; datasource_access?: string[] };
}

export function hasPermission(roles: UserRoles, permission: string, view: string): boolean {
  for (const [name, pairs] of Object.entries(roles)) {
    if (isAdminRoleName(name)) return true;
    if (pairs.some(([p, v]) => p === permission && v === view)) return true;
  }
  return false;
}

export function isAdmin(roles: UserRoles): boolean {
  return Object.keys(roles).some(isAdminRoleName);
}

/** The schema approver role, named like admin in any case; "Schema Approver" and "schema_approver" alike. */
export function isSchemaApproverRoleName(name: string): boolean {
  return name.toLowerCase().replace(/[\s-]+/g, '_') === 'schema_approver';
}

/**
 * Admin, or a schema approver. The spec (charts-dashboards §6) counts the schema approver role as admin in one
 * check only: the "admin or owner" half of editing a dashboard. Everywhere else admin means admin.
 */
export function isAdminOrSchemaApprover(roles: UserRoles): boolean {
  return Object.keys(roles).some((name) => isAdminRoleName(name) || isSchemaApproverRoleName(name));
}

/** Names of per-object permissions, as Superset writes them. */
export const objectPermissionName = {
  database: (databaseName: string, id: number) => `[${databaseName}].(id:${id})`,
  schema: (databaseName: string, schema: string, catalog?: string | null) =>
    catalog ? `[${databaseName}].[${catalog}].[${schema}]` : `[${databaseName}].[${schema}]`,
  datasource: (databaseName: string, tableName: string, id: number) => `[${databaseName}].[${tableName}](id:${id})`,
};
