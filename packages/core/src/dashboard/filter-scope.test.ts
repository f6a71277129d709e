import { describe, expect, it } from 'vitest';
import {
  chartIdsInScope,
  chartsInScope,
  chartsWithColumn,
  defaultFilterScope,
  defaultScopeForColumn,
  movedAcrossFilterScopes,
  scopeFromCheckedCharts,
  tabsWithChartsInScope,
} from './filter-scope.js';
import { loadLayout } from './layout-load.js';
import type { DashboardLayout } from './layout-types.js';

/** TAB-a [ROW-a [CHART 1, CHART 2]], TAB-b [ROW-b [CHART 3], TABS-n [TAB-n1 [ROW-n [CHART 4]]]]. */
const layout = loadLayout({
  ROOT_ID: { type: 'ROOT', children: ['TABS-top'] },
  'TABS-top': { type: 'TABS', children: ['TAB-a', 'TAB-b'] },
  'TAB-a': { type: 'TAB', children: ['ROW-a'] },
  'TAB-b': { type: 'TAB', children: ['ROW-b', 'TABS-n'] },
  'ROW-a': { type: 'ROW', children: ['C1', 'C2'] },
  'ROW-b': { type: 'ROW', children: ['C3'] },
  'TABS-n': { type: 'TABS', children: ['TAB-n1'] },
  'TAB-n1': { type: 'TAB', children: ['ROW-n'] },
  'ROW-n': { type: 'ROW', children: ['C4'] },
  C1: { type: 'CHART', children: [], meta: { chartId: 1 } },
  C2: { type: 'CHART', children: [], meta: { chartId: 2 } },
  C3: { type: 'CHART', children: [], meta: { chartId: 3 } },
  C4: { type: 'CHART', children: [], meta: { chartId: 4 } },
});
const all = [1, 2, 3, 4, 5];

describe('filter scope', () => {
  it('the default scope covers every chart placed on the dashboard', () => {
    expect(chartIdsInScope(defaultFilterScope(), layout, all)).toEqual([1, 2, 3, 4]);
  });

  it('a chart the layout does not place is in no scope', () => {
    expect(chartIdsInScope(defaultFilterScope(), layout, all)).not.toContain(5);
  });

  it('excluded charts are out of scope even under the root path', () => {
    expect(chartIdsInScope({ rootPath: ['ROOT_ID'], excluded: [2, 4] }, layout, all)).toEqual([1, 3]);
  });

  it('a tab in the root path covers the charts anywhere inside it, nested tabs included', () => {
    expect(chartsInScope({ scope: { rootPath: ['TAB-b'], excluded: [] } }, layout, all)).toEqual([3, 4]);
    expect(chartsInScope({ scope: { rootPath: ['TAB-a', 'TAB-n1'], excluded: [] } }, layout, all)).toEqual([1, 2, 4]);
  });

  it('keeps the order of the chart ids given', () => {
    expect(chartIdsInScope(defaultFilterScope(), layout, [4, 1])).toEqual([4, 1]);
  });

  it('marks the tabs that hold a chart in scope, outer and nested', () => {
    expect(tabsWithChartsInScope(layout, [4]).sort()).toEqual(['TAB-b', 'TAB-n1']);
    expect(tabsWithChartsInScope(layout, [1])).toEqual(['TAB-a']);
    expect(tabsWithChartsInScope(layout, [])).toEqual([]);
  });

  it('notices a move that changes which filters apply', () => {
    const scopes = [{ rootPath: ['TAB-a'], excluded: [] }];
    expect(
      movedAcrossFilterScopes(scopes, ['ROOT_ID', 'TABS-top', 'TAB-a', 'ROW-a'], ['ROOT_ID', 'TABS-top', 'TAB-b']),
    ).toBe(true);
    expect(
      movedAcrossFilterScopes(scopes, ['ROOT_ID', 'TABS-top', 'TAB-b'], ['ROOT_ID', 'TABS-top', 'TAB-b', 'TABS-n']),
    ).toBe(false);
    expect(movedAcrossFilterScopes([defaultFilterScope()], ['ROOT_ID', 'TAB-a'], ['ROOT_ID', 'TAB-b'])).toBe(false);
  });

  describe('on a changed layout', () => {
    const tabB = { rootPath: ['TAB-b'], excluded: [] };
    /** Chart 5 dropped into a row of TAB-b after the scope was saved. */
    const withChart5: DashboardLayout = loadLayout({
      ...JSON.parse(JSON.stringify(layout)),
      'ROW-b': { ...layout['ROW-b'], children: ['C3', 'C5'] },
      C5: { type: 'CHART', id: 'C5', children: [], parents: [], meta: { chartId: 5 } },
    });

    it('a chart added later to a scoped tab is in scope', () => {
      expect(chartIdsInScope(tabB, layout, all)).toEqual([3, 4]);
      expect(chartIdsInScope(tabB, withChart5, all)).toEqual([3, 4, 5]);
    });

    it('a chart moved out of a scoped tab is not', () => {
      const moved: DashboardLayout = loadLayout({
        ...JSON.parse(JSON.stringify(layout)),
        'ROW-a': { ...layout['ROW-a'], children: ['C1', 'C2', 'C3'] },
        'ROW-b': { ...layout['ROW-b'], children: [] },
      });
      expect(chartIdsInScope(tabB, moved, all)).toEqual([4]);
      expect(chartIdsInScope({ rootPath: ['TAB-a'], excluded: [] }, moved, all)).toEqual([1, 2, 3]);
    });

    it('excluded wins over a root path that holds the chart, wherever the chart goes', () => {
      expect(chartIdsInScope({ rootPath: ['TAB-b'], excluded: [5] }, withChart5, all)).toEqual([3, 4]);
      expect(chartIdsInScope({ rootPath: ['ROOT_ID', 'TAB-b'], excluded: [3] }, layout, all)).toEqual([1, 2, 4]);
    });
  });
});

describe('the scope of checked charts', () => {
  it('every chart checked is the whole dashboard', () => {
    expect(scopeFromCheckedCharts(layout, [1, 2, 3, 4])).toEqual({ rootPath: ['ROOT_ID'], excluded: [] });
  });

  it('a fully checked tab is saved as that tab, nested tabs included', () => {
    expect(scopeFromCheckedCharts(layout, [3, 4])).toEqual({ rootPath: ['TAB-b'], excluded: [] });
    expect(scopeFromCheckedCharts(layout, [1, 2, 4])).toEqual({ rootPath: ['TAB-a', 'TAB-n1'], excluded: [] });
  });

  it('a partly checked tab is saved as the tab less its unchecked charts', () => {
    expect(scopeFromCheckedCharts(layout, [1])).toEqual({ rootPath: ['TAB-a'], excluded: [2] });
    // Chart 3 sits in TAB-b itself; its unchecked neighbour in the nested tab is excluded.
    expect(scopeFromCheckedCharts(layout, [1, 2, 3])).toEqual({ rootPath: ['TAB-a', 'TAB-b'], excluded: [4] });
  });

  it('gives back the checked charts, and takes in a chart added later to a chosen tab', () => {
    const scope = scopeFromCheckedCharts(layout, [3, 4]);
    expect(chartIdsInScope(scope, layout, all)).toEqual([3, 4]);
    const later = loadLayout({
      ...JSON.parse(JSON.stringify(layout)),
      'ROW-n': { ...layout['ROW-n'], children: ['C4', 'C5'] },
      C5: { type: 'CHART', id: 'C5', children: [], parents: [], meta: { chartId: 5 } },
    });
    expect(chartIdsInScope(scope, later, all)).toEqual([3, 4, 5]);
  });

  it('a checked chart outside every tab makes the whole dashboard the root, less the unchecked charts', () => {
    const flat = loadLayout({
      ROOT_ID: { type: 'ROOT', children: ['GRID_ID'] },
      GRID_ID: { type: 'GRID', children: ['ROW-1'] },
      'ROW-1': { type: 'ROW', children: ['C1', 'C2', 'C3'] },
      C1: { type: 'CHART', children: [], meta: { chartId: 1 } },
      C2: { type: 'CHART', children: [], meta: { chartId: 2 } },
      C3: { type: 'CHART', children: [], meta: { chartId: 3 } },
    });
    expect(scopeFromCheckedCharts(flat, [1, 3])).toEqual({ rootPath: ['ROOT_ID'], excluded: [2] });
  });

  it('nothing checked covers no chart', () => {
    const scope = scopeFromCheckedCharts(layout, []);
    expect(chartIdsInScope(scope, layout, all)).toEqual([]);
  });
});

describe('the default scope of a filter on a column', () => {
  const charts = [
    { chartId: 1, columns: ['state', 'ds'] },
    { chartId: 2, columns: ['symbol', 'date'] },
    { chartId: 3, columns: ['state'] },
    { chartId: 4, columns: ['country'] },
  ];

  it('covers the charts whose datasets have the column, and only those', () => {
    expect(chartsWithColumn(charts, 'state')).toEqual([1, 3]);
    const scope = defaultScopeForColumn(layout, charts, 'state');
    expect(chartIdsInScope(scope, layout, all)).toEqual([1, 3]);
  });

  it('is the whole dashboard when no chart has the column', () => {
    expect(defaultScopeForColumn(layout, charts, 'nope')).toEqual(defaultFilterScope());
  });
});
