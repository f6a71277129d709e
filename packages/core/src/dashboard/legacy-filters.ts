// Legacy dashboard filters (Superset's filter_box era): a filter-box chart's columns, their values from
// json_metadata.default_filters and their scopes from json_metadata.filter_scopes, and the extra_filters each chart
// of the dashboard gets from them. Dashboards imported from Superset keep filtering the charts they filtered there.
import type { ExtraFilter } from '../chart/query-types.js';
import { scopeFromCheckedCharts } from './filter-scope.js';
import { ROOT_ID } from './layout-constants.js';
import { componentPath } from './layout-tree.js';
import type { DashboardLayout } from './layout-types.js';

export const LEGACY_FILTER_VIZ_TYPE = 'filter_box';

/** Superset's legacy time pseudo-columns: their value is one string compared with ==, not a list. */
const TIME_COLUMNS = new Set(['__time_range', '__time_col', '__time_grain', '__granularity', '__time_compare']);

/** One column's scope: charts under any `scope` component (tab or ROOT_ID), less the `immune` ones. */
export interface LegacyColumnScope {
  scope: string[];
  immune: number[];
}

/** The spec's legacy dashboard filter: the filter-box chart, its column values, per-column scopes, its place. */
export interface LegacyFilter {
  chartId: number;
  /** column → the value(s) the filter holds (a list for columns, a string for time pseudo-columns). */
  columns: Record<string, unknown>;
  scopes: Record<string, LegacyColumnScope>;
  /** Layout ids from the root to the filter box's component (Superset's directPathToFilter). */
  directPathToFilter: string[];
}

/** A filter-box chart as the dashboard knows it: its id and saved form data. */
export interface LegacyFilterChart {
  chartId: number;
  formData: Record<string, unknown>;
}

export function defaultLegacyScope(): LegacyColumnScope {
  return { scope: [ROOT_ID], immune: [] };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** default_filters as Superset stores it: a JSON string of chart id → column → value. Bad JSON is no filter. */
export function parseDefaultFilters(text: unknown): Record<string, Record<string, unknown>> {
  let parsed: unknown = text;
  if (typeof text === 'string') {
    try {
      parsed = JSON.parse(text || '{}');
    } catch {
      return {};
    }
  }
  if (!isRecord(parsed)) return {};
  const result: Record<string, Record<string, unknown>> = {};
  for (const [chartId, columns] of Object.entries(parsed)) if (isRecord(columns)) result[chartId] = columns;
  return result;
}

function toScope(raw: unknown): LegacyColumnScope {
  if (!isRecord(raw)) return defaultLegacyScope();
  const scope = Array.isArray(raw.scope) ? raw.scope.filter((id): id is string => typeof id === 'string') : [ROOT_ID];
  const immune = Array.isArray(raw.immune)
    ? raw.immune.map(Number).filter((id) => Number.isInteger(id))
    : ([] as number[]);
  return { scope, immune };
}

/** The columns a filter box offers: its filter_configs, its date filter, and any column default_filters names. */
export function legacyFilterColumns(formData: Record<string, unknown>, defaults: Record<string, unknown> = {}) {
  const columns: string[] = [];
  const add = (column: unknown) => {
    if (typeof column === 'string' && column && !columns.includes(column)) columns.push(column);
  };
  if (formData.date_filter === true) add('__time_range');
  if (Array.isArray(formData.filter_configs)) {
    for (const config of formData.filter_configs) if (isRecord(config)) add(config.column);
  }
  for (const column of Object.keys(defaults)) add(column);
  return columns;
}

/** Layout id of the CHART component holding the chart, if the layout places it. */
function chartComponentId(layout: DashboardLayout, chartId: number): string | null {
  for (const component of Object.values(layout)) {
    if (component.type === 'CHART' && component.meta.chartId === chartId) return component.id;
  }
  return null;
}

/** The legacy filters of a dashboard: one per filter-box chart, values from default_filters, scopes from filter_scopes. */
export function legacyFilters(
  metadata: { default_filters?: unknown; filter_scopes?: unknown },
  charts: readonly LegacyFilterChart[],
  layout: DashboardLayout,
): LegacyFilter[] {
  const defaults = parseDefaultFilters(metadata.default_filters);
  const scopes = isRecord(metadata.filter_scopes) ? metadata.filter_scopes : {};
  return charts.map(({ chartId, formData }) => {
    const values = defaults[String(chartId)] ?? {};
    const chartScopes = isRecord(scopes[String(chartId)]) ? (scopes[String(chartId)] as Record<string, unknown>) : {};
    const columns = legacyFilterColumns(formData, values);
    const componentId = chartComponentId(layout, chartId);
    return {
      chartId,
      columns: Object.fromEntries(
        columns.filter((column) => column in values).map((column) => [column, values[column]]),
      ),
      scopes: Object.fromEntries(columns.map((column) => [column, toScope(chartScopes[column])])),
      directPathToFilter: componentId ? componentPath(layout, componentId) : [],
    };
  });
}

/** The dashboard's columns for the mapping dialog: every column of every filter box, values or not. */
export function legacyFilterFields(filter: LegacyFilter): string[] {
  return Object.keys(filter.scopes);
}

/**
 * Charts a column's scope covers: placed under a scope component, not immune, not the filter box itself (Superset's
 * getChartIdsInFilterBoxScope).
 */
export function chartsInLegacyScope(
  scope: LegacyColumnScope,
  layout: DashboardLayout,
  allChartIds: readonly number[],
  filterChartId: number,
): number[] {
  const roots = new Set(scope.scope);
  const immune = new Set(scope.immune);
  const covered = new Set<number>();
  const seen = new Set<string>();
  const visit = (id: string, inScope: boolean) => {
    const component = layout[id];
    if (!component || seen.has(id)) return;
    seen.add(id);
    const here = inScope || roots.has(id);
    if (component.type === 'CHART' && here && typeof component.meta.chartId === 'number') {
      covered.add(component.meta.chartId);
    }
    for (const child of component.children) visit(child, here);
  };
  visit(ROOT_ID, false);
  return allChartIds.filter((id) => id !== filterChartId && !immune.has(id) && covered.has(id));
}

function hasValue(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  return !Array.isArray(value) || value.length > 0;
}

/** The legacy extra_filters one chart gets: each column with a value whose scope covers the chart. */
export function legacyExtraFilters(
  filters: readonly LegacyFilter[],
  chartId: number,
  layout: DashboardLayout,
  allChartIds: readonly number[],
): ExtraFilter[] {
  const extra: ExtraFilter[] = [];
  for (const filter of filters) {
    if (filter.chartId === chartId) continue;
    for (const [column, value] of Object.entries(filter.columns)) {
      if (!hasValue(value)) continue;
      const scope = filter.scopes[column] ?? defaultLegacyScope();
      if (!chartsInLegacyScope(scope, layout, allChartIds, filter.chartId).includes(chartId)) continue;
      if (TIME_COLUMNS.has(column)) extra.push({ col: column, op: '==', val: String(value) });
      else extra.push({ col: column, op: 'in', val: Array.isArray(value) ? value : [value] });
    }
  }
  return extra;
}

/**
 * A set of checked charts back into the stored shape, as Superset's filter-scope dialog writes it: the tabs holding
 * them as `scope`, the unchecked charts under those tabs as `immune` (the native filters' rule, which is the same).
 */
export function legacyScopeFromChecked(layout: DashboardLayout, checked: readonly number[]): LegacyColumnScope {
  const { rootPath, excluded } = scopeFromCheckedCharts(layout, checked);
  return { scope: rootPath, immune: excluded };
}

/** filter_scopes with one filter column's scope replaced, keyed as Superset keys it (chart id, then column). */
export function withLegacyScope(
  filterScopes: Record<string, unknown>,
  filterChartId: number,
  column: string,
  scope: LegacyColumnScope,
): Record<string, unknown> {
  const key = String(filterChartId);
  const current = isRecord(filterScopes[key]) ? (filterScopes[key] as Record<string, unknown>) : {};
  return { ...filterScopes, [key]: { ...current, [column]: { scope: [...scope.scope], immune: [...scope.immune] } } };
}
