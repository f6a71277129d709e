// Each chart's form data merged with the data mask: native filters in scope, cross-filters, nothing for the rest.
import { describe, expect, it } from 'vitest';
import { dashboardLoaded } from './dashboard-events';
import { dashboardInfoActions } from './dashboard-info';
import { dataMaskActions } from './data-mask';
import { effectiveFormData, filtersOnChart } from './selectors';
import { sliceEntitiesActions } from './slice-entities';
import { createTestStore, loadedPayload } from './test-fixtures';
import { initialActiveTabs } from './thunks/load-dashboard';

const weatherSun = {
  id: 'NATIVE_FILTER-1',
  extraFormData: { filters: [{ col: 'weather', op: 'IN' as const, val: ['sun'] }] },
  filterState: { value: ['sun'] },
};

describe('effective form data', () => {
  it('a native filter reaches the charts in its scope and not the excluded ones', () => {
    const store = createTestStore();
    store.dispatch(dashboardLoaded(loadedPayload()));
    store.dispatch(dataMaskActions.dataMaskApplied([weatherSun]));
    const state = store.getState();
    expect(effectiveFormData(state, 1)?.extra_form_data).toEqual(weatherSun.extraFormData);
    expect(effectiveFormData(state, 2)?.extra_form_data).toBeUndefined();
    expect(effectiveFormData(state, 1)?.slice_id).toBe(1);
    expect(filtersOnChart(state, 1)).toEqual(['NATIVE_FILTER-1']);
    expect(filtersOnChart(state, 2)).toEqual([]);
  });

  it('a cross-filter reaches the other charts but not the chart that set it', () => {
    const store = createTestStore();
    store.dispatch(dashboardLoaded(loadedPayload()));
    store.dispatch(
      dataMaskActions.dataMaskUpdated({
        id: '2',
        mask: {
          extraFormData: { filters: [{ col: 'weather', op: 'IN', val: ['rain'] }] },
          filterState: { value: ['rain'] },
        },
      }),
    );
    const state = store.getState();
    expect(effectiveFormData(state, 1)?.extra_form_data?.filters).toEqual([
      { col: 'weather', op: 'IN', val: ['rain'] },
    ]);
    expect(effectiveFormData(state, 2)?.extra_form_data).toBeUndefined();
  });

  it("a cross-filter skips the charts whose dataset lacks its column, once the datasets' columns are known", () => {
    const base = loadedPayload();
    const onStocks = {
      ...base.slices[1],
      slice_id: 2,
      datasource_id: 2,
      datasource_name: 'stocks',
    } as (typeof base.slices)[number];
    const store = createTestStore();
    store.dispatch(dashboardLoaded({ ...base, slices: [base.slices[0], onStocks] as typeof base.slices }));
    const rain = { filters: [{ col: 'weather', op: 'IN' as const, val: ['rain'] }] };
    store.dispatch(
      dataMaskActions.dataMaskUpdated({ id: '1', mask: { extraFormData: rain, filterState: { value: ['rain'] } } }),
    );
    // Columns not loaded yet: the scope alone decides and the server reports the filter as not applied.
    expect(effectiveFormData(store.getState(), 2)?.extra_form_data?.filters).toEqual(rain.filters);
    const datasource = (id: number, name: string, columns: string[]) => ({
      id,
      type: 'table',
      uid: `${id}__table`,
      name,
      database: { id: 1, backend: 'duckdb' },
      columns: columns.map((column_name) => ({ column_name })),
      metrics: [],
    });
    store.dispatch(
      sliceEntitiesActions.datasourcesLoaded([
        datasource(1, 'seattle_weather', ['date', 'weather']),
        datasource(2, 'stocks', ['date', 'symbol']),
      ]),
    );
    expect(effectiveFormData(store.getState(), 2)?.extra_form_data).toBeUndefined();
    expect(filtersOnChart(store.getState(), 2)).toEqual([]);
  });

  it('with cross-filters off, chart masks apply nowhere', () => {
    const store = createTestStore();
    store.dispatch(dashboardLoaded(loadedPayload({ crossFiltersEnabled: false })));
    store.dispatch(dataMaskActions.dataMaskUpdated({ id: '2', mask: { extraFormData: { time_range: 'Last week' } } }));
    expect(effectiveFormData(store.getState(), 1)?.extra_form_data?.time_range).toBeUndefined();
  });
});

describe('initial active tabs', () => {
  it('opens the first tab of each tabs, or the one on the path to the focused chart', () => {
    const layout = {
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT' as const, children: ['TABS-1'], parents: [], meta: {} },
      'TABS-1': { id: 'TABS-1', type: 'TABS' as const, children: ['TAB-a', 'TAB-b'], parents: [], meta: {} },
      'TAB-a': { id: 'TAB-a', type: 'TAB' as const, children: [], parents: [], meta: {} },
      'TAB-b': { id: 'TAB-b', type: 'TAB' as const, children: [], parents: [], meta: {} },
    };
    expect(initialActiveTabs(layout)).toEqual(['TAB-a']);
    expect(initialActiveTabs(layout, ['ROOT_ID', 'TABS-1', 'TAB-b'])).toEqual(['TAB-b']);
  });
});

describe('legacy filters', () => {
  it('a filter box value reaches the charts its filter_scopes cover, as extra_filters, and follows a new mapping', () => {
    const store = createTestStore();
    const base = loadedPayload();
    const box = { ...base.slices[0]!, slice_id: 3, slice_name: 'Box', viz_type: 'filter_box' };
    const layout = { ...base.layout };
    layout['ROW-1'] = { ...layout['ROW-1']!, children: [...layout['ROW-1']!.children, 'CHART-3'] };
    layout['CHART-3'] = {
      id: 'CHART-3',
      type: 'CHART',
      children: [],
      parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'],
      meta: { chartId: 3 },
    };
    store.dispatch(
      dashboardLoaded(
        loadedPayload({
          layout,
          slices: [
            ...base.slices,
            { ...box, form_data: { ...box.form_data, filter_configs: [{ column: 'weather' }] } },
          ],
          metadata: {
            ...base.metadata,
            default_filters: JSON.stringify({ 3: { weather: ['sun'] } }),
            filter_scopes: { 3: { weather: { scope: ['ROOT_ID'], immune: [2] } } },
          },
        }),
      ),
    );
    const sun = [{ col: 'weather', op: 'in', val: ['sun'] }];
    expect(effectiveFormData(store.getState(), 1)?.extra_filters).toEqual(sun);
    expect(effectiveFormData(store.getState(), 2)?.extra_filters).toBeUndefined();
    expect(effectiveFormData(store.getState(), 3)?.extra_filters).toBeUndefined();
    store.dispatch(dashboardInfoActions.filterScopesChanged({ 3: { weather: { scope: ['ROOT_ID'], immune: [1] } } }));
    expect(effectiveFormData(store.getState(), 1)?.extra_filters).toBeUndefined();
    expect(effectiveFormData(store.getState(), 2)?.extra_filters).toEqual(sun);
  });
});
