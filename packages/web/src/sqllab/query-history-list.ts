// The Query history page's state and the rison query it sends to GET /api/v1/query/ (Superset's QueryList filters).
import type { QueryState } from '@nezha/core';

export const HISTORY_PAGE_SIZE = 25;

export interface HistoryListState {
  page: number;
  sortColumn: string;
  sortDirection: 'asc' | 'desc';
  userId: number | null;
  databaseId: number | null;
  state: QueryState | null;
  /** Epoch milliseconds; either end may be open. */
  timeRange: [number | null, number | null] | null;
  search: string;
}

export const INITIAL_HISTORY_STATE: HistoryListState = {
  page: 0,
  sortColumn: 'start_time',
  sortDirection: 'desc',
  userId: null,
  databaseId: null,
  state: null,
  timeRange: null,
  search: '',
};

export type HistoryFilter =
  | { col: 'user' | 'database'; opr: 'rel_o_m'; value: number }
  | { col: 'status'; opr: 'eq'; value: string }
  | { col: 'start_time'; opr: 'between'; value: [number | null, number | null] }
  | { col: 'sql'; opr: 'ct'; value: string };

export interface HistoryListQuery {
  filters: HistoryFilter[];
  order_column: string;
  order_direction: 'asc' | 'desc';
  page: number;
  page_size: number;
}

/** The filters exactly as Superset's QueryList sends them, so the same API answers both. */
export function toHistoryQuery(state: HistoryListState): HistoryListQuery {
  const filters: HistoryFilter[] = [];
  if (state.userId !== null) filters.push({ col: 'user', opr: 'rel_o_m', value: state.userId });
  if (state.databaseId !== null) filters.push({ col: 'database', opr: 'rel_o_m', value: state.databaseId });
  if (state.state !== null) filters.push({ col: 'status', opr: 'eq', value: state.state });
  if (state.timeRange && (state.timeRange[0] !== null || state.timeRange[1] !== null)) {
    filters.push({ col: 'start_time', opr: 'between', value: state.timeRange });
  }
  const search = state.search.trim();
  if (search) filters.push({ col: 'sql', opr: 'ct', value: search });
  return {
    filters,
    order_column: state.sortColumn,
    order_direction: state.sortDirection,
    page: state.page,
    page_size: HISTORY_PAGE_SIZE,
  };
}

export function hasHistoryFilters(state: HistoryListState): boolean {
  return toHistoryQuery(state).filters.length > 0;
}

/** The states the State filter offers: the ones a finished or running record can hold. */
export const HISTORY_STATES: readonly QueryState[] = [
  'success',
  'failed',
  'stopped',
  'timed_out',
  'running',
  'pending',
];

/** Where "Open in SQL Lab" goes: SQL Lab opens the run's SQL in a new tab (Superset's `?queryId=`). */
export function openInSqlLabUrl(queryId: number): string {
  return `/sqllab/?queryId=${queryId}`;
}
