// The async event channel of a caller: one per browser session (Superset keeps it in its `async-token` cookie;
// ours follows from the session already in the store), one per user for bearer-token clients, which have none.
import { createHmac } from 'node:crypto';
import type { AuthUser } from '../security/current-user.js';

/** Keyed with the secret so a channel id says nothing about the session it belongs to. */
export function asyncChannelOf(secretKey: string, user: AuthUser): string {
  const source = user.session ? `session:${user.session.id}` : `user:${user.id}`;
  return createHmac('sha256', secretKey).update(`async-channel:${source}`).digest('hex').slice(0, 32);
}
