// The one access check: every route declares what it needs, and this decides.
import { SESSION_TIMED_OUT_MESSAGE } from '@nezha/core';
import { HttpError, NezhaError } from '../errors/nezha-error.js';
import { type AuthUser, userHasPermission, userIsAdmin } from './current-user.js';

export type Access =
  /** Anyone, logged in or not. */
  | { public: true }
  /** Any logged-in user. */
  | { authenticated: true }
  /** A logged-in user holding this [permission, view] pair in any role (admins hold all). */
  | { permission: string; view: string }
  /** A user with a role named admin. */
  | { admin: true };

/** The answer to a write without the right CSRF token; the web client retries once on it with a new token. */
export function csrfError(): NezhaError {
  return new NezhaError({
    type: 'GENERIC_BACKEND_ERROR',
    status: 400,
    message: 'The CSRF token is missing or invalid.',
    extra: { csrf: true, hint: SESSION_TIMED_OUT_MESSAGE },
  });
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Throws when the caller may not go on: 401 without a login, 400 on a missing or wrong CSRF token
 * (session callers only; bearer tokens are not sent by browsers on their own), 403 without the permission.
 */
export function assertAccess(options: {
  access: Access;
  user: AuthUser | null;
  method: string;
  csrfHeader: string | undefined;
  csrfExempt: boolean;
  /** The route serves an embedded dashboard's guest (X-GuestToken); its handler holds the guest to the token. */
  guest?: boolean;
}): void {
  const { access, user } = options;
  // A guest reaches the few routes an embedded dashboard needs and nothing else, public routes included.
  if (user?.guest) {
    if (options.guest !== true) throw new HttpError(403, 'Forbidden');
    return;
  }
  if ('public' in access) return;
  if (!user) throw new HttpError(401, 'Not authorized');
  if (user.session && UNSAFE_METHODS.has(options.method) && !options.csrfExempt) {
    if (!options.csrfHeader || options.csrfHeader !== user.session.csrfToken) throw csrfError();
  }
  if ('authenticated' in access) return;
  if ('admin' in access) {
    if (!userIsAdmin(user)) throw new HttpError(403, 'Forbidden');
    return;
  }
  if (!userHasPermission(user, access.permission, access.view)) throw new HttpError(403, 'Forbidden');
}
