// Which charts a dashboard shows on opening, estimated from the layout alone: their data can be asked for while
// the grid is still being drawn, before any element can be measured. Inactive tabs show nothing; an estimate a
// little generous only loads a chart slightly early.
import {
  GRID_BASE_UNIT,
  GRID_DEFAULT_CHART_HEIGHT,
  GRID_GUTTER_SIZE,
  MARKDOWN_DEFAULT_HEIGHT,
  ROOT_ID,
} from './layout-constants.js';
import type { DashboardLayout, LayoutComponent } from './layout-types.js';

/** Rough heights in pixels of the parts without a height of their own. */
const HEADER_PX = 56;
const DIVIDER_PX = 32;
const TAB_BAR_PX = 48;

function ownHeight(component: LayoutComponent): number {
  const fallback = component.type === 'MARKDOWN' ? MARKDOWN_DEFAULT_HEIGHT : GRID_DEFAULT_CHART_HEIGHT;
  const units = typeof component.meta.height === 'number' ? component.meta.height : fallback;
  return units * GRID_BASE_UNIT;
}

/**
 * The chart ids whose top edge lies within the first `heightPx` pixels of the dashboard grid, in display order,
 * each once; in a tabs container only the active tab (from `activeTabs`, else its first) counts.
 */
export function chartsInFirstView(layout: DashboardLayout, activeTabs: readonly string[], heightPx: number): number[] {
  const found: number[] = [];
  const seen = new Set<string>();
  // Places the component at `top` and gives its height.
  const place = (id: string, top: number): number => {
    const component = layout[id];
    if (!component || seen.has(id)) return 0;
    seen.add(id);
    switch (component.type) {
      case 'CHART': {
        const chartId = component.meta.chartId;
        if (top < heightPx && typeof chartId === 'number' && !found.includes(chartId)) found.push(chartId);
        return ownHeight(component);
      }
      case 'MARKDOWN':
      case 'DYNAMIC':
        return ownHeight(component);
      case 'HEADER':
        return HEADER_PX;
      case 'DIVIDER':
        return DIVIDER_PX;
      case 'ROW':
        return component.children.reduce((tallest, childId) => Math.max(tallest, place(childId, top)), 0);
      case 'TABS': {
        const active = component.children.find((tabId) => activeTabs.includes(tabId)) ?? component.children[0];
        return TAB_BAR_PX + (active ? place(active, top + TAB_BAR_PX) : 0);
      }
      default: {
        // ROOT, GRID, COLUMN and TAB stack their children.
        let next = top;
        for (const [index, childId] of component.children.entries()) {
          if (index > 0) next += GRID_GUTTER_SIZE;
          next += place(childId, next);
        }
        return next - top;
      }
    }
  };
  place(ROOT_ID, 0);
  return found;
}
