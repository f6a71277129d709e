// Filter value autocomplete (spec §7 "Filters and autocomplete", §8, §9): the column's cache state, suggestions
// debounced by cardinality, pages of 100 loaded on scroll, and the notices for service errors.
import { autocompletePlan } from '@nezha/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type FilterColumnRef,
  fetchFilterCacheState,
  fetchFilterSuggestions,
  warmFilterColumn,
} from '../api/explore-api';
import type { FilterCacheState } from '../api/types';
import { type PickerNotice, pickerNotice } from './autocomplete-notices';
import { autocompleteDebounceMs, SELECT_PAGE_SIZE } from './filter-values';

export interface FilterSuggestions {
  values: unknown[];
  loading: boolean;
  /** An error or warning notice of the autocomplete service, shown beside the picker. */
  notice: PickerNotice | null;
  search: (text: string) => void;
  loadMore: () => void;
}

/** The server's cap on one suggestion request. */
const MAX_SUGGESTIONS = 1000;

export function useFilterSuggestions(ref: FilterColumnRef | null): FilterSuggestions {
  const [values, setValues] = useState<unknown[]>([]);
  const [loading, setLoading] = useState(false);
  const [notice, setNotice] = useState<FilterSuggestions['notice']>(null);
  const [cache, setCache] = useState<FilterCacheState | null>(null);
  const [suggest, setSuggest] = useState(false);
  const [text, setText] = useState('');
  const [limit, setLimit] = useState(SELECT_PAGE_SIZE);
  const exhausted = useRef(false);
  const key = ref ? `${ref.datasourceType}/${ref.datasourceId}/${ref.column}` : '';

  // The cache state decides: suggest, re-warm a column counted a day or more ago (once), or show a notice.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the column
  useEffect(() => {
    setValues([]);
    setNotice(null);
    setCache(null);
    setSuggest(false);
    setText('');
    setLimit(SELECT_PAGE_SIZE);
    if (!ref) return;
    let live = true;
    const apply = (state: FilterCacheState | null, warmed: boolean) => {
      if (!live) return;
      const plan = autocompletePlan(state, Date.now(), warmed);
      setCache(state);
      setSuggest(plan.suggest);
      setNotice(pickerNotice(plan));
      if (plan.warm) {
        warmFilterColumn(ref).then(
          (next) => apply(next, true),
          () => apply(state, true),
        );
      }
    };
    fetchFilterCacheState(ref).then(
      (state) => apply(state, false),
      () => apply(null, false),
    );
    return () => {
      live = false;
    };
  }, [key]);

  const disabled = !ref || !suggest;

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
