// Calls of the Dashboards list (spec §7): GET /api/v1/dashboard/ with its filters, favourites, create and delete.
import { encodeRison, type ObjectTag, UNTITLED_DASHBOARD_TITLE } from '@nezha/core';
import { api } from '../../api/client';
import type { ListResponse } from '../../api/types';

export interface DashboardListItem {
  id: number;
  dashboard_title: string;
  slug: string | null;
  url: string;
  published: boolean;
  certified_by: string | null;
  tags: ObjectTag[];
  owners: Array<{ id: number; first_name: string; last_name: string }>;
  changed_on_delta_humanized: string;
  changed_on_utc: string;
  changed_by_name: string | null;
}

export interface DashboardListState {
  page: number;
  pageSize: number;
  search: string;
  ownerId: number | null;
  published: boolean | null;
  favoritesOnly: boolean;
  /** Superset's tag filter: the dashboards carrying this tag (by id). */
  tagId: number | null;
  sortColumn: string;
  sortDirection: 'asc' | 'desc';
}

const rison = (value: unknown) => `?q=${encodeURIComponent(encodeRison(value))}`;

/**
 * Title or slug searched with title_or_slug, owners with rel_m_m, favourites with dashboard_is_favorite, a tag with
 * dashboard_tag_id.
 */
export function dashboardListQuery(state: DashboardListState): Record<string, unknown> {
  const filters: Array<{ col: string; opr: string; value: unknown }> = [];
  const search = state.search.trim();
  if (search) filters.push({ col: 'dashboard_title', opr: 'title_or_slug', value: search });
  if (state.ownerId !== null) filters.push({ col: 'owners', opr: 'rel_m_m', value: state.ownerId });
  if (state.published !== null) filters.push({ col: 'published', opr: 'eq', value: state.published });
  if (state.favoritesOnly) filters.push({ col: 'id', opr: 'dashboard_is_favorite', value: true });
  if (state.tagId !== null) filters.push({ col: 'id', opr: 'dashboard_tag_id', value: state.tagId });
  return {
    filters,
    order_column: state.sortColumn,
    order_direction: state.sortDirection,
    page: state.page,
    page_size: state.pageSize,
  };
}

export function fetchDashboards(state: DashboardListState): Promise<ListResponse<DashboardListItem>> {
  return api.get(`/api/v1/dashboard/${rison(dashboardListQuery(state))}`);
}

export async function fetchDashboardFavorites(ids: number[]): Promise<Record<number, boolean>> {
  if (ids.length === 0) return {};
  const body = await api.get<{ result: Array<{ id: number; value: boolean }> }>(
    `/api/v1/dashboard/favorite_status/${rison(ids)}`,
  );
  return Object.fromEntries(body.result.map((item) => [item.id, item.value]));
}

export function deleteDashboard(id: number): Promise<unknown> {
  return api.delete(`/api/v1/dashboard/${id}`);
}

/** "+ Dashboard": an untitled dashboard, opened next in edit mode. */
export async function createUntitledDashboard(): Promise<number> {
  const body = await api.post<{ id: number }>('/api/v1/dashboard/', {
    dashboard_title: UNTITLED_DASHBOARD_TITLE,
    json_metadata: JSON.stringify({}),
  });
  return body.id;
}

export async function fetchDashboardOwners(): Promise<Array<{ value: number; text: string }>> {
  const body = await api.get<{ result: Array<{ value: number; text: string }> }>(
    `/api/v1/dashboard/related/owners${rison({ filter: '', page: 0, page_size: 100 })}`,
  );
  return body.result;
}
