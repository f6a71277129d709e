// Server-side sessions: the cookie holds a random token, the store keeps only its hash.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MetadataSchema } from './schema.js';
import { nowIso } from './time.js';

export interface SessionRecord {
  id: string;
  userId: number;
  csrfToken: string;
  expiresOn: string;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Kysely<MetadataSchema>,
  userId: number,
  lifetimeSeconds: number,
): Promise<{ token: string; session: SessionRecord }> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const session: SessionRecord = {
    id: hashToken(token),
    userId,
    csrfToken: randomBytes(24).toString('base64url'),
    expiresOn: nowIso(new Date(now.getTime() + lifetimeSeconds * 1000)),
  };
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: userId,
      csrf_token: session.csrfToken,
      created_on: nowIso(now),
      expires_on: session.expiresOn,
      last_seen: nowIso(now),
    })
    .execute();
  return { token, session };
}

/** The live session of a cookie token, or undefined when unknown or expired. */
export async function findSession(db: Kysely<MetadataSchema>, token: string): Promise<SessionRecord | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'csrf_token', 'expires_on'])
    .where('id', '=', hashToken(token))
    .where('expires_on', '>', nowIso())
    .executeTakeFirst();
  if (!row) return undefined;
  return { id: row.id, userId: row.user_id, csrfToken: row.csrf_token, expiresOn: row.expires_on };
}

export async function deleteSession(db: Kysely<MetadataSchema>, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function purgeExpiredSessions(db: Kysely<MetadataSchema>): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_on', '<=', nowIso()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
