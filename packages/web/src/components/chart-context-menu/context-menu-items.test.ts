// The right-click menu's entries from behaviours, the clicked point, grants and page; the cross-filter it applies.
import { describe, expect, it } from 'vitest';
import type { ChartBehavior } from '../../charts/types';
import {
  CROSS_FILTER_TIPS,
  contextMenuEntries,
  drillPermissions,
  isPointSelected,
  type PointFilter,
  pointCrossFilter,
} from './context-menu-items';

const ALL: ChartBehavior[] = ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'];
const BOTH = { canDrillToDetail: true, canDrillBy: true };
const rain: PointFilter[] = [{ col: 'weather', op: '==', val: 'rain' }];
const two: PointFilter[] = [
  { col: 'gender', op: '==', val: 'boy' },
  { col: 'state', op: '==', val: 'CA' },
];
const onDashboard = { crossFiltersEnabled: true, selected: false };
const kinds = (entries: ReturnType<typeof contextMenuEntries>) => entries.map((entry) => entry.kind);

describe('chart context menu entries', () => {
  it('a point on a dashboard offers cross-filter, drill to detail, drill to detail by its value and drill by', () => {
    const entries = contextMenuEntries({ behaviors: ALL, filters: rain, permissions: BOTH, dashboard: onDashboard });
    expect(kinds(entries)).toEqual(['cross-filter', 'drill-to-detail', 'drill-to-detail-by', 'drill-by']);
    expect(entries[0]).toMatchObject({ disabled: false, remove: false, tooltip: CROSS_FILTER_TIPS.enabled });
    expect(entries[2]).toMatchObject({ filters: rain, label: 'rain', all: false });
    expect(entries[3]).toMatchObject({ filters: rain });
  });

  it('a point with several values has one drill to detail by each, then by all', () => {
    const entries = contextMenuEntries({ behaviors: ALL, filters: two, permissions: BOTH, dashboard: onDashboard });
    const by = entries.filter((entry) => entry.kind === 'drill-to-detail-by');
    expect(by.map((entry) => (entry.kind === 'drill-to-detail-by' ? [entry.label, entry.all] : null))).toEqual([
      ['boy', false],
      ['CA', false],
      ['', true],
    ]);
    expect(by[2]).toMatchObject({ filters: two });
  });

  it('a click beside the data shows only the entries that need no point', () => {
    const entries = contextMenuEntries({ behaviors: ALL, filters: [], permissions: BOTH, dashboard: onDashboard });
    expect(kinds(entries)).toEqual(['drill-to-detail', 'drill-by']);
  });

  it('in Explore, cross-filter shows disabled with Superset’s tooltip', () => {
    const [cross] = contextMenuEntries({ behaviors: ALL, filters: rain, permissions: BOTH, dashboard: null });
    expect(cross).toEqual({
      kind: 'cross-filter',
      remove: false,
      disabled: true,
      tooltip: 'Cross-filtering is not enabled for this dashboard.',
    });
  });

  it('a selected point offers to remove its cross-filter', () => {
    const [cross] = contextMenuEntries({
      behaviors: ALL,
      filters: rain,
      permissions: BOTH,
      dashboard: { crossFiltersEnabled: true, selected: true },
    });
    expect(cross).toMatchObject({ kind: 'cross-filter', remove: true, disabled: false });
  });

  it('a viz type without cross-filter behaviour has no cross-filter entry', () => {
    const entries = contextMenuEntries({
      behaviors: ['DRILL_TO_DETAIL', 'DRILL_BY'],
      filters: rain,
      permissions: BOTH,
      dashboard: onDashboard,
    });
    expect(kinds(entries)).not.toContain('cross-filter');
  });

  it('drill entries need both the behaviour and the grant', () => {
    const noGrant = contextMenuEntries({
      behaviors: ALL,
      filters: rain,
      permissions: { canDrillToDetail: false, canDrillBy: false },
      dashboard: onDashboard,
    });
    expect(kinds(noGrant)).toEqual(['cross-filter']);
    const noBehaviour = contextMenuEntries({
      behaviors: ['INTERACTIVE_CHART'],
      filters: rain,
      permissions: BOTH,
      dashboard: onDashboard,
    });
    expect(kinds(noBehaviour)).toEqual(['cross-filter']);
    const detailOnly = contextMenuEntries({
      behaviors: ALL,
      filters: rain,
      permissions: { canDrillToDetail: true, canDrillBy: false },
      dashboard: null,
    });
    expect(kinds(detailOnly)).toEqual(['cross-filter', 'drill-to-detail', 'drill-to-detail-by']);
  });

  it('the drill by dialog’s own menu lists drill by alone', () => {
    const entries = contextMenuEntries({
      behaviors: ALL,
      filters: rain,
      permissions: BOTH,
      dashboard: null,
      only: ['drill-by'],
    });
    expect(kinds(entries)).toEqual(['drill-by']);
  });

  it('labels values with the given format, and a missing value as N/A', () => {
    const entries = contextMenuEntries({
      behaviors: ALL,
      filters: [{ col: 'state', op: '==', val: null }],
      permissions: BOTH,
      dashboard: null,
    });
    expect(entries.find((entry) => entry.kind === 'drill-to-detail-by')).toMatchObject({ label: 'N/A' });
    const formatted = contextMenuEntries({
      behaviors: ALL,
      filters: [{ col: 'num', op: '==', val: 1234 }],
      permissions: BOTH,
      dashboard: null,
      format: (filter) => `#${String(filter.val)}`,
    });
    expect(formatted.find((entry) => entry.kind === 'drill-to-detail-by')).toMatchObject({ label: '#1234' });
  });
});

describe('drill permissions', () => {
  it('Gamma’s grants allow both drills; none without explore', () => {
    const gamma = {
      Gamma: [
        ['can_explore', 'Superset'],
        ['can_read', 'Dataset'],
        ['can_write', 'ExploreFormDataRestApi'],
      ] as Array<[string, string]>,
    };
    expect(drillPermissions(gamma)).toEqual({ canDrillToDetail: true, canDrillBy: true });
    const noExplore = {
      Viewer: [
        ['can_read', 'Dataset'],
        ['can_write', 'ExploreFormDataRestApi'],
      ] as Array<[string, string]>,
    };
    expect(drillPermissions(noExplore)).toEqual({ canDrillToDetail: false, canDrillBy: false });
    expect(drillPermissions(undefined)).toEqual({ canDrillToDetail: false, canDrillBy: false });
  });

  it('drill to detail needs the rows grant, drill by the explore form data grant', () => {
    const explorer = { Role: [['can_explore', 'Superset']] as Array<[string, string]> };
    expect(drillPermissions(explorer)).toEqual({ canDrillToDetail: false, canDrillBy: false });
    const samples = {
      Role: [
        ['can_drill', 'Dashboard'],
        ['can_samples', 'Datasource'],
      ] as Array<[string, string]>,
    };
    expect(drillPermissions(samples)).toEqual({ canDrillToDetail: true, canDrillBy: false });
    expect(drillPermissions({ Admin: [] })).toEqual({ canDrillToDetail: true, canDrillBy: true });
  });
});

describe('cross-filter from a point', () => {
  it('adds the same data mask a click emits: one IN filter per value, the label selected', () => {
    expect(pointCrossFilter(rain, undefined)).toEqual({
      extraFormData: { filters: [{ col: 'weather', op: 'IN', val: ['rain'] }] },
      filterState: { value: [['rain']], selectedValues: ['rain'] },
    });
    expect(pointCrossFilter(two, undefined).filterState).toEqual({
      value: [['boy', 'CA']],
      selectedValues: ['boy, CA'],
    });
  });

  it('on the selected point it clears the selection', () => {
    const state = { value: [['rain']], selectedValues: ['rain'] };
    expect(isPointSelected(rain, state)).toBe(true);
    expect(pointCrossFilter(rain, state)).toEqual({
      extraFormData: { filters: [] },
      filterState: { value: null, selectedValues: null },
    });
  });

  it('a missing value filters on NULL', () => {
    expect(pointCrossFilter([{ col: 'state', op: '==', val: null }], undefined).extraFormData).toEqual({
      filters: [{ col: 'state', op: 'IS NULL' }],
    });
  });
});
