// Request fillers of annotation layers, their annotations and CSS templates: shared objects, made fresh by the
// admin for each call that changes or removes one.
import type { Route } from './route-filler-kinds.js';
import { fixed, guarded } from './route-filler-kinds.js';
import type { Filler } from './route-fillers.js';
import type { World } from './world.js';
import { rison } from './world.js';

const unique = () => Math.random().toString(36).slice(2, 10);

async function created(w: World, url: string, payload: Record<string, unknown>): Promise<number> {
  const response = await w.admin.request({ method: 'POST', url, payload });
  if (response.statusCode !== 201) throw new Error(`${url}: ${response.body}`);
  return response.json().id as number;
}

const freshLayer = (w: World) => created(w, '/api/v1/annotation_layer/', { name: `layer ${unique()}`, descr: 'd' });

async function freshAnnotation(w: World): Promise<{ layer: number; id: number }> {
  const layer = await freshLayer(w);
  const id = await created(w, `/api/v1/annotation_layer/${layer}/annotation/`, {
    short_descr: 'release',
    start_dttm: '2024-01-01T00:00:00',
    end_dttm: '2024-01-02T00:00:00',
  });
  return { layer, id };
}

const freshTemplate = (w: World) =>
  created(w, '/api/v1/css_template/', { template_name: `template ${unique()}`, css: '.x { color: red; }' });

export const ANNOTATION_FILLERS: Record<Route, Filler> = {
  'GET /api/v1/annotation_layer/': fixed('nothing', () => ({ url: `/api/v1/annotation_layer/?q=${rison({})}` })),
  'GET /api/v1/annotation_layer/:pk': guarded('nothing', async (w) => ({
    url: `/api/v1/annotation_layer/${await freshLayer(w)}`,
  })),
  'POST /api/v1/annotation_layer/': fixed('nothing', () => ({
    url: '/api/v1/annotation_layer/',
    payload: { name: `layer ${unique()}`, descr: null },
  })),
  'PUT /api/v1/annotation_layer/:pk': guarded('nothing', async (w) => ({
    url: `/api/v1/annotation_layer/${await freshLayer(w)}`,
    payload: { descr: 'changed' },
  })),
  'DELETE /api/v1/annotation_layer/:pk': guarded('nothing', async (w) => ({
    url: `/api/v1/annotation_layer/${await freshLayer(w)}`,
  })),
  'DELETE /api/v1/annotation_layer/': guarded('nothing', async (w) => ({
    url: `/api/v1/annotation_layer/?q=${rison([await freshLayer(w)])}`,
  })),
  'GET /api/v1/annotation_layer/:pk/annotation/': guarded('nothing', async (w) => {
    const { layer } = await freshAnnotation(w);
    return { url: `/api/v1/annotation_layer/${layer}/annotation/?q=${rison({ page: 0, page_size: 10 })}` };
  }),
  'GET /api/v1/annotation_layer/:pk/annotation/:annotationId': guarded('nothing', async (w) => {
    const { layer, id } = await freshAnnotation(w);
    return { url: `/api/v1/annotation_layer/${layer}/annotation/${id}` };
  }),
  'POST /api/v1/annotation_layer/:pk/annotation/': guarded('nothing', async (w) => ({
    url: `/api/v1/annotation_layer/${await freshLayer(w)}/annotation/`,
    payload: { short_descr: 'launch', start_dttm: '2024-02-01', end_dttm: '2024-02-01', json_metadata: '{}' },
  })),
  'PUT /api/v1/annotation_layer/:pk/annotation/:annotationId': guarded('nothing', async (w) => {
    const { layer, id } = await freshAnnotation(w);
    return { url: `/api/v1/annotation_layer/${layer}/annotation/${id}`, payload: { long_descr: 'changed' } };
  }),
  'DELETE /api/v1/annotation_layer/:pk/annotation/:annotationId': guarded('nothing', async (w) => {
    const { layer, id } = await freshAnnotation(w);
    return { url: `/api/v1/annotation_layer/${layer}/annotation/${id}` };
  }),
  'DELETE /api/v1/annotation_layer/:pk/annotation/': guarded('nothing', async (w) => {
    const { layer, id } = await freshAnnotation(w);
    return { url: `/api/v1/annotation_layer/${layer}/annotation/?q=${rison([id])}` };
  }),
  'GET /api/v1/css_template/': fixed('nothing', () => ({ url: `/api/v1/css_template/?q=${rison({})}` })),
  'GET /api/v1/css_template/:id': guarded('nothing', async (w) => ({
    url: `/api/v1/css_template/${await freshTemplate(w)}`,
  })),
  'POST /api/v1/css_template/': fixed('nothing', () => ({
    url: '/api/v1/css_template/',
    payload: { template_name: `template ${unique()}`, css: 'h1 { color: blue; }' },
  })),
  'PUT /api/v1/css_template/:id': guarded('nothing', async (w) => ({
    url: `/api/v1/css_template/${await freshTemplate(w)}`,
    payload: { css: 'h2 { color: green; }' },
  })),
  'DELETE /api/v1/css_template/:id': guarded('nothing', async (w) => ({
    url: `/api/v1/css_template/${await freshTemplate(w)}`,
  })),
  'DELETE /api/v1/css_template/': guarded('nothing', async (w) => ({
    url: `/api/v1/css_template/?q=${rison([await freshTemplate(w)])}`,
  })),
};
