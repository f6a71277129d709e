// Which charts and tabs a filter scope covers on the layout tree (Superset's getChartIdsInFilterScope and friends).
import { ROOT_ID } from './layout-constants.js';
import type { DashboardLayout } from './layout-types.js';
import type { NativeFilterScope } from './native-filter-types.js';

/** The scope of a new filter or cross-filter: the whole dashboard. */
export function defaultFilterScope(): NativeFilterScope {
  return { rootPath: [ROOT_ID], excluded: [] };
}

function chartsUnderRootPath(layout: DashboardLayout, rootPath: ReadonlySet<string>): Set<number> {
  const found = new Set<number>();
  const seen = new Set<string>();
  // `covered` says whether an ancestor is in the root path; the component itself does not count.
  const visit = (id: string, covered: boolean) => {
    const component = layout[id];
    if (!component || seen.has(id)) return;
    seen.add(id);
    const chartId = component.meta.chartId;
    if (component.type === 'CHART' && covered && typeof chartId === 'number') found.add(chartId);
    const childrenCovered = covered || rootPath.has(id);
    for (const childId of component.children) visit(childId, childrenCovered);
  };
  visit(ROOT_ID, false);
  return found;
}

/**
 * Chart ids in scope, in the order of `allChartIds`: placed under one of the root path's components and not
 * excluded. A chart the layout does not place is in no scope.
 */
export function chartIdsInScope(
  scope: NativeFilterScope,
  layout: DashboardLayout,
  allChartIds: readonly number[],
): number[] {
  const excluded = new Set(scope.excluded);
  const covered = chartsUnderRootPath(layout, new Set(scope.rootPath));
  return allChartIds.filter((chartId) => !excluded.has(chartId) && covered.has(chartId));
}

/** The charts a native filter applies to. */
export function chartsInScope(
  filter: { scope: NativeFilterScope },
  layout: DashboardLayout,
  allChartIds: readonly number[],
): number[] {
  return chartIdsInScope(filter.scope, layout, allChartIds);
}

interface PlacedChart {
  chartId: number;
  /** The tabs holding the chart, outermost first. */
  tabs: string[];
}

function placedCharts(layout: DashboardLayout): PlacedChart[] {
  const placed: PlacedChart[] = [];
  const seen = new Set<string>();
  const visit = (id: string, tabs: string[]) => {
    const component = layout[id];
    if (!component || seen.has(id)) return;
    seen.add(id);
    const chartId = component.meta.chartId;
    if (component.type === 'CHART' && typeof chartId === 'number') placed.push({ chartId, tabs });
    const next = component.type === 'TAB' ? [...tabs, id] : tabs;
    for (const childId of component.children) visit(childId, next);
  };
  visit(ROOT_ID, []);
  return placed;
}

/**
 * The scope that a set of checked charts stands for, saved as Superset saves it: the tabs holding them as the root
 * path, so that a chart added to such a tab later is in scope too, and the unchecked charts under those tabs
 * excluded. A fully checked tab counts as a whole (its outermost fully checked tab); a partly checked one by the
 * nearest tab holding the chart. Every chart checked, or a checked chart outside any tab, gives the whole
 * dashboard (ROOT_ID) less the unchecked charts.
 */
export function scopeFromCheckedCharts(layout: DashboardLayout, checkedChartIds: readonly number[]): NativeFilterScope {
  const placed = placedCharts(layout);
  const checked = new Set(checkedChartIds);
  const unchecked = placed.filter((chart) => !checked.has(chart.chartId)).map((chart) => chart.chartId);
  if (unchecked.length === 0) return defaultFilterScope();
  const partlyChecked = new Set<string>();
  for (const chart of placed) if (!checked.has(chart.chartId)) for (const tab of chart.tabs) partlyChecked.add(tab);

  const roots = new Set<string>();
  for (const chart of placed) {
    if (!checked.has(chart.chartId)) continue;
    const whole = chart.tabs.find((tab) => !partlyChecked.has(tab));
    roots.add(whole ?? chart.tabs[chart.tabs.length - 1] ?? ROOT_ID);
  }
  if (roots.size === 0 || roots.has(ROOT_ID)) return { rootPath: [ROOT_ID], excluded: unchecked };
  // A tab inside another chosen tab adds nothing to the root path.
  const rootPath = [...roots].filter((tab) =>
    placed.every((chart) => {
      const at = chart.tabs.indexOf(tab);
      return at < 0 || !chart.tabs.slice(0, at).some((outer) => roots.has(outer));
    }),
  );
  const covered = chartsUnderRootPath(layout, new Set(rootPath));
  return { rootPath, excluded: unchecked.filter((chartId) => covered.has(chartId)) };
}

/** Tabs holding at least one of the charts, at any depth: the filter bar marks them as affected. */
export function tabsWithChartsInScope(layout: DashboardLayout, chartIds: readonly number[]): string[] {
  const wanted = new Set(chartIds);
  const tabs = new Set<string>();
  for (const chart of placedCharts(layout)) if (wanted.has(chart.chartId)) for (const tab of chart.tabs) tabs.add(tab);
  return [...tabs];
}

/**
 * Whether moving a chart from under `sourcePath` to under `destinationPath` (ids from the root down to the old
 * and new container) changes which of the filters apply to it.
 */
export function movedAcrossFilterScopes(
  scopes: readonly NativeFilterScope[],
  sourcePath: readonly string[],
  destinationPath: readonly string[],
): boolean {
  return scopes.some((scope) => {
    const inScope = (path: readonly string[]) => path.some((id) => scope.rootPath.includes(id));
    return inScope(sourcePath) !== inScope(destinationPath);
  });
}

/** A chart with the columns of its dataset, for scoping a filter by what the charts can take. */
export interface ChartColumns {
  chartId: number;
  columns: readonly string[];
}

/** The charts whose datasets have the column: those a filter on it can act on (the others would reject it). */
export function chartsWithColumn(charts: readonly ChartColumns[], column: string): number[] {
  return charts.filter((chart) => chart.columns.includes(column)).map((chart) => chart.chartId);
}

/**
 * The default scope of a filter on a column: the charts whose datasets have it, saved as tabs and exclusions like a
 * hand-picked scope. When no chart has the column, the whole dashboard (the filter then applies nowhere).
 */
export function defaultScopeForColumn(
  layout: DashboardLayout,
  charts: readonly ChartColumns[],
  column: string,
): NativeFilterScope {
  const able = chartsWithColumn(charts, column);
  return able.length === 0 ? defaultFilterScope() : scopeFromCheckedCharts(layout, able);
}
