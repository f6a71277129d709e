// What a chart's right-click menu offers (Superset's ChartContextMenu): cross-filter, drill to detail (by the clicked
// values) and drill by, decided from the viz type's behaviours, the clicked point, the user's grants and the page.
import { hasPermission, type UserRoles } from '@nezha/core';
import type { ChartBehavior, DataMask, FilterState } from '../../charts/types';
import { i18nKey } from '../../i18n/i18n';

/** One equality filter of the clicked data point, as the chart plugins report it. */
export interface PointFilter {
  col: string;
  op: string;
  val: unknown;
}

export interface DrillPermissions {
  canDrillToDetail: boolean;
  canDrillBy: boolean;
}

/**
 * Superset's usePermissions: drilling needs explore (or can_drill on dashboards), drill to detail also the samples
 * grant and drill by the explore form data grant. Nezha's catalogue reads datasets' rows under can_read Dataset
 * (the samples route's rule), so that pair stands for can_samples.
 */
export function drillPermissions(roles: UserRoles | undefined): DrillPermissions {
  if (!roles) return { canDrillToDetail: false, canDrillBy: false };
  const canExplore = hasPermission(roles, 'can_explore', 'Superset') || hasPermission(roles, 'can_drill', 'Dashboard');
  return {
    canDrillToDetail:
      canExplore && (hasPermission(roles, 'can_samples', 'Datasource') || hasPermission(roles, 'can_read', 'Dataset')),
    canDrillBy: canExplore && hasPermission(roles, 'can_write', 'ExploreFormDataRestApi'),
  };
}

export type ContextMenuEntry =
  | { kind: 'cross-filter'; remove: boolean; disabled: boolean; tooltip: string }
  | { kind: 'drill-to-detail' }
  | { kind: 'drill-to-detail-by'; filters: PointFilter[]; label: string; all: boolean }
  | { kind: 'drill-by'; filters: PointFilter[] };

export interface ContextMenuInput {
  behaviors: readonly ChartBehavior[];
  /** The clicked point's values; empty for a click beside the data. */
  filters: readonly PointFilter[];
  permissions: DrillPermissions;
  /** Null outside a dashboard (Explore): the item shows, disabled, as in Superset. */
  dashboard: { crossFiltersEnabled: boolean; selected: boolean } | null;
  /** Only these kinds (the drill by dialog's own menu offers drill by alone). */
  only?: ReadonlyArray<ContextMenuEntry['kind']>;
  /** How a value reads in "Drill to detail by …". */
  format?: (filter: PointFilter) => string;
}

// Superset's tooltips for the cross-filter item.
export const CROSS_FILTER_TIPS = {
  enabled: i18nKey(
    'Cross-filter will be applied to all of the charts that use this dataset.\nYou can also just click on the chart to apply cross-filter.',
  ),
  notEnabled: i18nKey('Cross-filtering is not enabled for this dashboard.'),
  notSupported: i18nKey('This visualization type does not support cross-filtering.'),
  noPoint: i18nKey("You can't apply cross-filter on this data point."),
} as const;

const plain = (filter: PointFilter) => (filter.val === null || filter.val === undefined ? 'N/A' : String(filter.val));

/** The menu's entries, in Superset's order; the point's entries only when a data point was clicked. */
export function contextMenuEntries(input: ContextMenuInput): ContextMenuEntry[] {
  const { behaviors, filters, permissions, dashboard } = input;
  const shown = (kind: ContextMenuEntry['kind']) => !input.only || input.only.includes(kind);
  const format = input.format ?? plain;
  const point = filters.length > 0;
  const entries: ContextMenuEntry[] = [];
  const interactive = behaviors.includes('INTERACTIVE_CHART');
  if (shown('cross-filter') && point && interactive) {
    const enabled = dashboard?.crossFiltersEnabled === true;
    entries.push({
      kind: 'cross-filter',
      remove: enabled && dashboard?.selected === true,
      disabled: !enabled,
      tooltip: enabled ? CROSS_FILTER_TIPS.enabled : CROSS_FILTER_TIPS.notEnabled,
    });
  }
  if (permissions.canDrillToDetail && behaviors.includes('DRILL_TO_DETAIL')) {
    if (shown('drill-to-detail')) entries.push({ kind: 'drill-to-detail' });
    if (shown('drill-to-detail-by') && point) {
      for (const filter of filters)
        entries.push({ kind: 'drill-to-detail-by', filters: [filter], label: format(filter), all: false });
      if (filters.length > 1) entries.push({ kind: 'drill-to-detail-by', filters: [...filters], label: '', all: true });
    }
  }
  if (shown('drill-by') && permissions.canDrillBy && behaviors.includes('DRILL_BY'))
    entries.push({ kind: 'drill-by', filters: [...filters] });
  return entries;
}

/** The clicked values as the chart labels them (Superset joins a multi-column label with ", "). */
export function pointLabel(filters: readonly PointFilter[]): string {
  return filters.map(plain).join(', ');
}

/**
 * "Add cross-filter" on a point: the same data mask a click on it emits (one IN filter per dimension, the label
 * selected); on the selected point it is "Remove cross-filter" and clears the selection.
 */
export function pointCrossFilter(filters: readonly PointFilter[], filterState: FilterState | undefined): DataMask {
  const label = pointLabel(filters);
  const selected = (filterState?.selectedValues ?? []).map(String).includes(label);
  if (selected) return { extraFormData: { filters: [] }, filterState: { value: null, selectedValues: null } };
  return {
    extraFormData: {
      filters: filters.map((filter) =>
        filter.val === null || filter.val === undefined
          ? { col: filter.col, op: 'IS NULL' }
          : { col: filter.col, op: 'IN', val: [filter.val] },
      ),
    },
    filterState: { value: [filters.map((filter) => filter.val)], selectedValues: [label] },
  };
}

export function isPointSelected(filters: readonly PointFilter[], filterState: FilterState | undefined): boolean {
  return (filterState?.selectedValues ?? []).map(String).includes(pointLabel(filters));
}
