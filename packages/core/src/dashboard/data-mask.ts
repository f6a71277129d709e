// The dashboard's data mask: merging native-filter and cross-filter contributions into each chart's form data.
import type { ExtraFormData, QueryFormData } from '../chart/query-types.js';
import { crossFilterColumns, crossFilterReach } from './cross-filters.js';
import { type ChartColumns, chartIdsInScope } from './filter-scope.js';
import type { DashboardLayout } from './layout-types.js';
import type {
  ChartConfiguration,
  DataMask,
  DataMaskState,
  NativeFilter,
  NativeFilterConfigItem,
} from './native-filter-types.js';

/** Lists that accumulate across filters: every filter in scope adds its conditions. */
export const EXTRA_FORM_DATA_APPEND_KEYS = [
  'adhoc_filters',
  'filters',
  'interactive_groupby',
  'interactive_highlight',
  'interactive_drilldown',
  'custom_form_data',
] as const;

/** Settings a chart has only one of: the last filter applied wins. */
export const EXTRA_FORM_DATA_OVERRIDE_KEYS = [
  'granularity',
  'granularity_sqla',
  'time_column',
  'time_grain',
  'time_range',
  'relative_start',
  'relative_end',
  'time_grain_sqla',
] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Superset's mergeExtraFormData: lists are concatenated, overrides taken from `next` when it sets them. */
export function mergeExtraFormData(original: ExtraFormData = {}, next: ExtraFormData = {}): ExtraFormData {
  // Written through a plain record: the keys are checked by the lists above, not by ExtraFormData's fields.
  const merged: Record<string, unknown> = {};
  for (const key of EXTRA_FORM_DATA_APPEND_KEYS) {
    const before = original[key];
    const after = next[key];
    if (isRecord(before) || isRecord(after)) {
      // custom_form_data is an object; its keys merge rather than append.
      merged[key] = { ...(isRecord(before) ? before : {}), ...(isRecord(after) ? after : {}) };
      continue;
    }
    const list: unknown[] = [
      ...(Array.isArray(before) ? (before as unknown[]) : []),
      ...(Array.isArray(after) ? (after as unknown[]) : []),
    ];
    if (list.length > 0) merged[key] = list;
  }
  for (const key of EXTRA_FORM_DATA_OVERRIDE_KEYS) {
    const value = next[key] !== undefined ? next[key] : original[key];
    if (value !== undefined) merged[key] = value;
  }
  return merged as ExtraFormData;
}

/** The merged extra form data of the given masks, in the given order (Superset's getExtraFormData). */
export function extraFormDataOf(dataMask: DataMaskState, filterIds: readonly string[]): ExtraFormData {
  let merged: ExtraFormData = {};
  for (const id of filterIds) merged = mergeExtraFormData(merged, dataMask[id]?.extraFormData ?? {});
  return merged;
}

export interface ActiveFilter {
  /** Chart ids the filter applies to. */
  scope: number[];
  values: ExtraFormData;
}

export interface ActiveFiltersInput {
  dataMask: DataMaskState;
  /** native_filter_configuration, as a list or keyed by id. */
  nativeFilters: readonly NativeFilterConfigItem[] | Readonly<Record<string, NativeFilterConfigItem>>;
  /** Cross-filter scoping per emitting chart, chart_configuration of json_metadata. */
  chartConfiguration?: ChartConfiguration;
  allChartIds: readonly number[];
  /** Scopes native filters from their rootPath on this layout; without it their saved `chartsInScope` serve. */
  layout?: DashboardLayout;
  /** With cross-filters off (flag or dashboard setting), masks of charts apply nowhere. */
  crossFiltersEnabled?: boolean;
  /**
   * The dataset columns of the charts: a cross-filter reaches only the charts of its scope that have its columns.
   * Without it (or for a chart not listed) the scope alone decides.
   */
  chartColumns?: readonly ChartColumns[];
}

function nativeFilterById(input: ActiveFiltersInput, id: string): NativeFilter | undefined {
  const { nativeFilters } = input;
  const item = Array.isArray(nativeFilters)
    ? (nativeFilters as readonly NativeFilterConfigItem[]).find((candidate) => candidate.id === id)
    : (nativeFilters as Readonly<Record<string, NativeFilterConfigItem>>)[id];
  return item?.type === 'NATIVE_FILTER' ? item : undefined;
}

/**
 * The scope on the layout as it is now, so that a chart dropped into a scoped tab is filtered before the next save
 * recomputes the stored `chartsInScope`; that list serves only when no layout is given.
 */
function nativeFilterScope(filter: NativeFilter, input: ActiveFiltersInput): number[] {
  if (input.layout) return chartIdsInScope(filter.scope, input.layout, input.allChartIds);
  return filter.chartsInScope ?? [...input.allChartIds];
}

function crossFilterChartsInScope(id: string, input: ActiveFiltersInput): number[] | null {
  const configured = input.chartConfiguration?.[id];
  if (configured) return configured.crossFilters.chartsInScope;
  // A chart not yet in chart_configuration filters the whole dashboard but itself, the default scope.
  const chartId = Number(id);
  if (!Number.isInteger(chartId) || !input.allChartIds.includes(chartId)) return null;
  return input.allChartIds.filter((other) => other !== chartId);
}

function crossFilterScope(id: string, mask: DataMask, input: ActiveFiltersInput): number[] | null {
  if (input.crossFiltersEnabled === false) return null;
  const inScope = crossFilterChartsInScope(id, input);
  if (!inScope || !input.chartColumns) return inScope;
  return crossFilterReach(inScope, crossFilterColumns(mask.extraFormData), input.chartColumns);
}

/** Every mask with the charts it applies to (Superset's getAllActiveFilters). */
export function activeFilters(input: ActiveFiltersInput): Record<string, ActiveFilter> {
  const active: Record<string, ActiveFilter> = {};
  for (const [key, mask] of Object.entries(input.dataMask)) {
    const id = mask.id ?? key;
    const filter = nativeFilterById(input, id);
    const scope = filter ? nativeFilterScope(filter, input) : crossFilterScope(id, mask, input);
    if (scope) active[id] = { scope, values: mask.extraFormData ?? {} };
  }
  return active;
}

export function filterIdsAppliedOnChart(active: Readonly<Record<string, ActiveFilter>>, chartId: number): string[] {
  return Object.entries(active)
    .filter(([, filter]) => filter.scope.includes(chartId))
    .map(([id]) => id);
}

/**
 * A chart's form data with the dashboard's filters in its `extra_form_data` (Superset's
 * getFormDataWithExtraFilters). Only masks whose scope includes the chart apply; buildQueryObject then appends
 * their filters and lets their time settings override the chart's (core's overrideExtraFormData).
 */
export function formDataWithExtraFilters(
  formData: QueryFormData,
  chartId: number,
  input: ActiveFiltersInput,
): QueryFormData {
  const applied = filterIdsAppliedOnChart(activeFilters(input), chartId);
  if (applied.length === 0) return formData;
  return { ...formData, extra_form_data: extraFormDataOf(input.dataMask, applied) };
}

/** The chart's own state kept in the mask (e.g. server-side pagination of a table). */
export function ownStateFor(dataMask: DataMaskState, chartId: number): Record<string, unknown> | undefined {
  return dataMask[String(chartId)]?.ownState;
}

/** Masks at load: a filter keeps a value already known (from the URL or a permalink), else its default. */
export function initialDataMask(
  items: readonly NativeFilterConfigItem[],
  known: Readonly<Record<string, DataMask>> = {},
): DataMaskState {
  const state: DataMaskState = {};
  for (const item of items) {
    if (item.type !== 'NATIVE_FILTER') continue;
    const mask = known[item.id] ?? item.defaultDataMask;
    state[item.id] = {
      id: item.id,
      extraFormData: mask.extraFormData ?? {},
      filterState: mask.filterState ?? {},
      ...(mask.ownState ? { ownState: mask.ownState } : {}),
    };
  }
  return state;
}

/** Replaces the parts of one mask that `mask` sets; the others stay. */
export function updateDataMask(state: DataMaskState, id: string, mask: DataMask): DataMaskState {
  return { ...state, [id]: { ...state[id], ...mask, id } };
}

/** Clears a filter's or chart's selection, keeping the chart's own state. */
export function clearDataMask(state: DataMaskState, id: string): DataMaskState {
  const current = state[id];
  if (!current) return state;
  return {
    ...state,
    [id]: { id, extraFormData: {}, filterState: {}, ...(current.ownState ? { ownState: current.ownState } : {}) },
  };
}
