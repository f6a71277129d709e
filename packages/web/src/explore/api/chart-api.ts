// Calls about charts (spec §7): samples, chart save, dashboards to save to. Chart data is `chart-data/`'s.
import { encodeRison, type QueryFormData } from '@nezha/core';
import { api } from '../../api/client';
import type { DashboardChoice } from './types';

const rison = (value: unknown) => `?q=${encodeURIComponent(encodeRison(value))}`;

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
