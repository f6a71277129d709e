import { describe, expect, it } from 'vitest';
import type { DashboardLayout, LayoutComponent } from './layout-types.js';
import {
  chartsInLegacyScope,
  legacyExtraFilters,
  legacyFilters,
  legacyScopeFromChecked,
  parseDefaultFilters,
  withLegacyScope,
} from './legacy-filters.js';

const node = (id: string, type: LayoutComponent['type'], children: string[], meta = {}): LayoutComponent =>
  ({ id, type, children, parents: [], meta }) as LayoutComponent;

// ROOT → TABS → TAB-A (box 1, chart 2) and TAB-B (chart 3, chart 4).
const layout: DashboardLayout = {
  ROOT_ID: node('ROOT_ID', 'ROOT', ['TABS-1']),
  'TABS-1': node('TABS-1', 'TABS', ['TAB-A', 'TAB-B']),
  'TAB-A': node('TAB-A', 'TAB', ['CHART-1', 'CHART-2']),
  'TAB-B': node('TAB-B', 'TAB', ['CHART-3', 'CHART-4']),
  'CHART-1': node('CHART-1', 'CHART', [], { chartId: 1 }),
  'CHART-2': node('CHART-2', 'CHART', [], { chartId: 2 }),
  'CHART-3': node('CHART-3', 'CHART', [], { chartId: 3 }),
  'CHART-4': node('CHART-4', 'CHART', [], { chartId: 4 }),
};
const all = [1, 2, 3, 4];
const box = {
  chartId: 1,
  formData: { filter_configs: [{ column: 'state' }, { column: 'gender' }], date_filter: true },
};

describe('legacy dashboard filters', () => {
  it('reads default_filters as Superset stores it, a JSON string, and shrugs off bad JSON', () => {
    expect(parseDefaultFilters('{"1": {"state": ["CA"]}}')).toEqual({ 1: { state: ['CA'] } });
    expect(parseDefaultFilters('{not json')).toEqual({});
    expect(parseDefaultFilters('')).toEqual({});
  });

  it('builds the spec model: chartId, columns with values, a scope per column, directPathToFilter', () => {
    const [filter] = legacyFilters(
      {
        default_filters: JSON.stringify({ 1: { state: ['CA', 'NY'] } }),
        filter_scopes: { 1: { state: { scope: ['TAB-B'], immune: [4] } } },
      },
      [box],
      layout,
    );
    expect(filter).toEqual({
      chartId: 1,
      columns: { state: ['CA', 'NY'] },
      scopes: {
        __time_range: { scope: ['ROOT_ID'], immune: [] },
        state: { scope: ['TAB-B'], immune: [4] },
        gender: { scope: ['ROOT_ID'], immune: [] },
      },
      directPathToFilter: ['ROOT_ID', 'TABS-1', 'TAB-A', 'CHART-1'],
    });
  });

  it('a scope covers the charts under its components, less the immune ones and the filter box itself', () => {
    expect(chartsInLegacyScope({ scope: ['ROOT_ID'], immune: [] }, layout, all, 1)).toEqual([2, 3, 4]);
    expect(chartsInLegacyScope({ scope: ['TAB-B'], immune: [4] }, layout, all, 1)).toEqual([3]);
    expect(chartsInLegacyScope({ scope: [], immune: [] }, layout, all, 1)).toEqual([]);
  });

  it('gives each chart in scope the filter as extra_filters, and nothing to charts outside it', () => {
    const filters = legacyFilters(
      {
        default_filters: JSON.stringify({ 1: { state: ['CA'], gender: [], __time_range: 'Last week' } }),
        filter_scopes: { 1: { state: { scope: ['ROOT_ID'], immune: [3] } } },
      },
      [box],
      layout,
    );
    expect(legacyExtraFilters(filters, 2, layout, all)).toEqual([
      { col: '__time_range', op: '==', val: 'Last week' },
      { col: 'state', op: 'in', val: ['CA'] },
    ]);
    expect(legacyExtraFilters(filters, 3, layout, all)).toEqual([{ col: '__time_range', op: '==', val: 'Last week' }]);
    expect(legacyExtraFilters(filters, 1, layout, all)).toEqual([]);
  });

  it('writes a chosen set of charts back as tabs and immune charts that cover exactly those charts', () => {
    for (const checked of [[2, 4], [3, 4], [2], [2, 3, 4], []]) {
      const scope = legacyScopeFromChecked(layout, checked);
      expect(chartsInLegacyScope(scope, layout, all, 1)).toEqual(checked);
    }
    const scope = { scope: ['ROOT_ID'], immune: [1, 3] };
    const scopes = withLegacyScope({ 1: { gender: { scope: ['TAB-A'], immune: [] } } }, 1, 'state', scope);
    expect(scopes).toEqual({
      1: { gender: { scope: ['TAB-A'], immune: [] }, state: { scope: ['ROOT_ID'], immune: [1, 3] } },
    });
  });
});
