// One realistic request per registered route, aimed at the owner's objects; a route missing here fails the matrix.
import type { InjectOptions } from 'fastify';
import { newClientId } from '../support/sqllab-fixtures.js';
import type { Visibility } from './expectations.js';
import { rison, type World } from './world.js';

export interface Prepared {
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
  /**
   * An object of the owner's the call changes or removes: read before and after (as admin, or as the owner for
   * private objects); a caller that may not change it must leave this answer as it was.
   */
  guard?: { url: string; as: 'admin' | 'owner' };
}

export interface Filler {
  visibility: Visibility;
  /** Builds the request; destructive calls make a fresh copy of the object first. */
  prepare(w: World): Promise<Prepared>;
  /** What an admin gets for this request when it is not a 2xx (the request is right, the answer is a refusal). */
  adminStatus?: number;
}

type Route = `${'GET' | 'POST' | 'PUT' | 'DELETE'} ${string}`;

const fixed = (visibility: Visibility, build: (w: World) => Prepared, adminStatus?: number): Filler => ({
  visibility,
  prepare: async (w) => build(w),
  ...(adminStatus ? { adminStatus } : {}),
});

const guarded = (visibility: Visibility, build: (w: World) => Promise<Prepared>, adminStatus?: number): Filler => ({
  visibility,
  prepare: build,
  ...(adminStatus ? { adminStatus } : {}),
});

const chartQuery = (datasetId: number) => ({
  datasource: { id: datasetId, type: 'table' },
  queries: [{ columns: ['secret'], metrics: [], row_limit: 10 }],
  result_format: 'json',
  result_type: 'full',
});

const tableFormData = (datasetId: number) => ({
  viz_type: 'table',
  datasource: `${datasetId}__table`,
  query_mode: 'raw',
  all_columns: ['secret'],
  row_limit: 10,
});

async function spareUser(w: World): Promise<number> {
  const name = `spare${Math.random().toString(36).slice(2, 10)}`;
  const response = await w.admin.request({
    method: 'POST',
    url: '/api/v1/security/users/',
    payload: { username: name, email: `${name}@example.com`, password: 'spare-password-1' },
  });
  if (response.statusCode >= 300) throw new Error(`spare user: ${response.body}`);
  return response.json().id as number;
}

async function spareRole(w: World): Promise<number> {
  const response = await w.admin.request({
    method: 'POST',
    url: '/api/v1/security/roles/',
    payload: { name: `spare${Math.random().toString(36).slice(2, 10)}` },
  });
  if (response.statusCode >= 300) throw new Error(`spare role: ${response.body}`);
  return response.json().id as number;
}

export const FILLERS: Record<Route, Filler> = {
  // Sign-in and the caller's own data (its roles name the objects it was granted).
  'POST /api/v1/security/login': fixed(
    'nothing',
    () => ({
      url: '/api/v1/security/login',
      payload: { username: 'owner', password: 'wrong-password', provider: 'db' },
    }),
    401,
  ),
  // A bearer access token is no refresh token.
  'POST /api/v1/security/refresh': fixed('nothing', () => ({ url: '/api/v1/security/refresh' }), 401),
  'GET /api/v1/security/csrf_token/': fixed('nothing', () => ({ url: '/api/v1/security/csrf_token/' })),
  'POST /login/': fixed(
    'nothing',
    () => ({ url: '/login/', payload: { username: 'owner', password: 'wrong-password' } }),
    401,
  ),
  'POST /logout/': fixed('nothing', () => ({ url: '/logout/' })),
  'GET /api/v1/me/': fixed('nothing', () => ({ url: '/api/v1/me/' })),
  'GET /api/v1/me/roles/': fixed('data', () => ({ url: '/api/v1/me/roles/' })),
  'GET /api/v1/bootstrap/': fixed('data', () => ({ url: '/api/v1/bootstrap/' })),
  'POST /nezha/log/': fixed('nothing', (w) => ({
    url: '/nezha/log/',
    payload: {
      events: [{ event_name: 'spa_navigation', source: 'dashboard', source_id: w.objects.dashboardId, ts: 1 }],
    },
  })),
  'GET /api/v1/time_range/': fixed('nothing', () => ({ url: `/api/v1/time_range/?q=${rison('Last week')}` })),
  'GET /api/v1/async_event/': fixed('nothing', () => ({ url: '/api/v1/async_event/' })),
  // Without an upgrade the websocket address answers 400 to whoever may open it.
  'GET /api/v1/async_event/ws': fixed('nothing', () => ({ url: '/api/v1/async_event/ws' }), 400),

  // Users, roles and permissions: admins only.
  'GET /api/v1/security/users/': fixed('nothing', () => ({ url: '/api/v1/security/users/' })),
  'GET /api/v1/security/users/:pk': fixed('nothing', (w) => ({ url: `/api/v1/security/users/${w.owner.id}` })),
  'POST /api/v1/security/users/': fixed('nothing', () => {
    const name = `new${Math.random().toString(36).slice(2, 10)}`;
    return {
      url: '/api/v1/security/users/',
      payload: { username: name, email: `${name}@example.com`, password: 'new-password-1' },
    };
  }),
  'PUT /api/v1/security/users/:pk': guarded('nothing', async (w) => {
    const id = await spareUser(w);
    return {
      url: `/api/v1/security/users/${id}`,
      payload: { first_name: 'Changed' },
      guard: { url: `/api/v1/security/users/${id}`, as: 'admin' },
    };
  }),
  'DELETE /api/v1/security/users/:pk': guarded('nothing', async (w) => {
    const id = await spareUser(w);
    return { url: `/api/v1/security/users/${id}`, guard: { url: `/api/v1/security/users/${id}`, as: 'admin' } };
  }),
  'GET /api/v1/security/roles/': fixed('data', () => ({ url: '/api/v1/security/roles/' })),
  'GET /api/v1/security/roles/:pk': fixed('nothing', () => ({ url: '/api/v1/security/roles/1' })),
  'POST /api/v1/security/roles/': fixed('nothing', () => ({
    url: '/api/v1/security/roles/',
    payload: { name: `new${Math.random().toString(36).slice(2, 10)}` },
  })),
  'PUT /api/v1/security/roles/:pk': guarded('nothing', async (w) => {
    const id = await spareRole(w);
    return {
      url: `/api/v1/security/roles/${id}`,
      payload: { name: `renamed${id}` },
      guard: { url: `/api/v1/security/roles/${id}`, as: 'admin' },
    };
  }),
  'DELETE /api/v1/security/roles/:pk': guarded('nothing', async (w) => {
    const id = await spareRole(w);
    return { url: `/api/v1/security/roles/${id}`, guard: { url: `/api/v1/security/roles/${id}`, as: 'admin' } };
  }),
  'GET /api/v1/security/permissions-resources/': fixed('database', () => ({
    url: '/api/v1/security/permissions-resources/',
  })),

  // Databases.
  'GET /api/v1/database/': fixed('database', () => ({ url: '/api/v1/database/' })),
  'GET /api/v1/database/:pk': fixed('database', (w) => ({ url: `/api/v1/database/${w.objects.databaseId}` })),
  'POST /api/v1/database/': fixed('nothing', () => {
    const name = `new_${Math.random().toString(36).slice(2, 10)}`;
    return { url: '/api/v1/database/', payload: { database_name: name, sqlalchemy_uri: `duckdb:///${name}.duckdb` } };
  }),
  'PUT /api/v1/database/:pk': guarded('database', async (w) => {
    const id = await w.copy.database();
    return {
      url: `/api/v1/database/${id}`,
      payload: { allow_dml: true },
      guard: { url: `/api/v1/database/${id}`, as: 'admin' },
    };
  }),
  'DELETE /api/v1/database/:pk': guarded('database', async (w) => {
    const id = await w.copy.database();
    return { url: `/api/v1/database/${id}`, guard: { url: `/api/v1/database/${id}`, as: 'admin' } };
  }),
  'POST /api/v1/database/test_connection/': fixed('database', (w) => ({
    url: '/api/v1/database/test_connection/',
    payload: { database_name: w.objects.databaseName, sqlalchemy_uri: 'duckdb:///vault.duckdb' },
  })),
  'GET /api/v1/database/:pk/catalogs/': fixed('database', (w) => ({
    url: `/api/v1/database/${w.objects.databaseId}/catalogs/`,
  })),
  'GET /api/v1/database/:pk/schemas/': fixed('database', (w) => ({
    url: `/api/v1/database/${w.objects.databaseId}/schemas/`,
  })),
  'GET /api/v1/database/:pk/tables/': fixed('database', (w) => ({
    url: `/api/v1/database/${w.objects.databaseId}/tables/?q=${rison({ schema_name: 'main' })}`,
  })),
  'GET /api/v1/database/:pk/table_metadata/': fixed('database', (w) => ({
    url: `/api/v1/database/${w.objects.databaseId}/table_metadata/?name=ledger&schema=main`,
  })),
  'GET /api/v1/database/:pk/table_metadata/extra/': fixed('database', (w) => ({
    url: `/api/v1/database/${w.objects.databaseId}/table_metadata/extra/?name=ledger&schema=main`,
  })),
  'GET /api/v1/database/:pk/table/:table/:schema/': fixed('database', (w) => ({
    url: `/api/v1/database/${w.objects.databaseId}/table/ledger/main/`,
  })),

  // Datasets.
  'GET /api/v1/dataset/': fixed('data', () => ({ url: '/api/v1/dataset/' })),
  'GET /api/v1/dataset/:id': fixed('data', (w) => ({ url: `/api/v1/dataset/${w.objects.datasetId}` })),
  'POST /api/v1/dataset/': fixed('database', (w) => ({
    url: '/api/v1/dataset/',
    payload: {
      database: w.objects.databaseId,
      schema: 'main',
      table_name: `peek_${Math.random().toString(36).slice(2, 10)}`,
      sql: 'SELECT * FROM ledger',
    },
  })),
  'POST /api/v1/dataset/get_or_create/': fixed('database', (w) => ({
    url: '/api/v1/dataset/get_or_create/',
    payload: { database_id: w.objects.databaseId, schema: 'main', table_name: 'ledger' },
  })),
  'PUT /api/v1/dataset/:id': guarded('data', async (w) => {
    const id = await w.copy.dataset();
    return {
      url: `/api/v1/dataset/${id}`,
      payload: { description: 'changed' },
      guard: { url: `/api/v1/dataset/${id}`, as: 'admin' },
    };
  }),
  'PUT /api/v1/dataset/:id/refresh': guarded('data', async (w) => {
    const id = await w.copy.dataset();
    return { url: `/api/v1/dataset/${id}/refresh`, guard: { url: `/api/v1/dataset/${id}`, as: 'admin' } };
  }),
  'DELETE /api/v1/dataset/:id': guarded('data', async (w) => {
    const id = await w.copy.dataset();
    return { url: `/api/v1/dataset/${id}`, guard: { url: `/api/v1/dataset/${id}`, as: 'admin' } };
  }),
  'DELETE /api/v1/dataset/': guarded('data', async (w) => {
    const id = await w.copy.dataset();
    return { url: `/api/v1/dataset/?q=${rison([id])}`, guard: { url: `/api/v1/dataset/${id}`, as: 'admin' } };
  }),
  'GET /api/v1/dataset/related/owners': fixed('nothing', () => ({ url: '/api/v1/dataset/related/owners' })),
  'GET /api/v1/dataset/related/database': fixed('database', () => ({ url: '/api/v1/dataset/related/database' })),
  'GET /nezha/fetch_datasource_metadata': fixed('data', (w) => ({
    url: `/nezha/fetch_datasource_metadata?datasourceKey=${w.objects.datasetId}__table`,
  })),
  'POST /datasource/samples': fixed('data', (w) => ({
    url: `/datasource/samples?force=false&datasource_type=table&datasource_id=${w.objects.datasetId}`,
    payload: {},
  })),

  // SQL Lab.
  'POST /api/v1/sqllab/execute/': fixed('database', (w) => ({
    url: '/api/v1/sqllab/execute/',
    payload: {
      client_id: newClientId(),
      database_id: w.objects.databaseId,
      schema: 'main',
      sql: 'SELECT secret FROM ledger',
      runAsync: false,
    },
  })),
  'GET /api/v1/sqllab/results/': fixed('queries', (w) => ({
    url: `/api/v1/sqllab/results/?q=${rison({ key: w.objects.resultsKey })}`,
  })),
  'POST /api/v1/sqllab/estimate/': fixed('database', (w) => ({
    url: '/api/v1/sqllab/estimate/',
    payload: { database_id: w.objects.databaseId, schema: 'main', sql: 'SELECT secret FROM ledger' },
  })),
  'POST /api/v1/sqllab/format_sql/': fixed('nothing', (w) => ({
    url: '/api/v1/sqllab/format_sql/',
    payload: { sql: 'select 1', database_id: w.objects.databaseId },
  })),
  'GET /api/v1/sqllab/': fixed('database', () => ({ url: '/api/v1/sqllab/' })),
  'POST /sqllab/': fixed(
    'nothing',
    (w) => ({
      url: '/sqllab/',
      payload: `form_data=${encodeURIComponent(JSON.stringify({ sql: 'SELECT 1', dbid: w.objects.databaseId }))}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    303,
  ),
  'GET /api/v1/query/': fixed('queries', () => ({ url: '/api/v1/query/' })),
  'GET /api/v1/query/updated_since': fixed('queries', () => ({
    url: `/api/v1/query/updated_since?q=${rison({ last_updated_ms: 0 })}`,
  })),
  'GET /api/v1/query/:pk': fixed('queries', (w) => ({ url: `/api/v1/query/${w.objects.queryId}` })),
  // The owner's run has ended: whoever may stop it hears 422, the record stays as it was.
  'POST /api/v1/query/stop': guarded(
    'queries',
    async (w) => ({
      url: '/api/v1/query/stop',
      payload: { client_id: w.objects.queryClientId },
      guard: { url: `/api/v1/query/${w.objects.queryId}`, as: 'owner' },
    }),
    422,
  ),
  'GET /tabstateview/': fixed('own', () => ({ url: '/tabstateview/' })),
  'POST /tabstateview/': fixed('nothing', (w) => ({
    url: '/tabstateview/',
    payload: { queryEditor: { name: 'mine', dbId: w.objects.databaseId, sql: 'SELECT 1' } },
  })),
  'GET /tabstateview/:id': fixed('own', (w) => ({ url: `/tabstateview/${w.objects.tabId}` }), 403),
  'PUT /tabstateview/:id': guarded('own', async (w) => {
    const id = await w.copy.tab();
    return {
      url: `/tabstateview/${id}`,
      payload: { sql: 'SELECT 2' },
      guard: { url: `/tabstateview/${id}`, as: 'owner' },
    };
  }),
  'DELETE /tabstateview/:id': guarded('own', async (w) => {
    const id = await w.copy.tab();
    return { url: `/tabstateview/${id}`, guard: { url: `/tabstateview/${id}`, as: 'owner' } };
  }),
  'POST /tabstateview/:id/activate': guarded('own', async (w) => {
    const id = await w.copy.tab();
    return { url: `/tabstateview/${id}/activate`, guard: { url: '/tabstateview/', as: 'owner' } };
  }),
  'POST /tabstateview/:id/migrate_query': guarded('own', async (w) => {
    const id = await w.copy.tab();
    return {
      url: `/tabstateview/${id}/migrate_query`,
      payload: { queryId: w.objects.queryClientId },
      guard: { url: `/tabstateview/${id}`, as: 'owner' },
    };
  }),
  'DELETE /tabstateview/:id/query/:queryId': guarded('own', async (w) => ({
    url: `/tabstateview/${w.objects.tabId}/query/${w.objects.queryClientId}`,
    guard: { url: `/api/v1/query/${w.objects.queryId}`, as: 'owner' },
  })),
  'POST /tableschemaview/': fixed(
    'own',
    (w) => ({
      url: '/tableschemaview/',
      payload: {
        table: { dbId: w.objects.databaseId, queryEditorId: w.objects.tabId, schema: 'main', name: 'ledger' },
      },
    }),
    403,
  ),
  'POST /tableschemaview/:id/expanded': guarded('own', async (w) => {
    const id = await w.copy.tablePanel();
    return {
      url: `/tableschemaview/${id}/expanded`,
      payload: { expanded: false },
      guard: { url: `/tabstateview/${w.objects.tabId}`, as: 'owner' },
    };
  }),
  'DELETE /tableschemaview/:id': guarded('own', async (w) => {
    const id = await w.copy.tablePanel();
    return { url: `/tableschemaview/${id}`, guard: { url: `/tabstateview/${w.objects.tabId}`, as: 'owner' } };
  }),

  // Saved queries.
  'GET /api/v1/saved_query/': fixed('own', () => ({ url: '/api/v1/saved_query/' })),
  'GET /api/v1/saved_query/:id': fixed('own', (w) => ({ url: `/api/v1/saved_query/${w.objects.savedQueryId}` }), 404),
  'POST /api/v1/saved_query/': fixed('database', (w) => ({
    url: '/api/v1/saved_query/',
    payload: { label: 'mine', db_id: w.objects.databaseId, schema: 'main', sql: 'SELECT 1' },
  })),
  'PUT /api/v1/saved_query/:id': guarded('own', async (w) => {
    const id = await w.copy.savedQuery();
    return {
      url: `/api/v1/saved_query/${id}`,
      payload: { label: 'changed' },
      guard: { url: `/api/v1/saved_query/${id}`, as: 'owner' },
    };
  }),
  'DELETE /api/v1/saved_query/:id': guarded('own', async (w) => {
    const id = await w.copy.savedQuery();
    return { url: `/api/v1/saved_query/${id}`, guard: { url: `/api/v1/saved_query/${id}`, as: 'owner' } };
  }),
  'DELETE /api/v1/saved_query/': guarded('own', async (w) => {
    const id = await w.copy.savedQuery();
    return { url: `/api/v1/saved_query/?q=${rison([id])}`, guard: { url: `/api/v1/saved_query/${id}`, as: 'owner' } };
  }),
  'GET /savedqueryviewapi/api/get/:id': fixed(
    'own',
    (w) => ({ url: `/savedqueryviewapi/api/get/${w.objects.savedQueryId}` }),
    404,
  ),

  // Shared SQL Lab links: the uuid is the capability.
  'POST /kv/store/': fixed('nothing', () => ({ url: '/kv/store/', payload: { data: { sql: 'SELECT 1' } } })),
  'GET /kv/:id': fixed('link', (w) => ({ url: `/kv/${w.objects.kvId}` })),
  'GET /kv/:id/': fixed('link', (w) => ({ url: `/kv/${w.objects.kvId}/` })),

  // Chart data and charts.
  'POST /api/v1/chart/data': fixed('data', (w) => ({
    url: '/api/v1/chart/data',
    payload: chartQuery(w.objects.datasetId),
  })),
  // Only async runs issue cache keys; an unknown one is a 404 for everyone allowed to ask.
  'GET /api/v1/chart/data/:cache_key': fixed('data', () => ({ url: `/api/v1/chart/data/${'0'.repeat(64)}` }), 404),
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
