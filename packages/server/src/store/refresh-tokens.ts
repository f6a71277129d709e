// Refresh tokens issued and the per-user token version: what makes a bearer token revocable.
import type { Kysely } from 'kysely';
import type { MetadataSchema } from './schema.js';
import { nowIso } from './time.js';

type Db = Kysely<MetadataSchema>;

export async function recordRefreshToken(
  db: Db,
  token: { jti: string; userId: number; issuedAt: Date; expiresAt: Date },
): Promise<void> {
  // Expired rows of the user go as new ones come, so the table stays the size of the live tokens.
  await db
    .deleteFrom('refresh_tokens')
    .where('user_id', '=', token.userId)
    .where('expires_on', '<=', nowIso())
    .execute();
  await db
    .insertInto('refresh_tokens')
    .values({
      jti: token.jti,
      user_id: token.userId,
      issued_on: nowIso(token.issuedAt),
      expires_on: nowIso(token.expiresAt),
      used_on: null,
    })
    .execute();
}

/** Marks the refresh token used; false when it was unknown, revoked or already used (one UPDATE decides a race). */
export async function useRefreshToken(db: Db, jti: string, userId: number): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_on: nowIso() })
    .where('jti', '=', jti)
    .where('user_id', '=', userId)
    .where('used_on', 'is', null)
    .where('expires_on', '>', nowIso())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revokes every bearer token of the user: access tokens by their version, refresh tokens by their rows too. */
export async function revokeUserTokens(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('ab_user')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('refresh_tokens').where('user_id', '=', userId).execute();
}
