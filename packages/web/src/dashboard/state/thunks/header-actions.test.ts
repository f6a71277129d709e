// The header's actions against the API: the publish toggle and its messages, the favourite star.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockServer } from '../../../api/test-server';
import { dashboardLoaded } from '../dashboard-events';
import { createTestStore, loadedPayload } from '../test-fixtures';
import { toggleFavorite, togglePublished } from './header-actions';

function loadedStore(published = false) {
  const store = createTestStore();
  store.dispatch(dashboardLoaded(loadedPayload({ published })));
  return store;
}

afterEach(() => vi.unstubAllGlobals());

describe('header actions', () => {
  it('publishing sends published alone and says the dashboard is now published', async () => {
    const store = loadedStore(false);
    const calls = mockServer({
      'PUT /api/v1/dashboard/7': { status: 200, body: { id: 7, result: { published: true } } },
    });
    await store.dispatch(togglePublished());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ published: true });
    expect(store.getState().dashboardState.isPublished).toBe(true);
    expect(store.getState().messageToasts[0]?.text).toBe('This dashboard is now published');
  });

  it('hiding says the dashboard is now hidden', async () => {
    const store = loadedStore(true);
    mockServer({ 'PUT /api/v1/dashboard/7': { status: 200, body: { id: 7, result: { published: false } } } });
    await store.dispatch(togglePublished());
    expect(store.getState().dashboardState.isPublished).toBe(false);
    expect(store.getState().messageToasts[0]?.text).toBe('This dashboard is now hidden');
  });

  it('a refused publish toggle keeps the state and says the user may not edit', async () => {
    const store = loadedStore(false);
    mockServer({ 'PUT /api/v1/dashboard/7': { status: 403, body: { message: 'Forbidden' } } });
    await store.dispatch(togglePublished());
    expect(store.getState().dashboardState.isPublished).toBe(false);
    expect(store.getState().messageToasts[0]?.text).toBe('You do not have permissions to edit this dashboard.');
  });

  it('the favourite star toggles on a successful POST or DELETE', async () => {
    const store = loadedStore();
    const calls = mockServer({
      'POST /api/v1/dashboard/7/favorites/': { status: 200, body: { result: 'OK' } },
      'DELETE /api/v1/dashboard/7/favorites/': { status: 200, body: { result: 'OK' } },
    });
    await store.dispatch(toggleFavorite());
    expect(store.getState().dashboardState.isStarred).toBe(true);
    await store.dispatch(toggleFavorite());
    expect(store.getState().dashboardState.isStarred).toBe(false);
    expect(calls.filter((call) => call.url.includes('favorites')).map((call) => call.method)).toEqual([
      'POST',
      'DELETE',
    ]);
  });
});
