// Whether the chart shows other form data than the controls hold: only changes that need a new query count
// (customize controls re-draw without one, and the chart's own id is not a query setting).
import type { QueryFormData } from '@nezha/core';
import { isRenderTrigger, panelControlsFor } from '../controls/control-panel';

// The edited measure's, cohort's or column's id is what a save stores, not a query setting, like the chart's id.
const NOT_QUERY_KEYS: ReadonlySet<string> = new Set([
  'slice_id',
  'dashboardId',
  'force',
  'column_config',
  'measure_id',
  'cohort_id',
  'saved_column_id',
]);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function isChartStale(latest: Partial<QueryFormData>, formData: QueryFormData): boolean {
  const panel = panelControlsFor(formData.viz_type);
  const keys = new Set([...Object.keys(latest), ...Object.keys(formData)]);
  for (const key of keys) {
    if (NOT_QUERY_KEYS.has(key)) continue;
    const control = panel.get(key);
    if (control && isRenderTrigger(control)) continue;
    if (!same(latest[key], formData[key])) return true;
  }
  return false;
}
