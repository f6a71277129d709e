// Roles and their permission–view pairs in the store; syncs the built-in roles on `nezha init`.
import { BUILTIN_ROLES, builtinRolePermissions, type PermissionView, type UserRoles } from '@nezha/core';
import type { Kysely, Transaction } from 'kysely';
import { filterCondition } from './list.js';
import type { MetadataSchema } from './schema.js';

type Db = Kysely<MetadataSchema> | Transaction<MetadataSchema>;

export interface PermissionViewRecord {
  id: number;
  permission: string;
  view: string;
}

export interface RoleRecord {
  id: number;
  name: string;
  permissions: PermissionViewRecord[];
}

async function idOf(db: Db, table: 'ab_permission' | 'ab_view_menu', name: string): Promise<number> {
  const found = await db.selectFrom(table).select('id').where('name', '=', name).executeTakeFirst();
  if (found) return found.id;
  const inserted = await db.insertInto(table).values({ name }).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** The id of a [permission, view] pair, created when missing. */
export async function ensurePermissionView(db: Db, permission: string, view: string): Promise<number> {
  const permissionId = await idOf(db, 'ab_permission', permission);
  const viewId = await idOf(db, 'ab_view_menu', view);
  const found = await db
    .selectFrom('ab_permission_view')
    .select('id')
    .where('permission_id', '=', permissionId)
    .where('view_menu_id', '=', viewId)
    .executeTakeFirst();
  if (found) return found.id;
  const inserted = await db
    .insertInto('ab_permission_view')
    .values({ permission_id: permissionId, view_menu_id: viewId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Removes a per-object pair (e.g. database_access on a deleted database) and its grants. */
export async function deletePermissionView(db: Db, permission: string, view: string): Promise<void> {
  const row = await db
    .selectFrom('ab_permission_view as pv')
    .innerJoin('ab_permission as p', 'p.id', 'pv.permission_id')
    .innerJoin('ab_view_menu as v', 'v.id', 'pv.view_menu_id')
    .select(['pv.id as id', 'v.id as viewId'])
    .where('p.name', '=', permission)
    .where('v.name', '=', view)
    .executeTakeFirst();
  if (!row) return;
  await db.deleteFrom('ab_permission_view_role').where('permission_view_id', '=', row.id).execute();
  await db.deleteFrom('ab_permission_view').where('id', '=', row.id).execute();
  const stillUsed = await db
    .selectFrom('ab_permission_view')
    .select('id')
    .where('view_menu_id', '=', row.viewId)
    .executeTakeFirst();
  if (!stillUsed) await db.deleteFrom('ab_view_menu').where('id', '=', row.viewId).execute();
}

/** Renames the view of a per-object pair, keeping its grants (a renamed database keeps its users). */
export async function renameViewMenu(db: Db, from: string, to: string): Promise<void> {
  if (from === to) return;
  await db.updateTable('ab_view_menu').set({ name: to }).where('name', '=', from).execute();
}

export async function listPermissionViews(db: Db): Promise<PermissionViewRecord[]> {
  return db
    .selectFrom('ab_permission_view as pv')
    .innerJoin('ab_permission as p', 'p.id', 'pv.permission_id')
    .innerJoin('ab_view_menu as v', 'v.id', 'pv.view_menu_id')
    .select(['pv.id as id', 'p.name as permission', 'v.name as view'])
    .orderBy('v.name')
    .orderBy('p.name')
    .execute();
}

export async function permissionsOfRoles(db: Db, roleIds: number[]): Promise<Map<number, PermissionViewRecord[]>> {
  const byRole = new Map<number, PermissionViewRecord[]>(roleIds.map((id) => [id, []]));
  if (roleIds.length === 0) return byRole;
  const rows = await db
    .selectFrom('ab_permission_view_role as pvr')
    .innerJoin('ab_permission_view as pv', 'pv.id', 'pvr.permission_view_id')
    .innerJoin('ab_permission as p', 'p.id', 'pv.permission_id')
    .innerJoin('ab_view_menu as v', 'v.id', 'pv.view_menu_id')
    .select(['pvr.role_id as roleId', 'pv.id as id', 'p.name as permission', 'v.name as view'])
    .where('pvr.role_id', 'in', roleIds)
    .orderBy('v.name')
    .orderBy('p.name')
    .execute();
  for (const row of rows) byRole.get(row.roleId)?.push({ id: row.id, permission: row.permission, view: row.view });
  return byRole;
}

export async function listRoles(
  db: Db,
  options: { nameContains?: string; offset: number; limit: number },
): Promise<{ count: number; roles: RoleRecord[] }> {
  let query = db.selectFrom('ab_role');
  if (options.nameContains) query = query.where(filterCondition('ab_role.name', 'ct', options.nameContains));
  const { count } = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await query.select(['id', 'name']).orderBy('name').offset(options.offset).limit(options.limit).execute();
  const permissions = await permissionsOfRoles(
    db,
    rows.map((r) => r.id),
  );
  return {
    count: Number(count),
    roles: rows.map((r) => ({ ...r, permissions: permissions.get(r.id) ?? [] })),
  };
}

export async function getRole(db: Db, id: number): Promise<RoleRecord | undefined> {
  const row = await db.selectFrom('ab_role').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const permissions = await permissionsOfRoles(db, [id]);
  return { ...row, permissions: permissions.get(id) ?? [] };
}

export async function findRoleByName(db: Db, name: string): Promise<{ id: number; name: string } | undefined> {
  return db.selectFrom('ab_role').select(['id', 'name']).where('name', '=', name).executeTakeFirst();
}

/** Replaces the role's grants with exactly these pair ids. */
export async function setRolePermissions(db: Db, roleId: number, permissionViewIds: number[]): Promise<void> {
  await db.deleteFrom('ab_permission_view_role').where('role_id', '=', roleId).execute();
  const unique = [...new Set(permissionViewIds)];
  if (unique.length > 0) {
    await db
      .insertInto('ab_permission_view_role')
      .values(unique.map((permission_view_id) => ({ permission_view_id, role_id: roleId })))
      .execute();
  }
}

export async function createRole(db: Db, name: string): Promise<number> {
  const row = await db.insertInto('ab_role').values({ name }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function renameRole(db: Db, id: number, name: string): Promise<void> {
  await db.updateTable('ab_role').set({ name }).where('id', '=', id).execute();
}

export async function deleteRole(db: Db, id: number): Promise<boolean> {
  await db.deleteFrom('ab_user_role').where('role_id', '=', id).execute();
  await db.deleteFrom('ab_permission_view_role').where('role_id', '=', id).execute();
  const result = await db.deleteFrom('ab_role').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function existingPermissionViewIds(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('ab_permission_view').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/** Creates every known pair and brings the built-in roles to their definition; other roles are left alone. */
export async function syncBuiltinRoles(db: Kysely<MetadataSchema>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const role of BUILTIN_ROLES) {
      const pairs: PermissionView[] = builtinRolePermissions(role);
      const ids: number[] = [];
      for (const [permission, view] of pairs) ids.push(await ensurePermissionView(trx, permission, view));
      const existing = await findRoleByName(trx, role);
      const roleId = existing?.id ?? (await createRole(trx, role));
      if (role === 'Admin') {
        // Admin also holds every per-object grant created so far, so role listings read true.
        const all = await listPermissionViews(trx);
        await setRolePermissions(
          trx,
          roleId,
          all.map((pv) => pv.id),
        );
      } else {
        await setRolePermissions(trx, roleId, ids);
      }
    }
  });
}

/** The spec's user roles shape: role name → [permission, view] pairs. */
export async function rolesOfUser(db: Db, userId: number): Promise<UserRoles> {
  const roles = await db
    .selectFrom('ab_user_role as ur')
    .innerJoin('ab_role as r', 'r.id', 'ur.role_id')
    .select(['r.id as id', 'r.name as name'])
    .where('ur.user_id', '=', userId)
    .orderBy('r.name')
    .execute();
  const permissions = await permissionsOfRoles(
    db,
    roles.map((r) => r.id),
  );
  const result: UserRoles = {};
  for (const role of roles) {
    result[role.name] = (permissions.get(role.id) ?? []).map((pv) => [pv.permission, pv.view]);
  }
  return result;
}
