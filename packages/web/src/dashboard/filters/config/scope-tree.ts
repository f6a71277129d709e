// The scope tree of the filter and cross-filter dialogs: the dashboard's tabs and charts as a checkable tree,
// and the scope (rootPath, excluded) that a set of checked charts stands for.
import {
  chartIdsInScope,
  type DashboardLayout,
  type NativeFilterScope,
  ROOT_ID,
  scopeFromCheckedCharts,
} from '@nezha/core';

export interface ScopeTreeNode {
  key: string;
  title: string;
  children?: ScopeTreeNode[];
}

export const chartKey = (chartId: number) => `chart:${chartId}`;

/** Tabs and charts only: rows, columns and the grid are flattened into the nearest tab (or the root). */
export function scopeTree(
  layout: DashboardLayout,
  chartNames: Readonly<Record<number, string>>,
  rootTitle: string,
): ScopeTreeNode {
  const collect = (id: string, seen: Set<string>): ScopeTreeNode[] => {
    const component = layout[id];
    if (!component || seen.has(id)) return [];
    seen.add(id);
    if (component.type === 'CHART' && typeof component.meta.chartId === 'number') {
      const chartId = component.meta.chartId;
      const title =
        component.meta.sliceNameOverride ?? chartNames[chartId] ?? component.meta.sliceName ?? String(chartId);
      return [{ key: chartKey(chartId), title: String(title) }];
    }
    const children = component.children.flatMap((childId) => collect(childId, seen));
    if (component.type === 'TAB') {
      const title = typeof component.meta.text === 'string' && component.meta.text ? component.meta.text : 'Tab';
      return children.length > 0 ? [{ key: id, title, children }] : [];
    }
    return children;
  };
  return { key: ROOT_ID, title: rootTitle, children: collect(ROOT_ID, new Set()) };
}

export function checkedChartKeys(
  scope: NativeFilterScope,
  layout: DashboardLayout,
  allChartIds: readonly number[],
): string[] {
  return chartIdsInScope(scope, layout, allChartIds).map(chartKey);
}

/** The checked charts as a scope: the tabs holding them as the root path (see core's scopeFromCheckedCharts). */
export function scopeFromChecked(checkedKeys: readonly string[], layout: DashboardLayout): NativeFilterScope {
  const checked = checkedKeys
    .filter((key) => key.startsWith('chart:'))
    .map((key) => Number(key.slice('chart:'.length)));
  return scopeFromCheckedCharts(layout, checked);
}
