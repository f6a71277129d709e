// Tab lifecycle rules of spec sql-editor §4, one test per rule.
import { describe, expect, it } from 'vitest';
import { selectActiveEditor, selectQueryEditors } from './selectors';
import { sqlLabActions as a, sqlLabReducer } from './sqllab-reducer';
import { anEditor, aQuery, aState, aTable } from './test-fixtures';
import type { SqlLabState } from './types';

const root = (sqlLab: SqlLabState) => ({
  sqlLab,
  session: { status: 'ready' as const, user: null, common: null, error: null },
});

describe('tab lifecycle', () => {
  it('a new tab is created locally (inLocalStorage true, loaded true) and appended to the tab history', () => {
    const base = aState({ queryEditors: [anEditor('e1')], tabHistory: ['e1'] });
    const state = sqlLabReducer(base, a.queryEditorAdded({ name: 'Untitled Query 2', sql: 'SELECT ...' }, 'n1', 9_000));
    expect(state.queryEditors.map((e) => e.id)).toEqual(['e1', 'n1']);
    expect(state.queryEditors[1]).toMatchObject({ inLocalStorage: true, loaded: true, version: 1, updatedAt: 9_000 });
    expect(state.tabHistory).toEqual(['e1', 'n1']);
  });

  it('adding a tab first saves the pending edits of the tab that was active', () => {
    const base = aState({
      queryEditors: [anEditor('e1')],
      tabHistory: ['e1'],
      unsavedQueryEditor: { id: 'e1', sql: 'SELECT 42' },
    });
    const state = sqlLabReducer(base, a.queryEditorAdded({ name: 'x', sql: '' }, 'n1'));
    expect(state.queryEditors[0]?.sql).toBe('SELECT 42');
    expect(state.unsavedQueryEditor).toEqual({});
  });

  it('a tab migrated to the server gets the server id, and its tables and queries follow it', () => {
    const base = aState({
      queryEditors: [anEditor('local1', { inLocalStorage: true })],
      tabHistory: ['local1'],
      unsavedQueryEditor: { id: 'local1', sql: 'SELECT 3' },
      queries: { q: aQuery('q', { sqlEditorId: 'local1' }) },
      tables: [aTable('t', { queryEditorId: 'local1' })],
      queryCostEstimates: { local1: { completed: true, cost: [], error: null } },
    });
    const state = sqlLabReducer(base, a.queryEditorMigrated({ oldId: 'local1', newId: '12' }));
    // The views keep the key they were shown under, so the open editor and its dialogs are not remounted.
    expect(state.queryEditors[0]).toMatchObject({ id: '12', viewKey: 'local1', inLocalStorage: false, loaded: true });
    expect(state.tabHistory).toEqual(['12']);
    expect(state.unsavedQueryEditor.id).toBe('12');
    expect(state.queries.q?.sqlEditorId).toBe('12');
    expect(state.tables[0]?.queryEditorId).toBe('12');
    expect(Object.keys(state.queryCostEstimates)).toEqual(['12']);
  });

  it("a tab's assistant conversation is set, follows the tab to its server id, and is cleared", () => {
    const base = aState({ queryEditors: [anEditor('local1', { inLocalStorage: true })], tabHistory: ['local1'] });
    let state = sqlLabReducer(base, a.copilotConversationChanged({ editorId: 'local1', conversationId: 7 }));
    expect(state.copilotConversations).toEqual({ local1: 7 });
    state = sqlLabReducer(state, a.queryEditorMigrated({ oldId: 'local1', newId: '12' }));
    expect(state.copilotConversations).toEqual({ '12': 7 });
    state = sqlLabReducer(state, a.copilotConversationChanged({ editorId: '12', conversationId: null }));
    expect(state.copilotConversations).toEqual({});
  });

  it('activating a tab saves pending unsaved edits and pushes it to the history', () => {
    const base = aState({
      queryEditors: [anEditor('e1'), anEditor('e2')],
      tabHistory: ['e1'],
      unsavedQueryEditor: { id: 'e1', sql: 'SELECT edited', updatedAt: 5 },
    });
    const state = sqlLabReducer(base, a.queryEditorActivated('e2'));
    expect(state.queryEditors[0]).toMatchObject({ sql: 'SELECT edited', updatedAt: 5 });
    expect(state.unsavedQueryEditor).toEqual({});
    expect(state.tabHistory).toEqual(['e1', 'e2']);
    expect(sqlLabReducer(state, a.queryEditorActivated('e2')).tabHistory).toEqual(['e1', 'e2']);
    expect(sqlLabReducer(state, a.queryEditorActivated('nope'))).toBe(state);
  });

  it('removing a tab drops its tables and queries, trims the history and records the removal time', () => {
    const base = aState({
      queryEditors: [anEditor('1'), anEditor('2')],
      tabHistory: ['1', '2', '1', '2'],
      queries: {
        mine: aQuery('mine', { sqlEditorId: '2' }),
        other: aQuery('other', { sqlEditorId: '1' }),
        preview: aQuery('preview', { sqlEditorId: null, isDataPreview: true }),
      },
      tables: [
        aTable('t2', { queryEditorId: '2', dataPreviewQueryId: 'preview' }),
        aTable('t1', { queryEditorId: '1' }),
      ],
    });
    const state = sqlLabReducer(base, a.queryEditorRemoved('2', 7_000));
    expect(state.queryEditors.map((e) => e.id)).toEqual(['1']);
    expect(Object.keys(state.queries)).toEqual(['other']);
    expect(state.tables.map((t) => t.id)).toEqual(['t1']);
    expect(state.tabHistory).toEqual(['1']);
    expect(state.destroyedQueryEditors).toEqual({ '2': 7_000 });
  });

  it('removing the only tab in the history makes the last remaining tab the history', () => {
    const base = aState({ queryEditors: [anEditor('1'), anEditor('2'), anEditor('3')], tabHistory: ['2'] });
    expect(sqlLabReducer(base, a.queryEditorRemoved('2', 1)).tabHistory).toEqual(['3']);
  });

  it('removing a local-only tab records nothing to delete on the server', () => {
    const base = aState({ queryEditors: [anEditor('l', { inLocalStorage: true })], tabHistory: ['l'] });
    const state = sqlLabReducer(base, a.queryEditorRemoved('l', 1));
    expect(state.destroyedQueryEditors).toEqual({});
    expect(state.queryEditors).toEqual([]);
    expect(state.tabHistory).toEqual([]);
  });

  it('a removed tab stays in destroyed editors until cleared', () => {
    const base = aState({ destroyedQueryEditors: { '2': 7_000, '3': 8_000 } });
    expect(sqlLabReducer(base, a.destroyedQueryEditorCleared('2')).destroyedQueryEditors).toEqual({ '3': 8_000 });
  });

  it('a tab load returning 404 removes the tab', () => {
    const base = aState({ queryEditors: [anEditor('1'), anEditor('2')], tabHistory: ['1', '2'] });
    const state = sqlLabReducer(base, a.queryEditorNotFound('2'));
    expect(state.queryEditors.map((e) => e.id)).toEqual(['1']);
    expect(state.tabHistory).toEqual(['1']);
    expect(state.destroyedQueryEditors).toEqual({});
  });

  it('a loaded server tab takes the server content and becomes loaded', () => {
    const base = aState({ queryEditors: [anEditor('5', { loaded: false, sql: '' })], tabHistory: ['5'] });
    const state = sqlLabReducer(base, a.queryEditorLoaded({ id: '5', sql: 'SELECT from server', name: 'Server' }));
    expect(state.queryEditors[0]).toMatchObject({ sql: 'SELECT from server', name: 'Server', loaded: true });
  });

  it('cloning a query to a new tab names it "Copy of" plus the name and turns autorun on', () => {
    const base = aState({
      queryEditors: [anEditor('e1', { name: 'Sales', queryLimit: 10, templateParams: '{"a":1}' })],
      tabHistory: ['e1'],
      unsavedQueryEditor: { id: 'e1', name: 'Sales v2' },
    });
    const state = sqlLabReducer(base, a.queryClonedToNewTab({ dbId: 3, sql: 'SELECT 9', schema: 's' }, 'c1', 1));
    const clone = state.queryEditors.find((e) => e.id === 'c1');
    expect(clone).toMatchObject({
      name: 'Copy of Sales v2',
      autorun: true,
      dbId: 3,
      schema: 's',
      sql: 'SELECT 9',
      queryLimit: 10,
      templateParams: '{"a":1}',
      inLocalStorage: true,
    });
    expect(state.tabHistory).toEqual(['e1', 'c1']);
  });

  it('saving a tab stores its remoteId and name', () => {
    const base = aState({ queryEditors: [anEditor('e1'), anEditor('e2')], tabHistory: ['e1'] });
    const state = sqlLabReducer(base, a.queryEditorSaved('e2', 77, 'Saved name', 3));
    expect(state.queryEditors[1]).toMatchObject({ remoteId: 77, name: 'Saved name', updatedAt: 3 });
    const active = sqlLabReducer(base, a.queryEditorSaved('e1', 78, 'Active saved', 3));
    expect(selectActiveEditor(root(active))).toMatchObject({ remoteId: 78, name: 'Active saved' });
  });

  it('edits to the active tab go into an unsaved buffer; other tabs update directly', () => {
    const base = aState({ queryEditors: [anEditor('e1'), anEditor('e2')], tabHistory: ['e1'] });
    let state = sqlLabReducer(base, a.queryEditorSqlChanged('e1', 'SELECT active', 10));
    state = sqlLabReducer(state, a.queryEditorSchemaChanged('e1', 'sales', 11));
    state = sqlLabReducer(state, a.queryEditorNameChanged('e2', 'Other', 12));
    expect(state.queryEditors[0]?.sql).toBe('SELECT 1');
    expect(state.unsavedQueryEditor).toEqual({ id: 'e1', sql: 'SELECT active', schema: 'sales', updatedAt: 11 });
    expect(state.queryEditors[1]).toMatchObject({ name: 'Other', updatedAt: 12 });
    expect(selectQueryEditors(root(state))[0]).toMatchObject({ sql: 'SELECT active', schema: 'sales' });
  });

  it('selected-text changes do not bump the update time', () => {
    const base = aState({ queryEditors: [anEditor('e1', { updatedAt: 1 })], tabHistory: ['e1'] });
    const state = sqlLabReducer(base, a.queryEditorSelectedTextChanged('e1', 'SELECT', 50));
    expect(state.unsavedQueryEditor).toEqual({ id: 'e1', selectedText: 'SELECT' });
    expect(selectActiveEditor(root(state))?.updatedAt).toBe(1);
    const other = sqlLabReducer(
      aState({ queryEditors: [anEditor('e1'), anEditor('e2', { updatedAt: 1 })], tabHistory: ['e1'] }),
      a.queryEditorSelectedTextChanged('e2', 'x', 50),
    );
    expect(other.queryEditors[1]?.updatedAt).toBe(1);
  });

  it('an edit to the active tab never lands in a buffer that belongs to another tab', () => {
    const base = aState({
      queryEditors: [anEditor('e1'), anEditor('e2')],
      tabHistory: ['e2'],
      unsavedQueryEditor: { id: 'e1', sql: 'left over' },
    });
    const state = sqlLabReducer(base, a.queryEditorSqlChanged('e2', 'SELECT e2', 5));
    expect(state.queryEditors[0]?.sql).toBe('left over');
    expect(state.unsavedQueryEditor).toEqual({ id: 'e2', sql: 'SELECT e2', updatedAt: 5 });
  });
});
