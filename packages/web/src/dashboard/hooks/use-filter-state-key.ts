// Keeps the applied native filter values on the server under a key (Superset's filter_state) and the key in the URL
// as native_filters_key, so that a reload or a shared link opens with the same values. Nothing is written until the
// values differ from those the dashboard opened with, or the URL still carries the legacy rison native_filters.
import { isNativeFilter } from '@nezha/core';
import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../store/hooks';
import { createFilterState, updateFilterState } from '../api/dashboard-api';
import { nativeFilterMasks, URL_PARAMS } from '../url-state';

/** Filter changes this close together make one write. */
const WRITE_DELAY_MS = 300;

interface Written {
  dashboardId: number;
  value: string;
  key: string | null;
}

export function useFilterStateKey(ready: boolean): void {
  const dashboardId = useAppSelector((state) => state.dashboardInfo.id);
  const filters = useAppSelector((state) => state.nativeFilters.filters);
  const dataMask = useAppSelector((state) => state.dataMask);
  const [searchParams, setSearchParams] = useSearchParams();
  const ids = useMemo(() => filters.filter(isNativeFilter).map((filter) => filter.id), [filters]);
  const value =
    ready && dashboardId !== null && ids.length > 0 ? JSON.stringify(nativeFilterMasks(dataMask, ids)) : null;
  const key = searchParams.get(URL_PARAMS.nativeFiltersKey);
  const legacy = searchParams.has(URL_PARAMS.nativeFilters);
  const written = useRef<Written | null>(null);
  // Writes run one after another, so a second change never creates a second key.
  const queue = useRef<Promise<void>>(Promise.resolve());

  useEffect(() => {
    if (value === null || dashboardId === null) return;
    if (written.current?.dashboardId !== dashboardId) {
      // What the dashboard opened with is what its URL already stands for.
      written.current = { dashboardId, value, key };
    }
    if (written.current.value === value && !legacy) return;
    const timer = setTimeout(() => {
      queue.current = queue.current.then(async () => {
        const last = written.current;
        let next = last?.dashboardId === dashboardId ? last.key : null;
        try {
          // A key that is not ours (a shared link) or has expired cannot be updated: the values get a new one.
          if (next) await updateFilterState(dashboardId, next, value).catch(() => (next = null));
          next ??= await createFilterState(dashboardId, value);
        } catch {
          return;
        }
        written.current = { dashboardId, value, key: next };
        const stored = next;
        setSearchParams(
          (current) => {
            const params = new URLSearchParams(current);
            params.set(URL_PARAMS.nativeFiltersKey, stored);
            params.delete(URL_PARAMS.nativeFilters);
            return params;
          },
          { replace: true },
        );
      });
    }, WRITE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value, dashboardId, key, legacy, setSearchParams]);
}
