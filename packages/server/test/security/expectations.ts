// What each caller may do and see, derived from the permissions its roles hold at test time (not a frozen copy).
import { hasPermission, isAdmin } from '@nezha/core';
import type { Access } from '../../src/security/access.js';
import type { Caller } from './world.js';

/**
 * Whose objects an answer of a route may show, from Superset's rules:
 * - `data`: the owner's database, dataset, charts, dashboards and semantic objects, and the links and entries built
 *   on them. Visible with access to the data: Admin, or `all_database_access` / `all_datasource_access` (Alpha today).
 *   Nobody but an admin and the owner may change them (Superset's raise_for_ownership); callers are never the owner.
 * - `queries`: SQL Lab runs and their results: the runner's own, or every run with `all_query_access`.
 * - `own`: saved queries, SQL Lab tabs and table panels: only their owner, admins included (Superset's
 *   SavedQueryFilter and TabStateView).
 * - `link`: a shared SQL Lab link (`/kv/<uuid>`): a capability, readable by whoever holds the uuid and `can_read KV`.
 * - `nothing`: the route never answers with another user's objects.
 */
export type Visibility = 'data' | 'queries' | 'own' | 'link' | 'nothing';

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

export function hasDataAccess(caller: Caller): boolean {
  return (
    holds(caller, 'all_database_access', 'all_database_access') ||
    holds(caller, 'all_datasource_access', 'all_datasource_access')
  );
}

/** The documented cells where an answer may legitimately carry the owner's marker. */
export function maySeeMarker(caller: Caller, access: Access, visibility: Visibility): boolean {
  if (!mayCall(caller, access)) return false;
  switch (visibility) {
    case 'data':
      return hasDataAccess(caller);
    case 'queries':
      return holds(caller, 'all_query_access', 'all_query_access');
    case 'link':
      return true;
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
