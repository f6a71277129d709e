// Request fillers of charts and their data, the semantic layer, filter autocomplete, explore and dashboards.
import type { Route } from './route-filler-kinds.js';
import { chartQuery, fixed, guarded, tableFormData } from './route-filler-kinds.js';
import type { Filler } from './route-fillers.js';
import { rison } from './world.js';

export const CHART_FILLERS: Record<Route, Filler> = {
  // Chart data and charts.
  'POST /api/v1/chart/data': fixed('data', (w) => ({
    url: '/api/v1/chart/data',
    payload: chartQuery(w.objects.datasetId),
  })),
  // Only async runs issue cache keys; an unknown one is a 404 for everyone allowed to ask.
  'GET /api/v1/chart/data/:cache_key': fixed('data', () => ({ url: `/api/v1/chart/data/${'0'.repeat(64)}` }), 404),
  // A saved chart's stored query context, run: its data reach whoever may read the chart's dataset.
  'GET /api/v1/chart/:id/data/': guarded('data', async (w) => {
    const id = await w.copy.chart();
    const saved = await w.owner.session.request({
      method: 'PUT',
      url: `/api/v1/chart/${id}`,
      payload: { query_context: JSON.stringify(chartQuery(w.objects.datasetId)) },
    });
    if (saved.statusCode !== 200) throw new Error(`query context: ${saved.statusCode} ${saved.body}`);
    return { url: `/api/v1/chart/${id}/data/` };
  }),
  'GET /api/v1/chart/': fixed('data', () => ({ url: '/api/v1/chart/' })),
  'GET /api/v1/chart/:id': fixed('data', (w) => ({ url: `/api/v1/chart/${w.objects.chartId}` })),
  'POST /api/v1/chart/': fixed('data', (w) => ({
    url: '/api/v1/chart/',
    payload: {
      slice_name: 'peek',
      viz_type: 'table',
      datasource_id: w.objects.datasetId,
      datasource_type: 'table',
      params: JSON.stringify(tableFormData(w.objects.datasetId)),
    },
  })),
  'PUT /api/v1/chart/:id': guarded('data', async (w) => {
    const id = await w.copy.chart();
    return {
      url: `/api/v1/chart/${id}`,
      payload: { slice_name: 'changed' },
      guard: { url: `/api/v1/chart/${id}`, as: 'admin' },
    };
  }),
  'DELETE /api/v1/chart/:id': guarded('data', async (w) => {
    const id = await w.copy.chart();
    return { url: `/api/v1/chart/${id}`, guard: { url: `/api/v1/chart/${id}`, as: 'admin' } };
  }),
  'DELETE /api/v1/chart/': guarded('data', async (w) => {
    const id = await w.copy.chart();
    return { url: `/api/v1/chart/?q=${rison([id])}`, guard: { url: `/api/v1/chart/${id}`, as: 'admin' } };
  }),
  'GET /api/v1/chart/related/owners': fixed('nothing', () => ({ url: '/api/v1/chart/related/owners' })),
  'GET /api/v1/chart/favorite_status/': fixed('nothing', (w) => ({
    url: `/api/v1/chart/favorite_status/?q=${rison([w.objects.chartId])}`,
  })),
  'POST /api/v1/chart/:id/favorites/': fixed('nothing', (w) => ({
    url: `/api/v1/chart/${w.objects.chartId}/favorites/`,
  })),
  'DELETE /api/v1/chart/:id/favorites/': fixed('nothing', (w) => ({
    url: `/api/v1/chart/${w.objects.chartId}/favorites/`,
  })),
  'GET /api/v1/dashboard/favorite_status/': fixed('nothing', (w) => ({
    url: `/api/v1/dashboard/favorite_status/?q=${rison([w.objects.dashboardId])}`,
  })),
  'POST /api/v1/dashboard/:id/favorites/': fixed('nothing', (w) => ({
    url: `/api/v1/dashboard/${w.objects.dashboardId}/favorites/`,
  })),
  'DELETE /api/v1/dashboard/:id/favorites/': fixed('nothing', (w) => ({
    url: `/api/v1/dashboard/${w.objects.dashboardId}/favorites/`,
  })),

  // The semantic layer.
  'GET /api/v1/measure/': fixed('data', () => ({ url: '/api/v1/measure/' })),
  'GET /api/v1/measure/:id': fixed('data', (w) => ({ url: `/api/v1/measure/${w.objects.measureId}` })),
  'POST /api/v1/measure/': fixed('data', (w) => ({
    url: '/api/v1/measure/',
    payload: {
      datasource_id: w.objects.datasetId,
      datasource_type: 'table',
      viz_type: 'measure',
      measure_name: 'peek',
      params: {
        viz_type: 'measure',
        metrics: [{ expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'amount' }, label: 'total' }],
      },
    },
  })),
  'PUT /api/v1/measure/:id': guarded('data', async (w) => {
    const id = await w.copy.measure();
    return {
      url: `/api/v1/measure/${id}`,
      payload: { description: 'changed' },
      guard: { url: `/api/v1/measure/${id}`, as: 'admin' },
    };
  }),
  'DELETE /api/v1/measure/:id': guarded('data', async (w) => {
    const id = await w.copy.measure();
    return { url: `/api/v1/measure/${id}`, guard: { url: `/api/v1/measure/${id}`, as: 'admin' } };
  }),
  'GET /api/v1/cohort/': fixed('data', () => ({ url: '/api/v1/cohort/' })),
  'GET /api/v1/cohort/:id': fixed('data', (w) => ({ url: `/api/v1/cohort/${w.objects.cohortId}` })),
  'POST /api/v1/cohort/': fixed('data', (w) => ({
    url: '/api/v1/cohort/',
    payload: {
      datasource_id: w.objects.datasetId,
      datasource_type: 'table',
      viz_type: 'cohort',
      cohort_name: 'peek',
      actor: 'secret',
      dimensions: ['secret'],
      params: { adhoc_filters: [] },
    },
  })),
  'PUT /api/v1/cohort/:id': guarded('data', async (w) => {
    const id = await w.copy.cohort();
    return {
      url: `/api/v1/cohort/${id}`,
      payload: { description: 'changed' },
      guard: { url: `/api/v1/cohort/${id}`, as: 'admin' },
    };
  }),
  'DELETE /api/v1/cohort/:id': guarded('data', async (w) => {
    const id = await w.copy.cohort();
    return { url: `/api/v1/cohort/${id}`, guard: { url: `/api/v1/cohort/${id}`, as: 'admin' } };
  }),
  'GET /api/v1/dataset/:id/cohorts': fixed('data', (w) => ({ url: `/api/v1/dataset/${w.objects.datasetId}/cohorts` })),
  'POST /api/v1/dataset/saved_column/': fixed('data', (w) => ({
    url: '/api/v1/dataset/saved_column/',
    payload: {
      table_id: w.objects.datasetId,
      column_name: `peek_${Math.random().toString(36).slice(2, 10)}`,
      expression: 'secret',
    },
  })),
  'PUT /api/v1/dataset/saved_column/:id/': guarded('data', async (w) => {
    const id = await w.copy.savedColumn();
    return {
      url: `/api/v1/dataset/saved_column/${id}/`,
      payload: { description: 'changed' },
      guard: { url: `/api/v1/dataset/saved_column/${id}/`, as: 'admin' },
    };
  }),
  'PUT /api/v1/dataset/saved_column/:id': guarded('data', async (w) => {
    const id = await w.copy.savedColumn();
    return {
      url: `/api/v1/dataset/saved_column/${id}`,
      payload: { description: 'changed' },
      guard: { url: `/api/v1/dataset/saved_column/${id}`, as: 'admin' },
    };
  }),
  'GET /api/v1/dataset/saved_column/:id/': fixed('data', (w) => ({
    url: `/api/v1/dataset/saved_column/${w.objects.savedColumnId}/`,
  })),
  'GET /api/v1/dataset/saved_column/:id': fixed('data', (w) => ({
    url: `/api/v1/dataset/saved_column/${w.objects.savedColumnId}`,
  })),
  'DELETE /api/v1/dataset/saved_column/:id/': guarded('data', async (w) => {
    const id = await w.copy.savedColumn();
    return {
      url: `/api/v1/dataset/saved_column/${id}/`,
      guard: { url: `/api/v1/dataset/saved_column/${id}/`, as: 'admin' },
    };
  }),
  'DELETE /api/v1/dataset/saved_column/:id': guarded('data', async (w) => {
    const id = await w.copy.savedColumn();
    return {
      url: `/api/v1/dataset/saved_column/${id}`,
      guard: { url: `/api/v1/dataset/saved_column/${id}`, as: 'admin' },
    };
  }),
  'GET /api/v1/dataset/:id/saved_columns': fixed('data', (w) => ({
    url: `/api/v1/dataset/${w.objects.datasetId}/saved_columns`,
  })),
  'GET /nezha/filter/saved_column/:id/': fixed('data', (w) => ({
    url: `/nezha/filter/saved_column/${w.objects.savedColumnId}/`,
  })),

  // Filter autocomplete.
  'GET /nezha/filter/:type/:id/:column/cache/check/': fixed('data', (w) => ({
    url: `/nezha/filter/table/${w.objects.datasetId}/secret/cache/check/`,
  })),
  'POST /nezha/filter/:type/:id/:column/cache/incrby/': fixed('data', (w) => ({
    url: `/nezha/filter/table/${w.objects.datasetId}/secret/cache/incrby/`,
    payload: { items: ['probe'] },
  })),
  'GET /nezha/filter/:type/:id/:column/:search/:limit/:offset/': fixed('data', (w) => ({
    url: `/nezha/filter/table/${w.objects.datasetId}/secret/${Buffer.from('mk').toString('base64')}/10/0/`,
  })),
  'POST /api/v1/query/column_values/caching/': fixed('data', (w) => ({
    url: '/api/v1/query/column_values/caching/',
    payload: { datasource_id: w.objects.datasetId, datasource_type: 'table', column_name: 'secret' },
  })),
  'GET /api/v1/advanced_data_type/convert': fixed('nothing', () => ({
    url: `/api/v1/advanced_data_type/convert?q=${rison({ type: 'port', values: ['80'] })}`,
  })),
  'GET /api/v1/advanced_data_type/types': fixed('nothing', () => ({ url: '/api/v1/advanced_data_type/types' })),

  // Explore.
  'GET /api/v1/explore/': fixed('data', (w) => ({ url: `/api/v1/explore/?slice_id=${w.objects.chartId}` })),
  'POST /api/v1/explore/permalink': fixed('data', (w) => ({
    url: '/api/v1/explore/permalink',
    payload: { formData: tableFormData(w.objects.datasetId) },
  })),
  'GET /api/v1/explore/permalink/:key': fixed('data', (w) => ({
    url: `/api/v1/explore/permalink/${w.objects.explorePermalinkKey}`,
  })),
  'POST /api/v1/explore/form_data': fixed('data', (w) => ({
    url: '/api/v1/explore/form_data',
    payload: {
      datasource_id: w.objects.datasetId,
      datasource_type: 'table',
      form_data: JSON.stringify(tableFormData(w.objects.datasetId)),
    },
  })),
  'PUT /api/v1/explore/form_data/:key': guarded('own', async (w) => {
    const key = await w.copy.formDataKey();
    return {
      url: `/api/v1/explore/form_data/${key}`,
      payload: {
        datasource_id: w.objects.datasetId,
        datasource_type: 'table',
        form_data: JSON.stringify({ ...tableFormData(w.objects.datasetId), row_limit: 1 }),
      },
      guard: { url: `/api/v1/explore/form_data/${key}`, as: 'owner' },
    };
  }),
  // Superset's explore form-data cache: whoever holds the key and may read the dataset reads the entry; only its
  // author changes or removes it.
  'GET /api/v1/explore/form_data/:key': fixed('data', (w) => ({
    url: `/api/v1/explore/form_data/${w.objects.formDataKey}`,
  })),
  'DELETE /api/v1/explore/form_data/:key': guarded('own', async (w) => {
    const key = await w.copy.formDataKey();
    return { url: `/api/v1/explore/form_data/${key}`, guard: { url: `/api/v1/explore/form_data/${key}`, as: 'owner' } };
  }),
  'GET /nezha/explore_json/': fixed('data', (w) => ({
    url: `/nezha/explore_json/?form_data=${encodeURIComponent(JSON.stringify(tableFormData(w.objects.datasetId)))}`,
  })),
  'POST /nezha/explore_json/': fixed('data', (w) => ({
    url: '/nezha/explore_json/',
    payload: { form_data: tableFormData(w.objects.datasetId) },
  })),
  'GET /nezha/explore_json/:datasource_type/:datasource_id/': fixed('data', (w) => ({
    url: `/nezha/explore_json/table/${w.objects.datasetId}/?form_data=${encodeURIComponent(JSON.stringify(tableFormData(w.objects.datasetId)))}`,
  })),
  'POST /nezha/explore_json/:datasource_type/:datasource_id/': fixed('data', (w) => ({
    url: `/nezha/explore_json/table/${w.objects.datasetId}/`,
    payload: { form_data: tableFormData(w.objects.datasetId) },
  })),

  // Dashboards.
  'GET /api/v1/dashboard/': fixed('data', () => ({ url: '/api/v1/dashboard/' })),
  'GET /api/v1/dashboard/:id': fixed('data', (w) => ({ url: `/api/v1/dashboard/${w.objects.dashboardId}` })),
  'GET /api/v1/dashboard/:id/charts': fixed('data', (w) => ({
    url: `/api/v1/dashboard/${w.objects.dashboardId}/charts`,
  })),
  'GET /api/v1/dashboard/:id/datasets': fixed('data', (w) => ({
    url: `/api/v1/dashboard/${w.objects.dashboardId}/datasets`,
  })),
  'POST /api/v1/dashboard/': fixed('nothing', () => ({
    url: '/api/v1/dashboard/',
    payload: { dashboard_title: 'mine' },
  })),
  'PUT /api/v1/dashboard/:id': guarded('data', async (w) => {
    const id = await w.copy.dashboard();
    return {
      url: `/api/v1/dashboard/${id}`,
      payload: { dashboard_title: 'changed' },
      guard: { url: `/api/v1/dashboard/${id}`, as: 'admin' },
    };
  }),
  'DELETE /api/v1/dashboard/:id': guarded('data', async (w) => {
    const id = await w.copy.dashboard();
    return { url: `/api/v1/dashboard/${id}`, guard: { url: `/api/v1/dashboard/${id}`, as: 'admin' } };
  }),
  'DELETE /api/v1/dashboard/': guarded('data', async (w) => {
    const id = await w.copy.dashboard();
    return { url: `/api/v1/dashboard/?q=${rison([id])}`, guard: { url: `/api/v1/dashboard/${id}`, as: 'admin' } };
  }),
  'POST /api/v1/dashboard/:id/copy/': fixed('data', (w) => ({
    url: `/api/v1/dashboard/${w.objects.dashboardId}/copy/`,
    payload: { dashboard_title: 'copy', duplicate_slices: false },
  })),
  'POST /api/v1/dashboard/:id/permalink': fixed('data', (w) => ({
    url: `/api/v1/dashboard/${w.objects.dashboardId}/permalink`,
    payload: { dataMask: {} },
  })),
  'GET /api/v1/dashboard/permalink/:key': fixed('data', (w) => ({
    url: `/api/v1/dashboard/permalink/${w.objects.dashboardPermalinkKey}`,
  })),
  'POST /api/v1/dashboard/:id/filter_state': fixed('data', (w) => ({
    url: `/api/v1/dashboard/${w.objects.dashboardId}/filter_state`,
    payload: { value: JSON.stringify({}) },
  })),
  // As form data: readable with the key and access to the dashboard, changed or removed by its author only.
  'GET /api/v1/dashboard/:id/filter_state/:key': fixed('data', (w) => ({
    url: `/api/v1/dashboard/${w.objects.dashboardId}/filter_state/${w.objects.filterStateKey}`,
  })),
  'PUT /api/v1/dashboard/:id/filter_state/:key': guarded('own', async (w) => {
    const key = await w.copy.filterStateKey();
    return {
      url: `/api/v1/dashboard/${w.objects.dashboardId}/filter_state/${key}`,
      payload: { value: JSON.stringify({ changed: true }) },
      guard: { url: `/api/v1/dashboard/${w.objects.dashboardId}/filter_state/${key}`, as: 'owner' },
    };
  }),
  'DELETE /api/v1/dashboard/:id/filter_state/:key': guarded('own', async (w) => {
    const key = await w.copy.filterStateKey();
    return {
      url: `/api/v1/dashboard/${w.objects.dashboardId}/filter_state/${key}`,
      guard: { url: `/api/v1/dashboard/${w.objects.dashboardId}/filter_state/${key}`, as: 'owner' },
    };
  }),
  'POST /api/v1/dashboard/:id/chart_data': fixed('data', (w) => ({
    url: `/api/v1/dashboard/${w.objects.dashboardId}/chart_data`,
    payload: { queries: [{ key: String(w.objects.chartId), payload: chartQuery(w.objects.datasetId) }] },
  })),
  'GET /api/v1/dashboard/related/owners': fixed('nothing', () => ({ url: '/api/v1/dashboard/related/owners' })),
  'GET /api/v1/dashboard/related/roles': fixed('nothing', () => ({ url: '/api/v1/dashboard/related/roles' })),
};
