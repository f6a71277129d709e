// Who is calling: resolved once per request from the bearer token or the session cookie.
import { hasPermission, isAdmin, type UserRoles } from '@nezha/core';
import type { Kysely } from 'kysely';
import { rolesOfUser } from '../store/permissions.js';
import type { MetadataSchema } from '../store/schema.js';
import type { SessionRecord } from '../store/sessions.js';

export interface AuthUser {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  roles: UserRoles;
  /** Bearer tokens carrying another version are revoked. */
  tokenVersion: number;
  /** The language the user chose in the navigation bar; null (or absent for guests) until they choose. */
  locale?: string | null;
  /** Set when the caller came with a session cookie (CSRF applies); absent for bearer tokens. */
  session?: SessionRecord;
  /** Set for a guest of an embedded dashboard (X-GuestToken): what the token reaches and the rows it may see. */
  guest?: GuestGrant;
}

export interface GuestGrant {
  /** The token itself, as log events carry it. */
  token: string;
  /** The embedded dashboards' uuids the token names, and the dashboards they embed. */
  uuids: string[];
  dashboardIds: number[];
  /** Row-level clauses the token adds (one without a dataset applies to every dataset). */
  rls: Array<{ clause: string; dataset?: number | undefined }>;
  /** The guest role's id (GUEST_ROLE_NAME), whose row-level filters apply too. */
  roleIds: number[];
}

export async function loadAuthUser(
  db: Kysely<MetadataSchema>,
  userId: number,
  session?: SessionRecord,
): Promise<AuthUser | undefined> {
  const row = await db
    .selectFrom('ab_user')
    .select(['id', 'username', 'first_name', 'last_name', 'email', 'active', 'token_version', 'locale'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (row?.active !== 1) return undefined;
  return {
    id: row.id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    roles: await rolesOfUser(db, row.id),
    tokenVersion: row.token_version,
    locale: row.locale,
    ...(session ? { session } : {}),
  };
}

export function userHasPermission(user: AuthUser, permission: string, view: string): boolean {
  return hasPermission(user.roles, permission, view);
}

export function userIsAdmin(user: AuthUser): boolean {
  return isAdmin(user.roles);
}
