// Charts list (/chart/list/): search by name, owner, chart type and tag filters, ordering, paging, favourite stars,
// links to explore, tags, and edit (the properties dialog) and delete for the chart's owners.
import { PlusOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { isAdmin } from '@nezha/core';
import { Alert, Button, Checkbox, Input, Select, Table, type TableProps, Tag, Tooltip } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isApiError } from '../api/api-error';
import ListPageFrame from '../components/list/ListPageFrame';
import RowActions from '../components/list/RowActions';
import { localizedAge } from '../components/list/relative-age';
import { LIST_PAGE_SIZE } from '../components/list/use-paged-list';
import RequirePermission from '../components/RequirePermission';
import { addDangerToast, addSuccessToast } from '../components/toasts/state/message-toasts';
import { useCan, useCurrentUser } from '../session/use-session';
import { useAppDispatch } from '../store/hooks';
import ObjectTags from '../tags/ObjectTags';
import { fetchTagNames } from '../tags/tags-api';
import {
  type ChartListItem,
  type ChartListState,
  deleteChart,
  fetchChartOwners,
  fetchCharts,
  fetchFavoriteStatus,
  type OwnerOption,
  setFavorite,
} from './chart-list-api';

const ChartAddModal = lazy(() => import('./ChartAddModal'));
const ChartPropertiesModal = lazy(() => import('./ChartPropertiesModal'));

const INITIAL: ChartListState = {
  page: 0,
  pageSize: LIST_PAGE_SIZE,
  search: '',
  ownerId: null,
  vizType: null,
  favoritesOnly: false,
  tagId: null,
  sortColumn: 'changed_on_delta_humanized',
  sortDirection: 'desc',
};

export default function ChartListPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useCurrentUser();
  const canRead = useCan('can_read', 'Chart');
  const canWrite = useCan('can_write', 'Chart');
  const [state, setState] = useState<ChartListState>(INITIAL);
  const [rows, setRows] = useState<ChartListItem[]>([]);
  const [count, setCount] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [favorites, setFavorites] = useState<Record<number, boolean>>({});
  const [owners, setOwners] = useState<OwnerOption[]>([]);
  const [vizNames, setVizNames] = useState<Record<string, string>>({});
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ChartListItem | null>(null);
  const [tagOptions, setTagOptions] = useState<Array<{ value: number; label: string }>>([]);
  const latest = useRef(0);

  const load = useCallback(async (query: ChartListState) => {
    const call = ++latest.current;
    setLoading(true);
    try {
      const body = await fetchCharts(query);
      if (call !== latest.current) return;
      setRows(body.result);
      setCount(body.count);
      setError(null);
      setFavorites(await fetchFavoriteStatus(body.result.map((row) => row.id)).catch(() => ({})));
    } catch (failure) {
      if (call === latest.current) setError(isApiError(failure) ? failure.message : String(failure));
    } finally {
      if (call === latest.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(state);
  }, [state, load]);

  useEffect(() => {
    fetchChartOwners('').then(setOwners, () => setOwners([]));
    fetchTagNames('').then(
      (tags) => setTagOptions(tags.map((tag) => ({ value: tag.id, label: tag.name }))),
      () => setTagOptions([]),
    );
    // Chart type names come from the plugins, loaded after the list itself.
    void import('../charts').then(({ registerAllCharts }) => {
      registerAllCharts();
      return import('../charts/registry').then(({ listChartPlugins }) =>
        setVizNames(Object.fromEntries(listChartPlugins().map((plugin) => [plugin.vizType, plugin.metadata.name]))),
      );
    });
  }, []);

  const update = (change: Partial<ChartListState>) => setState((current) => ({ ...current, page: 0, ...change }));
  const mayEdit = (row: ChartListItem) =>
    canWrite && !!user && (isAdmin(user.roles) || row.owners.some((owner) => owner.id === user.userId));

  const toggleStar = async (row: ChartListItem) => {
    const starred = !favorites[row.id];
    try {
      await setFavorite(row.id, starred);
      setFavorites((current) => ({ ...current, [row.id]: starred }));
    } catch {
      dispatch(addDangerToast(t('An error occurred while starring this chart')));
    }
  };
  const remove = async (row: ChartListItem) => {
    try {
      await deleteChart(row.id);
      dispatch(addSuccessToast(t('Deleted: {{name}}', { name: row.slice_name })));
      void load(state);
    } catch (failure) {
      const message = isApiError(failure) ? failure.message : String(failure);
      dispatch(
        addDangerToast(t('There was an issue deleting {{name}}: {{message}}', { name: row.slice_name, message })),
      );
    }
  };

  const sortOrder = (column: string) =>
    state.sortColumn === column ? (state.sortDirection === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;

  const columns: TableProps<ChartListItem>['columns'] = [
    {
      key: 'favorite',
      width: 44,
      render: (_value, row) => (
        <Button
          type="text"
          size="small"
          aria-label={favorites[row.id] ? t('Unstar') : t('Star')}
          icon={favorites[row.id] ? <StarFilled style={{ color: '#fadb14' }} /> : <StarOutlined />}
          onClick={() => void toggleStar(row)}
          data-test="chart-list-star"
        />
      ),
    },
    {
      key: 'slice_name',
      title: t('Name'),
      dataIndex: 'slice_name',
      sorter: true,
      sortOrder: sortOrder('slice_name'),
      render: (name: string, row) => (
        <Link to={row.url} data-test="chart-list-link">
          <strong>{name}</strong>
        </Link>
      ),
    },
    {
      key: 'viz_type',
      title: t('Chart type'),
      dataIndex: 'viz_type',
      sorter: true,
      sortOrder: sortOrder('viz_type'),
      width: 170,
      // The plugins' names are catalogue keys of the charts area.
      render: (vizType: string | null) => (vizType ? t(vizNames[vizType] ?? vizType) : '—'),
    },
    {
      key: 'datasource_name',
      title: t('Dataset'),
      dataIndex: 'datasource_name_text',
      sorter: true,
      sortOrder: sortOrder('datasource_name'),
      render: (name: string | null, row) => (row.datasource_url ? <Link to={row.datasource_url}>{name}</Link> : name),
    },
    {
      key: 'dashboards',
      title: t('Dashboards'),
      render: (_value, row) =>
        row.dashboards.map((dashboard) => (
          <Tag key={dashboard.id}>
            <Link to={`/nezha/dashboard/${dashboard.id}/`}>{dashboard.dashboard_title}</Link>
          </Tag>
        )),
    },
    {
      key: 'tags',
      title: t('Tags'),
      render: (_value, row) => <ObjectTags tags={row.tags} />,
    },
    {
      key: 'owners',
      title: t('Owners'),
      render: (_value, row) => row.owners.map((owner) => `${owner.first_name} ${owner.last_name}`.trim()).join(', '),
    },
    {
      key: 'changed_on_delta_humanized',
      title: t('Last modified'),
      dataIndex: 'changed_on_delta_humanized',
      sorter: true,
      sortOrder: sortOrder('changed_on_delta_humanized'),
      width: 150,
      render: (humanized: string, row) => <Tooltip title={row.changed_on_utc}>{localizedAge(humanized)}</Tooltip>,
    },
    {
      key: 'actions',
      title: t('Actions'),
      width: 100,
      render: (_value, row) =>
        mayEdit(row) ? (
          <RowActions
            onEdit={() => setEditing(row)}
            onDelete={() => remove(row)}
            deleteTitle={t('Delete chart')}
            deleteDescription={t('Delete {{name}}? It also leaves the dashboards it is on.', { name: row.slice_name })}
          />
        ) : null,
    },
  ];

  const onTableChange: TableProps<ChartListItem>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const single = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<ChartListItem> | undefined;
      if (single?.order)
        update({ sortColumn: String(single.columnKey), sortDirection: single.order === 'descend' ? 'desc' : 'asc' });
      else update({ sortColumn: INITIAL.sortColumn, sortDirection: INITIAL.sortDirection });
    } else {
      setState((current) => ({ ...current, page: (pagination.current ?? 1) - 1 }));
    }
  };

  return (
    <RequirePermission allowed={canRead}>
      <ListPageFrame
        title={t('Charts')}
        actions={
          canWrite && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-test="add-chart">
              {t('Chart')}
            </Button>
          )
        }
      >
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginBottom: 16, alignItems: 'center' }}>
          <Input.Search
            allowClear
            placeholder={t('Search by name')}
            onSearch={(search) => update({ search })}
            style={{ maxWidth: 280 }}
            data-test="chart-search"
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('Owner')}
            style={{ width: 200 }}
            value={state.ownerId ?? undefined}
            onChange={(ownerId: number | undefined) => update({ ownerId: ownerId ?? null })}
            options={owners.map((owner) => ({ value: owner.value, label: owner.text }))}
            data-test="chart-owner-filter"
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('Chart type')}
            style={{ width: 200 }}
            value={state.vizType ?? undefined}
            onChange={(vizType: string | undefined) => update({ vizType: vizType ?? null })}
            options={Object.entries(vizNames)
              .map(([value, name]) => ({ value, label: t(name) }))
              .sort((a, b) => a.label.localeCompare(b.label))}
            data-test="chart-type-filter"
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('Tag')}
            style={{ width: 200 }}
            value={state.tagId ?? undefined}
            onChange={(tagId: number | undefined) => update({ tagId: tagId ?? null })}
            options={tagOptions}
            data-test="chart-tag-filter"
          />
          <Checkbox checked={state.favoritesOnly} onChange={(event) => update({ favoritesOnly: event.target.checked })}>
            {t('Favorites')}
          </Checkbox>
        </div>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Table<ChartListItem>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={loading}
          onChange={onTableChange}
          pagination={{
            current: state.page + 1,
            pageSize: state.pageSize,
            total: count,
            showSizeChanger: false,
            hideOnSinglePage: true,
          }}
          locale={{
            emptyText:
              state.search || state.ownerId !== null || state.vizType || state.favoritesOnly || state.tagId !== null
                ? t('No results match your filter criteria')
                : t('No charts yet'),
          }}
          data-test="chart-list"
        />
      </ListPageFrame>
      {editing && (
        <Suspense fallback={null}>
          <ChartPropertiesModal
            chartId={editing.id}
            onClose={() => setEditing(null)}
            onSaved={(name) => {
              setEditing(null);
              dispatch(addSuccessToast(t('Changes saved to {{name}}', { name })));
              void load(state);
            }}
          />
        </Suspense>
      )}
      {adding && (
        <Suspense fallback={null}>
          <ChartAddModal onClose={() => setAdding(false)} />
        </Suspense>
      )}
    </RequirePermission>
  );
}
