// The json_metadata a save sends: the stored metadata with the current colours, expanded charts, refresh, the
// native filters' and cross-filters' scopes recomputed on the current layout, and (for full saves) the layout.
import {
  chartsInScope,
  crossFiltersConfiguration,
  type DashboardLayout,
  type DashboardMetadata,
  isNativeFilter,
  type NativeFilterConfigItem,
  serializeLayout,
  sharedLabelColors,
  tabsWithChartsInScope,
} from '@nezha/core';
import { getChartPlugin } from '../../../charts/registry';
import { categoricalColors, DEFAULT_CATEGORICAL_SCHEME } from '../../../charts/shared/color-schemes';
import { drawnLabelColors } from '../../../charts/shared/label-colors';
import type { DashboardRootState } from '../index';

/** Charts whose viz type can emit cross-filters (INTERACTIVE_CHART). */
export function crossFilterChartIds(state: DashboardRootState): number[] {
  return state.dashboardState.sliceIds.filter((chartId) => {
    const vizType = state.sliceEntities.slices[chartId]?.viz_type;
    return !!vizType && !!getChartPlugin(vizType)?.metadata.behaviors.includes('INTERACTIVE_CHART');
  });
}

/** Each filter's chartsInScope and tabsInScope follow its scope on the given layout. */
export function scopedFilters(
  items: readonly NativeFilterConfigItem[],
  layout: DashboardLayout,
  allChartIds: readonly number[],
): NativeFilterConfigItem[] {
  return items.map((item) => {
    if (!isNativeFilter(item)) return item;
    const inScope = chartsInScope(item, layout, allChartIds);
    return { ...item, chartsInScope: inScope, tabsInScope: tabsWithChartsInScope(layout, inScope) };
  });
}

export function metadataForSave(
  state: DashboardRootState,
  overrides: Partial<DashboardMetadata> = {},
  options: { withPositions?: boolean } = {},
): DashboardMetadata {
  const { dashboardInfo, dashboardState, dashboardLayout, nativeFilters } = state;
  const layout = dashboardLayout.present;
  const allChartIds = dashboardState.sliceIds;
  const base = { ...dashboardInfo.metadata, ...overrides };
  const crossFilters = crossFiltersConfiguration(
    layout,
    { chartConfiguration: base.chart_configuration, globalChartConfiguration: base.global_chart_configuration },
    crossFilterChartIds(state),
    allChartIds,
  );
  const metadata: DashboardMetadata = {
    ...base,
    color_scheme: dashboardState.colorScheme,
    expanded_slices: Object.fromEntries(Object.keys(dashboardState.expandedSlices).map((id) => [id, true])),
    refresh_frequency: dashboardState.shouldPersistRefreshFrequency
      ? dashboardState.refreshFrequency
      : base.refresh_frequency,
    chart_configuration: crossFilters.chartConfiguration,
    global_chart_configuration: crossFilters.globalChartConfiguration,
    native_filter_configuration: scopedFilters(
      overrides.native_filter_configuration ?? nativeFilters.filters,
      layout,
      allChartIds,
    ),
  };
  // Superset 4's shared label colours: what the charts drew, so that every load colours the labels alike. Labels of
  // charts not drawn this time (never scrolled into view) keep the colours saved before under the same scheme.
  const drawnNow = sharedLabelColors(
    drawnLabelColors(allChartIds),
    categoricalColors(dashboardState.colorScheme || DEFAULT_CATEGORICAL_SCHEME),
  );
  const sameScheme = base.color_scheme_domain.join() === drawnNow.color_scheme_domain.join();
  const before = sameScheme && !Array.isArray(base.shared_label_colors) ? base.shared_label_colors : {};
  if (Object.keys(drawnNow.shared_label_colors).length > 0 || !sameScheme) {
    metadata.shared_label_colors = { ...before, ...drawnNow.shared_label_colors };
    metadata.color_scheme_domain = drawnNow.color_scheme_domain;
  }
  if (options.withPositions) metadata.positions = serializeLayout(layout);
  else delete metadata.positions;
  return metadata;
}
