// Checks on ids that SQL Lab bodies point at: a database the caller may use, their own saved query or run.

import type { AppContext } from '../app/context.js';
import { ValidationError } from '../errors/validation-error.js';
import type { AuthUser } from '../security/current-user.js';
import { canAccessDatabase } from '../security/data-access.js';
import { getDatabase } from '../store/databases.js';
import { findQueryByClientId } from '../store/queries.js';
import { getOwnSavedQuery } from '../store/saved-queries.js';
import type { QueryRow } from '../store/schema.js';

/**
 * A database id must name a database the caller may reach. One answer for missing and forbidden,
 * so the check does not reveal which ids exist.
 */
export async function assertUsableDatabase(ctx: AppContext, user: AuthUser, id: number, field: string): Promise<void> {
  const database = await getDatabase(ctx.store.db, id);
  if (!database || !canAccessDatabase(user, database)) {
    throw new ValidationError({ [field]: [`Database ${id} does not exist or is not accessible.`] });
  }
}

export async function assertOwnSavedQuery(ctx: AppContext, user: AuthUser, id: number, field: string): Promise<void> {
  if (!(await getOwnSavedQuery(ctx.store.db, user.id, id))) {
    throw new ValidationError({ [field]: [`Saved query ${id} does not exist.`] });
  }
}

/** The caller's run with this client id, or undefined when there is none (or it is someone else's). */
export async function findOwnQuery(ctx: AppContext, user: AuthUser, clientId: string): Promise<QueryRow | undefined> {
  const query = await findQueryByClientId(ctx.store.db, clientId);
  return query && query.user_id === user.id ? query : undefined;
}
