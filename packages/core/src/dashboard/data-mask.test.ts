import { describe, expect, it } from 'vitest';
import { buildQueryObject } from '../chart/query-object.js';
import type { QueryFormData } from '../chart/query-types.js';
import {
  activeFilters,
  clearDataMask,
  extraFormDataOf,
  filterIdsAppliedOnChart,
  formDataWithExtraFilters,
  initialDataMask,
  mergeExtraFormData,
  ownStateFor,
  updateDataMask,
} from './data-mask.js';
import { loadLayout } from './layout-load.js';
import type { ChartConfiguration, DataMaskState, NativeFilter } from './native-filter-types.js';

function nativeFilter(id: string, overrides: Partial<NativeFilter> = {}): NativeFilter {
  return {
    id,
    type: 'NATIVE_FILTER',
    name: id,
    filterType: 'filter_select',
    targets: [{ datasetId: 1, column: { name: 'country' } }],
    scope: { rootPath: ['ROOT_ID'], excluded: [] },
    cascadeParentIds: [],
    defaultDataMask: {},
    controlValues: {},
    description: '',
    ...overrides,
  };
}

const country = { col: 'country', op: 'IN', val: ['FR'] };
const city = { col: 'city', op: 'IN', val: ['Paris'] };

describe('merging extra form data', () => {
  it('appends filters and adhoc filters from both sides', () => {
    const sql = { expressionType: 'SQL' as const, clause: 'WHERE' as const, sqlExpression: 'a > 1' };
    expect(mergeExtraFormData({ filters: [country] }, { filters: [city], adhoc_filters: [sql] })).toEqual({
      filters: [country, city],
      adhoc_filters: [sql],
    });
  });

  it('lets the later filter override time range, time column and time grain', () => {
    expect(
      mergeExtraFormData(
        { time_range: 'Last week', granularity_sqla: 'created', time_grain_sqla: 'P1D' },
        { time_range: 'Last year', time_grain_sqla: 'P1M' },
      ),
    ).toEqual({ time_range: 'Last year', granularity_sqla: 'created', time_grain_sqla: 'P1M' });
  });

  it('merges custom form data keys and drops keys it does not know', () => {
    expect(mergeExtraFormData({ custom_form_data: { a: 1 }, stray: 1 }, { custom_form_data: { b: 2 } })).toEqual({
      custom_form_data: { a: 1, b: 2 },
    });
  });

  it('merges masks in the order given', () => {
    const dataMask: DataMaskState = {
      f1: { id: 'f1', extraFormData: { time_range: 'Last week' } },
      f2: { id: 'f2', extraFormData: { time_range: 'Last year' } },
    };
    expect(extraFormDataOf(dataMask, ['f2', 'f1'])).toEqual({ time_range: 'Last week' });
  });
});

/** Chart 1 on tab A, charts 2 and 3 on tab B. */
const layout = loadLayout({
  ROOT_ID: { type: 'ROOT', children: ['TABS-top'] },
  'TABS-top': { type: 'TABS', children: ['TAB-a', 'TAB-b'] },
  'TAB-a': { type: 'TAB', children: ['ROW-a'] },
  'TAB-b': { type: 'TAB', children: ['ROW-b'] },
  'ROW-a': { type: 'ROW', children: ['C1'] },
  'ROW-b': { type: 'ROW', children: ['C2', 'C3'] },
  C1: { type: 'CHART', children: [], meta: { chartId: 1 } },
  C2: { type: 'CHART', children: [], meta: { chartId: 2 } },
  C3: { type: 'CHART', children: [], meta: { chartId: 3 } },
});
const allChartIds = [1, 2, 3];
const chartFormData: QueryFormData = { datasource: '1__table', viz_type: 'table', time_range: 'Last day' };

describe('a chart form data on the dashboard', () => {
  const tabBFilter = nativeFilter('tabB', { scope: { rootPath: ['TAB-b'], excluded: [3] } });
  const everywhere = nativeFilter('all', { filterType: 'filter_time' });
  const dataMask: DataMaskState = {
    tabB: { id: 'tabB', extraFormData: { filters: [country] }, filterState: { value: ['FR'] } },
    all: { id: 'all', extraFormData: { time_range: 'Last quarter' }, filterState: { value: 'Last quarter' } },
  };
  const input = { dataMask, nativeFilters: [tabBFilter, everywhere], allChartIds, layout };

  it('gets only the masks of filters whose scope includes the chart', () => {
    expect(formDataWithExtraFilters(chartFormData, 2, input).extra_form_data).toEqual({
      filters: [country],
      time_range: 'Last quarter',
    });
    expect(formDataWithExtraFilters(chartFormData, 1, input).extra_form_data).toEqual({ time_range: 'Last quarter' });
  });

  it('leaves out a chart excluded from a filter scope', () => {
    expect(formDataWithExtraFilters(chartFormData, 3, input).extra_form_data).toEqual({ time_range: 'Last quarter' });
  });

  it('scopes by the root path on the current layout over a stale saved chartsInScope', () => {
    const saved = nativeFilter('tabB', { scope: { rootPath: ['TAB-b'], excluded: [] }, chartsInScope: [2] });
    const active = activeFilters({ ...input, nativeFilters: { tabB: saved } });
    expect(active.tabB?.scope).toEqual([2, 3]);
  });

  it('falls back on the saved chartsInScope when no layout is given', () => {
    const saved = nativeFilter('tabB', { scope: { rootPath: ['TAB-b'], excluded: [] }, chartsInScope: [2] });
    const { layout: _layout, ...withoutLayout } = input;
    expect(activeFilters({ ...withoutLayout, nativeFilters: { tabB: saved } }).tabB?.scope).toEqual([2]);
  });

  it('is unchanged when no filter applies to the chart', () => {
    const none = { ...input, dataMask: {} };
    expect(formDataWithExtraFilters(chartFormData, 1, none)).toBe(chartFormData);
  });

  it('reaches the query object: filters appended, the dashboard time range overriding the chart one', () => {
    const queryObject = buildQueryObject(formDataWithExtraFilters(chartFormData, 2, input));
    expect(queryObject.time_range).toBe('Last quarter');
    expect(queryObject.filters).toEqual([{ ...country, isExtra: true }]);
  });
});

describe('cross-filters', () => {
  const chartConfiguration: ChartConfiguration = {
    1: { id: 1, crossFilters: { scope: 'global', chartsInScope: [2] } },
  };
  const dataMask: DataMaskState = {
    1: { id: '1', extraFormData: { filters: [city] }, filterState: { value: ['Paris'] } },
  };

  it('apply to the charts of the emitting chart configuration, not to itself', () => {
    const active = activeFilters({ dataMask, nativeFilters: [], chartConfiguration, allChartIds });
    expect(filterIdsAppliedOnChart(active, 2)).toEqual(['1']);
    expect(filterIdsAppliedOnChart(active, 1)).toEqual([]);
    expect(filterIdsAppliedOnChart(active, 3)).toEqual([]);
  });

  it('reach every other chart when the emitting chart has no configuration yet', () => {
    const active = activeFilters({ dataMask, nativeFilters: [], allChartIds });
    expect(active['1']?.scope).toEqual([2, 3]);
  });

  it('reach only the charts in scope whose datasets have the filtered column', () => {
    const chartColumns = [
      { chartId: 1, columns: ['city'] },
      { chartId: 2, columns: ['country'] },
      { chartId: 3, columns: ['city', 'country'] },
    ];
    const active = activeFilters({ dataMask, nativeFilters: [], allChartIds, chartColumns });
    expect(active['1']?.scope).toEqual([3]);
    expect(filterIdsAppliedOnChart(active, 2)).toEqual([]);
    const configured = activeFilters({ dataMask, nativeFilters: [], chartConfiguration, allChartIds, chartColumns });
    expect(configured['1']?.scope).toEqual([]);
  });

  it('apply nowhere when cross-filters are disabled', () => {
    const active = activeFilters({
      dataMask,
      nativeFilters: [],
      chartConfiguration,
      allChartIds,
      crossFiltersEnabled: false,
    });
    expect(active).toEqual({});
  });
});

describe('data mask state', () => {
  it('starts from each filter default, unless a value is already known', () => {
    const filters = [
      nativeFilter('a', { defaultDataMask: { filterState: { value: ['FR'] }, extraFormData: { filters: [country] } } }),
      nativeFilter('b'),
    ];
    const state = initialDataMask(filters, { b: { filterState: { value: ['DE'] } } });
    expect(state.a).toEqual({ id: 'a', extraFormData: { filters: [country] }, filterState: { value: ['FR'] } });
    expect(state.b).toEqual({ id: 'b', extraFormData: {}, filterState: { value: ['DE'] } });
  });

  it('updates the parts of a mask that are given and keeps the rest', () => {
    const state = updateDataMask({ a: { id: 'a', ownState: { page: 2 } } }, 'a', { filterState: { value: 1 } });
    expect(state.a).toEqual({ id: 'a', ownState: { page: 2 }, filterState: { value: 1 } });
    expect(ownStateFor({ 7: { id: '7', ownState: { page: 3 } } }, 7)).toEqual({ page: 3 });
  });

  it('clearing a mask empties its selection but keeps the chart own state', () => {
    const state = clearDataMask(
      { 7: { id: '7', extraFormData: { filters: [city] }, filterState: { value: ['Paris'] }, ownState: { page: 3 } } },
      '7',
    );
    expect(state['7']).toEqual({ id: '7', extraFormData: {}, filterState: {}, ownState: { page: 3 } });
  });
});
