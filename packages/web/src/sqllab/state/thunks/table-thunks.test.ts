// Table panel thunks against a fake server: metadata, storing on the server, preview, expand, remove.
import type { TableMetadata } from '@nezha/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCsrfToken } from '../../../api/csrf';
import { aDatabase, anEditor, aTable, someResults } from '../test-fixtures';
import { createTestStore, fakeServer } from '../test-store';
import { addTable, collapseTable, expandTable, removeTables } from './table-thunks';

const metadata: TableMetadata = {
  name: 'orders',
  schema: 'main',
  catalog: null,
  type: 'table',
  columns: [
    { name: 'id', type: 'INTEGER', genericType: 'numeric', nullable: false, default: null, comment: null, keys: [] },
  ],
  primaryKey: { name: null, column_names: ['id'] },
  foreignKeys: [],
  indexes: [],
  comment: null,
  selectStar: 'SELECT * FROM main.orders LIMIT 100',
};

beforeEach(() => clearCsrfToken());
afterEach(() => vi.unstubAllGlobals());

describe('addTable', () => {
  it('with persistence on, the panel is stored on the server and previewed', async () => {
    const server = fakeServer({
      'GET /api/v1/database/1/table_metadata/': { body: metadata },
      'POST /tableschemaview/': { body: { id: 31 } },
      'POST /api/v1/sqllab/execute/': { body: someResults([{ id: 1 }]) },
    });
    const { store } = createTestStore({
      backendPersistence: true,
      sqlLab: { queryEditors: [anEditor('12')], tabHistory: ['12'], databases: { '1': aDatabase(1) } },
    });
    const id = await store.dispatch(addTable('12', 'orders', 'main'));
    expect(server.callsTo('GET', '/api/v1/database/1/table_metadata/')[0]?.url).toBe(
      '/api/v1/database/1/table_metadata/?name=orders&schema=main',
    );
    expect(server.callsTo('POST', '/tableschemaview/')[0]?.body).toMatchObject({
      table: {
        dbId: 1,
        queryEditorId: '12',
        schema: 'main',
        name: 'orders',
        expanded: true,
        selectStar: metadata.selectStar,
      },
    });
    const state = store.getState().sqlLab;
    expect(id).toBe('31');
    expect(state.tables).toHaveLength(1);
    expect(state.tables[0]).toMatchObject({
      id: '31',
      initialized: true,
      inLocalStorage: false,
      isMetadataLoading: false,
    });
    const previewId = state.tables[0]?.dataPreviewQueryId ?? '';
    expect(state.queries[previewId]).toMatchObject({ isDataPreview: true, sql: metadata.selectStar, state: 'success' });
    expect(state.activeSouthPaneTab).toBe(previewId);
  });

  it('with persistence off, the panel stays in the browser and nothing is stored on the server', async () => {
    const server = fakeServer({ 'GET /api/v1/database/1/table_metadata/': { body: metadata } });
    const { store } = createTestStore({
      sqlLab: {
        queryEditors: [anEditor('e1', { inLocalStorage: true })],
        tabHistory: ['e1'],
        databases: { '1': aDatabase(1, { disable_data_preview: true }) },
      },
    });
    await store.dispatch(addTable('e1', 'orders', 'main'));
    expect(server.callsTo('POST', '/tableschemaview/')).toHaveLength(0);
    expect(store.getState().sqlLab.tables[0]).toMatchObject({
      inLocalStorage: true,
      initialized: true,
      columns: metadata.columns,
    });
    expect(server.callsTo('POST', '/api/v1/sqllab/execute/')).toHaveLength(0);
  });

  it('a metadata failure shows "An error occurred while fetching table metadata. Please contact your administrator."', async () => {
    fakeServer({ 'GET /api/v1/database/1/table_metadata/': { status: 500, body: { message: 'no' } } });
    const { store } = createTestStore({ sqlLab: { queryEditors: [anEditor('e1')], tabHistory: ['e1'] } });
    await store.dispatch(addTable('e1', 'orders', 'main'));
    expect(store.getState().messageToasts[0]?.text).toBe(
      'An error occurred while fetching table metadata. Please contact your administrator.',
    );
    expect(store.getState().sqlLab.tables[0]?.isMetadataLoading).toBe(false);
  });
});

describe('expand, collapse and remove', () => {
  const stored = aTable('31', { expanded: true, initialized: true });

  it('expand and collapse sync to the server when persistence is on', async () => {
    const server = fakeServer({ 'POST /tableschemaview/31/expanded': { body: { id: 31, expanded: false } } });
    const { store } = createTestStore({ backendPersistence: true, sqlLab: { tables: [stored] } });
    await store.dispatch(collapseTable('31'));
    expect(server.calls[0]?.body).toEqual({ expanded: false });
    expect(store.getState().sqlLab.tables[0]?.expanded).toBe(false);
  });

  it('expand and collapse stay local when persistence is off', async () => {
    const server = fakeServer({});
    const { store } = createTestStore({ sqlLab: { tables: [{ ...stored, expanded: false }] } });
    await store.dispatch(expandTable('31'));
    expect(server.calls).toHaveLength(0);
    expect(store.getState().sqlLab.tables[0]?.expanded).toBe(true);
  });

  it('a failed expand shows its message and leaves the panel as it was', async () => {
    fakeServer({ 'POST /tableschemaview/31/expanded': { status: 500, body: {} } });
    const { store } = createTestStore({
      backendPersistence: true,
      sqlLab: { tables: [{ ...stored, expanded: false }] },
    });
    await store.dispatch(expandTable('31'));
    expect(store.getState().sqlLab.tables[0]?.expanded).toBe(false);
    expect(store.getState().messageToasts[0]?.text).toBe(
      'An error occurred while expanding the table schema. Please contact your administrator.',
    );
  });

  it('removing a stored panel deletes it on the server; a failure keeps it with its message', async () => {
    const server = fakeServer({ 'DELETE /tableschemaview/31': { body: 'OK' } });
    const { store } = createTestStore({ backendPersistence: true, sqlLab: { tables: [stored] } });
    await store.dispatch(removeTables(['31']));
    expect(server.callsTo('DELETE', '/tableschemaview/31')).toHaveLength(1);
    expect(store.getState().sqlLab.tables).toEqual([]);

    fakeServer({ 'DELETE /tableschemaview/31': { status: 500, body: {} } });
    const failing = createTestStore({ backendPersistence: true, sqlLab: { tables: [stored] } }).store;
    await failing.dispatch(removeTables(['31']));
    expect(failing.getState().sqlLab.tables).toHaveLength(1);
    expect(failing.getState().messageToasts[0]?.text).toBe(
      'An error occurred while removing the table schema. Please contact your administrator.',
    );
  });
});
