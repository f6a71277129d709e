// GET /api/v1/chart/{id}/data/: a saved chart's stored query context run as POST /api/v1/chart/data would run it,
// with the answer's format, type and force taken from the query string (Superset's ChartDataRestApi.get_data).
import type { AppContext } from '../app/context.js';
import { HttpError } from '../errors/nezha-error.js';
import { visibleChart } from '../saved-charts/access.js';
import type { AuthUser } from '../security/current-user.js';
import type { ChartDataCall, ChartDataRequest } from './chart-data-request.js';

export interface SavedChartDataParams {
  format?: string | undefined;
  type?: string | undefined;
  force?: boolean | undefined;
}

/**
 * The request a saved chart stands for. `parse` is the HTTP layer's schema of a chart data body, so the stored
 * context is held to the same rules as a posted one (400 with the same messages).
 */
export async function savedChartCall(
  ctx: AppContext,
  user: AuthUser,
  chartId: number,
  params: SavedChartDataParams,
  parse: (body: unknown) => ChartDataRequest,
): Promise<ChartDataCall> {
  const { chart } = await visibleChart(ctx, user, chartId);
  const stored = parseStored(chart.query_context);
  const request = parse({
    ...stored,
    result_format: params.format ?? 'json',
    result_type: params.type ?? 'full',
    force: params.force === true,
  });
  return { request, force: params.force === true, sliceId: chart.id };
}

function parseStored(text: string | null): Record<string, unknown> {
  const missing = () => new HttpError(400, 'Chart has no query context saved. Please save the chart again.');
  if (!text?.trim()) throw missing();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw missing();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw missing();
  return value as Record<string, unknown>;
}
