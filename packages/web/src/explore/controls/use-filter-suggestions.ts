// Filter value autocomplete (spec §7 "Filters and autocomplete", §8, §9): the column's cache state, suggestions
// debounced by cardinality, pages of 100 loaded on scroll, and the notices for service errors.
import { useCallback, useEffect, useRef, useState } from 'react';
import { i18nKey } from '../../i18n/i18n';
import { type FilterColumnRef, fetchFilterCacheState, fetchFilterSuggestions } from '../api/explore-api';
import type { FilterCacheState } from '../api/types';
import { autocompleteDebounceMs, SELECT_PAGE_SIZE } from './filter-values';

export interface FilterSuggestions {
  values: unknown[];
  loading: boolean;
  /** An error or warning notice of the autocomplete service, shown beside the picker. */
  notice: { type: 'error' | 'warning'; text: string } | null;
  search: (text: string) => void;
  loadMore: () => void;
}

/** The server's cap on one suggestion request. */
const MAX_SUGGESTIONS = 1000;

export const SERVICE_ERROR_NOTICE: string = i18nKey('The autocomplete service failed; type the values.');
export const SERVICE_NOT_READY_NOTICE: string = i18nKey('The autocomplete service is not ready yet; type the values.');

export function useFilterSuggestions(ref: FilterColumnRef | null): FilterSuggestions {
  const [values, setValues] = useState<unknown[]>([]);
  const [loading, setLoading] = useState(false);
  const [notice, setNotice] = useState<FilterSuggestions['notice']>(null);
  const [cache, setCache] = useState<FilterCacheState | null>(null);
  const [text, setText] = useState('');
  const [limit, setLimit] = useState(SELECT_PAGE_SIZE);
  const exhausted = useRef(false);
  const key = ref ? `${ref.datasourceType}/${ref.datasourceId}/${ref.column}` : '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the column
  useEffect(() => {
    setValues([]);
    setNotice(null);
    setCache(null);
    setText('');
    setLimit(SELECT_PAGE_SIZE);
    if (!ref) return;
    let live = true;
    fetchFilterCacheState(ref).then(
      (state) => {
        if (!live) return;
        setCache(state);
        if (state.state === 'SERVICE_ERROR') setNotice({ type: 'error', text: SERVICE_ERROR_NOTICE });
        if (state.state === 'SERVICE_NOT_READY') setNotice({ type: 'warning', text: SERVICE_NOT_READY_NOTICE });
      },
      () =>
        live &&
        setCache({
          state: 'COLUMN_ENABLED',
          card: null,
          stale_threshold: 1,
          updating: false,
          last_ingestion_time: null,
        }),
    );
    return () => {
      live = false;
    };
  }, [key]);

  const disabled = !ref || !cache || cache.state !== 'COLUMN_ENABLED';

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the column
  useEffect(() => {
    if (disabled || !ref) {
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      fetchFilterSuggestions(ref, text, limit, 0, controller.signal).then(
        (result) => {
          exhausted.current = result.length < limit;
          setValues(result);
          setLoading(false);
        },
        () => {
          // A failed fetch leaves the list empty (spec §8); typing still works.
          if (controller.signal.aborted) return;
          setValues([]);
          setLoading(false);
        },
      );
    }, autocompleteDebounceMs(cache?.card));
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, text, limit, disabled]);

  const search = useCallback((next: string) => {
    exhausted.current = false;
    setLimit(SELECT_PAGE_SIZE);
    setText(next);
  }, []);
  const loadMore = useCallback(() => {
    if (!exhausted.current) setLimit((current) => Math.min(current + SELECT_PAGE_SIZE, MAX_SUGGESTIONS));
  }, []);

  return { values, loading, notice, search, loadMore };
}
