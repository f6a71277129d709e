// Where to go after login: only a same-origin path, so a crafted `next` cannot send users elsewhere.

/** The Home page, at Superset's address; where a login without a next page lands. */
export const HOME_PATH = '/superset/welcome/';
export const DEFAULT_LANDING_PATH = HOME_PATH;

export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return DEFAULT_LANDING_PATH;
  if (next.startsWith('/login')) return DEFAULT_LANDING_PATH;
  return next;
}

export function loginPathFor(pathname: string, search: string): string {
  return `/login/?next=${encodeURIComponent(pathname + search)}`;
}
