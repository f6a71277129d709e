// Fixtures of the dashboard state tests: a store with the dashboard slices and a small loaded dashboard.
import {
  type DashboardLayout,
  defaultDashboardMetadata,
  emptyLayout,
  GRID_ID,
  type NativeFilter,
  withParents,
} from '@nezha/core';
import { configureStore } from '@reduxjs/toolkit';
import { chartsReducer } from '../../chart-data/charts-slice';
import { messageToastsReducer } from '../../components/toasts/state/message-toasts';
import { initialSessionState, sessionReducer } from '../../session/state/session';
import { createAppListener } from '../../store/listener';
import type { DashboardLoadedPayload } from './dashboard-events';
import { dashboardReducers } from './index';

/** Grid > ROW-1 > CHART-1 (chart 1, width 4) and CHART-2 (chart 2, width 4). */
export function fixtureLayout(): DashboardLayout {
  const layout = emptyLayout('Fixture');
  layout[GRID_ID] = { ...layout[GRID_ID]!, children: ['ROW-1'] };
  layout['ROW-1'] = { id: 'ROW-1', type: 'ROW', children: ['CHART-1', 'CHART-2'], parents: [], meta: {} };
  layout['CHART-1'] = {
    id: 'CHART-1',
    type: 'CHART',
    children: [],
    parents: [],
    meta: { chartId: 1, width: 4, height: 50 },
  };
  layout['CHART-2'] = {
    id: 'CHART-2',
    type: 'CHART',
    children: [],
    parents: [],
    meta: { chartId: 2, width: 4, height: 50 },
  };
  return withParents(layout);
}

export function fixtureFilter(id = 'NATIVE_FILTER-1', overrides: Partial<NativeFilter> = {}): NativeFilter {
  return {
    id,
    type: 'NATIVE_FILTER',
    name: 'Weather',
    filterType: 'filter_select',
    targets: [{ datasetId: 1, column: { name: 'weather' } }],
    scope: { rootPath: ['ROOT_ID'], excluded: [2] },
    cascadeParentIds: [],
    defaultDataMask: { extraFormData: {}, filterState: {} },
    controlValues: { multiSelect: true },
    description: '',
    ...overrides,
  };
}

export function loadedPayload(overrides: Partial<DashboardLoadedPayload> = {}): DashboardLoadedPayload {
  const filter = fixtureFilter();
  return {
    id: 7,
    slug: 'fixture',
    dashboard_title: 'Fixture',
    css: '',
    published: false,
    owners: [{ id: 1 }],
    roles: [],
    certified_by: null,
    certification_details: null,
    changed_on: null,
    changed_by_name: null,
    last_modified_time: 100,
    metadata: { ...defaultDashboardMetadata(), native_filter_configuration: [filter] },
    layout: fixtureLayout(),
    slices: [1, 2].map((id) => ({
      slice_id: id,
      slice_name: `Chart ${id}`,
      viz_type: 'table',
      form_data: { datasource: '1__table', viz_type: 'table', metrics: ['count'] },
      description: null,
      datasource_id: 1,
      datasource_type: 'table',
      datasource_name: 'seattle_weather',
      url: `/explore/?slice_id=${id}`,
    })),
    dataMask: { [filter.id]: { id: filter.id, extraFormData: {}, filterState: {} } },
    nativeFilters: [filter],
    dash_edit_perm: true,
    dash_save_perm: true,
    dash_share_perm: true,
    crossFiltersEnabled: true,
    editMode: true,
    isStarred: false,
    activeTabs: [],
    directPathToChild: [],
    ...overrides,
  };
}

export function createTestStore() {
  return configureStore({
    reducer: {
      ...dashboardReducers,
      charts: chartsReducer,
      session: sessionReducer,
      messageToasts: messageToastsReducer,
    },
    preloadedState: { session: { ...initialSessionState, status: 'ready' as const } },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().prepend(createAppListener().middleware),
  });
}
