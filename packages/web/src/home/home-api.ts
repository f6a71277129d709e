// Calls of the Home page: recent activity, dashboards and charts (favourite, mine, all, edited, created) and the
// caller's saved queries, through the list APIs' own filters.
import { encodeRison, type RecentActivityItem } from '@nezha/core';
import { api } from '../api/client';
import type { ListResponse } from '../api/types';
import { localizedAge } from '../components/list/relative-age';
import { t } from '../i18n/i18n';

/** How many objects a Home section shows; "View All" leads to the paged list. */
export const HOME_PAGE_SIZE = 12;

export type ObjectTab = 'Favorite' | 'Mine' | 'All';
export type RecentsTab = 'Viewed' | 'Edited' | 'Created';

/** A card of the Home page, whatever it stands for. */
export interface HomeItem {
  key: string;
  kind: 'dashboard' | 'chart' | 'saved_query';
  id: number;
  title: string;
  url: string;
  /** "Viewed 3 minutes ago", "Modified a day ago". */
  description: string;
  /** Epoch milliseconds of the time described, for ordering mixed lists. */
  time: number;
}

interface DashboardRow {
  id: number;
  dashboard_title: string;
  url: string;
  changed_on_utc: string;
  changed_on_delta_humanized: string;
}

interface ChartRow {
  id: number;
  slice_name: string;
  url: string;
  changed_on_utc: string;
  changed_on_delta_humanized: string;
}

interface SavedQueryRow {
  id: number;
  label: string;
  changed_on: string;
  changed_on_delta_humanized: string;
}

type Filter = { col: string; opr: string; value: unknown };

const q = (filters: Filter[], pageSize = HOME_PAGE_SIZE) =>
  `?q=${encodeURIComponent(
    encodeRison({
      filters,
      order_column: 'changed_on_delta_humanized',
      order_direction: 'desc',
      page: 0,
      page_size: pageSize,
    }),
  )}`;

const modified = (ago: string) => t('Modified {{ago}}', { ago: localizedAge(ago) });
const UNTITLED = () => t('[Untitled]');

function dashboardItem(row: DashboardRow): HomeItem {
  return {
    key: `dashboard-${row.id}`,
    kind: 'dashboard',
    id: row.id,
    title: row.dashboard_title || UNTITLED(),
    url: row.url,
    description: modified(row.changed_on_delta_humanized),
    time: Date.parse(row.changed_on_utc),
  };
}

function chartItem(row: ChartRow): HomeItem {
  return {
    key: `chart-${row.id}`,
    kind: 'chart',
    id: row.id,
    title: row.slice_name || UNTITLED(),
    url: row.url,
    description: modified(row.changed_on_delta_humanized),
    time: Date.parse(row.changed_on_utc),
  };
}

function savedQueryItem(row: SavedQueryRow): HomeItem {
  return {
    key: `saved_query-${row.id}`,
    kind: 'saved_query',
    id: row.id,
    title: row.label || UNTITLED(),
    url: `/sqllab/?savedQueryId=${row.id}`,
    description: modified(row.changed_on_delta_humanized),
    time: Date.parse(row.changed_on),
  };
}

/** Superset's tabs: Favorite (is_favorite), Mine (owners), All (no filter). */
function tabFilters(kind: 'dashboard' | 'chart', tab: ObjectTab, userId: number): Filter[] {
  if (tab === 'Favorite') return [{ col: 'id', opr: `${kind}_is_favorite`, value: true }];
  if (tab === 'Mine') return [{ col: 'owners', opr: 'rel_m_m', value: userId }];
  return [];
}

export interface ObjectPage {
  items: HomeItem[];
  count: number;
}

export async function fetchDashboards(tab: ObjectTab, userId: number): Promise<ObjectPage> {
  const body = await api.get<ListResponse<DashboardRow>>(
    `/api/v1/dashboard/${q(tabFilters('dashboard', tab, userId))}`,
  );
  return { items: body.result.map(dashboardItem), count: body.count };
}

export async function fetchCharts(tab: ObjectTab, userId: number): Promise<ObjectPage> {
  const body = await api.get<ListResponse<ChartRow>>(`/api/v1/chart/${q(tabFilters('chart', tab, userId))}`);
  return { items: body.result.map(chartItem), count: body.count };
}

export async function fetchSavedQueries(userId: number): Promise<ObjectPage> {
  const body = await api.get<ListResponse<SavedQueryRow>>(
    `/api/v1/saved_query/${q([{ col: 'created_by', opr: 'rel_o_m', value: userId }])}`,
  );
  return { items: body.result.map(savedQueryItem), count: body.count };
}

export async function fetchFavoriteIds(kind: 'dashboard' | 'chart', ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const body = await api.get<{ result: Array<{ id: number; value: boolean }> }>(
    `/api/v1/${kind}/favorite_status/?q=${encodeURIComponent(encodeRison(ids))}`,
  );
  return new Set(body.result.filter((item) => item.value).map((item) => item.id));
}

export function setFavorite(kind: 'dashboard' | 'chart', id: number, starred: boolean): Promise<unknown> {
  const path = `/api/v1/${kind}/${id}/favorites/`;
  return starred ? api.post(path) : api.delete(path);
}

function viewedItem(item: RecentActivityItem): HomeItem {
  return {
    key: `viewed-${item.item_url}`,
    kind: item.item_type === 'dashboard' ? 'dashboard' : 'chart',
    id: 0,
    title: item.item_title || UNTITLED(),
    url: item.item_url,
    description: t('Viewed {{ago}}', { ago: localizedAge(item.time_delta_humanized) }),
    time: item.time,
  };
}

/** Recents → Viewed: each object once, at the caller's latest view. */
export async function fetchViewed(): Promise<HomeItem[]> {
  const query = encodeURIComponent(encodeRison({ page_size: 24, distinct: true }));
  const body = await api.get<{ result: RecentActivityItem[] }>(`/api/v1/log/recent_activity/?q=${query}`);
  return body.result.map(viewedItem);
}

const newestFirst = (a: HomeItem, b: HomeItem) => b.time - a.time;

/** Recents → Edited (changed_by me) and Created (created_by me): charts and dashboards together, newest first. */
export async function fetchTouched(column: 'changed_by' | 'created_by', userId: number): Promise<HomeItem[]> {
  const filters = [{ col: column, opr: 'rel_o_m', value: userId }];
  const [dashboards, charts, queries] = await Promise.all([
    api.get<ListResponse<DashboardRow>>(`/api/v1/dashboard/${q(filters)}`),
    api.get<ListResponse<ChartRow>>(`/api/v1/chart/${q(filters)}`),
    column === 'created_by'
      ? api.get<ListResponse<SavedQueryRow>>(`/api/v1/saved_query/${q(filters)}`).catch(() => null)
      : Promise.resolve(null),
  ]);
  return [
    ...dashboards.result.map(dashboardItem),
    ...charts.result.map(chartItem),
    ...(queries?.result.map(savedQueryItem) ?? []),
  ]
    .sort(newestFirst)
    .slice(0, HOME_PAGE_SIZE);
}
