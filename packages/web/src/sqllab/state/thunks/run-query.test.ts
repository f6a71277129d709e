// Run thunks against a fake server: execute, polling an asynchronous run, results, failures, stop.
import { SESSION_TIMED_OUT_MESSAGE } from '@nezha/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCsrfToken } from '../../../api/csrf';
import type { NewQuery } from '../queries-slice';
import { queriesActions } from '../queries-slice';
import { aDatabase, anEditor, aServerQuery, someResults } from '../test-fixtures';
import { createTestStore, fakeServer } from '../test-store';
import { fetchQueryResults, runQuery, runQueryFromEditor, stopQuery } from './run-query';

const query = (overrides: Partial<NewQuery> = {}): NewQuery => ({
  id: 'q1',
  dbId: 1,
  sql: 'SELECT 1',
  sqlEditorId: 'e1',
  tab: 'Tab e1',
  ctas: false,
  runAsync: false,
  ...overrides,
});

beforeEach(() => clearCsrfToken());
afterEach(() => vi.unstubAllGlobals());

describe('runQuery', () => {
  it('a synchronous run ends with its results; the page query string is appended to execute', async () => {
    const server = fakeServer({ 'POST /api/v1/sqllab/execute/': { body: someResults([{ x: 1 }, { x: 2 }]) } });
    const { store } = createTestStore({ services: { search: () => '?foo=bar' } });
    await store.dispatch(runQuery(query()));
    const [call] = server.callsTo('POST', '/api/v1/sqllab/execute/');
    expect(call?.url).toBe('/api/v1/sqllab/execute/?foo=bar');
    expect(call?.body).toMatchObject({
      client_id: 'q1',
      database_id: 1,
      sql: 'SELECT 1',
      sql_editor_id: 'e1',
      expand_data: true,
    });
    expect(store.getState().sqlLab.queries.q1).toMatchObject({ state: 'success', rows: 2, progress: 100 });
  });

  it('an asynchronous run (202) is polled until it ends, then its results are fetched by key', async () => {
    let polls = 0;
    const server = fakeServer({
      'POST /api/v1/sqllab/execute/': { status: 202, body: { query: aServerQuery('q1', { state: 'pending' }) } },
      'GET /api/v1/query/7': () => {
        polls += 1;
        return polls < 3
          ? { body: { result: aServerQuery('q1', { state: 'running', progress: 50 }) } }
          : { body: { result: aServerQuery('q1', { state: 'success', progress: 100, resultsKey: 'key-1' }) } };
      },
      'GET /api/v1/sqllab/results/': { body: someResults([{ x: 9 }]) },
    });
    const { store } = createTestStore({ conf: { SQLLAB_QUERY_RESULT_TIMEOUT: 30 } });
    await store.dispatch(runQuery(query({ runAsync: true })));
    expect(polls).toBe(3);
    const [results] = server.callsTo('GET', '/api/v1/sqllab/results/');
    expect(decodeURIComponent(results?.url ?? '')).toBe('/api/v1/sqllab/results/?q=(key:key-1)');
    expect(store.getState().sqlLab.queries.q1).toMatchObject({ state: 'success', resultsKey: 'key-1', rows: 1 });
    expect(store.getState().sqlLab.queries.q1?.results?.data).toEqual([{ x: 9 }]);
  });

  it('an asynchronous run that fails on the server ends failed with its message', async () => {
    fakeServer({
      'POST /api/v1/sqllab/execute/': { status: 202, body: { query: aServerQuery('q1', { state: 'pending' }) } },
      'GET /api/v1/query/7': {
        body: { result: aServerQuery('q1', { state: 'failed', errorMessage: 'division by zero' }) },
      },
    });
    const { store } = createTestStore();
    await store.dispatch(runQuery(query({ runAsync: true })));
    expect(store.getState().sqlLab.queries.q1).toMatchObject({ state: 'failed', errorMessage: 'division by zero' });
  });

  it('a network failure while polling marks SQL Lab offline until the server answers again', async () => {
    let polls = 0;
    const offlineSeen: boolean[] = [];
    fakeServer({
      'POST /api/v1/sqllab/execute/': { status: 202, body: { query: aServerQuery('q1', { state: 'pending' }) } },
      'GET /api/v1/query/7': () => {
        polls += 1;
        if (polls === 1) throw new TypeError('Failed to fetch');
        return { body: { result: aServerQuery('q1', { state: 'failed', errorMessage: 'x' }) } };
      },
    });
    const { store } = createTestStore();
    store.subscribe(() => offlineSeen.push(store.getState().sqlLab.offline));
    await store.dispatch(runQuery(query({ runAsync: true })));
    expect(offlineSeen).toContain(true);
    expect(store.getState().sqlLab.offline).toBe(false);
  });

  it('run failure message: taken from the error, with its link and errors, and each error type is logged', async () => {
    fakeServer({
      'POST /api/v1/sqllab/execute/': {
        status: 400,
        body: {
          errors: [
            {
              message: 'Table "x" does not exist',
              error_type: 'TABLE_DOES_NOT_EXIST_ERROR',
              level: 'error',
              extra: { link: 'http://docs', issue_codes: [{ code: 1003 }] },
            },
          ],
        },
      },
    });
    const { store, services } = createTestStore();
    await store.dispatch(runQuery(query()));
    expect(store.getState().sqlLab.queries.q1).toMatchObject({
      state: 'failed',
      errorMessage: 'Table "x" does not exist',
      link: 'http://docs',
    });
    expect(services.logEvent).toHaveBeenCalledWith(
      'sqllab_fetch_failed_query',
      expect.objectContaining({ error_type: 'TABLE_DOES_NOT_EXIST_ERROR', issue_codes: [1003] }),
    );
  });

  it('run failure message: a CSRF token failure is replaced by the session timed-out message', async () => {
    fakeServer({ 'POST /api/v1/sqllab/execute/': { status: 400, body: { message: 'The CSRF token is missing.' } } });
    const { store } = createTestStore();
    await store.dispatch(runQuery(query()));
    expect(store.getState().sqlLab.queries.q1?.errorMessage).toBe(SESSION_TIMED_OUT_MESSAGE);
  });

  it('run failure message: a failed fetch reads "Network error"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { store } = createTestStore();
    await store.dispatch(runQuery(query()));
    expect(store.getState().sqlLab.queries.q1).toMatchObject({ state: 'failed', errorMessage: 'Network error' });
  });
});

describe('fetchQueryResults', () => {
  it('requesting results sets fetching; a results failure stores the server message', async () => {
    const states: string[] = [];
    fakeServer({
      'GET /api/v1/sqllab/results/': { status: 410, body: { message: 'You need to re-run the original query.' } },
    });
    const { store } = createTestStore({
      sqlLab: { queries: { q1: { ...query(), state: 'success', progress: 100, startDttm: 1, resultsKey: 'k' } } },
    });
    store.subscribe(() => states.push(store.getState().sqlLab.queries.q1?.state ?? ''));
    await store.dispatch(fetchQueryResults('q1', 100));
    expect(states[0]).toBe('fetching');
    expect(store.getState().sqlLab.queries.q1).toMatchObject({
      state: 'failed',
      errorMessage: 'You need to re-run the original query.',
    });
  });
});

describe('runQueryFromEditor', () => {
  it("runs the tab's selected text with its database, the default limit and the database's async setting", async () => {
    const server = fakeServer({ 'POST /api/v1/sqllab/execute/': { body: someResults([]) } });
    const { store } = createTestStore({
      sqlLab: {
        queryEditors: [anEditor('e1', { dbId: 2, selectedText: 'SELECT 2', schema: 'main' })],
        tabHistory: ['e1'],
        databases: { '2': aDatabase(2, { allow_run_async: false }) },
      },
      conf: { DEFAULT_SQLLAB_LIMIT: 500 },
    });
    const id = await store.dispatch(runQueryFromEditor('e1'));
    expect(server.callsTo('POST', '/api/v1/sqllab/execute/')[0]?.body).toMatchObject({
      client_id: id,
      database_id: 2,
      sql: 'SELECT 2',
      schema: 'main',
      queryLimit: 500,
      runAsync: false,
      tab: 'Tab e1',
    });
    expect(id).toHaveLength(11);
  });
});

describe('stopQuery', () => {
  it('a stop sets the run stopped with the success toast "Query was stopped."', async () => {
    const server = fakeServer({ 'POST /api/v1/query/stop': { body: { result: 'OK' } } });
    const { store } = createTestStore({
      sqlLab: { queries: { q1: { ...query(), state: 'running', progress: 0, startDttm: 1 } } },
    });
    await store.dispatch(stopQuery('q1'));
    expect(server.callsTo('POST', '/api/v1/query/stop')[0]?.body).toEqual({ client_id: 'q1' });
    expect(store.getState().sqlLab.queries.q1?.state).toBe('stopped');
    expect(store.getState().messageToasts[0]).toMatchObject({ toastType: 'success', text: 'Query was stopped.' });
  });

  it('a failed stop shows "Failed at stopping query. {id}" and leaves the run as it was', async () => {
    fakeServer({ 'POST /api/v1/query/stop': { status: 500, body: { message: 'Could not cancel query' } } });
    const { store } = createTestStore({
      sqlLab: { queries: { q1: { ...query(), state: 'running', progress: 0, startDttm: 1 } } },
    });
    await store.dispatch(stopQuery('q1'));
    expect(store.getState().sqlLab.queries.q1?.state).toBe('running');
    expect(store.getState().messageToasts[0]).toMatchObject({
      toastType: 'danger',
      text: 'Failed at stopping query. q1',
    });
  });
});

describe('runQuery with a streamed answer', () => {
  const column = { column_name: 'i', name: 'i', type: 'BIGINT', type_generic: 0, is_dttm: false };

  /** A fetch whose execute answer is columnar NDJSON that the test writes line by line. */
  function streamingServer() {
    let push: (line: unknown) => void = () => undefined;
    let close: () => void = () => undefined;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const encoder = new TextEncoder();
        push = (line) => controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
        close = () => controller.close();
      },
      cancel() {
        cancelled = true;
      },
    });
    const accepts: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init: RequestInit = {}) => {
        if (String(input).startsWith('/api/v1/security/csrf_token/')) {
          return new Response(JSON.stringify({ result: 'token' }), { headers: { 'content-type': 'application/json' } });
        }
        accepts.push(String((init.headers as Record<string, string>).Accept));
        return new Response(body, { headers: { 'content-type': 'application/x-ndjson; charset=utf-8' } });
      }),
    );
    return { push: (line: unknown) => push(line), close: () => close(), accepts, cancelled: () => cancelled };
  }

  async function until(check: () => boolean): Promise<void> {
    while (!check()) await new Promise((resolve) => setTimeout(resolve, 0));
  }

  it('draws the first batch while the run is still going, then ends with every row', async () => {
    const server = streamingServer();
    const { store } = createTestStore();
    const run = store.dispatch(runQuery(query()));
    server.push({ columns: [column] });
    server.push({ rows: 2, values: [[1, 2]] });
    await until(() => (store.getState().sqlLab.queries.q1?.streamedResults?.data.length ?? 0) > 0);
    expect(store.getState().sqlLab.queries.q1).toMatchObject({
      state: 'running',
      streamedResults: { columns: [column], data: [{ i: 1 }, { i: 2 }] },
    });
    expect(server.accepts[0]).toContain('application/x-ndjson');
    server.push({ rows: 1, values: [[3]] });
    server.push({ status: 'success', columns: [column], query: aServerQuery('q1', { state: 'success', rows: 3 }) });
    server.close();
    await run;
    const done = store.getState().sqlLab.queries.q1;
    expect(done).toMatchObject({ state: 'success', rows: 3, streamedResults: null });
    expect(done?.results?.data).toEqual([{ i: 1 }, { i: 2 }, { i: 3 }]);
  });

  it('a failure after the first rows fails the run with the server message', async () => {
    const server = streamingServer();
    const { store } = createTestStore();
    const run = store.dispatch(runQuery(query()));
    server.push({ columns: [column] });
    server.push({ rows: 1, values: [[1]] });
    const error = { message: 'Division by zero', error_type: 'GENERIC_DB_ENGINE_ERROR', level: 'error' };
    server.push({ status: 'failed', errors: [error], message: 'Division by zero' });
    server.close();
    await run;
    expect(store.getState().sqlLab.queries.q1).toMatchObject({
      state: 'failed',
      errors: [error],
      streamedResults: null,
    });
  });

  it('a stopped run reads no further: the answer is cancelled', async () => {
    const server = streamingServer();
    const { store } = createTestStore();
    const run = store.dispatch(runQuery(query()));
    server.push({ columns: [column] });
    server.push({ rows: 1, values: [[1]] });
    await until(() => store.getState().sqlLab.queries.q1?.streamedResults != null);
    store.dispatch(queriesActions.queryStopped('q1'));
    server.push({ rows: 1, values: [[2]] });
    await run;
    expect(server.cancelled()).toBe(true);
    expect(store.getState().sqlLab.queries.q1).toMatchObject({ state: 'stopped', results: null });
  });
});
