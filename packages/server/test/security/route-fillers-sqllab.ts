// Request fillers of SQL Lab: runs, results, history, tabs and table panels, saved queries, shared links.
import { newClientId } from '../support/sqllab-fixtures.js';
import type { Route } from './route-filler-kinds.js';
import { fixed, guarded } from './route-filler-kinds.js';
import type { Filler } from './route-fillers.js';
import { rison } from './world.js';

export const SQLLAB_FILLERS: Record<Route, Filler> = {
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
  'GET /api/v1/sqllab/export/:client_id/': fixed('queries', (w) => ({
    url: `/api/v1/sqllab/export/${w.objects.queryClientId}/`,
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
  // Only a caller who sees every run picks among every user; the others see themselves.
  'GET /api/v1/query/related/user': fixed('queries', () => ({ url: '/api/v1/query/related/user' })),
  'GET /api/v1/query/related/database': fixed('database', () => ({ url: '/api/v1/query/related/database' })),
  'GET /api/v1/query/:pk': fixed('queries', (w) => ({ url: `/api/v1/query/${w.objects.queryId}` })),
  // The owner's run has ended: whoever may stop it hears OK (as Superset), the record stays as it was.
  'POST /api/v1/query/stop': guarded('queries', async (w) => ({
    url: '/api/v1/query/stop',
    payload: { client_id: w.objects.queryClientId },
    guard: { url: `/api/v1/query/${w.objects.queryId}`, as: 'owner' },
  })),
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
};
