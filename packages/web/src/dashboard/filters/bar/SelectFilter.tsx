// The select filter: options from its column (narrowed by cascade parents), search, multi-select showing at most
// 7 tags, 'Select All' when more than one option is enabled, and the first value by default when configured.
import type { ExtraFormData, NativeFilter } from '@nezha/core';
import { Button, Divider, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../store/hooks';
import { type FilterOptionValue, fetchSelectOptions, optionLabel, searchFilterValues } from '../filter-options';

/** The spec's limit of tags shown in a multi-select before "+ N …". */
export const MAX_TAG_COUNT = 7;
const SEARCH_DEBOUNCE_MS = 350;

interface Props {
  filter: NativeFilter;
  dashboardId: number;
  value: unknown;
  dependencies: ExtraFormData;
  onChange: (value: FilterOptionValue[] | null) => void;
  onDefaultFirst: (value: FilterOptionValue[]) => void;
  width?: number | string;
}

/** Options are keyed by their JSON, so that null, numbers and booleans survive the trip through the select. */
const keyOf = (value: FilterOptionValue) => JSON.stringify(value);

export default function SelectFilter({
  filter,
  dashboardId,
  value,
  dependencies,
  onChange,
  onDefaultFirst,
  width,
}: Props) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [options, setOptions] = useState<FilterOptionValue[]>([]);
  const [searched, setSearched] = useState<FilterOptionValue[]>([]);
  const [search, setSearch] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const multi = filter.controlValues.multiSelect !== false;
  const dependencyKey = JSON.stringify(dependencies);

  useEffect(() => {
    let live = true;
    setLoading(true);
    dispatch(fetchSelectOptions(filter, dashboardId, JSON.parse(dependencyKey) as ExtraFormData)).then(
      (values) => {
        if (!live) return;
        setOptions(values);
        setError(null);
        setLoading(false);
      },
      (failure: unknown) => {
        if (!live) return;
        setOptions([]);
        setError(failure instanceof Error ? failure.message : String(failure));
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [dispatch, filter, dashboardId, dependencyKey]);

  // "Select first filter value by default": once options arrive and nothing is chosen yet.
  const selected = useMemo(
    () =>
      Array.isArray(value)
        ? (value as FilterOptionValue[])
        : value === undefined || value === null
          ? []
          : [value as FilterOptionValue],
    [value],
  );
  useEffect(() => {
    if (filter.controlValues.defaultToFirstItem && selected.length === 0 && options.length > 0)
      onDefaultFirst([options[0]!]);
  }, [filter.controlValues.defaultToFirstItem, selected.length, options, onDefaultFirst]);

  useEffect(() => {
    if (!filter.controlValues.searchAllOptions || !search.trim()) {
      setSearched([]);
      return;
    }
    const timer = setTimeout(() => {
      searchFilterValues(filter, search).then(setSearched, () => setSearched([]));
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [filter, search]);

  const all = useMemo(() => {
    const seen = new Set(options.map(keyOf));
    return [...options, ...searched.filter((option) => !seen.has(keyOf(option)))];
  }, [options, searched]);
  const selectOptions = all.map((option) => ({ value: keyOf(option), label: optionLabel(option) }));
  const selectedKeys = selected.map(keyOf);
  const visible = selectOptions.filter((option) => option.label.toLowerCase().includes(search.toLowerCase()));
  const toValues = (keys: string[]) => keys.map((key) => JSON.parse(key) as FilterOptionValue);

  return (
    <Select
      data-test="select-filter"
      mode={multi ? 'multiple' : undefined}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      loading={loading}
      maxTagCount={MAX_TAG_COUNT}
      placeholder={error ? t('Error loading options') : t('{{count}} options', { count: all.length })}
      status={error ? 'error' : undefined}
      style={{ width: width ?? '100%' }}
      value={multi ? selectedKeys : selectedKeys[0]}
      options={visible}
      onChange={(next: string | string[] | undefined) => {
        const keys = next === undefined ? [] : Array.isArray(next) ? next : [next];
        onChange(keys.length > 0 ? toValues(keys) : null);
      }}
      popupRender={(menu) => (
        <>
          {multi && visible.length > 1 && (
            <>
              <Button
                type="link"
                size="small"
                data-test="select-all"
                onClick={() =>
                  onChange(toValues([...new Set([...selectedKeys, ...visible.map((option) => option.value)])]))
                }
              >
                {t('Select all ({{count}})', { count: visible.length })}
              </Button>
              <Divider style={{ margin: '4px 0' }} />
            </>
          )}
          {menu}
        </>
      )}
    />
  );
}
