// The one query builder of chart data (spec §7): the viz type's buildQuery, else core's plain query context. Explore,
// dashboards, annotation layers, drills, saves and downloads all build their request here.
import { buildQueryContext, type QueryContext, type QueryFormData } from '@nezha/core';
import { getChartPlugin } from '../charts/registry';

export interface ChartQueryOptions {
  /** The chart's own state (a table's page, sort) that its buildQuery folds in. */
  ownState?: Record<string, unknown> | undefined;
  force?: boolean;
  result_type?: string;
  result_format?: string;
}

export function buildChartQuery(formData: QueryFormData, options: ChartQueryOptions = {}): QueryContext {
  const plugin = getChartPlugin(formData.viz_type);
  const { ownState } = options;
  const context = plugin ? plugin.buildQuery(formData, ownState ? { ownState } : {}) : buildQueryContext(formData);
  return {
    ...context,
    ...(options.force !== undefined ? { force: options.force } : {}),
    ...(options.result_type ? { result_type: options.result_type } : {}),
    ...(options.result_format ? { result_format: options.result_format } : {}),
  };
}

/** A dashboard chart's request: full JSON results, with its own state. */
export function dashboardChartQuery(
  formData: QueryFormData,
  ownState: Record<string, unknown> | undefined,
  force: boolean,
): QueryContext {
  return buildChartQuery(formData, { ownState, force, result_format: 'json', result_type: 'full' });
}
