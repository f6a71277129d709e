// Checking a username and password, the same answer and about the same time whether or not the user exists; every
// path that checks a password goes through here, so the login throttle covers them all.
import { LOGIN_FAILED_MESSAGE } from '@nezha/core';
import type { Kysely } from 'kysely';
import { HttpError } from '../errors/nezha-error.js';
import type { MetadataSchema } from '../store/schema.js';
import { findUserByUsername, recordLogin } from '../store/users.js';
import type { LoginThrottle } from './login-throttle.js';
import { burnPasswordCheck, verifyPassword } from './passwords.js';

export interface LoginInput {
  username: string;
  password: string;
  /** The client's address, as Fastify resolved it (X-Forwarded-For only with NEZHA_TRUST_PROXY). */
  address: string;
}

export async function authenticate(
  db: Kysely<MetadataSchema>,
  throttle: LoginThrottle,
  { username, password, address }: LoginInput,
): Promise<number> {
  const attempt = throttle.begin(username, address);
  const user = await findUserByUsername(db, username);
  if (!user?.password || user.active !== 1) {
    await burnPasswordCheck(password);
    throw new HttpError(401, LOGIN_FAILED_MESSAGE);
  }
  const ok = await verifyPassword(password, user.password);
  await recordLogin(db, user.id, ok);
  if (!ok) throw new HttpError(401, LOGIN_FAILED_MESSAGE);
  attempt.succeeded();
  return user.id;
}

/**
 * Checks a signed-in user's own password (the password change asks for it), under the same throttle as logins so
 * that a stolen session cannot guess it; a right password is not a login, so the login count stays.
 */
export async function verifyOwnPassword(
  db: Kysely<MetadataSchema>,
  throttle: LoginThrottle,
  { userId, password, address }: { userId: number; password: string; address: string },
): Promise<boolean> {
  const user = await db
    .selectFrom('ab_user')
    .select(['username', 'password'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return false;
  const attempt = throttle.begin(user.username, address);
  if (!user.password) {
    await burnPasswordCheck(password);
    return false;
  }
  const ok = await verifyPassword(password, user.password);
  if (ok) attempt.succeeded();
  return ok;
}
