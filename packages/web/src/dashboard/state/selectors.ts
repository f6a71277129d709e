// Derived dashboard data: the filters in force with their scopes, each chart's form data with the data mask
// merged in, and which filters apply to which chart.
import {
  type ActiveFilter,
  type ActiveFiltersInput,
  activeFilters,
  type ChartColumns,
  extraFormDataOf,
  filterIdsAppliedOnChart,
  LEGACY_FILTER_VIZ_TYPE,
  type LegacyFilter,
  legacyExtraFilters,
  legacyFilters,
  type QueryFormData,
} from '@nezha/core';
import { createSelector } from '@reduxjs/toolkit';
import type { DashboardRootState } from './index';

/**
 * The dashboard's charts with the columns of their datasets, for scoping filters by what the charts can take. A
 * chart whose datasource is not loaded is left out: its columns are unknown, not empty.
 */
export const selectChartColumns = createSelector(
  [
    (state: DashboardRootState) => state.sliceEntities.slices,
    (state: DashboardRootState) => state.sliceEntities.datasources,
  ],
  (slices, datasources): ChartColumns[] =>
    Object.values(slices).flatMap((slice) => {
      const datasource = datasources[`${slice.datasource_id}__${slice.datasource_type ?? 'table'}`];
      return datasource
        ? [{ chartId: slice.slice_id, columns: datasource.columns.map((column) => column.column_name) }]
        : [];
    }),
);

export const selectActiveFiltersInput = createSelector(
  [
    (state: DashboardRootState) => state.dataMask,
    (state: DashboardRootState) => state.nativeFilters.filters,
    (state: DashboardRootState) => state.dashboardInfo.metadata.chart_configuration,
    (state: DashboardRootState) => state.dashboardState.sliceIds,
    (state: DashboardRootState) => state.dashboardLayout.present,
    (state: DashboardRootState) => state.dashboardInfo.crossFiltersEnabled,
    selectChartColumns,
  ],
  (
    dataMask,
    nativeFilters,
    chartConfiguration,
    allChartIds,
    layout,
    crossFiltersEnabled,
    chartColumns,
  ): ActiveFiltersInput => ({
    dataMask,
    nativeFilters,
    chartConfiguration,
    allChartIds,
    layout,
    crossFiltersEnabled,
    chartColumns,
  }),
);

export const selectActiveFilters = createSelector(
  [selectActiveFiltersInput],
  (input): Record<string, ActiveFilter> => activeFilters(input),
);

/**
 * The dashboard's legacy filters (filter-box charts, default_filters, filter_scopes), as Superset applied them
 * before native filters.
 */
export const selectLegacyFilters = createSelector(
  [
    (state: DashboardRootState) => state.dashboardInfo.metadata.default_filters,
    (state: DashboardRootState) => state.dashboardInfo.metadata.filter_scopes,
    (state: DashboardRootState) => state.sliceEntities.slices,
    (state: DashboardRootState) => state.dashboardLayout.present,
  ],
  (defaultFilters, filterScopes, slices, layout): LegacyFilter[] =>
    legacyFilters(
      { default_filters: defaultFilters, filter_scopes: filterScopes },
      Object.values(slices)
        .filter((slice) => slice.viz_type === LEGACY_FILTER_VIZ_TYPE)
        .map((slice) => ({ chartId: slice.slice_id, formData: slice.form_data as Record<string, unknown> })),
      layout,
    ),
);

/** The legacy filters' extra_filters on one chart: the values of the filter columns whose scope covers it. */
export function legacyFiltersOnChart(state: DashboardRootState, chartId: number) {
  const filters = selectLegacyFilters(state);
  if (filters.length === 0) return [];
  return legacyExtraFilters(filters, chartId, state.dashboardLayout.present, state.dashboardState.sliceIds);
}

/** The chart's saved form data with its slice id and the dashboard's filters in extra_form_data. */
export function effectiveFormData(state: DashboardRootState, chartId: number): QueryFormData | null {
  const slice = state.sliceEntities.slices[chartId];
  if (!slice) return null;
  const base: QueryFormData = {
    ...slice.form_data,
    viz_type: slice.form_data.viz_type || slice.viz_type,
    slice_id: chartId,
    ...(state.dashboardInfo.id ? { dashboardId: state.dashboardInfo.id } : {}),
    // The dashboard's colour scheme, when it has one, colours every chart alike.
    ...(state.dashboardState.colorScheme ? { color_scheme: state.dashboardState.colorScheme } : {}),
  };
  // As core's formDataWithExtraFilters, with the filters' scopes worked out once per state, not once per chart.
  const legacy = legacyFiltersOnChart(state, chartId);
  if (legacy.length > 0) base.extra_filters = [...(slice.form_data.extra_filters ?? []), ...legacy];
  const applied = filterIdsAppliedOnChart(selectActiveFilters(state), chartId);
  return applied.length === 0 ? base : { ...base, extra_form_data: extraFormDataOf(state.dataMask, applied) };
}

/** Ids of the native filters and cross-filters acting on the chart now (for its badge). */
export function filtersOnChart(state: DashboardRootState, chartId: number): string[] {
  const active = selectActiveFilters(state);
  return filterIdsAppliedOnChart(active, chartId).filter((id) => {
    const values = active[id]?.values ?? {};
    return Object.keys(values).length > 0;
  });
}

/** Cross-filters with a value, newest configuration first: chart id → its label. */
export const selectCrossFilters = createSelector(
  [(state: DashboardRootState) => state.dataMask, (state: DashboardRootState) => state.dashboardState.sliceIds],
  (dataMask, sliceIds) =>
    sliceIds
      .map((chartId) => ({ chartId, mask: dataMask[String(chartId)] }))
      .filter(({ mask }) => mask?.filterState?.value !== undefined && mask?.filterState?.value !== null),
);
