// Calls of the Charts list (spec §7): GET /api/v1/chart/ with its filters, favourites, owners, delete.
import { encodeRison, type ObjectTag } from '@nezha/core';
import { api } from '../api/client';
import type { ListResponse } from '../api/types';

export interface ChartListItem {
  id: number;
  slice_name: string;
  url: string;
  viz_type: string | null;
  description: string | null;
  certified_by: string | null;
  certification_details: string | null;
  tags: ObjectTag[];
  datasource_name_text: string | null;
  datasource_url: string | null;
  owners: Array<{ id: number; first_name: string; last_name: string }>;
  dashboards: Array<{ id: number; dashboard_title: string }>;
  changed_on_delta_humanized: string;
  changed_on_utc: string;
  changed_by_name: string | null;
}

export interface ChartListState {
  page: number;
  pageSize: number;
  search: string;
  ownerId: number | null;
  vizType: string | null;
  favoritesOnly: boolean;
  /** Superset's tag filter: the charts carrying this tag (by id). */
  tagId: number | null;
  sortColumn: string;
  sortDirection: 'asc' | 'desc';
}

type Filter = { col: string; opr: string; value: unknown };

/**
 * The rison query of the list (spec §7): the name searched with chart_all_text, owners with rel_m_m, a tag with
 * chart_tag_id; ordering by
 * when it changed sorts newest first by default (the server maps changed_on to changed_on_delta_humanized).
 */
export function chartListQuery(state: ChartListState): Record<string, unknown> {
  const filters: Filter[] = [];
  const search = state.search.trim();
  if (search) filters.push({ col: 'slice_name', opr: 'chart_all_text', value: search });
  if (state.ownerId !== null) filters.push({ col: 'owners', opr: 'rel_m_m', value: state.ownerId });
  if (state.vizType) filters.push({ col: 'viz_type', opr: 'eq', value: state.vizType });
  if (state.favoritesOnly) filters.push({ col: 'id', opr: 'chart_is_favorite', value: true });
  if (state.tagId !== null) filters.push({ col: 'id', opr: 'chart_tag_id', value: state.tagId });
  return {
    filters,
    order_column: state.sortColumn,
    order_direction: state.sortDirection,
    page: state.page,
    page_size: state.pageSize,
  };
}

const rison = (value: unknown) => `?q=${encodeURIComponent(encodeRison(value))}`;

export function fetchCharts(state: ChartListState): Promise<ListResponse<ChartListItem>> {
  return api.get(`/api/v1/chart/${rison(chartListQuery(state))}`);
}

export async function fetchFavoriteStatus(ids: number[]): Promise<Record<number, boolean>> {
  if (ids.length === 0) return {};
  const body = await api.get<{ result: Array<{ id: number; value: boolean }> }>(
    `/api/v1/chart/favorite_status/${rison(ids)}`,
  );
  return Object.fromEntries(body.result.map((item) => [item.id, item.value]));
}

export function setFavorite(id: number, starred: boolean): Promise<unknown> {
  return starred ? api.post(`/api/v1/chart/${id}/favorites/`) : api.delete(`/api/v1/chart/${id}/favorites/`);
}

export function deleteChart(id: number): Promise<unknown> {
  return api.delete(`/api/v1/chart/${id}`);
}

export interface OwnerOption {
  value: number;
  text: string;
}

export async function fetchChartOwners(search: string): Promise<OwnerOption[]> {
  const body = await api.get<{ result: OwnerOption[] }>(
    `/api/v1/chart/related/owners${rison({ filter: search, page: 0, page_size: 50 })}`,
  );
  return body.result;
}
