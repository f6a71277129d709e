// Users of the metadata store and their roles.
import type { Kysely, Transaction } from 'kysely';
import { andAll, filterCondition, type ListColumns, type ListOptions, listPageQuery } from './list.js';
import { revokeUserTokens } from './refresh-tokens.js';
import type { MetadataSchema, UserRow } from './schema.js';
import { nowIso } from './time.js';

type Db = Kysely<MetadataSchema> | Transaction<MetadataSchema>;

export interface UserRecord {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  active: boolean;
  last_login: string | null;
  login_count: number;
  created_on: string;
  changed_on: string;
  roles: Array<{ id: number; name: string }>;
}

export interface UserInput {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  active: boolean;
  /** Already hashed; never plain text. */
  passwordHash?: string | null;
  roleIds: number[];
}

/** Columns a list request may filter and order on, mapped to trusted references. */
export const USER_LIST_COLUMNS: Record<string, string> = {
  id: 'ab_user.id',
  username: 'ab_user.username',
  first_name: 'ab_user.first_name',
  last_name: 'ab_user.last_name',
  email: 'ab_user.email',
  active: 'ab_user.active',
  created_on: 'ab_user.created_on',
  changed_on: 'ab_user.changed_on',
  last_login: 'ab_user.last_login',
};

const USER_LIST: ListColumns = {
  columns: USER_LIST_COLUMNS,
  id: 'ab_user.id',
  defaultOrder: 'ab_user.username',
  idAscending: true,
};

async function rolesByUser(db: Db, userIds: number[]): Promise<Map<number, Array<{ id: number; name: string }>>> {
  const map = new Map<number, Array<{ id: number; name: string }>>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return map;
  const rows = await db
    .selectFrom('ab_user_role as ur')
    .innerJoin('ab_role as r', 'r.id', 'ur.role_id')
    .select(['ur.user_id as userId', 'r.id as id', 'r.name as name'])
    .where('ur.user_id', 'in', userIds)
    .orderBy('r.name')
    .execute();
  for (const row of rows) map.get(row.userId)?.push({ id: row.id, name: row.name });
  return map;
}

function toRecord(row: UserRow, roles: Array<{ id: number; name: string }>): UserRecord {
  return {
    id: row.id,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    active: row.active === 1,
    last_login: row.last_login,
    login_count: row.login_count,
    created_on: row.created_on,
    changed_on: row.changed_on,
    roles,
  };
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('ab_user').selectAll().where('username', '=', username).executeTakeFirst();
}

export async function getUser(db: Db, id: number): Promise<UserRecord | undefined> {
  const row = await db.selectFrom('ab_user').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const roles = await rolesByUser(db, [id]);
  return toRecord(row, roles.get(id) ?? []);
}

export async function listUsers(db: Db, options: ListOptions): Promise<{ count: number; users: UserRecord[] }> {
  const where = andAll(
    options.filters.map((f) => filterCondition(USER_LIST_COLUMNS[f.col] ?? 'ab_user.id', f.opr, f.value)),
  );
  const base = db.selectFrom('ab_user').where(where);
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await listPageQuery(base.selectAll(), USER_LIST, options).execute();
  const roles = await rolesByUser(
    db,
    rows.map((r) => r.id),
  );
  return { count: Number(count), users: rows.map((r) => toRecord(r, roles.get(r.id) ?? [])) };
}

async function setUserRoles(db: Db, userId: number, roleIds: number[]): Promise<void> {
  await db.deleteFrom('ab_user_role').where('user_id', '=', userId).execute();
  const unique = [...new Set(roleIds)];
  if (unique.length > 0) {
    await db
      .insertInto('ab_user_role')
      .values(unique.map((role_id) => ({ user_id: userId, role_id })))
      .execute();
  }
}

/** Creates the user and its role links in one transaction. */
export async function createUser(db: Kysely<MetadataSchema>, input: UserInput): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const row = await trx
      .insertInto('ab_user')
      .values({
        username: input.username,
        first_name: input.first_name,
        last_name: input.last_name,
        email: input.email,
        active: input.active ? 1 : 0,
        password: input.passwordHash ?? null,
        created_on: now,
        changed_on: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setUserRoles(trx, row.id, input.roleIds);
    return row.id;
  });
}

export async function updateUser(db: Kysely<MetadataSchema>, id: number, input: Partial<UserInput>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('ab_user')
      .set({
        ...(input.username !== undefined ? { username: input.username } : {}),
        ...(input.first_name !== undefined ? { first_name: input.first_name } : {}),
        ...(input.last_name !== undefined ? { last_name: input.last_name } : {}),
        ...(input.email !== undefined ? { email: input.email } : {}),
        ...(input.active !== undefined ? { active: input.active ? 1 : 0 } : {}),
        ...(input.passwordHash ? { password: input.passwordHash } : {}),
        changed_on: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    if (input.roleIds) await setUserRoles(trx, id, input.roleIds);
    // A deactivated user or a changed password ends every open session and bearer token of that user.
    if (input.active === false || input.passwordHash) {
      await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
      await revokeUserTokens(trx, id);
    }
  });
}

export async function deleteUser(db: Kysely<MetadataSchema>, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
    await trx.deleteFrom('refresh_tokens').where('user_id', '=', id).execute();
    await trx.deleteFrom('ab_user_role').where('user_id', '=', id).execute();
    const result = await trx.deleteFrom('ab_user').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}

export async function recordLogin(db: Db, id: number, success: boolean): Promise<void> {
  if (success) {
    await db
      .updateTable('ab_user')
      .set((eb) => ({ last_login: nowIso(), login_count: eb('login_count', '+', 1), fail_login_count: 0 }))
      .where('id', '=', id)
      .execute();
  } else {
    await db
      .updateTable('ab_user')
      .set((eb) => ({ fail_login_count: eb('fail_login_count', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }
}

export async function countAdmins(db: Db): Promise<number> {
  const rows = await db
    .selectFrom('ab_user_role as ur')
    .innerJoin('ab_role as r', 'r.id', 'ur.role_id')
    .select('r.name as name')
    .execute();
  return rows.filter((r) => r.name.toLowerCase() === 'admin').length;
}

export async function usernameOrEmailTaken(
  db: Db,
  username: string | undefined,
  email: string | undefined,
  exceptId?: number,
): Promise<'username' | 'email' | null> {
  if (username !== undefined) {
    const row = await db.selectFrom('ab_user').select('id').where('username', '=', username).executeTakeFirst();
    if (row && row.id !== exceptId) return 'username';
  }
  if (email !== undefined && email !== '') {
    const row = await db.selectFrom('ab_user').select('id').where('email', '=', email).executeTakeFirst();
    if (row && row.id !== exceptId) return 'email';
  }
  return null;
}

/**
 * Sets the user's own new password: every other session of the user ends and every bearer token is revoked, while
 * the session that asked (if any) stays signed in.
 */
export async function changeOwnPassword(
  db: Kysely<MetadataSchema>,
  id: number,
  passwordHash: string,
  keepSessionId: string | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('ab_user')
      .set({ password: passwordHash, changed_on: nowIso() })
      .where('id', '=', id)
      .execute();
    let others = trx.deleteFrom('sessions').where('user_id', '=', id);
    if (keepSessionId) others = others.where('id', '<>', keepSessionId);
    await others.execute();
    await revokeUserTokens(trx, id);
  });
}

export async function setUserLocale(db: Db, id: number, locale: string | null): Promise<void> {
  await db.updateTable('ab_user').set({ locale }).where('id', '=', id).execute();
}
