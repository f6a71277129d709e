// Filter boxes become native filters as Superset 4's migrate_dashboard converts them. No unit tests of Superset's
// converter were found to port, so the cases follow the branches of superset/migrations/shared/native_filters.py
// (select, time range, time column, time grain, implicit scopes, immune filter boxes, cascades, the markdown note),
// each stated with the output that code writes for it (ids aside: Superset's are random, ours stable).
import { describe, expect, it } from 'vitest';
import {
  type FilterBoxChart,
  filterBoxesToNativeFilters,
  filterBoxFilterId,
  migrateFilterBoxes,
} from './filter-box-migration.js';

const chartNode = (id: string, chartId: number, parents: string[]) => ({
  id,
  type: 'CHART',
  children: [],
  parents,
  meta: { chartId, width: 4, height: 50, sliceName: `chart ${chartId}`, uuid: `uuid-${chartId}` },
});

function layout(): Record<string, unknown> {
  return {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-1'], parents: [] },
    'TABS-1': { id: 'TABS-1', type: 'TABS', children: ['TAB-a', 'TAB-b'], parents: ['ROOT_ID'] },
    'TAB-a': { id: 'TAB-a', type: 'TAB', children: ['ROW-a'], parents: ['ROOT_ID', 'TABS-1'] },
    'TAB-b': { id: 'TAB-b', type: 'TAB', children: ['ROW-b'], parents: ['ROOT_ID', 'TABS-1'] },
    'ROW-a': { id: 'ROW-a', type: 'ROW', children: ['CHART-box', 'CHART-10'], parents: ['ROOT_ID', 'TABS-1', 'TAB-a'] },
    'ROW-b': { id: 'ROW-b', type: 'ROW', children: ['CHART-20'], parents: ['ROOT_ID', 'TABS-1', 'TAB-b'] },
    'CHART-box': chartNode('CHART-box', 1, ['ROOT_ID', 'TABS-1', 'TAB-a', 'ROW-a']),
    'CHART-10': chartNode('CHART-10', 10, ['ROOT_ID', 'TABS-1', 'TAB-a', 'ROW-a']),
    'CHART-20': chartNode('CHART-20', 20, ['ROOT_ID', 'TABS-1', 'TAB-b', 'ROW-b']),
  };
}

const box = (params: Record<string, unknown>, id = 1, datasourceId = 7): FilterBoxChart => ({
  id,
  datasourceId,
  sliceName: `Box ${id}`,
  params,
});

describe('filterBoxesToNativeFilters', () => {
  it('a select column: controlValues from the config, target dataset and column, scope and value as stored', () => {
    const metadata = {
      default_filters: JSON.stringify({ '1': { state: ['CA', 'NY'] } }),
      filter_scopes: { '1': { state: { scope: ['TAB-a'], immune: [10] } } },
    };
    const [filter, ...rest] = filterBoxesToNativeFilters(metadata, layout(), [
      box({
        filter_configs: [
          { column: 'state', label: 'State', multiple: true, clearable: false, searchAllOptions: true, asc: true },
        ],
        date_filter: false,
      }),
    ]);
    expect(rest).toEqual([]);
    expect(filter).toEqual({
      id: filterBoxFilterId(1, 'state'),
      type: 'NATIVE_FILTER',
      filterType: 'filter_select',
      name: 'State',
      description: '',
      cascadeParentIds: [],
      targets: [{ datasetId: 7, column: { name: 'state' } }],
      scope: { rootPath: ['TAB-a'], excluded: [10] },
      controlValues: {
        defaultToFirstItem: false,
        enableEmptyFilter: true,
        inverseSelection: false,
        multiSelect: true,
        searchAllOptions: true,
      },
      defaultDataMask: {
        extraFormData: { filters: [{ col: 'state', op: 'IN', val: ['CA', 'NY'] }] },
        filterState: { value: ['CA', 'NY'] },
      },
    });
  });

  it("without a stored value the config's defaultValue counts, split on ';' when multiple; a label falls back to the column", () => {
    const [multi, single] = filterBoxesToNativeFilters({}, layout(), [
      box({
        filter_configs: [
          { column: 'gender', multiple: true, defaultValue: 'boy;girl' },
          { column: 'name', multiple: false, defaultValue: 'Amy', clearable: true },
        ],
      }),
    ]);
    expect(multi?.name).toBe('gender');
    expect(multi?.defaultDataMask.filterState).toEqual({ value: ['boy', 'girl'] });
    expect(multi?.controlValues.enableEmptyFilter).toBe(false);
    expect(single?.defaultDataMask.extraFormData).toEqual({ filters: [{ col: 'name', op: 'IN', val: ['Amy'] }] });
    expect(single?.controlValues.multiSelect).toBe(false);
  });

  it('a sort metric, adhoc filters and the box time range go with a select filter', () => {
    const [filter] = filterBoxesToNativeFilters({}, layout(), [
      box({
        filter_configs: [{ column: 'state', metric: 'sum__num', asc: false }],
        adhoc_filters: [{ expressionType: 'SQL', sqlExpression: 'num > 0', clause: 'WHERE' }],
        time_range: 'Last year',
        granularity_sqla: 'ds',
      }),
    ]);
    expect(filter?.sortMetric).toBe('sum__num');
    expect(filter?.controlValues.sortAscending).toBe(false);
    expect(filter?.adhoc_filters).toHaveLength(1);
    expect(filter?.time_range).toBe('Last year');
    expect(filter?.granularity_sqla).toBe('ds');
    expect(filter?.defaultDataMask).toEqual({ extraFormData: {}, filterState: {} });
  });

  it('date filter, time column and time grain become filter_time, filter_timecolumn and filter_timegrain, sorted by type', () => {
    const metadata = { default_filters: JSON.stringify({ '1': { __time_range: 'Last week' } }) };
    const filters = filterBoxesToNativeFilters(metadata, layout(), [
      box({
        date_filter: true,
        show_sqla_time_column: true,
        show_sqla_time_granularity: true,
        granularity_sqla: 'ds',
        time_grain_sqla: 'P1D',
        filter_configs: [{ column: 'state' }],
      }),
    ]);
    expect(filters.map((filter) => filter.filterType)).toEqual([
      'filter_select',
      'filter_time',
      'filter_timecolumn',
      'filter_timegrain',
    ]);
    const [, time, column, grain] = filters;
    expect(time).toMatchObject({ name: 'Time Range', targets: [{}] });
    expect(time?.defaultDataMask).toEqual({
      extraFormData: { time_range: 'Last week' },
      filterState: { value: 'Last week' },
    });
    expect(column).toMatchObject({ name: 'Time Column', targets: [{ datasetId: 7 }] });
    expect(column?.defaultDataMask).toEqual({
      extraFormData: { granularity_sqla: 'ds' },
      filterState: { value: ['ds'] },
    });
    expect(grain).toMatchObject({ name: 'Time Grain', targets: [{ datasetId: 7 }] });
    expect(grain?.defaultDataMask).toEqual({
      extraFormData: { time_grain_sqla: 'P1D' },
      filterState: { value: ['P1D'] },
    });
  });

  it('"No filter" as the date default sets no value', () => {
    const [time] = filterBoxesToNativeFilters({}, layout(), [box({ date_filter: true, time_range: 'No filter' })]);
    expect(time?.defaultDataMask).toEqual({ extraFormData: {}, filterState: {} });
  });

  it('without filter_scopes the whole dashboard is in scope, less filter_immune_slices and filter_immune_slice_fields', () => {
    const metadata = { filter_immune_slices: [20], filter_immune_slice_fields: { '10': ['state'] } };
    const [gender, state] = filterBoxesToNativeFilters(metadata, layout(), [
      box({ filter_configs: [{ column: 'gender' }, { column: 'state' }] }),
    ]);
    expect(gender?.scope).toEqual({ rootPath: ['ROOT_ID'], excluded: [20] });
    expect(state?.scope.rootPath).toEqual(['ROOT_ID']);
    expect([...(state?.scope.excluded ?? [])].sort()).toEqual([10, 20]);
  });

  it('filter boxes are dropped from excluded (they are no charts any more); a field the box lacks makes no filter', () => {
    const metadata = {
      filter_scopes: { '1': { state: { scope: ['ROOT_ID'], immune: [1, 2, 10] }, gone: { scope: ['ROOT_ID'] } } },
    };
    const filters = filterBoxesToNativeFilters(metadata, layout(), [
      box({ filter_configs: [{ column: 'state' }] }),
      box({ filter_configs: [] }, 2),
    ]);
    expect(filters).toHaveLength(1);
    expect(filters[0]?.scope.excluded).toEqual([10]);
  });

  it('a box in the scope of another box cascades from its select and time filters', () => {
    const position = layout();
    (position['ROW-a'] as { children: string[] }).children.push('CHART-box2');
    position['CHART-box2'] = chartNode('CHART-box2', 2, ['ROOT_ID', 'TABS-1', 'TAB-a', 'ROW-a']);
    const metadata = {
      filter_scopes: {
        '1': { region: { scope: ['TAB-a'], immune: [] } },
        '2': { state: { scope: ['ROOT_ID'], immune: [1] } },
      },
    };
    const filters = filterBoxesToNativeFilters(metadata, position, [
      box({ filter_configs: [{ column: 'region' }], date_filter: true }, 1),
      box({ filter_configs: [{ column: 'state' }] }, 2),
    ]);
    const state = filters.find((filter) => filter.id === filterBoxFilterId(2, 'state'));
    const region = filters.find((filter) => filter.id === filterBoxFilterId(1, 'region'));
    expect(state?.cascadeParentIds).toEqual([filterBoxFilterId(1, '__time_range'), filterBoxFilterId(1, 'region')]);
    // Box 1 is immune to box 2, so box 1's filter has no parent.
    expect(region?.cascadeParentIds).toEqual([]);
  });
});

describe('migrateFilterBoxes', () => {
  const metadata = {
    color_scheme: 'supersetColors',
    default_filters: JSON.stringify({ '1': { state: ['CA'] } }),
    filter_scopes: { '1': { state: { scope: ['ROOT_ID'], immune: [20] } } },
    native_filter_configuration: [{ id: 'NATIVE_FILTER-own', type: 'NATIVE_FILTER', name: 'Own' }],
  };
  const boxes = [box({ filter_configs: [{ column: 'state', multiple: true }] })];

  it('appends the filters, drops the legacy keys and turns the box node into a markdown note of the same size', () => {
    const before = layout();
    const { metadata: next, position, converted } = migrateFilterBoxes(metadata, before, boxes);
    expect(converted).toEqual([1]);
    expect(next.color_scheme).toBe('supersetColors');
    expect(next).not.toHaveProperty('default_filters');
    expect(next).not.toHaveProperty('filter_scopes');
    const filters = next.native_filter_configuration as Array<{ id: string; scope?: unknown }>;
    expect(filters.map((filter) => filter.id)).toEqual(['NATIVE_FILTER-own', filterBoxFilterId(1, 'state')]);
    expect(filters[1]?.scope).toEqual({ rootPath: ['ROOT_ID'], excluded: [20] });

    expect(position).not.toHaveProperty('CHART-box');
    expect(position['MARKDOWN-box']).toMatchObject({
      id: 'MARKDOWN-box',
      type: 'MARKDOWN',
      parents: ['ROOT_ID', 'TABS-1', 'TAB-a', 'ROW-a'],
      meta: {
        width: 4,
        height: 50,
        code: '⚠ The **Box 1** filter-box chart has been migrated to a native filter.',
        native_filter_migration: { chartId: 1, sliceName: 'chart 1', uuid: 'uuid-1' },
      },
    });
    expect((position['MARKDOWN-box'] as { meta: Record<string, unknown> }).meta).not.toHaveProperty('chartId');
    expect((position['ROW-a'] as { children: string[] }).children).toEqual(['MARKDOWN-box', 'CHART-10']);
    // The inputs are left as they were.
    expect(before).toHaveProperty('CHART-box');
    expect(metadata).toHaveProperty('default_filters');
  });

  it('is idempotent: converting the result again adds no filter and changes nothing', () => {
    const once = migrateFilterBoxes(metadata, layout(), boxes);
    const twice = migrateFilterBoxes(once.metadata, once.position, boxes);
    expect(twice.metadata.native_filter_configuration).toEqual(once.metadata.native_filter_configuration);
    expect(twice.position).toEqual(once.position);
    const none = migrateFilterBoxes(once.metadata, once.position, []);
    expect(none).toEqual({ metadata: once.metadata, position: once.position, converted: [] });
  });

  it('a filter box the layout does not place still gives its filters', () => {
    const { metadata: next } = migrateFilterBoxes({}, layout(), [box({ filter_configs: [{ column: 'x' }] }, 99)]);
    expect((next.native_filter_configuration as unknown[]).length).toBe(1);
  });
});
