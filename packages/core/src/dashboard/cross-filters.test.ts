import { describe, expect, it } from 'vitest';
import {
  crossFilterColumns,
  crossFilterReach,
  crossFiltersConfiguration,
  defaultGlobalChartConfiguration,
  isCrossFilterScopeGlobal,
} from './cross-filters.js';
import { loadLayout } from './layout-load.js';

const layout = loadLayout({
  ROOT_ID: { type: 'ROOT', children: ['TABS-top'] },
  'TABS-top': { type: 'TABS', children: ['TAB-a', 'TAB-b'] },
  'TAB-a': { type: 'TAB', children: ['ROW-a'] },
  'TAB-b': { type: 'TAB', children: ['ROW-b'] },
  'ROW-a': { type: 'ROW', children: ['C1', 'C2'] },
  'ROW-b': { type: 'ROW', children: ['C3'] },
  C1: { type: 'CHART', children: [], meta: { chartId: 1 } },
  C2: { type: 'CHART', children: [], meta: { chartId: 2 } },
  C3: { type: 'CHART', children: [], meta: { chartId: 3 } },
});

describe('cross-filter scoping', () => {
  it('a chart without configuration follows the global scope and never filters itself', () => {
    const { chartConfiguration, globalChartConfiguration } = crossFiltersConfiguration(layout, {}, [1], [1, 2, 3]);
    expect(globalChartConfiguration).toEqual({
      scope: { rootPath: ['ROOT_ID'], excluded: [] },
      chartsInScope: [1, 2, 3],
    });
    expect(chartConfiguration).toEqual({ 1: { id: 1, crossFilters: { scope: 'global', chartsInScope: [2, 3] } } });
  });

  it('a global chart follows a narrowed global scope', () => {
    const result = crossFiltersConfiguration(
      layout,
      { globalChartConfiguration: { scope: { rootPath: ['ROOT_ID'], excluded: [3] }, chartsInScope: [] } },
      [1],
      [1, 2, 3],
    );
    expect(result.chartConfiguration[1]?.crossFilters.chartsInScope).toEqual([2]);
  });

  it('a chart with its own scope reaches the charts of that scope', () => {
    const result = crossFiltersConfiguration(
      layout,
      {
        chartConfiguration: {
          1: { id: 1, crossFilters: { scope: { rootPath: ['TAB-b'], excluded: [] }, chartsInScope: [] } },
        },
      },
      [1, 3],
      [1, 2, 3],
    );
    expect(result.chartConfiguration[1]?.crossFilters).toEqual({
      scope: { rootPath: ['TAB-b'], excluded: [] },
      chartsInScope: [3],
    });
    expect(result.chartConfiguration[3]?.crossFilters.chartsInScope).toEqual([1, 2]);
  });

  it('only charts able to cross-filter get an entry', () => {
    const result = crossFiltersConfiguration(layout, {}, [2], [1, 2, 3]);
    expect(Object.keys(result.chartConfiguration)).toEqual(['2']);
  });

  it('tells the global pointer from an explicit scope', () => {
    expect(isCrossFilterScopeGlobal('global')).toBe(true);
    expect(isCrossFilterScopeGlobal({ rootPath: ['ROOT_ID'], excluded: [] })).toBe(false);
    expect(defaultGlobalChartConfiguration([4]).chartsInScope).toEqual([4]);
  });
});

describe('cross-filter reach by column', () => {
  const chartColumns = [
    { chartId: 1, columns: ['country', 'city'] },
    { chartId: 2, columns: ['country'] },
    { chartId: 3, columns: ['temp_max'] },
  ];

  it('reaches only the charts in scope whose datasets have the column', () => {
    expect(crossFilterReach([2, 3], ['country'], chartColumns)).toEqual([2]);
    expect(crossFilterReach([1, 2, 3], ['country', 'city'], chartColumns)).toEqual([1]);
  });

  it('never widens the scope, and keeps a chart whose columns are not known yet', () => {
    expect(crossFilterReach([3], ['country'], chartColumns)).toEqual([]);
    expect(crossFilterReach([2, 4], ['country'], chartColumns)).toEqual([2, 4]);
  });

  it('a mask without column filters keeps the whole scope', () => {
    expect(crossFilterReach([2, 3], crossFilterColumns({ time_range: 'Last week' }), chartColumns)).toEqual([2, 3]);
  });

  it('reads the distinct columns of the mask filters', () => {
    const filters = [
      { col: 'country', op: 'IN', val: ['FR'] },
      { col: 'country', op: '==', val: 'DE' },
      { col: 'city', op: 'IN', val: ['Paris'] },
    ];
    expect(crossFilterColumns({ filters })).toEqual(['country', 'city']);
    expect(crossFilterColumns(undefined)).toEqual([]);
  });
});
