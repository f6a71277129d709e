// Request fillers of export and import: export the owner's object, import its own bundle back with overwrite.
import { unzipSync, zipSync } from 'fflate';
import type { Session } from '../support/test-app.js';
import { uploadBody } from '../transfer/transfer-harness.js';
import type { Route } from './route-filler-kinds.js';
import { fixed, guarded } from './route-filler-kinds.js';
import type { Filler, Prepared } from './route-fillers.js';
import { rison, type World } from './world.js';

/** The export of one object, taken by a caller who may read it. */
async function bundleOf(session: Session, kind: string, id: number): Promise<Buffer> {
  const response = await session.request({ method: 'GET', url: `/api/v1/${kind}/export/?q=${rison([id])}` });
  if (response.statusCode !== 200) throw new Error(`export of ${kind} ${id}: ${response.statusCode} ${response.body}`);
  return response.rawPayload;
}

/**
 * The bundle with its files renamed `<folder>/item_<n>.yaml`: refusals name the caller's own file names, which would
 * otherwise carry the owner's marker back from the upload and read as a leak.
 */
function neutralNames(zip: Buffer): Buffer {
  const renamed: Record<string, Uint8Array> = {};
  let n = 0;
  for (const [name, data] of Object.entries(unzipSync(zip))) {
    const [root, folder] = name.split('/');
    const target = folder === 'metadata.yaml' ? name : `${root}/${folder}/item_${++n}.yaml`;
    renamed[target] = data;
  }
  return Buffer.from(zipSync(renamed));
}

/** Overwriting a fresh copy of the owner's object with its own export: only who may change it succeeds. */
function reimport(
  kind: string,
  copy: (w: World) => Promise<number>,
  read: { path: string; as: 'admin' | 'owner' },
): (w: World) => Promise<Prepared> {
  return async (w) => {
    const id = await copy(w);
    const zip = await bundleOf(read.as === 'admin' ? w.admin : w.owner.session, kind, id);
    const body = uploadBody(neutralNames(zip), { overwrite: 'true' });
    return {
      url: `/api/v1/${kind}/import/`,
      payload: body.payload,
      headers: body.headers,
      guard: { url: `${read.path}${id}`, as: read.as },
    };
  };
}

export const TRANSFER_FILLERS: Record<Route, Filler> = {
  'GET /api/v1/dashboard/export/': fixed('data', (w) => ({
    url: `/api/v1/dashboard/export/?q=${rison([w.objects.dashboardId])}`,
  })),
  'GET /api/v1/chart/export/': fixed('data', (w) => ({ url: `/api/v1/chart/export/?q=${rison([w.objects.chartId])}` })),
  'GET /api/v1/dataset/export/': fixed('data', (w) => ({
    url: `/api/v1/dataset/export/?q=${rison([w.objects.datasetId])}`,
  })),
  'GET /api/v1/database/export/': fixed('database', (w) => ({
    url: `/api/v1/database/export/?q=${rison([w.objects.databaseId])}`,
  })),
  // Saved queries are their author's alone: an admin asking for another user's gets 404, as for its GET.
  'GET /api/v1/saved_query/export/': fixed(
    'own',
    (w) => ({ url: `/api/v1/saved_query/export/?q=${rison([w.objects.savedQueryId])}` }),
    404,
  ),
  'POST /api/v1/dashboard/import/': guarded(
    'data',
    reimport('dashboard', (w) => w.copy.dashboard(), { path: '/api/v1/dashboard/', as: 'admin' }),
  ),
  'POST /api/v1/chart/import/': guarded(
    'data',
    reimport('chart', (w) => w.copy.chart(), { path: '/api/v1/chart/', as: 'admin' }),
  ),
  'POST /api/v1/dataset/import/': guarded(
    'data',
    reimport('dataset', (w) => w.copy.dataset(), { path: '/api/v1/dataset/', as: 'admin' }),
  ),
  'POST /api/v1/database/import/': guarded(
    'database',
    reimport('database', (w) => w.copy.database(), { path: '/api/v1/database/', as: 'admin' }),
  ),
  'POST /api/v1/saved_query/import/': guarded(
    'own',
    reimport('saved_query', (w) => w.copy.savedQuery(), { path: '/api/v1/saved_query/', as: 'owner' }),
  ),
};
