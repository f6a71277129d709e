// Save, schedule, share, open and dataset thunks against a fake server, with the spec's toasts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCsrfToken } from '../../../api/csrf';
import { selectActiveEditor } from '../selectors';
import { anEditor } from '../test-fixtures';
import { createTestStore, fakeServer } from '../test-store';
import { fetchQueryHistory } from './history-thunks';
import {
  createDatasetFromResults,
  loadDatasourceQuery,
  loadSavedQuery,
  loadSharedQuery,
  saveQuery,
  scheduleQuery,
  shareQuery,
  updateSavedQuery,
} from './saved-query-thunks';

beforeEach(() => clearCsrfToken());
afterEach(() => vi.unstubAllGlobals());

const extraSent = (call: { body: unknown } | undefined): Record<string, unknown> => {
  const body = call?.body as { extra_json?: string } | undefined;
  return JSON.parse(body?.extra_json ?? 'null') as Record<string, unknown>;
};

const toasts = (store: ReturnType<typeof createTestStore>['store']) =>
  store.getState().messageToasts.map((toast) => [toast.toastType, toast.text]);

describe('saveQuery', () => {
  it('stores the saved query id and name on the tab, links it on the server tab and says "Your query was saved"', async () => {
    const server = fakeServer({
      'POST /api/v1/saved_query/': { status: 201, body: { id: 44, result: {} } },
      'PUT /tabstateview/12': { body: 12 },
    });
    const { store } = createTestStore({
      backendPersistence: true,
      sqlLab: { queryEditors: [anEditor('12', { dbId: 2, schema: 's' })], tabHistory: ['12'] },
    });
    expect(await store.dispatch(saveQuery('12', { name: 'Revenue', description: 'd' }))).toEqual({ ok: true, id: 44 });
    expect(server.callsTo('POST', '/api/v1/saved_query/')[0]?.body).toEqual({
      label: 'Revenue',
      db_id: 2,
      catalog: null,
      schema: 's',
      sql: 'SELECT 1',
      template_parameters: null,
      description: 'd',
    });
    expect(server.callsTo('PUT', '/tabstateview/12')[0]?.body).toEqual({ saved_query_id: 44 });
    expect(selectActiveEditor(store.getState())).toMatchObject({ remoteId: 44, name: 'Revenue' });
    expect(toasts(store)).toEqual([['success', 'Your query was saved']]);
  });

  it('a failed link to the server tab says "Your query was not properly saved"', async () => {
    fakeServer({
      'POST /api/v1/saved_query/': { status: 201, body: { id: 44, result: {} } },
      'PUT /tabstateview/12': { status: 500, body: {} },
    });
    const { store } = createTestStore({
      backendPersistence: true,
      sqlLab: { queryEditors: [anEditor('12')], tabHistory: ['12'] },
    });
    await store.dispatch(saveQuery('12'));
    expect(toasts(store)).toEqual([
      ['success', 'Your query was saved'],
      ['danger', 'Your query was not properly saved'],
    ]);
  });

  it('a failed save says "Your query could not be saved" and changes nothing', async () => {
    fakeServer({ 'POST /api/v1/saved_query/': { status: 400, body: { message: { label: ['bad'] } } } });
    const { store } = createTestStore({ sqlLab: { queryEditors: [anEditor('e1')], tabHistory: ['e1'] } });
    expect((await store.dispatch(saveQuery('e1')))?.ok).toBe(false);
    expect(selectActiveEditor(store.getState())?.remoteId).toBeUndefined();
    expect(toasts(store)).toEqual([['danger', 'Your query could not be saved']]);
  });

  it('a failed save gives the dialog the spec’s message with the server’s reason', async () => {
    fakeServer({ 'POST /api/v1/saved_query/': { status: 500, body: { message: 'Database is locked' } } });
    const editors = { sqlLab: { queryEditors: [anEditor('e1')], tabHistory: ['e1'] } };
    expect(await createTestStore(editors).store.dispatch(saveQuery('e1'))).toEqual({
      ok: false,
      message: 'Sorry, there was an error saving this query: Database is locked',
    });
    fakeServer({ 'POST /api/v1/saved_query/': { status: 500, body: {} } });
    // A bare 500 is named by the client's generic reason.
    const bare = await createTestStore(editors).store.dispatch(saveQuery('e1'));
    expect(bare).toEqual({ ok: false, message: 'Sorry, there was an error saving this query: Server error' });
    fakeServer({ 'PUT /api/v1/saved_query/44': { status: 403, body: { message: 'Forbidden' } } });
    const forbidden = await createTestStore({
      sqlLab: { queryEditors: [anEditor('e1', { remoteId: 44 })], tabHistory: ['e1'] },
    }).store.dispatch(updateSavedQuery('e1'));
    expect(forbidden).toEqual({ ok: false, message: 'You do not have permission to edit this query' });
  });

  it('puts the chosen tags on a new saved query, and on an update adds and takes off only what changed', async () => {
    const server = fakeServer({
      'POST /api/v1/saved_query/': { status: 201, body: { id: 44, result: {} } },
      'POST /api/v1/tag/1/44/': { status: 201, body: {} },
      'PUT /api/v1/saved_query/44': { body: { id: 44, result: {} } },
      'DELETE /api/v1/tag/1/44/': { body: {} },
    });
    const { store } = createTestStore({ sqlLab: { queryEditors: [anEditor('e1')], tabHistory: ['e1'] } });
    const created = await store.dispatch(
      saveQuery('e1', { name: 'Q', tags: { before: ['ignored'], after: ['a', 'b'] } }),
    );
    expect(created).toEqual({ ok: true, id: 44 });
    expect(server.callsTo('POST', '/api/v1/tag/1/44/').map((call) => call.body)).toEqual([
      { properties: { tags: ['a', 'b'] } },
    ]);
    expect(server.callsTo('DELETE', '/api/v1/tag/')).toEqual([]);

    const updated = await store.dispatch(updateSavedQuery('e1', { tags: { before: ['a', 'b'], after: ['b', 'c d'] } }));
    expect(updated).toEqual({ ok: true, id: 44 });
    expect(server.callsTo('POST', '/api/v1/tag/1/44/').map((call) => call.body)[1]).toEqual({
      properties: { tags: ['c d'] },
    });
    expect(server.callsTo('DELETE', '/api/v1/tag/').map((call) => call.url)).toEqual(['/api/v1/tag/1/44/a/']);
  });

  it('a tag the server refuses fails the save with its reason', async () => {
    fakeServer({
      'POST /api/v1/saved_query/': { status: 201, body: { id: 45, result: {} } },
      'POST /api/v1/tag/1/45/': {
        status: 400,
        body: { message: { 'properties.tags.0': ['A tag name cannot contain a colon.'] } },
      },
    });
    const { store } = createTestStore({ sqlLab: { queryEditors: [anEditor('e1')], tabHistory: ['e1'] } });
    const outcome = await store.dispatch(saveQuery('e1', { tags: { before: [], after: ['x:y'] } }));
    expect(outcome?.ok).toBe(false);
    expect(outcome && !outcome.ok && outcome.message).toMatch(/^Sorry, there was an error saving this query: /);
    expect(toasts(store)).toContainEqual(['danger', 'Your query could not be saved']);
  });
});

describe('updateSavedQuery and scheduleQuery', () => {
  it('an update writes to the saved query and says "Your query was updated"; a failure "Your query could not be updated"', async () => {
    const server = fakeServer({ 'PUT /api/v1/saved_query/44': { body: { id: 44, result: {} } } });
    const { store } = createTestStore({
      sqlLab: { queryEditors: [anEditor('e1', { remoteId: 44 })], tabHistory: ['e1'] },
    });
    expect(await store.dispatch(updateSavedQuery('e1', { name: 'New name' }))).toEqual({ ok: true, id: 44 });
    expect(server.calls[0]?.body).toMatchObject({ label: 'New name', sql: 'SELECT 1' });
    expect(selectActiveEditor(store.getState())?.name).toBe('New name');
    expect(toasts(store)).toEqual([['success', 'Your query was updated']]);

    fakeServer({ 'PUT /api/v1/saved_query/44': { status: 500, body: {} } });
    const failing = createTestStore({
      sqlLab: { queryEditors: [anEditor('e1', { remoteId: 44 })], tabHistory: ['e1'] },
    }).store;
    expect((await failing.dispatch(updateSavedQuery('e1')))?.ok).toBe(false);
    expect(toasts(failing)).toEqual([['danger', 'Your query could not be updated']]);
  });

  it('a schedule is saved with its schedule_info; a failure says "Your query could not be scheduled"', async () => {
    const server = fakeServer({ 'POST /api/v1/saved_query/': { status: 201, body: { id: 1, result: {} } } });
    const { store } = createTestStore({ sqlLab: { queryEditors: [anEditor('e1')], tabHistory: ['e1'] } });
    await store.dispatch(scheduleQuery('e1', { crontab: '0 * * * *' }));
    expect(server.calls[0]?.body).toMatchObject({
      extra_json: JSON.stringify({ schedule_info: { crontab: '0 * * * *' } }),
    });
    expect(toasts(store)[0]?.[0]).toBe('success');

    expect(selectActiveEditor(store.getState())?.remoteId).toBe(1);

    fakeServer({ 'POST /api/v1/saved_query/': { status: 500, body: {} } });
    const failing = createTestStore({ sqlLab: { queryEditors: [anEditor('e1')], tabHistory: ['e1'] } }).store;
    await failing.dispatch(scheduleQuery('e1', {}));
    expect(toasts(failing)).toEqual([['danger', 'Your query could not be scheduled']]);
  });

  it('scheduling a saved tab updates its saved query, keeping its other extra, and creates nothing', async () => {
    const server = fakeServer({
      'GET /api/v1/saved_query/44': {
        body: { id: 44, result: { id: 44, label: 'q', extra_json: '{"keep":1}', extra: { keep: 1 } } },
      },
      'PUT /api/v1/saved_query/44': { body: { id: 44, result: {} } },
    });
    const { store } = createTestStore({
      sqlLab: { queryEditors: [anEditor('e1', { remoteId: 44 })], tabHistory: ['e1'] },
    });
    expect(await store.dispatch(scheduleQuery('e1', { schedule_interval: '0 * * * *' }))).toBe(true);
    expect(server.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/v1/saved_query/44',
      'PUT /api/v1/saved_query/44',
    ]);
    expect(extraSent(server.calls[1])).toEqual({ keep: 1, schedule_info: { schedule_interval: '0 * * * *' } });
    expect(toasts(store)[0]?.[0]).toBe('success');
  });

  it('a tab scheduled twice creates one saved query, then updates it', async () => {
    const server = fakeServer({
      'POST /api/v1/saved_query/': { status: 201, body: { id: 7, result: {} } },
      'GET /api/v1/saved_query/7': { body: { id: 7, result: { id: 7, label: 'q', extra_json: '{}' } } },
      'PUT /api/v1/saved_query/7': { body: { id: 7, result: {} } },
    });
    const { store } = createTestStore({ sqlLab: { queryEditors: [anEditor('e1')], tabHistory: ['e1'] } });
    await store.dispatch(scheduleQuery('e1', { schedule_interval: '0 * * * *' }));
    await store.dispatch(scheduleQuery('e1', { schedule_interval: '0 0 * * *' }));
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(extraSent(server.calls.at(-1)).schedule_info).toEqual({ schedule_interval: '0 0 * * *' });
  });
});

describe('opening queries', () => {
  it('a saved query (?savedQueryId=) opens in a new tab that remembers it', async () => {
    fakeServer({
      'GET /api/v1/saved_query/9': {
        body: {
          id: 9,
          result: {
            id: 9,
            label: 'Saved',
            db_id: 3,
            database: { id: 3 },
            catalog: null,
            schema: 'x',
            sql: 'SELECT 9',
            template_parameters: null,
          },
        },
      },
    });
    const { store } = createTestStore();
    await store.dispatch(loadSavedQuery('9'));
    expect(selectActiveEditor(store.getState())).toMatchObject({
      name: 'Saved',
      dbId: 3,
      schema: 'x',
      sql: 'SELECT 9',
      remoteId: 9,
      autorun: false,
    });
  });

  it('sharing stores the query and gives a ?id= link that opens it in a new tab', async () => {
    let stored = '';
    const server = fakeServer({
      'POST /kv/store/': (call) => {
        stored = (call.body as { data: string }).data;
        return { body: { id: 'abc-1' } };
      },
      'GET /kv/abc-1': () => ({ body: JSON.parse(stored) as unknown }),
    });
    const { store } = createTestStore({
      sqlLab: { queryEditors: [anEditor('e1', { name: 'Mine', dbId: 2 })], tabHistory: ['e1'] },
    });
    expect(await store.dispatch(shareQuery('e1'))).toBe('http://nezha.test/sqllab/?id=abc-1');
    await store.dispatch(loadSharedQuery('abc-1'));
    expect(server.calls).toHaveLength(2);
    expect(selectActiveEditor(store.getState())).toMatchObject({ name: 'Mine', dbId: 2, sql: 'SELECT 1' });
    expect(store.getState().sqlLab.queryEditors).toHaveLength(2);
  });

  it('a shared link that cannot be read says "The query couldn\'t be loaded"', async () => {
    fakeServer({ 'GET /kv/': { status: 404, body: { message: 'Not found' } } });
    const { store } = createTestStore();
    expect(await store.dispatch(loadSharedQuery('nope'))).toBeNull();
    expect(toasts(store)).toEqual([['danger', "The query couldn't be loaded"]]);
  });

  it('a dataset opens as "Query <name>" with its select star; a failure says "The datasource couldn\'t be loaded"', async () => {
    const server = fakeServer({
      'GET /api/v1/dataset/4': {
        body: {
          result: { name: 'main.orders', schema: 'main', database: { id: 1 }, select_star: 'SELECT * FROM orders' },
        },
      },
    });
    const { store } = createTestStore();
    await store.dispatch(loadDatasourceQuery('4__table'));
    expect(decodeURIComponent(server.calls[0]?.url ?? '')).toBe(
      '/api/v1/dataset/4?q=(columns:!(name,schema,database.id,select_star),keys:!(none))',
    );
    expect(selectActiveEditor(store.getState())).toMatchObject({
      name: 'Query main.orders',
      sql: 'SELECT * FROM orders',
      autorun: false,
    });

    const other = createTestStore().store;
    await other.dispatch(loadDatasourceQuery('not-a-key'));
    expect(toasts(other)).toEqual([['danger', "The datasource couldn't be loaded"]]);
  });
});

describe('createDatasetFromResults', () => {
  it('creates a dataset from the SQL and stores its key', async () => {
    const server = fakeServer({ 'POST /api/v1/dataset/': { status: 201, body: { id: 12, result: {} } } });
    const { store } = createTestStore();
    expect(
      await store.dispatch(
        createDatasetFromResults({ dbId: 1, schema: 'main', sql: 'SELECT 1', datasetName: 'ds', templateParams: '' }),
      ),
    ).toBe(12);
    expect(server.calls[0]?.body).toEqual({
      database: 1,
      catalog: null,
      schema: 'main',
      sql: 'SELECT 1',
      table_name: 'ds',
      is_managed_externally: false,
      external_url: null,
    });
    expect(store.getState().sqlLab).toMatchObject({ datasource: '12__table', isDatasourceLoading: false });
  });

  it('a failure says "An error occurred while creating the data source" and stores the error', async () => {
    fakeServer({ 'POST /api/v1/dataset/': { status: 422, body: { message: 'Dataset ds already exists' } } });
    const { store } = createTestStore();
    expect(await store.dispatch(createDatasetFromResults({ dbId: 1, sql: 'SELECT 1', datasetName: 'ds' }))).toBeNull();
    expect(toasts(store)).toEqual([['danger', 'An error occurred while creating the data source']]);
    expect(store.getState().sqlLab).toMatchObject({
      isDatasourceLoading: false,
      errorMessage: 'Dataset ds already exists',
    });
  });
});

describe('fetchQueryHistory', () => {
  it('asks for a page of runs whose SQL contains the search text, newest first', async () => {
    const server = fakeServer({ 'GET /api/v1/query/': { body: { count: 1, ids: [3], result: [{ id: 'q3' }] } } });
    const { store } = createTestStore();
    await store.dispatch(fetchQueryHistory({ search: 'orders', page: 2, pageSize: 10 }));
    expect(decodeURIComponent(server.calls[0]?.url ?? '')).toBe(
      '/api/v1/query/?q=(filters:!((col:sql,opr:ct,value:orders)),order_column:changed_on,order_direction:desc,page:2,page_size:10)',
    );
    expect(store.getState().sqlLab.queryHistory).toMatchObject({ count: 1, page: 2, search: 'orders', loading: false });
  });
});
