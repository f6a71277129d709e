// Request fillers of Superset's page paths (redirects to ours), each resource's _info description and its
// created_by / changed_by user pickers.
import type { Route } from './route-filler-kinds.js';
import { fixed } from './route-filler-kinds.js';
import type { Filler } from './route-fillers.js';
import { rison } from './world.js';

const info = (resource: string): Filler =>
  fixed('nothing', () => ({ url: `/api/v1/${resource}/_info?q=${rison({ keys: ['permissions'] })}` }));

const related = (resource: string, column: string): Filler =>
  fixed('nothing', () => ({ url: `/api/v1/${resource}/related/${column}?q=${rison({ filter: '' })}` }));

export const LEGACY_FILLERS: Record<Route, Filler> = {
  'GET /superset/sqllab/': fixed('nothing', () => ({ url: '/superset/sqllab/' }), 302),
  'GET /superset/sqllab': fixed('nothing', () => ({ url: '/superset/sqllab' }), 302),
  'GET /superset/explore/': fixed('nothing', () => ({ url: '/superset/explore/?slice_id=1' }), 302),
  'GET /superset/explore/p/:key/': fixed('nothing', () => ({ url: '/superset/explore/p/abc/' }), 302),
  'GET /superset/dashboard/p/:key/': fixed('nothing', () => ({ url: '/superset/dashboard/p/abc/' }), 302),
  'GET /superset/dashboard/:idOrSlug/': fixed(
    'nothing',
    (w) => ({ url: `/superset/dashboard/${w.objects.dashboardId}/` }),
    302,
  ),
  'GET /api/v1/chart/_info': info('chart'),
  'GET /api/v1/dashboard/_info': info('dashboard'),
  'GET /api/v1/dataset/_info': info('dataset'),
  'GET /api/v1/database/_info': info('database'),
  'GET /api/v1/saved_query/_info': info('saved_query'),
  'GET /api/v1/annotation_layer/_info': info('annotation_layer'),
  'GET /api/v1/css_template/_info': info('css_template'),
  'GET /api/v1/report/_info': info('report'),
  'GET /api/v1/chart/related/created_by': related('chart', 'created_by'),
  'GET /api/v1/chart/related/changed_by': related('chart', 'changed_by'),
  'GET /api/v1/dashboard/related/created_by': related('dashboard', 'created_by'),
  'GET /api/v1/dashboard/related/changed_by': related('dashboard', 'changed_by'),
  'GET /api/v1/dataset/related/created_by': related('dataset', 'created_by'),
  'GET /api/v1/dataset/related/changed_by': related('dataset', 'changed_by'),
  'GET /api/v1/annotation_layer/related/created_by': related('annotation_layer', 'created_by'),
  'GET /api/v1/annotation_layer/related/changed_by': related('annotation_layer', 'changed_by'),
  'GET /api/v1/css_template/related/created_by': related('css_template', 'created_by'),
  'GET /api/v1/css_template/related/changed_by': related('css_template', 'changed_by'),
  'GET /api/v1/report/related/created_by': related('report', 'created_by'),
  'GET /api/v1/report/related/changed_by': related('report', 'changed_by'),
};
