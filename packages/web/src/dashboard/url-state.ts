// The dashboard URL (spec §2): edit, the focused chart, the native filters' state (native_filters_key, or the legacy
// rison native_filters), standalone display modes and the UI-config bit mask are read on opening.
import {
  type DashboardDisplayMode,
  type DataMask,
  type DataMaskState,
  decodeRison,
  displayModeFromParam,
  encodeRison,
  hidesNav,
  hidesTitle,
  type UiConfig,
  uiConfigFromMask,
} from '@nezha/core';

export const URL_PARAMS = {
  edit: 'edit',
  focusedChart: 'focused_chart',
  nativeFilters: 'native_filters',
  nativeFiltersKey: 'native_filters_key',
  standalone: 'standalone',
  uiConfig: 'uiConfig',
} as const;

/** Parameters the dashboard itself reads; the rest are regular parameters, passed to charts and permalinks. */
const DASHBOARD_PARAMS: ReadonlySet<string> = new Set(Object.values(URL_PARAMS));

export interface DashboardUrlState {
  edit: boolean;
  focusedChartId: number | null;
  /** Native filter masks from `native_filters`, keyed by filter id. */
  nativeFilters: Record<string, DataMask> | null;
  nativeFiltersKey: string | null;
  displayMode: DashboardDisplayMode;
  uiConfig: UiConfig;
  urlParams: Array<[string, string]>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Filter masks from a decoded value (rison or JSON), keeping only the parts a mask has; anything else is null. */
export function masksFrom(decoded: unknown): Record<string, DataMask> | null {
  if (!isRecord(decoded)) return null;
  const masks: Record<string, DataMask> = {};
  for (const [id, value] of Object.entries(decoded)) {
    if (!isRecord(value)) continue;
    const mask: DataMask = {};
    if (isRecord(value.extraFormData)) mask.extraFormData = value.extraFormData;
    if (isRecord(value.filterState)) mask.filterState = value.filterState;
    masks[id] = mask;
  }
  return masks;
}

/** The legacy `native_filters=(FILTER_ID:(extraFormData:(…),filterState:(…)))`; anything malformed is ignored. */
export function decodeNativeFilters(text: string | null): Record<string, DataMask> | null {
  if (!text) return null;
  try {
    return masksFrom(decodeRison(text));
  } catch {
    return null;
  }
}

/** A filter state stored under native_filters_key: the JSON text of the masks; anything malformed is ignored. */
export function parseFilterStateValue(text: string): Record<string, DataMask> | null {
  try {
    return masksFrom(JSON.parse(text));
  } catch {
    return null;
  }
}

/** The native filter masks (not cross-filters or charts' own states), keyed by filter id, as Superset stores them. */
export function nativeFilterMasks(dataMask: DataMaskState, filterIds: readonly string[]): DataMaskState {
  const masks: DataMaskState = {};
  for (const id of filterIds) {
    const mask = dataMask[id];
    if (!mask) continue;
    masks[id] = { id, extraFormData: mask.extraFormData ?? {}, filterState: mask.filterState ?? {} };
  }
  return masks;
}

/** The masks as the legacy `native_filters` parameter. */
export function encodeNativeFilters(dataMask: DataMaskState, filterIds: readonly string[]): string {
  return encodeRison(nativeFilterMasks(dataMask, filterIds));
}

function positiveInt(value: string | null): number | null {
  return value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

export function parseDashboardUrl(search: string | URLSearchParams): DashboardUrlState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const uiConfig = uiConfigFromMask(params.get(URL_PARAMS.uiConfig));
  const urlParams: Array<[string, string]> = [];
  for (const [key, value] of params.entries()) if (!DASHBOARD_PARAMS.has(key)) urlParams.push([key, value]);
  return {
    edit: params.get(URL_PARAMS.edit) === 'true',
    focusedChartId: positiveInt(params.get(URL_PARAMS.focusedChart)),
    nativeFilters: decodeNativeFilters(params.get(URL_PARAMS.nativeFilters)),
    nativeFiltersKey: params.get(URL_PARAMS.nativeFiltersKey),
    displayMode: displayModeFromParam(params.get(URL_PARAMS.standalone)),
    uiConfig,
    urlParams,
  };
}

/** What the page hides, from the display mode and the UI-config bits together. */
export function chromeOf(url: Pick<DashboardUrlState, 'displayMode' | 'uiConfig'>) {
  return {
    hideNav: hidesNav(url.displayMode) || url.uiConfig.hideNav,
    hideTitle: hidesTitle(url.displayMode) || url.uiConfig.hideTitle,
    hideTab: url.uiConfig.hideTab,
    hideChartControls: url.uiConfig.hideChartControls || url.displayMode === 3,
    /** Report mode shows the charts only: no filter bar either. */
    hideFilterBar: url.displayMode === 3,
  };
}

/** The dashboard's path: by slug when it has one (re-pushed after a save that changed it). */
export function dashboardPath(dashboard: { id: number; slug: string | null }): string {
  return `/nezha/dashboard/${dashboard.slug || dashboard.id}/`;
}
