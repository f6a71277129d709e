// Calls about charts (spec §7): chart data (JSON and file downloads), samples, chart save, dashboards to save to.
import { encodeRison, normalizeError, type QueryContext, type QueryFormData } from '@nezha/core';
import { ApiError } from '../../api/api-error';
import { asyncEvents, isAsyncJob } from '../../api/async-event';
import { api, requestWithStatus } from '../../api/client';
import { getCsrfToken } from '../../api/csrf';
import { getGuestToken } from '../../api/guest-token';
import type { QueryResponse } from '../state/charts-slice';
import type { DashboardChoice } from './types';

const rison = (value: unknown) => `?q=${encodeURIComponent(encodeRison(value))}`;

export interface ChartDataOptions {
  sliceId?: number;
  dashboardId?: number;
  force?: boolean;
  signal?: AbortSignal;
  /** Abort after this many milliseconds with the client's timeout error (annotation queries). */
  timeoutMs?: number;
}

/** POST /api/v1/chart/data's query string: form_data (slice_id), dashboard_id, force. */
export function chartDataUrl({ sliceId, dashboardId, force }: ChartDataOptions): string {
  const params = new URLSearchParams();
  if (sliceId) params.set('form_data', JSON.stringify({ slice_id: sliceId }));
  if (dashboardId) params.set('dashboard_id', String(dashboardId));
  if (force) params.set('force', 'true');
  const search = params.toString();
  return `/api/v1/chart/data${search ? `?${search}` : ''}`;
}

export async function postChartData(
  queryContext: QueryContext,
  options: ChartDataOptions = {},
): Promise<QueryResponse[]> {
  const { status, body } = await requestWithStatus<unknown>(chartDataUrl(options), {
    method: 'POST',
    json: queryContext,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  // GLOBAL_ASYNC_QUERIES: the query runs in the background; its event says when the answer can be read.
  if (status === 202 && isAsyncJob(body)) {
    return (await asyncEvents().waitForAsyncData(body, options.signal)) as QueryResponse[];
  }
  return (body as { result: QueryResponse[] }).result;
}

/** CSV or XLSX of the chart's data: the file the server answers, saved by the browser. */
export async function downloadChartData(queryContext: QueryContext, format: 'csv' | 'xlsx', fallbackName: string) {
  const response = await fetch(chartDataUrl({}), {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'Content-Type': 'application/json',
      ...(getGuestToken() ? { 'X-GuestToken': getGuestToken() as string } : { 'X-CSRFToken': await getCsrfToken() }),
    },
    body: JSON.stringify({ ...queryContext, result_format: format, result_type: 'full' }),
  });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // the text itself is the message
    }
    throw new ApiError(normalizeError({ status: response.status, statusText: response.statusText, body }));
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `${fallbackName}.${format}`;
  saveBlob(await response.blob(), name);
}

export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export interface SamplesPage {
  data: Array<Record<string, unknown>>;
  colnames: string[];
  coltypes: number[];
  rowcount: number;
  total_count: number;
}

export async function fetchSamples(datasourceId: number, datasourceType: string, page = 1, perPage = 100) {
  const params = new URLSearchParams({
    datasource_type: datasourceType,
    datasource_id: String(datasourceId),
    page: String(page),
    per_page: String(perPage),
  });
  return (await api.post<{ result: SamplesPage }>(`/datasource/samples?${params.toString()}`, { filters: [] })).result;
}

export interface ChartSavePayload {
  params: string;
  slice_name: string;
  viz_type: string;
  datasource_id: number;
  datasource_type: string;
  dashboards: number[];
  owners?: number[];
  saved_measures: number[];
  saved_cols: number[];
  saved_cohorts: number[];
  query_context: string;
  query_context_generation: boolean;
}

export interface SavedChart {
  id: number;
  result: Partial<ChartSavePayload>;
}

export function createChart(payload: ChartSavePayload): Promise<SavedChart> {
  return api.post('/api/v1/chart/', payload);
}

export function updateChart(chartId: number, payload: ChartSavePayload): Promise<SavedChart> {
  return api.put(`/api/v1/chart/${chartId}`, payload);
}

/** A saved chart's form data (annotation layers drawn from another chart read it). */
export async function fetchChartFormData(chartId: number): Promise<QueryFormData> {
  const body = await api.get<{ result: { form_data: QueryFormData } }>(`/api/v1/chart/${chartId}`);
  return body.result.form_data;
}

/** The dashboards a chart is on now (GET /api/v1/chart/{id}?q=columns dashboards.id). */
export async function fetchChartDashboardIds(chartId: number): Promise<number[]> {
  const body = await api.get<{ result: { dashboards?: Array<{ id: number }> } }>(
    `/api/v1/chart/${chartId}${rison({ columns: ['dashboards.id'] })}`,
  );
  return (body.result.dashboards ?? []).map((dashboard) => dashboard.id);
}

/** Dashboards the user may add the chart to: the ones they own, by title. */
export async function fetchDashboardChoices(userId: number): Promise<DashboardChoice[]> {
  const q = {
    columns: ['id', 'dashboard_title'],
    filters: [{ col: 'owners', opr: 'rel_m_m', value: userId }],
    order_column: 'dashboard_title',
    order_direction: 'asc',
    page: 0,
    page_size: 100,
  };
  const body = await api.get<{ result: DashboardChoice[] }>(`/api/v1/dashboard/${rison(q)}`);
  return body.result.map(({ id, dashboard_title }) => ({ id, dashboard_title }));
}

export async function createDashboard(dashboardTitle: string): Promise<DashboardChoice> {
  const body = await api.post<{ id: number; result: { dashboard_title?: string } }>('/api/v1/dashboard/', {
    dashboard_title: dashboardTitle,
  });
  return { id: body.id, dashboard_title: body.result.dashboard_title ?? dashboardTitle };
}
