// Request fillers of row-level security rules, embedded dashboards and guest tokens: rules are made fresh by the admin
// on the owner's dataset for each call that changes or removes one.
import type { Route } from './route-filler-kinds.js';
import { fixed, guarded } from './route-filler-kinds.js';
import type { Filler } from './route-fillers.js';
import type { World } from './world.js';
import { rison } from './world.js';

const unique = () => Math.random().toString(36).slice(2, 10);

async function freshRule(w: World): Promise<number> {
  const response = await w.admin.request({
    method: 'POST',
    url: '/api/v1/rowlevelsecurity/',
    payload: {
      name: `rule ${unique()}`,
      filter_type: 'Base',
      tables: [w.objects.datasetId],
      roles: [],
      clause: '1 = 1',
    },
  });
  if (response.statusCode !== 201) throw new Error(`rowlevelsecurity: ${response.body}`);
  return response.json().id as number;
}

// Admin alone calls these; the datasets picker lists every dataset, the owner's among them.
/** Embeds the dashboard (as the admin; idempotent) and answers the configuration's uuid. */
export async function embed(w: World, dashboardId: number, domains: string[] = []): Promise<string> {
  const response = await w.admin.request({
    method: 'POST',
    url: `/api/v1/dashboard/${dashboardId}/embedded`,
    payload: { allowed_domains: domains },
  });
  if (response.statusCode !== 200) throw new Error(`embedded: ${response.body}`);
  return response.json().result.uuid as string;
}

const setEmbedded = () =>
  guarded('nothing', async (w) => {
    const id = await w.copy.dashboard();
    await embed(w, id, ['https://before.example.com']);
    return {
      url: `/api/v1/dashboard/${id}/embedded`,
      payload: { allowed_domains: ['https://after.example.com'] },
      guard: { url: `/api/v1/dashboard/${id}/embedded`, as: 'admin' },
    };
  });

// Admin alone calls these; the datasets picker lists every dataset, the owner's among them.
const related = (column: string): Filler =>
  fixed(column === 'tables' ? 'data' : 'nothing', () => ({
    url: `/api/v1/rowlevelsecurity/related/${column}?q=${rison({ filter: '' })}`,
  }));

export const EMBEDDING_FILLERS: Record<Route, Filler> = {
  'GET /api/v1/dashboard/:id/embedded': guarded('nothing', async (w) => {
    await embed(w, w.objects.dashboardId);
    return { url: `/api/v1/dashboard/${w.objects.dashboardId}/embedded` };
  }),
  'POST /api/v1/dashboard/:id/embedded': setEmbedded(),
  'PUT /api/v1/dashboard/:id/embedded': setEmbedded(),
  'DELETE /api/v1/dashboard/:id/embedded': guarded('nothing', async (w) => {
    const id = await w.copy.dashboard();
    await embed(w, id);
    return { url: `/api/v1/dashboard/${id}/embedded`, guard: { url: `/api/v1/dashboard/${id}/embedded`, as: 'admin' } };
  }),
  'GET /api/v1/embedded_dashboard/:uuid': guarded('nothing', async (w) => ({
    url: `/api/v1/embedded_dashboard/${await embed(w, w.objects.dashboardId)}`,
  })),
  'GET /embedded/:uuid': guarded('nothing', async (w) => ({
    url: `/embedded/${await embed(w, w.objects.dashboardId)}`,
  })),
  'POST /api/v1/security/guest_token/': guarded('nothing', async (w) => ({
    url: '/api/v1/security/guest_token/',
    payload: {
      user: { username: 'visitor' },
      resources: [{ type: 'dashboard', id: await embed(w, w.objects.dashboardId) }],
      rls: [{ clause: 'amount > 10' }],
    },
  })),
  'GET /api/v1/rowlevelsecurity/': fixed('nothing', () => ({ url: `/api/v1/rowlevelsecurity/?q=${rison({})}` })),
  'GET /api/v1/rowlevelsecurity/:id': guarded('nothing', async (w) => ({
    url: `/api/v1/rowlevelsecurity/${await freshRule(w)}`,
  })),
  'POST /api/v1/rowlevelsecurity/': fixed('nothing', (w) => ({
    url: '/api/v1/rowlevelsecurity/',
    payload: {
      name: `rule ${unique()}`,
      filter_type: 'Regular',
      tables: [w.objects.datasetId],
      roles: [],
      clause: '1 = 1',
    },
  })),
  'PUT /api/v1/rowlevelsecurity/:id': guarded('nothing', async (w) => {
    const id = await freshRule(w);
    return {
      url: `/api/v1/rowlevelsecurity/${id}`,
      payload: { description: 'changed' },
      guard: { url: `/api/v1/rowlevelsecurity/${id}`, as: 'admin' },
    };
  }),
  'DELETE /api/v1/rowlevelsecurity/:id': guarded('nothing', async (w) => {
    const id = await freshRule(w);
    return { url: `/api/v1/rowlevelsecurity/${id}`, guard: { url: `/api/v1/rowlevelsecurity/${id}`, as: 'admin' } };
  }),
  'DELETE /api/v1/rowlevelsecurity/': guarded('nothing', async (w) => {
    const id = await freshRule(w);
    return {
      url: `/api/v1/rowlevelsecurity/?q=${rison([id])}`,
      guard: { url: `/api/v1/rowlevelsecurity/${id}`, as: 'admin' },
    };
  }),
  'GET /api/v1/rowlevelsecurity/related/tables': related('tables'),
  'GET /api/v1/rowlevelsecurity/related/roles': related('roles'),
  'GET /api/v1/rowlevelsecurity/related/created_by': related('created_by'),
  'GET /api/v1/rowlevelsecurity/related/changed_by': related('changed_by'),
  'GET /api/v1/rowlevelsecurity/_info': fixed('nothing', () => ({
    url: `/api/v1/rowlevelsecurity/_info?q=${rison({ keys: ['permissions'] })}`,
  })),
};
