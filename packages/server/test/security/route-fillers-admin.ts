// Request fillers of sign-in, the caller's own data, users and roles, databases and datasets.

import { dataUri, loginForm } from '../support/test-app.js';
import type { Route } from './route-filler-kinds.js';
import { fixed, guarded } from './route-filler-kinds.js';
import type { Filler } from './route-fillers.js';
import type { World } from './world.js';
import { rison } from './world.js';

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

export const ADMIN_FILLERS: Record<Route, Filler> = {
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
  // The login form carries the CSRF token of the page it came from.
  'POST /login/': guarded(
    'nothing',
    async (w) => ({
      url: '/login/',
      payload: { username: 'owner', password: 'wrong-password' },
      headers: (await loginForm(w.t.app)).headers,
    }),
    401,
  ),
  'POST /logout/': { ...fixed('nothing', () => ({ url: '/logout/' })), revokesCallerTokens: true },
  'GET /api/v1/me/': fixed('nothing', () => ({ url: '/api/v1/me/' })),
  'GET /api/v1/me/roles/': fixed('data', () => ({ url: '/api/v1/me/roles/' })),
  // A wrong current password: refused for everyone (400), so no caller's password changes under the matrix.
  'PUT /api/v1/me/password/': fixed(
    'nothing',
    () => ({
      url: '/api/v1/me/password/',
      payload: { current_password: 'not-the-password', new_password: 'another-password-1' },
    }),
    400,
  ),
  // English, the language every caller of the matrix reads anyway: later answers of the world stay English.
  'PUT /api/v1/me/locale/': fixed('nothing', () => ({ url: '/api/v1/me/locale/', payload: { locale: 'en' } })),
  // Only the caller's own views of mount events; the world logs none, and never the owner's for another caller.
  'GET /api/v1/log/recent_activity/': fixed('nothing', () => ({
    url: `/api/v1/log/recent_activity/?q=${rison({ page_size: 10, distinct: true })}`,
  })),
  'GET /api/v1/bootstrap/': fixed('data', () => ({ url: '/api/v1/bootstrap/' })),
  'GET /health/ready': fixed('nothing', () => ({ url: '/health/ready' })),
  'GET /health/live': fixed('nothing', () => ({ url: '/health/live' })),
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
  'GET /api/v1/database/available/': fixed('nothing', () => ({ url: '/api/v1/database/available/' })),
  'GET /api/v1/database/:pk': fixed('database', (w) => ({ url: `/api/v1/database/${w.objects.databaseId}` })),
  'POST /api/v1/database/': fixed('nothing', () => {
    const name = `new_${Math.random().toString(36).slice(2, 10)}`;
    return {
      url: '/api/v1/database/',
      payload: { database_name: name, sqlalchemy_uri: dataUri('duckdb', `${name}.duckdb`) },
    };
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
    payload: { database_name: w.objects.databaseName, sqlalchemy_uri: dataUri('duckdb', 'vault.duckdb') },
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
  'POST /api/v1/dataset/:id/source_columns': guarded('data', async (w) => {
    const id = await w.copy.dataset();
    return {
      url: `/api/v1/dataset/${id}/source_columns`,
      payload: { sql: 'SELECT * FROM ledger' },
      guard: { url: `/api/v1/dataset/${id}`, as: 'admin' },
    };
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
  'GET /api/v1/dataset/distinct/:column': fixed('data', () => ({ url: '/api/v1/dataset/distinct/schema' })),
  'GET /nezha/fetch_datasource_metadata': fixed('data', (w) => ({
    url: `/nezha/fetch_datasource_metadata?datasourceKey=${w.objects.datasetId}__table`,
  })),
  'POST /datasource/samples': fixed('data', (w) => ({
    url: `/datasource/samples?force=false&datasource_type=table&datasource_id=${w.objects.datasetId}`,
    payload: {},
  })),
};
