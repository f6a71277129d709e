// A chart's right-click menu (Superset's ChartContextMenu), opened at the pointer by the plugins' onContextMenu hook
// or by a right-click beside the data: add or remove a cross-filter, drill to detail (by the clicked values), and
// drill by a groupable column of the dataset, found with a search box.
import { InfoCircleOutlined } from '@ant-design/icons';
import type { QueryFormData } from '@nezha/core';
import { Dropdown, Input, type MenuProps, Tooltip } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getChartPlugin } from '../../charts/registry';
import type { DataMask, FilterState } from '../../charts/types';
import { drillByColumns, drillByDimensionKey, drillValueText } from '../../dashboard/state/drill-by';
import type { Datasource } from '../../explore/api/types';
import { useCurrentUser } from '../../session/use-session';
import {
  type ContextMenuEntry,
  contextMenuEntries,
  drillPermissions,
  isPointSelected,
  type PointFilter,
  pointCrossFilter,
} from './context-menu-items';

export interface ContextMenuPosition {
  x: number;
  y: number;
  filters: PointFilter[];
}

interface Props {
  position: ContextMenuPosition | null;
  formData: QueryFormData;
  datasource: Datasource | undefined;
  /** On a dashboard: whether cross-filters are on and the chart's own selection; null in Explore. */
  dashboard: { crossFiltersEnabled: boolean; filterState: FilterState | undefined } | null;
  only?: ReadonlyArray<ContextMenuEntry['kind']>;
  onClose: () => void;
  onCrossFilter?: (mask: DataMask) => void;
  onDrillToDetail: (filters: PointFilter[]) => void;
  onDrillBy: (column: string, filters: PointFilter[]) => void;
}

/** Columns listed at once in the drill by submenu; the search box finds the others. */
const DRILL_BY_LISTED = 50;

export default function ChartContextMenu(props: Props) {
  const { position, formData, datasource, dashboard } = props;
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [search, setSearch] = useState('');
  const plugin = getChartPlugin(formData.viz_type);
  const permissions = useMemo(() => drillPermissions(user?.roles), [user]);
  const filters = position?.filters ?? [];
  const temporal = (column: string) => datasource?.columns.find((c) => c.column_name === column)?.is_dttm === true;
  const label = (name: string) =>
    datasource?.verbose_map?.[name] || datasource?.columns.find((c) => c.column_name === name)?.verbose_name || name;

  const entries = contextMenuEntries({
    behaviors: plugin?.metadata.behaviors ?? [],
    filters,
    permissions,
    dashboard: dashboard
      ? {
          crossFiltersEnabled: dashboard.crossFiltersEnabled,
          selected: isPointSelected(filters, dashboard.filterState),
        }
      : null,
    ...(props.only ? { only: props.only } : {}),
    format: (filter) => drillValueText(filter.val, temporal(filter.col)),
  });

  const dimensionKey = plugin ? drillByDimensionKey(plugin.controlPanel) : null;
  const columns = useMemo(
    () => (dimensionKey ? drillByColumns(datasource, formData, dimensionKey) : []),
    [datasource, formData, dimensionKey],
  );
  const needle = search.trim().toLowerCase();
  const matching = columns.filter(
    (column) =>
      !needle ||
      column.column_name.toLowerCase().includes(needle) ||
      label(column.column_name).toLowerCase().includes(needle),
  );

  const withTip = (text: string, tip: string): ReactNode => (
    <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
      {text}
      <Tooltip title={<span style={{ whiteSpace: 'pre-line' }}>{t(tip)}</span>}>
        <InfoCircleOutlined data-test="cross-filter-tip" />
      </Tooltip>
    </span>
  );

  const items: NonNullable<MenuProps['items']> = [];
  entries.forEach((entry, index) => {
    switch (entry.kind) {
      case 'cross-filter':
        items.push({
          key: 'cross-filter',
          disabled: entry.disabled,
          label: entry.remove ? t('Remove cross-filter') : withTip(t('Add cross-filter'), entry.tooltip),
        });
        if (entries.length > 1) items.push({ type: 'divider', key: 'cross-filter-divider' });
        break;
      case 'drill-to-detail':
        items.push({ key: 'drill-to-detail', label: t('Drill to detail') });
        break;
      case 'drill-to-detail-by':
        items.push({
          key: `drill-to-detail-by-${index}`,
          label: entry.all ? t('Drill to detail by all') : t('Drill to detail by {{value}}', { value: entry.label }),
        });
        break;
      case 'drill-by':
        items.push({
          key: 'drill-by',
          label: t('Drill by'),
          popupStyle: { maxHeight: 360, overflowY: 'auto' },
          children: [
            {
              key: 'drill-by-search',
              label: (
                <Input
                  size="small"
                  allowClear
                  autoFocus
                  placeholder={t('Search columns')}
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                  // The menu would take the keys (arrows, letters) and the click for itself.
                  onKeyDown={(event) => event.stopPropagation()}
                  onClick={(event) => event.stopPropagation()}
                  data-test="drill-by-search"
                />
              ),
            },
            ...(matching.length === 0
              ? [{ key: 'drill-by-none', disabled: true, label: t('No columns found') }]
              : matching.slice(0, DRILL_BY_LISTED).map((column) => ({
                  key: `drill-by:${column.column_name}`,
                  label: label(column.column_name),
                }))),
            ...(matching.length > DRILL_BY_LISTED
              ? [
                  {
                    key: 'drill-by-more',
                    disabled: true,
                    label: t('{{count}} more: refine the search', { count: matching.length - DRILL_BY_LISTED }),
                  },
                ]
              : []),
          ],
        });
        break;
    }
  });
  if (items.length === 0) items.push({ key: 'none', disabled: true, label: t('No actions') });

  const close = () => {
    setSearch('');
    props.onClose();
  };

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'drill-by-search') return;
    if (key === 'cross-filter' && dashboard) props.onCrossFilter?.(pointCrossFilter(filters, dashboard.filterState));
    else if (key === 'drill-to-detail') props.onDrillToDetail([]);
    else if (key.startsWith('drill-to-detail-by-')) {
      const entry = entries[Number(key.slice('drill-to-detail-by-'.length))];
      if (entry?.kind === 'drill-to-detail-by') props.onDrillToDetail(entry.filters);
    } else if (key.startsWith('drill-by:')) props.onDrillBy(key.slice('drill-by:'.length), filters);
    close();
  };

  return (
    <Dropdown
      open={position !== null}
      onOpenChange={(open) => !open && close()}
      trigger={['contextMenu']}
      menu={{ items, onClick }}
      popupRender={(menu) => <div data-test="chart-context-menu">{menu}</div>}
      destroyOnHidden
    >
      {/* The menu's anchor: a point at the pointer, since a chart's canvas cannot hold one per data element. */}
      <span
        style={{
          position: 'fixed',
          left: position?.x ?? 0,
          top: position?.y ?? 0,
          width: 1,
          height: 1,
          visibility: 'hidden',
          pointerEvents: 'none',
        }}
      />
    </Dropdown>
  );
}
