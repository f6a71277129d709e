// Cross-filter scoping: which charts a chart's cross-filter reaches (chart_configuration, global_chart_configuration).
import type { ExtraFormData } from '../chart/query-types.js';
import { type ChartColumns, chartIdsInScope, chartsWithColumn, defaultFilterScope } from './filter-scope.js';
import type { DashboardLayout } from './layout-types.js';
import {
  type ChartConfiguration,
  type CrossFilterScope,
  GLOBAL_SCOPE_POINTER,
  type GlobalChartConfiguration,
  type NativeFilterScope,
} from './native-filter-types.js';

export function isCrossFilterScopeGlobal(scope: CrossFilterScope | null | undefined): scope is 'global' {
  return scope === GLOBAL_SCOPE_POINTER;
}

export function defaultGlobalChartConfiguration(allChartIds: readonly number[] = []): GlobalChartConfiguration {
  return { scope: defaultFilterScope(), chartsInScope: [...allChartIds] };
}

export interface CrossFilterConfigurationInput {
  chartConfiguration?: ChartConfiguration;
  globalChartConfiguration?: GlobalChartConfiguration | null;
}

/**
 * Recomputes every cross-filtering chart's reach after a layout or scoping change (Superset's
 * getCrossFiltersConfiguration). `crossFilterChartIds` are the charts whose viz type can emit cross-filters;
 * only they get an entry. A chart on the global scope reaches the global scope's charts, never itself.
 */
export function crossFiltersConfiguration(
  layout: DashboardLayout,
  input: CrossFilterConfigurationInput,
  crossFilterChartIds: readonly number[],
  allChartIds: readonly number[],
): { chartConfiguration: ChartConfiguration; globalChartConfiguration: GlobalChartConfiguration } {
  const globalScope: NativeFilterScope = input.globalChartConfiguration?.scope ?? defaultFilterScope();
  const globalChartConfiguration: GlobalChartConfiguration = {
    scope: globalScope,
    chartsInScope: chartIdsInScope(globalScope, layout, allChartIds),
  };
  const chartConfiguration: ChartConfiguration = {};
  for (const chartId of crossFilterChartIds) {
    const scope: CrossFilterScope = input.chartConfiguration?.[chartId]?.crossFilters.scope ?? GLOBAL_SCOPE_POINTER;
    const chartsInScope = isCrossFilterScopeGlobal(scope)
      ? globalChartConfiguration.chartsInScope.filter((id) => id !== chartId)
      : chartIdsInScope(scope, layout, allChartIds);
    chartConfiguration[chartId] = { id: chartId, crossFilters: { scope, chartsInScope } };
  }
  return { chartConfiguration, globalChartConfiguration };
}

/** The columns a cross-filter's mask filters on (its `filters`; the time settings are not per column). */
export function crossFilterColumns(extraFormData: ExtraFormData | undefined): string[] {
  const columns = (extraFormData?.filters ?? []).map((filter) => filter.col).filter((col) => typeof col === 'string');
  return [...new Set(columns)];
}

/**
 * The charts a cross-filter reaches: those of its scope whose datasets have every column it filters on, as a
 * native filter's default scope (chartsWithColumn); the others would reject it. A chart whose dataset columns are
 * not known yet stays in scope: the server then says whether the filter applied.
 */
export function crossFilterReach(
  chartsInScope: readonly number[],
  columns: readonly string[],
  chartColumns: readonly ChartColumns[],
): number[] {
  const known = new Set(chartColumns.map((chart) => chart.chartId));
  const able = columns.map((column) => new Set(chartsWithColumn(chartColumns, column)));
  return chartsInScope.filter((chartId) => !known.has(chartId) || able.every((ids) => ids.has(chartId)));
}
