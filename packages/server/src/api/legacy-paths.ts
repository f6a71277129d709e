// Superset's `/superset/…` paths: old clients and bookmarks reach the same handlers as our `/nezha/…` ones.

const OURS = '/nezha/';
const SUPERSETS = '/superset/';

/** The Superset path a `/nezha/` route also answers on, or null for every other route. */
export function legacyTwin(url: string): string | null {
  return url.startsWith(OURS) ? `${SUPERSETS}${url.slice(OURS.length)}` : null;
}

/**
 * Superset's page paths and where our web app draws them (the Home page is drawn at /superset/welcome/ itself). A bookmark keeps its query string (explore's form data
 * key, a dashboard's native filters) across the redirect.
 */
export const LEGACY_PAGES: ReadonlyArray<{ from: string; to: (params: Record<string, string>) => string }> = [
  { from: '/superset/sqllab/', to: () => '/sqllab/' },
  { from: '/superset/sqllab', to: () => '/sqllab/' },
  { from: '/superset/explore/', to: () => '/explore/' },
  { from: '/superset/explore/p/:key/', to: (p) => `/explore/p/${encodeURIComponent(p.key ?? '')}/` },
  { from: '/superset/dashboard/p/:key/', to: (p) => `/nezha/dashboard/p/${encodeURIComponent(p.key ?? '')}/` },
  { from: '/superset/dashboard/:idOrSlug/', to: (p) => `/nezha/dashboard/${encodeURIComponent(p.idOrSlug ?? '')}/` },
];

/** The query string of a request URL, with its `?`, or ''. */
export function queryStringOf(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at);
}
