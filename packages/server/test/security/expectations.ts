// What each caller may do and see, derived from the permissions its roles hold at test time (not a frozen copy).
import { hasPermission, isAdmin, objectPermissionName } from '@nezha/core';
import type { Access } from '../../src/security/access.js';
import type { Caller, Objects } from './world.js';

/**
 * Whose objects an answer of a route may show, from Superset's rules:
 * - `database`: the owner's database itself (its name, schemas, tables, SQL Lab on it). Visible with access to the
 *   database: Admin, `all_database_access` / `all_datasource_access` (Alpha today), `database_access` on it or
 *   `schema_access` on one of its schemas.
 * - `data`: the owner's dataset, charts, dashboards and semantic objects, and the links and entries built on them
 *   (which name the database too). Visible with access to the dataset: access to its database or schema, or
 *   `datasource_access` on it.
 *   Nobody but an admin and the owner may change them (Superset's raise_for_ownership); callers are never the owner.
 * - `queries`: SQL Lab runs and their results: the runner's own, or every run with `all_query_access`.
 * - `own`: saved queries, SQL Lab tabs and table panels: only their owner, admins included (Superset's
 *   SavedQueryFilter and TabStateView).
 * - `link`: a shared SQL Lab link (`/kv/<uuid>`): a capability, readable by whoever holds the uuid and `can_read KV`.
 * - `owned`: alerts and reports: their owners and admins see and change them, nobody else (Superset's
 *   ReportScheduleFilter and raise_for_ownership).
 * - `nothing`: the route never answers with another user's objects.
 */
export type Visibility = 'database' | 'data' | 'queries' | 'own' | 'owned' | 'link' | 'nothing';

export function isAdminCaller(caller: Caller): boolean {
  return caller.userId !== undefined && isAdmin(caller.roles);
}

function holds(caller: Caller, permission: string, view: string): boolean {
  return caller.userId !== undefined && hasPermission(caller.roles, permission, view);
}

/** Whether the route's declared access lets the caller in. */
export function mayCall(caller: Caller, access: Access): boolean {
  if ('public' in access) return true;
  if (caller.userId === undefined) return false;
  if ('authenticated' in access) return true;
  if ('admin' in access) return isAdminCaller(caller);
  return holds(caller, access.permission, access.view);
}

function grantsOf(caller: Caller, permission: string): string[] {
  return Object.values(caller.roles).flatMap((pairs) => pairs.filter(([p]) => p === permission).map(([, v]) => v));
}

export function hasDatabaseAccess(caller: Caller, objects: Objects): boolean {
  return (
    holds(caller, 'all_database_access', 'all_database_access') ||
    holds(caller, 'all_datasource_access', 'all_datasource_access') ||
    grantsOf(caller, 'database_access').includes(
      objectPermissionName.database(objects.databaseName, objects.databaseId),
    ) ||
    grantsOf(caller, 'schema_access').some((view) => view.startsWith(`[${objects.databaseName}].`))
  );
}

export function hasDatasetAccess(caller: Caller, objects: Objects): boolean {
  return (
    hasDatabaseAccess(caller, objects) ||
    grantsOf(caller, 'datasource_access').includes(
      objectPermissionName.datasource(objects.databaseName, 'ledger', objects.datasetId),
    )
  );
}

/** The documented cells where an answer may legitimately carry the owner's marker. */
export function maySeeMarker(caller: Caller, access: Access, visibility: Visibility, objects: Objects): boolean {
  if (!mayCall(caller, access)) return false;
  switch (visibility) {
    case 'database':
      return hasDatabaseAccess(caller, objects);
    case 'data':
      return hasDatasetAccess(caller, objects);
    case 'queries':
      return holds(caller, 'all_query_access', 'all_query_access');
    case 'link':
      return true;
    case 'owned':
      return isAdminCaller(caller);
    case 'own':
    case 'nothing':
      return false;
  }
}

/**
 * Changing or removing an object of the owner's: admins only (ownership rules), runs for whoever sees every run
 * (stopping one), private objects nobody but their owner.
 */
export function mayModifyOwners(caller: Caller, access: Access, visibility: Visibility): boolean {
  if (!mayCall(caller, access)) return false;
  if (visibility === 'own') return false;
  if (visibility === 'queries') return holds(caller, 'all_query_access', 'all_query_access');
  return isAdminCaller(caller);
}
