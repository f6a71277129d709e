// Request fillers of tags: the tags themselves are shared, like CSS templates (made fresh by the admin for each call
// that changes or removes one); tagging an object changes the owner's chart, so those calls work on a fresh copy and
// guard it.

import type { Route } from './route-filler-kinds.js';
import { fixed, guarded } from './route-filler-kinds.js';
import type { Filler } from './route-fillers.js';
import type { World } from './world.js';
import { rison } from './world.js';

const unique = () => Math.random().toString(36).slice(2, 10);

async function freshTag(w: World, objects: Array<[string, number]> = []): Promise<{ id: number; name: string }> {
  const name = `tag ${unique()}`;
  const response = await w.admin.request({
    method: 'POST',
    url: '/api/v1/tag/',
    payload: { name, objects_to_tag: objects },
  });
  if (response.statusCode !== 201) throw new Error(`tag: ${response.body}`);
  return { id: response.json().id as number, name };
}

export const TAG_FILLERS: Record<Route, Filler> = {
  'GET /api/v1/tag/': fixed('nothing', () => ({ url: `/api/v1/tag/?q=${rison({ page_size: 10 })}` })),
  'GET /api/v1/tag/:id': guarded('nothing', async (w) => ({ url: `/api/v1/tag/${(await freshTag(w)).id}` })),
  // The objects of a tag on the owner's chart: only who may read the chart's dataset sees it.
  'GET /api/v1/tag/get_objects/': guarded('data', async (w) => ({
    url: `/api/v1/tag/get_objects/?tagIds=${(await freshTag(w, [['chart', w.objects.chartId]])).id}`,
  })),
  'POST /api/v1/tag/': fixed('nothing', () => ({ url: '/api/v1/tag/', payload: { name: `tag ${unique()}` } })),
  'PUT /api/v1/tag/:id': guarded('nothing', async (w) => {
    const { id } = await freshTag(w);
    return { url: `/api/v1/tag/${id}`, payload: { description: 'changed' } };
  }),
  'DELETE /api/v1/tag/:id': guarded('nothing', async (w) => {
    const { id } = await freshTag(w);
    return { url: `/api/v1/tag/${id}` };
  }),
  'DELETE /api/v1/tag/': guarded('nothing', async (w) => {
    const { id } = await freshTag(w);
    return { url: `/api/v1/tag/?q=${rison([id])}` };
  }),
  // Superset answers 200 and lists the objects it skipped (not the caller's to change), so no guard here:
  // test/api/tag.test.ts checks in the store that a skipped object keeps its tags.
  'POST /api/v1/tag/bulk_create': guarded('data', async (w) => ({
    url: '/api/v1/tag/bulk_create',
    payload: { tags: [{ name: `tag ${unique()}`, objects_to_tag: [['chart', await w.copy.chart()]] }] },
  })),
  // Tagging one object changes the owner's chart (its `tags`): only its owners and admins may.
  'POST /api/v1/tag/:object_type/:object_id/': guarded('data', async (w) => {
    const id = await w.copy.chart();
    return {
      url: `/api/v1/tag/chart/${id}/`,
      payload: { properties: { tags: [`tag ${unique()}`] } },
      guard: { url: `/api/v1/chart/${id}`, as: 'admin' },
    };
  }),
  'DELETE /api/v1/tag/:object_type/:object_id/:tag/': guarded('data', async (w) => {
    const id = await w.copy.chart();
    const { name } = await freshTag(w, [['chart', id]]);
    return {
      url: `/api/v1/tag/chart/${id}/${encodeURIComponent(name)}/`,
      guard: { url: `/api/v1/chart/${id}`, as: 'admin' },
    };
  }),
};
