// Issuing and rotating the bearer tokens of API clients: versioned access tokens, single-use refresh tokens.
import type { Kysely } from 'kysely';
import { HttpError } from '../errors/nezha-error.js';
import { recordRefreshToken, useRefreshToken } from '../store/refresh-tokens.js';
import type { MetadataSchema } from '../store/schema.js';
import { loadAuthUser } from './current-user.js';
import { signToken, verifyToken } from './tokens.js';

export interface IssuedTokens {
  access_token: string;
  refresh_token?: string;
}

async function issueRefreshToken(
  db: Kysely<MetadataSchema>,
  secretKey: string,
  userId: number,
  version: number,
): Promise<string> {
  const { token, claims } = signToken(userId, 'refresh', secretKey, { version });
  await recordRefreshToken(db, {
    jti: claims.jti,
    userId,
    issuedAt: new Date(claims.iat * 1000),
    expiresAt: new Date(claims.exp * 1000),
  });
  return token;
}

/** Tokens for a user who just proved their password (a fresh access token, Superset's `fresh`). */
export async function issueTokens(
  db: Kysely<MetadataSchema>,
  secretKey: string,
  userId: number,
  withRefresh: boolean,
): Promise<IssuedTokens> {
  const user = await loadAuthUser(db, userId);
  if (!user) throw new HttpError(401, 'Not authorized');
  const access = signToken(userId, 'access', secretKey, { version: user.tokenVersion, fresh: true });
  if (!withRefresh) return { access_token: access.token };
  return {
    access_token: access.token,
    refresh_token: await issueRefreshToken(db, secretKey, userId, user.tokenVersion),
  };
}

/**
 * A new access token and a new refresh token for a refresh token; the one given stops working (rotation), so a
 * stolen refresh token is good for one use at most, and not at all once its owner has used it.
 */
export async function rotateRefreshToken(
  db: Kysely<MetadataSchema>,
  secretKey: string,
  refreshToken: string,
): Promise<Required<IssuedTokens>> {
  const claims = verifyToken(refreshToken, 'refresh', secretKey);
  const user = claims ? await loadAuthUser(db, claims.sub) : undefined;
  if (!claims || !user || user.tokenVersion !== claims.ver || !(await useRefreshToken(db, claims.jti, user.id))) {
    throw new HttpError(401, 'Not authorized');
  }
  return {
    access_token: signToken(user.id, 'access', secretKey, { version: user.tokenVersion }).token,
    refresh_token: await issueRefreshToken(db, secretKey, user.id, user.tokenVersion),
  };
}
