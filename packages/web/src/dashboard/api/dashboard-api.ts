// Calls of the dashboard page (spec §7 "Dashboards"): the dashboard, its charts and datasets, saves, favourites,
// copy, permalinks, and the pickers of the builder pane and the properties dialog.
import { encodeRison } from '@nezha/core';
import { api } from '../../api/client';
import type { Datasource } from '../../explore/api/types';
import type { DashboardOwner, DashboardRole, DashboardSlice } from '../state/types';

const rison = (value: unknown) => `?q=${encodeURIComponent(encodeRison(value))}`;

export interface DashboardDetail {
  id: number;
  slug: string | null;
  url: string;
  dashboard_title: string;
  published: boolean;
  css: string | null;
  position_json: string | null;
  json_metadata: string | null;
  certified_by: string | null;
  certification_details: string | null;
  owners: DashboardOwner[];
  roles: DashboardRole[];
  changed_on: string;
  changed_by_name: string | null;
  last_modified_time: number;
  dash_edit_perm: boolean;
  dash_save_perm: boolean;
  dash_share_perm: boolean;
}

export async function fetchDashboard(idOrSlug: string | number): Promise<DashboardDetail> {
  return (await api.get<{ result: DashboardDetail }>(`/api/v1/dashboard/${encodeURIComponent(String(idOrSlug))}`))
    .result;
}

export async function fetchDashboardCharts(idOrSlug: string | number): Promise<DashboardSlice[]> {
  return (
    await api.get<{ result: DashboardSlice[] }>(`/api/v1/dashboard/${encodeURIComponent(String(idOrSlug))}/charts`)
  ).result;
}

export async function fetchDashboardDatasets(idOrSlug: string | number): Promise<Datasource[]> {
  return (await api.get<{ result: Datasource[] }>(`/api/v1/dashboard/${encodeURIComponent(String(idOrSlug))}/datasets`))
    .result;
}

export async function fetchDashboardFavoriteStatus(id: number): Promise<boolean> {
  const body = await api.get<{ result: Array<{ id: number; value: boolean }> }>(
    `/api/v1/dashboard/favorite_status/${rison([id])}`,
  );
  return body.result[0]?.value === true;
}

export function setDashboardFavorite(id: number, starred: boolean): Promise<unknown> {
  return starred ? api.post(`/api/v1/dashboard/${id}/favorites/`) : api.delete(`/api/v1/dashboard/${id}/favorites/`);
}

export interface DashboardPutResponse {
  id: number;
  result: { json_metadata?: string; last_modified_time?: number; slug?: string | null; [key: string]: unknown };
  last_modified_time: number;
}

/** PUT /api/v1/dashboard/{id}: `published` alone, `json_metadata` alone, or a full save (spec §7). */
export function putDashboard(id: number, body: Record<string, unknown>): Promise<DashboardPutResponse> {
  return api.put(`/api/v1/dashboard/${id}`, body);
}

export interface DashboardCopyBody {
  dashboard_title: string;
  css: string;
  duplicate_slices: boolean;
  json_metadata: string;
}

export async function copyDashboard(
  id: number,
  body: DashboardCopyBody,
): Promise<{ id: number; last_modified_time: number }> {
  return (await api.post<{ result: { id: number; last_modified_time: number } }>(`/api/v1/dashboard/${id}/copy/`, body))
    .result;
}

export interface DashboardPermalinkState {
  urlParams?: Array<[string, string]>;
  dataMask?: Record<string, unknown>;
  activeTabs?: string[];
  anchor?: string;
}

export async function createDashboardPermalink(id: number, state: DashboardPermalinkState): Promise<string> {
  return (await api.post<{ key: string; url: string }>(`/api/v1/dashboard/${id}/permalink`, state)).url;
}

export function fetchDashboardPermalink(key: string): Promise<{ dashboardId: string; state: DashboardPermalinkState }> {
  return api.get(`/api/v1/dashboard/permalink/${encodeURIComponent(key)}`);
}

/** The native filter values behind a native_filters_key: the JSON text of the masks. */
export async function fetchFilterState(dashboardId: number | string, key: string): Promise<string> {
  const path = `/api/v1/dashboard/${encodeURIComponent(String(dashboardId))}/filter_state/${encodeURIComponent(key)}`;
  return (await api.get<{ value: string }>(path)).value;
}

export async function createFilterState(dashboardId: number, value: string): Promise<string> {
  return (await api.post<{ key: string }>(`/api/v1/dashboard/${dashboardId}/filter_state`, { value })).key;
}

export function updateFilterState(dashboardId: number, key: string, value: string): Promise<unknown> {
  return api.put(`/api/v1/dashboard/${dashboardId}/filter_state/${encodeURIComponent(key)}`, { value });
}

export interface ChartListEntry {
  id: number;
  slice_name: string;
  viz_type: string;
  params: string | null;
  description: string | null;
  datasource_id: number | null;
  datasource_type: string | null;
  datasource_name_text: string | null;
  url: string;
  changed_on_delta_humanized: string;
}

export const BUILDER_PANE_PAGE_SIZE = 25;

/** The builder pane's Charts tab: searched by name (chart_all_text), newest first, paged (spec §7 GET /api/v1/chart/). */
export async function fetchChartsForPane(search: string, page: number) {
  const filters = search.trim() ? [{ col: 'slice_name', opr: 'chart_all_text', value: search.trim() }] : [];
  return api.get<{ count: number; result: ChartListEntry[] }>(
    `/api/v1/chart/${rison({
      filters,
      order_column: 'changed_on_delta_humanized',
      order_direction: 'desc',
      page,
      page_size: BUILDER_PANE_PAGE_SIZE,
    })}`,
  );
}

export interface RelatedOption {
  value: number;
  text: string;
}

export async function fetchRelated(kind: 'owners' | 'roles', search: string): Promise<RelatedOption[]> {
  const body = await api.get<{ result: RelatedOption[] }>(
    `/api/v1/dashboard/related/${kind}${rison({ filter: search, page: 0, page_size: 100 })}`,
  );
  return body.result;
}
