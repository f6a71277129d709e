// Signed bearer tokens for API clients (JWT, HS256), as Superset's /api/v1/security/login returns them.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

export type TokenKind = 'access' | 'refresh';

export interface TokenClaims {
  sub: number;
  type: TokenKind;
  fresh: boolean;
  iat: number;
  exp: number;
  jti: string;
  /** The user's token version when issued; a token of an older version is revoked. */
  ver: number;
}

const ACCESS_TOKEN_SECONDS = 15 * 60;
const REFRESH_TOKEN_SECONDS = 30 * 24 * 3600;

function base64url(input: Buffer | string): string {
  return Buffer.from(input).toString('base64url');
}

function signature(data: string, secretKey: string): string {
  return createHmac('sha256', `nezha:jwt:${secretKey}`).update(data).digest('base64url');
}

export interface SignOptions {
  /** The user's current token version (ab_user.token_version). */
  version: number;
  fresh?: boolean;
  now?: number;
}

export function signToken(
  userId: number,
  kind: TokenKind,
  secretKey: string,
  options: SignOptions,
): { token: string; claims: TokenClaims } {
  const iat = Math.floor((options.now ?? Date.now()) / 1000);
  const claims: TokenClaims = {
    sub: userId,
    type: kind,
    fresh: options.fresh ?? false,
    iat,
    exp: iat + (kind === 'access' ? ACCESS_TOKEN_SECONDS : REFRESH_TOKEN_SECONDS),
    jti: randomUUID(),
    ver: options.version,
  };
  const head = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = base64url(JSON.stringify(claims));
  return { token: `${head}.${body}.${signature(`${head}.${body}`, secretKey)}`, claims };
}

/** The claims of a valid, unexpired token of the expected kind; undefined otherwise. */
export function verifyToken(
  token: string,
  kind: TokenKind,
  secretKey: string,
  now = Date.now(),
): TokenClaims | undefined {
  const [head, body, sig] = token.split('.');
  if (!head || !body || !sig) return undefined;
  const expected = Buffer.from(signature(`${head}.${body}`, secretKey));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: unknown };
    if (header.alg !== 'HS256') return undefined;
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<TokenClaims>;
    if (claims.type !== kind || typeof claims.sub !== 'number' || typeof claims.exp !== 'number') return undefined;
    // Tokens signed before versions existed cannot be revoked, so they are not accepted.
    if (typeof claims.ver !== 'number' || typeof claims.jti !== 'string') return undefined;
    if (claims.exp * 1000 <= now) return undefined;
    return claims as TokenClaims;
  } catch {
    return undefined;
  }
}
