// Filter settings saved through PUT json_metadata: orientation and the cross-filters flag on change, the native
// filter configuration with its scopes, and cross-filter scoping.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockServer } from '../../../api/test-server';
import { dashboardLoaded } from '../dashboard-events';
import { createTestStore, fixtureFilter, loadedPayload } from '../test-fixtures';
import {
  saveCrossFilterScoping,
  saveCrossFiltersEnabled,
  saveFilterBarOrientation,
  saveNativeFilterConfiguration,
} from './filters';

function loadedStore() {
  const store = createTestStore();
  store.dispatch(dashboardLoaded(loadedPayload()));
  return store;
}

const saved = { 'PUT /api/v1/dashboard/7': { status: 200, body: { id: 7, result: {}, last_modified_time: 321 } } };

function metadataSent(calls: ReturnType<typeof mockServer>): Record<string, unknown> {
  const put = calls.find((call) => call.method === 'PUT');
  if (!put) throw new Error('no PUT was sent');
  return JSON.parse((put.body as { json_metadata: string }).json_metadata) as Record<string, unknown>;
}

afterEach(() => vi.unstubAllGlobals());

describe('filter settings', () => {
  it('the orientation is saved on change', async () => {
    const store = loadedStore();
    const calls = mockServer(saved);
    await store.dispatch(saveFilterBarOrientation('HORIZONTAL'));
    expect(metadataSent(calls).filter_bar_orientation).toBe('HORIZONTAL');
    expect(store.getState().dashboardInfo).toMatchObject({
      filterBarOrientation: 'HORIZONTAL',
      last_modified_time: 321,
    });
  });

  it('the cross-filters flag is saved on change', async () => {
    const store = loadedStore();
    const calls = mockServer(saved);
    await store.dispatch(saveCrossFiltersEnabled(false));
    expect(metadataSent(calls).cross_filters_enabled).toBe(false);
    expect(store.getState().dashboardInfo.crossFiltersEnabled).toBe(false);
  });

  it('a failed save leaves the orientation as it was', async () => {
    const store = loadedStore();
    mockServer({ 'PUT /api/v1/dashboard/7': { status: 500, body: { message: 'Boom' } } });
    await store.dispatch(saveFilterBarOrientation('HORIZONTAL'));
    expect(store.getState().dashboardInfo.filterBarOrientation).toBe('VERTICAL');
  });

  it('the native filter configuration is saved with each filter’s charts in scope', async () => {
    const store = loadedStore();
    const calls = mockServer(saved);
    const filter = fixtureFilter('NATIVE_FILTER-9', { scope: { rootPath: ['ROOT_ID'], excluded: [1] } });
    expect(await store.dispatch(saveNativeFilterConfiguration([filter]))).toBe(true);
    const sent = metadataSent(calls).native_filter_configuration as Array<{ id: string; chartsInScope: number[] }>;
    expect(sent).toEqual([expect.objectContaining({ id: 'NATIVE_FILTER-9', chartsInScope: [2] })]);
    expect(store.getState().nativeFilters.filters.map((item) => item.id)).toEqual(['NATIVE_FILTER-9']);
    expect(store.getState().dataMask['NATIVE_FILTER-1']).toBeUndefined();
  });

  it('a failed cross-filter scoping save shows the spec’s message', async () => {
    const store = loadedStore();
    mockServer({ 'PUT /api/v1/dashboard/7': { status: 500, body: { message: 'Boom' } } });
    const ok = await store.dispatch(
      saveCrossFilterScoping({ globalScope: { rootPath: ['ROOT_ID'], excluded: [] }, chartScopes: {} }),
    );
    expect(ok).toBe(false);
    expect(store.getState().messageToasts[0]?.text).toBe('Failed to save cross-filter scoping');
  });
});
