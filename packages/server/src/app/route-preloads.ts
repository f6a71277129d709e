// What a page of the app will ask for first, named in its HTML so the browser fetches it while the entry script
// downloads: the route's own chunks (from the web build's Vite manifest) and the first API answers it waits on.
// Without them a cold explore page is a chain: entry script → bootstrap → explore's chunks → explore's form data →
// the chart's data; with them the chunks and the first two answers travel together.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

/** The route's page module and the shared chunks it draws with, by the manifest's source keys or chunk names. */
const ROUTES: Array<{ match: (pathname: string) => boolean; modules: string[]; names: string[] }> = [
  {
    match: (pathname) => pathname === '/explore/' || pathname.startsWith('/explore/p/'),
    modules: ['src/explore/ExplorePage.tsx'],
    // Most viz types draw with ECharts: its core downloads beside the page instead of after the chart's data.
    names: ['EChart'],
  },
  {
    match: (pathname) => pathname.startsWith('/nezha/dashboard/') || pathname.startsWith('/superset/dashboard/'),
    modules: ['src/dashboard/DashboardRoute.tsx'],
    names: ['EChart'],
  },
];

const BOOTSTRAP_PATH = '/api/v1/bootstrap/';
const CSRF_TOKEN_PATH = '/api/v1/security/csrf_token/';

function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return seen;
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * The link tags for a page, by its path and query: modulepreload for the route's chunks the entry does not already
 * preload, and preload (as fetch) for the bootstrap call every signed-in page starts with and, on explore by chart
 * id, the explore call and the CSRF token its chart query needs. Same-origin GETs the page makes anyway, with the
 * same credentials: nothing is fetched that the page would not fetch.
 */
export function routePreloader(distDir: string): (url: string) => string {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  let manifest: Manifest = {};
  if (existsSync(manifestFile)) {
    try {
      manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    } catch {
      manifest = {};
    }
  }
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loaded = closure(manifest, entry ? [entry] : []);
  const byName = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.name, key]));
  const chunkLinks = ROUTES.map((route) => {
    const named = route.names.flatMap((name) => byName.get(name) ?? []);
    const files = [...closure(manifest, [...route.modules, ...named])]
      .filter((key) => !loaded.has(key))
      .map((key) => manifest[key]?.file)
      .filter((file): file is string => !!file && file.endsWith('.js'));
    return files.map((file) => `<link rel="modulepreload" crossorigin href="/static/${escapeAttribute(file)}">`);
  });

  return (url) => {
    const parsed = new URL(url, 'http://nezha.invalid');
    if (parsed.pathname.startsWith('/embedded/')) return '';
    const links = [`<link rel="preload" as="fetch" crossorigin href="${BOOTSTRAP_PATH}">`];
    const index = ROUTES.findIndex((route) => route.match(parsed.pathname));
    if (index >= 0) links.push(...(chunkLinks[index] ?? []));
    // Explore by chart id asks exactly this (explore-api.ts builds the same query) and its chart query's token.
    const sliceId = parsed.searchParams.get('slice_id');
    const other = [
      'datasource',
      'datasource_id',
      'datasourceId',
      'datasource_type',
      'datasourceType',
      'permalink_key',
      'form_data_key',
      'measure_id',
      'cohort_id',
      'saved_column_id',
    ];
    if (
      parsed.pathname === '/explore/' &&
      sliceId !== null &&
      /^[1-9]\d{0,9}$/.test(sliceId) &&
      !other.some((name) => parsed.searchParams.has(name))
    ) {
      links.push(`<link rel="preload" as="fetch" crossorigin href="/api/v1/explore/?slice_id=${sliceId}">`);
      links.push(`<link rel="preload" as="fetch" crossorigin href="${CSRF_TOKEN_PATH}">`);
    }
    return links.join('\n    ');
  };
}

/** The page's HTML with its preload links at the end of the head. */
export function withPreloads(html: string, links: string): string {
  if (!links || !html.includes('</head>')) return html;
  return html.replace('</head>', `  ${links}\n  </head>`);
}
