// State of a server-paged, sortable, searchable list: what to ask for and what came back.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListQuery, ListResponse } from '../../api/types';

export const LIST_PAGE_SIZE = 25;

export interface PagedListState {
  page: number;
  sortColumn: string | undefined;
  sortDirection: 'asc' | 'desc';
  search: string;
  /** Filters of the page's own controls (a tag, …), sent beside the search. */
  filters?: NonNullable<ListQuery['filters']>;
}

export interface PagedListOptions {
  /** Column the search box filters with `ct` (contains); none means no search. */
  searchColumn?: string;
  defaultSort?: { column: string; direction: 'asc' | 'desc' };
}

/** The rison query of a list state (exported for tests). */
export function toListQuery(state: PagedListState, options: PagedListOptions): ListQuery {
  const query: ListQuery = { page: state.page, page_size: LIST_PAGE_SIZE };
  if (state.sortColumn) {
    query.order_column = state.sortColumn;
    query.order_direction = state.sortDirection;
  }
  const search = state.search.trim();
  const filters = [
    ...(options.searchColumn && search ? [{ col: options.searchColumn, opr: 'ct', value: search }] : []),
    ...(state.filters ?? []),
  ];
  if (filters.length > 0) query.filters = filters;
  return query;
}

export function usePagedList<T>(fetcher: (query: ListQuery) => Promise<ListResponse<T>>, options: PagedListOptions) {
  const [state, setState] = useState<PagedListState>({
    page: 0,
    sortColumn: options.defaultSort?.column,
    sortDirection: options.defaultSort?.direction ?? 'asc',
    search: '',
  });
  const [items, setItems] = useState<T[]>([]);
  const [count, setCount] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [version, setVersion] = useState(0);
  const latest = useRef(0);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const optionsRef = useRef(options);
  optionsRef.current = options;

  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the reload trigger
  useEffect(() => {
    const call = ++latest.current;
    setLoading(true);
    fetcherRef.current(toListQuery(state, optionsRef.current)).then(
      (body) => {
        if (call !== latest.current) return;
        setItems(body.result);
        setCount(body.count);
        setError(null);
        setLoading(false);
      },
      (failure: unknown) => {
        if (call !== latest.current) return;
        setError(failure);
        setLoading(false);
      },
    );
  }, [state, version]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);
  const setPage = useCallback((page: number) => setState((previous) => ({ ...previous, page })), []);
  const setSort = useCallback(
    (sortColumn: string | undefined, sortDirection: 'asc' | 'desc') =>
      setState((previous) => ({ ...previous, sortColumn, sortDirection, page: 0 })),
    [],
  );
  const setSearch = useCallback((search: string) => setState((previous) => ({ ...previous, search, page: 0 })), []);
  const setFilters = useCallback(
    (filters: NonNullable<ListQuery['filters']>) => setState((previous) => ({ ...previous, filters, page: 0 })),
    [],
  );

  return { state, items, count, loading, error, reload, setPage, setSort, setSearch, setFilters };
}
