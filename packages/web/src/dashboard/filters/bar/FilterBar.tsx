// The native filter bar (spec §2, §4 "Filter bar"): vertical at the left or horizontal at the top; selections wait
// until Apply, Clear all resets and applies; cascading filters follow their parents' pending values.
import { FilterOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import {
  cascadeDependencies,
  type DataMaskState,
  type DataMaskWithId,
  dataMaskFor,
  isNativeFilter,
  type NativeFilter,
} from '@nezha/core';
import { Button, Divider, Empty, Space, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { dataMaskActions } from '../../state/data-mask';
import CrossFilterSection from './CrossFilterSection';
import FilterBarSettings from './FilterBarSettings';
import FilterControl, { isRequired } from './FilterControl';

interface Props {
  horizontal: boolean;
  onEditFilters: () => void;
  onScopeCrossFilters: () => void;
  /** Starts folded (the embedding SDK's `filters.expanded: false`, sent as `expand_filters=false`). */
  startCollapsed?: boolean;
}

function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || (Array.isArray(value) && value.length === 0);
}

export default function FilterBar({ horizontal, onEditFilters, onScopeCrossFilters, startCollapsed = false }: Props) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const dashboardId = useAppSelector((state) => state.dashboardInfo.id) ?? 0;
  const items = useAppSelector((state) => state.nativeFilters.filters);
  const dataMask = useAppSelector((state) => state.dataMask);
  const canEdit = useAppSelector((state) => state.dashboardInfo.dash_edit_perm);
  const [collapsed, setCollapsed] = useState(startCollapsed);
  const filters = useMemo(() => items.filter(isNativeFilter), [items]);
  // Keyed on the native filters' masks only: a cross-filter or a chart's own state must not reset selections.
  const appliedKey = JSON.stringify(
    Object.fromEntries(filters.flatMap((filter) => (dataMask[filter.id] ? [[filter.id, dataMask[filter.id]]] : []))),
  );
  const applied = useMemo(() => JSON.parse(appliedKey) as DataMaskState, [appliedKey]);
  const [selected, setSelected] = useState<DataMaskState>(applied);
  useEffect(() => setSelected(applied), [applied]);

  const select = useCallback((filter: NativeFilter, value: unknown) => {
    setSelected((current) => ({ ...current, [filter.id]: dataMaskFor(filter, value) }));
  }, []);
  const defaultFirst = useCallback(
    (filter: NativeFilter, value: unknown) => {
      const mask = dataMaskFor(filter, value);
      setSelected((current) => ({ ...current, [filter.id]: mask }));
      dispatch(dataMaskActions.dataMaskApplied([mask]));
    },
    [dispatch],
  );

  const missing = new Set(
    filters
      .filter((filter) => isRequired(filter) && isEmptyValue(selected[filter.id]?.filterState?.value))
      .map((f) => f.id),
  );
  const dirty =
    JSON.stringify(filters.map((filter) => selected[filter.id]?.filterState ?? null)) !==
    JSON.stringify(filters.map((filter) => applied[filter.id]?.filterState ?? null));
  const apply = () =>
    dispatch(
      dataMaskActions.dataMaskApplied(
        filters.map((filter) => selected[filter.id]).filter((mask): mask is DataMaskWithId => !!mask),
      ),
    );
  const clearAll = () => {
    const cleared = filters.map((filter) => dataMaskFor(filter, null));
    setSelected(Object.fromEntries(cleared.map((mask) => [mask.id, mask])));
    dispatch(dataMaskActions.dataMaskApplied(cleared));
  };

  const controls = items.map((item) =>
    isNativeFilter(item) ? (
      <FilterControl
        key={item.id}
        filter={item}
        dashboardId={dashboardId}
        mask={selected[item.id]}
        dependencies={cascadeDependencies(item, selected)}
        horizontal={horizontal}
        missingRequired={missing.has(item.id)}
        onChange={(value) => select(item, value)}
        onDefaultFirst={(value) => defaultFirst(item, value)}
      />
    ) : (
      <div
        key={item.id}
        data-test="filter-divider"
        style={horizontal ? { borderLeft: '1px solid #d9d9d9', paddingLeft: 12 } : { margin: '8px 0 16px' }}
      >
        <Typography.Text strong>{item.title}</Typography.Text>
        {item.description && !horizontal && <div style={{ color: '#888', fontSize: 12 }}>{item.description}</div>}
        {!horizontal && <Divider style={{ margin: '6px 0 0' }} />}
      </div>
    ),
  );
  const actions = (
    <Space orientation={horizontal ? 'horizontal' : 'vertical'} style={horizontal ? undefined : { width: '100%' }}>
      <Button
        type="primary"
        block={!horizontal}
        disabled={!dirty || missing.size > 0}
        onClick={apply}
        data-test="filter-bar-apply"
      >
        {t('Apply filters')}
      </Button>
      <Button block={!horizontal} onClick={clearAll} disabled={filters.length === 0} data-test="filter-bar-clear">
        {t('Clear all')}
      </Button>
    </Space>
  );
  const empty = items.length === 0 && (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        canEdit ? t('No filters are currently added to this dashboard.') : t('No global filters are currently added')
      }
    >
      {canEdit && (
        <Button size="small" onClick={onEditFilters} data-test="add-first-filter">
          {t('Add/Edit Filters')}
        </Button>
      )}
    </Empty>
  );

  if (horizontal) {
    return (
      <div
        data-test="filter-bar"
        data-orientation="HORIZONTAL"
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 16,
          flexWrap: 'wrap',
          padding: '8px 24px',
          background: '#fff',
          borderBottom: '1px solid #e0e0e0',
        }}
      >
        <FilterOutlined />
        {items.length === 0 ? (
          <Typography.Text type="secondary">{t('No filters are currently added to this dashboard.')}</Typography.Text>
        ) : (
          controls
        )}
        <CrossFilterSection horizontal />
        <div style={{ flex: 1 }} />
        {items.length > 0 && actions}
        <FilterBarSettings onEditFilters={onEditFilters} onScopeCrossFilters={onScopeCrossFilters} />
      </div>
    );
  }
  if (collapsed) {
    return (
      <div
        data-test="filter-bar"
        data-orientation="VERTICAL"
        style={{
          width: 40,
          flex: '0 0 40px',
          background: '#fff',
          borderRight: '1px solid #e0e0e0',
          paddingTop: 12,
          textAlign: 'center',
        }}
      >
        <Tooltip title={t('Expand filter bar')} placement="right">
          <Button
            type="text"
            icon={<RightOutlined />}
            onClick={() => setCollapsed(false)}
            data-test="filter-bar-expand"
          />
        </Tooltip>
        <FilterOutlined style={{ display: 'block', marginTop: 12, color: '#888' }} />
      </div>
    );
  }
  return (
    <aside
      data-test="filter-bar"
      data-orientation="VERTICAL"
      style={{
        width: 270,
        flex: '0 0 270px',
        background: '#fff',
        borderRight: '1px solid #e0e0e0',
        padding: 16,
        alignSelf: 'stretch',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', marginBottom: 12 }}>
        <Typography.Title level={5} style={{ margin: 0, flex: 1 }}>
          {t('Filters')}
        </Typography.Title>
        <FilterBarSettings onEditFilters={onEditFilters} onScopeCrossFilters={onScopeCrossFilters} />
        <Button
          type="text"
          size="small"
          icon={<LeftOutlined />}
          aria-label={t('Collapse filter bar')}
          onClick={() => setCollapsed(true)}
        />
      </div>
      <CrossFilterSection horizontal={false} />
      {items.length === 0 ? empty : controls}
      {items.length > 0 && actions}
    </aside>
  );
}
