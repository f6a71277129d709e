// Superset's tests/integration_tests/sql_lab/api_tests.py ported onto our fixtures: each case's input and the
// facts Superset asserts on the answer (status, message dict, payload fields), plus the CSV export's access rules.
import { encodeRison } from '@nezha/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findQueryByClientId, insertQuery } from '../../src/store/queries.js';
import { addDatabaseVia, addUser, ORDERS_DDL, runOn } from '../support/dataset-fixtures.js';
import { dataUri, type Session, startTestApp, type TestApp } from '../support/test-app.js';

const rison = (value: unknown) => encodeURIComponent(encodeRison(value));

/** Superset's tests make client ids as `f"{random.getrandbits(64)}"[:10]`: ten digits. */
const tenDigits = () => String(Math.floor(Math.random() * 9e9) + 1e9);

let t: TestApp;
let admin: Session;
let adminId: number;
let dbId: number;
let runner: { id: number; session: Session };
let other: { id: number; session: Session };
let noCsv: { id: number; session: Session };

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
  adminId = (await admin.request({ method: 'GET', url: '/api/v1/me/' })).json().result.id as number;
  dbId = await addDatabaseVia(admin, 'shop', dataUri('duckdb', 'sqllab-cases.duckdb'));
  await runOn(t, dbId, ORDERS_DDL);
  runner = await addUser(t, 'runner', ['Gamma', 'sql_lab'], [['database_access', `[shop].(id:${dbId})`]]);
  other = await addUser(t, 'other', ['Gamma', 'sql_lab'], [['database_access', `[shop].(id:${dbId})`]]);
  noCsv = await addUser(t, 'nocsv', ['Gamma'], [['database_access', `[shop].(id:${dbId})`]]);
});
afterAll(() => t?.close());

function execute(session: Session, payload: Record<string, unknown>) {
  return session.request({ method: 'POST', url: '/api/v1/sqllab/execute/', payload });
}

async function waitForResultsKey(clientId: string): Promise<string> {
  // The results of a sync run are written after the answer; the record names the key once they are there.
  for (;;) {
    const row = await findQueryByClientId(t.ctx.store.db, clientId);
    if (row?.results_key) return row.results_key;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('Superset sql_lab/api_tests.py', () => {
  it('test_get_from_bootstrap_data: a fresh user has no active tab, no tabs, no runs, and the database', async () => {
    const response = await other.session.request({ method: 'GET', url: '/api/v1/sqllab/' });
    expect(response.statusCode).toBe(200);
    const result = response.json().result;
    expect(result.active_tab).toBeNull();
    expect(result.tab_state_ids).toEqual([]);
    expect(result.queries).toEqual({});
    expect(Object.keys(result.databases)).toEqual([String(dbId)]);
  });

  it('test_get_from_backend_persistence_payload: only the run made in a tab comes back with the tabs', async () => {
    const tab = await runner.session.request({
      method: 'POST',
      url: '/tabstateview/',
      payload: {
        queryEditor: JSON.stringify({
          title: 'Untitled Query 1',
          dbId,
          schema: null,
          autorun: false,
          sql: 'SELECT ...',
          queryLimit: 1000,
        }),
      },
    });
    expect(tab.statusCode).toBe(200);
    const tabId = tab.json().id as number;
    const inTab = await execute(runner.session, {
      client_id: tenDigits(),
      database_id: dbId,
      sql: 'SELECT customer FROM orders',
      sql_editor_id: String(tabId),
    });
    expect(inTab.statusCode).toBe(200);
    const orphan = await execute(runner.session, {
      client_id: tenDigits(),
      database_id: dbId,
      sql: 'SELECT customer FROM orders',
    });
    expect(orphan.statusCode).toBe(200);
    const result = (await runner.session.request({ method: 'GET', url: '/api/v1/sqllab/' })).json().result;
    expect(Object.keys(result.queries)).toHaveLength(1);
    expect(Object.values(result.queries as Record<string, { sqlEditorId: string }>)[0]?.sqlEditorId).toBe(
      String(tabId),
    );
  });

  describe('test_estimate_required_params', () => {
    it('an empty body names both fields', async () => {
      const response = await admin.request({ method: 'POST', url: '/api/v1/sqllab/estimate/', payload: {} });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: { sql: ['Missing data for required field.'], database_id: ['Missing data for required field.'] },
      });
    });
    it('sql alone names database_id', async () => {
      const response = await admin.request({
        method: 'POST',
        url: '/api/v1/sqllab/estimate/',
        payload: { sql: 'SELECT 1' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: { database_id: ['Missing data for required field.'] } });
    });
    it('database_id alone names sql', async () => {
      const response = await admin.request({
        method: 'POST',
        url: '/api/v1/sqllab/estimate/',
        payload: { database_id: dbId },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: { sql: ['Missing data for required field.'] } });
    });
  });

  describe('test_execute_required_params (a 10-character client_id, as Superset sends it)', () => {
    it('client_id alone names sql and database_id', async () => {
      const response = await execute(admin, { client_id: tenDigits() });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: { sql: ['Missing data for required field.'], database_id: ['Missing data for required field.'] },
      });
    });
    it('sql and client_id name database_id', async () => {
      const response = await execute(admin, { sql: 'SELECT 1', client_id: tenDigits() });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: { database_id: ['Missing data for required field.'] } });
    });
    it('database_id and client_id name sql', async () => {
      const response = await execute(admin, { database_id: dbId, client_id: tenDigits() });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: { sql: ['Missing data for required field.'] } });
    });
  });

  it('test_execute_valid_request: SELECT 1 with a 10-character client_id succeeds', async () => {
    const clientId = tenDigits();
    const response = await execute(admin, { sql: 'SELECT 1 AS one', database_id: dbId, client_id: clientId });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'success', data: [{ one: 1 }], query: { id: clientId } });
  });

  it('a client_id shorter than Superset’s ten characters is still refused, runs nothing', async () => {
    const response = await execute(admin, { sql: 'SELECT 1', database_id: dbId, client_id: '123456789' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message.client_id).toEqual(['client_id must have 10 or 11 characters.']);
  });

  describe('test_get_results_with_display_limit', () => {
    let key: string;
    beforeAll(async () => {
      const clientId = tenDigits();
      const run = await execute(admin, {
        sql: 'SELECT id FROM orders ORDER BY id',
        database_id: dbId,
        client_id: clientId,
      });
      expect(run.statusCode).toBe(200);
      key = await waitForResultsKey(clientId);
    });
    it('all results by key: every row, no displayLimitReached', async () => {
      const response = await admin.request({ method: 'GET', url: `/api/v1/sqllab/results/?q=${rison({ key })}` });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.status).toBe('success');
      expect(body.data).toEqual([1, 2, 3, 4, 5].map((id) => ({ id })));
      expect(body.displayLimitReached).toBeUndefined();
    });
    it('rows: 1 cuts the data to one row and says displayLimitReached', async () => {
      const response = await admin.request({
        method: 'GET',
        url: `/api/v1/sqllab/results/?q=${rison({ key, rows: 1 })}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'success', data: [{ id: 1 }], displayLimitReached: true });
    });
  });

  describe('test_export_results: GET /api/v1/sqllab/export/{client_id}/', () => {
    it('a run whose results are kept exports them as CSV, header first', async () => {
      const clientId = tenDigits();
      const run = await execute(runner.session, {
        sql: 'SELECT id, customer FROM orders ORDER BY id LIMIT 2',
        database_id: dbId,
        client_id: clientId,
      });
      expect(run.statusCode).toBe(200);
      await waitForResultsKey(clientId);
      const response = await runner.session.request({ method: 'GET', url: `/api/v1/sqllab/export/${clientId}/` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
      expect(response.body).toBe('id,customer\n1,ann\n2,bob\n');
    });

    it('a record without kept results (client_id "test", as Superset inserts it) runs its executed SQL again', async () => {
      await insertQuery(t.ctx.store.db, {
        client_id: 'test',
        database_id: dbId,
        user_id: adminId,
        status: 'success',
        tab_name: 'test_tab',
        sql_editor_id: 'test_editor_id',
        sql: 'select * from bar',
        executed_sql: 'SELECT id FROM orders ORDER BY id LIMIT 2',
        limit: 100,
        limiting_factor: 'NOT_LIMITED',
        select_as_cta: 0,
        select_as_cta_used: 0,
        progress: 100,
        rows: 104,
        results_key: null,
        run_async: 0,
        start_time: Date.now() - 10,
        end_time: Date.now(),
        extra_json: '{}',
      });
      const response = await admin.request({ method: 'GET', url: '/api/v1/sqllab/export/test/' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('id\n1\n2\n');
    });

    it('another user’s run is refused (403) and its rows are not in the answer', async () => {
      const clientId = tenDigits();
      expect(
        (await execute(runner.session, { sql: "SELECT 'hidden' AS x", database_id: dbId, client_id: clientId }))
          .statusCode,
      ).toBe(200);
      const response = await other.session.request({ method: 'GET', url: `/api/v1/sqllab/export/${clientId}/` });
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('hidden');
      // An admin holds all_query_access, as Superset's admin does.
      const asAdmin = await admin.request({ method: 'GET', url: `/api/v1/sqllab/export/${clientId}/` });
      expect(asAdmin.statusCode).toBe(200);
      expect(asAdmin.body).toBe('x\nhidden\n');
    });

    it('without can_export_csv on SQLLab the export is refused before anything is read', async () => {
      const response = await noCsv.session.request({ method: 'GET', url: '/api/v1/sqllab/export/test/' });
      expect(response.statusCode).toBe(403);
    });

    it('an unknown client_id is a 404', async () => {
      const response = await admin.request({ method: 'GET', url: '/api/v1/sqllab/export/nosuchrun/' });
      expect(response.statusCode).toBe(404);
    });

    it('a cell that a spreadsheet would run as a formula is quoted', async () => {
      const clientId = tenDigits();
      await execute(admin, { sql: "SELECT '=1+2' AS f, -5 AS n", database_id: dbId, client_id: clientId });
      const response = await admin.request({ method: 'GET', url: `/api/v1/sqllab/export/${clientId}/` });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe("f,n\n'=1+2,-5\n");
    });
  });
});
