// Saving a dashboard: the PUT body's rules (§5), the saved state and message, refusals, and the overwrite check.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockServer } from '../../../api/test-server';
import { bootstrapLoaded } from '../../../session/state/session';
import { dashboardLoaded } from '../dashboard-events';
import { dashboardLayoutActions } from '../dashboard-layout';
import { createTestStore, loadedPayload } from '../test-fixtures';
import { editLayout } from './layout-edits';
import { fullSaveBody, saveDashboard } from './save-dashboard';

function storeWith(flags: Record<string, boolean> = {}) {
  const store = createTestStore();
  store.dispatch(
    bootstrapLoaded({ user: null, common: { feature_flags: flags, conf: {}, locale: 'en', languages: ['en'] } }),
  );
  store.dispatch(dashboardLoaded(loadedPayload({ slug: '', dashboard_title: '' })));
  store.dispatch(editLayout(dashboardLayoutActions.componentResized({ id: 'CHART-1', width: 3 })));
  return store;
}

afterEach(() => vi.unstubAllGlobals());

describe('saving a dashboard', () => {
  it('an untitled dashboard is saved as "[ untitled dashboard ]" with a null slug and the layout in json_metadata', () => {
    const store = storeWith();
    store.dispatch(editLayout(dashboardLayoutActions.dashboardTitleChanged('')));
    const body = fullSaveBody(store.getState());
    expect(body).toMatchObject({ dashboard_title: '[ untitled dashboard ]', slug: null, owners: [1] });
    expect(body.roles).toBeUndefined();
    const metadata = JSON.parse(String(body.json_metadata)) as {
      positions: Record<string, { meta: { width?: number } }>;
    };
    expect(metadata.positions['CHART-1']?.meta.width).toBe(3);
  });

  it('roles are sent only with DASHBOARD_RBAC', () => {
    expect(fullSaveBody(storeWith({ DASHBOARD_RBAC: true }).getState()).roles).toEqual([]);
  });

  it('a successful save resets the flags and says so', async () => {
    const store = storeWith();
    mockServer({ 'PUT /api/v1/dashboard/7': { status: 200, body: { id: 7, result: {}, last_modified_time: 500 } } });
    const outcome = await store.dispatch(saveDashboard());
    const state = store.getState();
    expect(outcome).toEqual({ saved: true, path: '/nezha/dashboard/7/' });
    expect(state.dashboardState).toMatchObject({ hasUnsavedChanges: false, editMode: false, dashboardIsSaving: false });
    expect(state.dashboardLayout.past).toEqual([]);
    expect(state.dashboardInfo.last_modified_time).toBe(500);
    expect(state.messageToasts[0]?.text).toBe('This dashboard was saved successfully.');
  });

  it('a refused save keeps the changes and shows the no-permission message', async () => {
    const store = storeWith();
    mockServer({ 'PUT /api/v1/dashboard/7': { status: 403, body: { message: 'Forbidden' } } });
    expect((await store.dispatch(saveDashboard())).saved).toBe(false);
    expect(store.getState().dashboardState).toMatchObject({ hasUnsavedChanges: true, dashboardIsSaving: false });
    expect(store.getState().messageToasts[0]?.text).toBe('You do not have permission to edit this dashboard');
  });

  it('another failure shows the server message in the spec’s sentence', async () => {
    const store = storeWith();
    mockServer({ 'PUT /api/v1/dashboard/7': { status: 422, body: { message: 'Slug must be unique' } } });
    await store.dispatch(saveDashboard());
    expect(store.getState().messageToasts[0]?.text).toBe(
      'Sorry, there was an error saving this dashboard: Slug must be unique',
    );
  });

  it('with CONFIRM_DASHBOARD_DIFF a newer stored dashboard asks to confirm the overwrite first', async () => {
    const store = storeWith({ CONFIRM_DASHBOARD_DIFF: true });
    const calls = mockServer({
      'GET /api/v1/dashboard/7': {
        status: 200,
        body: {
          result: {
            id: 7,
            css: '.x {}',
            json_metadata: '{}',
            position_json: '{}',
            last_modified_time: 999,
            changed_on: '2026-01-01',
            changed_by_name: 'Ann',
          },
        },
      },
      'PUT /api/v1/dashboard/7': { status: 200, body: { id: 7, result: {}, last_modified_time: 1000 } },
    });
    expect((await store.dispatch(saveDashboard())).saved).toBe(false);
    const pending = store.getState().dashboardState.overwriteConfirmMetadata;
    expect(pending?.updatedBy).toBe('Ann');
    expect(pending?.overwriteConfirmItems.map((item) => item.keyPath)).toEqual([
      'css',
      'json_metadata',
      'position_json',
    ]);
    expect(store.getState().messageToasts[0]?.text).toBe('Please confirm the overwrite values.');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    expect((await store.dispatch(saveDashboard(true))).saved).toBe(true);
    expect(store.getState().dashboardState.overwriteConfirmMetadata).toBeNull();
  });
});
