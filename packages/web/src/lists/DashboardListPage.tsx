// Dashboards list (/dashboard/list/): search, owner, status, tag and favourite filters, tags, ordering, paging, favourite
// stars, "+ Dashboard" (created untitled and opened in edit mode), and edit/delete for the dashboard's owners.
import { PlusOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { isAdmin } from '@nezha/core';
import { Alert, Button, Checkbox, Input, Select, Table, type TableProps, Tag, Tooltip } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { isApiError } from '../api/api-error';
import ListPageFrame from '../components/list/ListPageFrame';
import RowActions from '../components/list/RowActions';
import { localizedAge } from '../components/list/relative-age';
import { LIST_PAGE_SIZE } from '../components/list/use-paged-list';
import RequirePermission from '../components/RequirePermission';
import { addDangerToast, addSuccessToast } from '../components/toasts/state/message-toasts';
import { setDashboardFavorite } from '../dashboard/api/dashboard-api';
import {
  createUntitledDashboard,
  type DashboardListItem,
  type DashboardListState,
  deleteDashboard,
  fetchDashboardFavorites,
  fetchDashboardOwners,
  fetchDashboards,
} from '../dashboard/api/dashboard-list-api';
import { useCan, useCurrentUser } from '../session/use-session';
import { useAppDispatch } from '../store/hooks';
import ObjectTags from '../tags/ObjectTags';
import { fetchTagNames } from '../tags/tags-api';

const INITIAL: DashboardListState = {
  page: 0,
  pageSize: LIST_PAGE_SIZE,
  search: '',
  ownerId: null,
  published: null,
  favoritesOnly: false,
  tagId: null,
  sortColumn: 'changed_on_delta_humanized',
  sortDirection: 'desc',
};

export default function DashboardListPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const canRead = useCan('can_read', 'Dashboard');
  const canWrite = useCan('can_write', 'Dashboard');
  const [state, setState] = useState<DashboardListState>(INITIAL);
  const [rows, setRows] = useState<DashboardListItem[]>([]);
  const [count, setCount] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [favorites, setFavorites] = useState<Record<number, boolean>>({});
  const [owners, setOwners] = useState<Array<{ value: number; text: string }>>([]);
  const [creating, setCreating] = useState(false);
  const [tagOptions, setTagOptions] = useState<Array<{ value: number; label: string }>>([]);
  const latest = useRef(0);

  const load = useCallback(async (query: DashboardListState) => {
    const call = ++latest.current;
    setLoading(true);
    try {
      const body = await fetchDashboards(query);
      if (call !== latest.current) return;
      setRows(body.result);
      setCount(body.count);
      setError(null);
      setFavorites(await fetchDashboardFavorites(body.result.map((row) => row.id)).catch(() => ({})));
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
    fetchDashboardOwners().then(setOwners, () => setOwners([]));
    fetchTagNames('').then(
      (tags) => setTagOptions(tags.map((tag) => ({ value: tag.id, label: tag.name }))),
      () => setTagOptions([]),
    );
  }, []);

  const update = (change: Partial<DashboardListState>) => setState((current) => ({ ...current, page: 0, ...change }));
  const mayEdit = (row: DashboardListItem) =>
    canWrite && !!user && (isAdmin(user.roles) || row.owners.some((owner) => owner.id === user.userId));

  const toggleStar = async (row: DashboardListItem) => {
    const starred = !favorites[row.id];
    try {
      await setDashboardFavorite(row.id, starred);
      setFavorites((current) => ({ ...current, [row.id]: starred }));
    } catch {
      dispatch(addDangerToast(t('There was an issue favoriting this dashboard.')));
    }
  };
  const remove = async (row: DashboardListItem) => {
    try {
      await deleteDashboard(row.id);
      dispatch(addSuccessToast(t('Deleted: {{name}}', { name: row.dashboard_title })));
      void load(state);
    } catch (failure) {
      const message = isApiError(failure) ? failure.message : String(failure);
      dispatch(
        addDangerToast(t('There was an issue deleting {{name}}: {{message}}', { name: row.dashboard_title, message })),
      );
    }
  };
  const create = async () => {
    setCreating(true);
    try {
      const id = await createUntitledDashboard();
      navigate(`/nezha/dashboard/${id}/?edit=true`);
    } catch (failure) {
      dispatch(addDangerToast(isApiError(failure) ? failure.message : String(failure)));
      setCreating(false);
    }
  };

  const sortOrder = (column: string) =>
    state.sortColumn === column ? (state.sortDirection === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;

  const columns: TableProps<DashboardListItem>['columns'] = [
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
          data-test="dashboard-list-star"
        />
      ),
    },
    {
      key: 'dashboard_title',
      title: t('Name'),
      dataIndex: 'dashboard_title',
      sorter: true,
      sortOrder: sortOrder('dashboard_title'),
      render: (title: string, row) => (
        <Link to={row.url} data-test="dashboard-list-link">
          <strong>{title}</strong>
          {row.certified_by && (
            <Tag color="blue" style={{ marginLeft: 8 }}>
              {t('Certified')}
            </Tag>
          )}
        </Link>
      ),
    },
    {
      key: 'published',
      title: t('Status'),
      dataIndex: 'published',
      sorter: true,
      sortOrder: sortOrder('published'),
      width: 120,
      render: (published: boolean) => (
        <Tag color={published ? 'green' : 'default'}>{published ? t('Published') : t('Draft')}</Tag>
      ),
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
      width: 160,
      render: (humanized: string, row) => <Tooltip title={row.changed_on_utc}>{localizedAge(humanized)}</Tooltip>,
    },
    {
      key: 'actions',
      title: t('Actions'),
      width: 100,
      render: (_value, row) =>
        mayEdit(row) ? (
          <RowActions
            onEdit={() => navigate(`${row.url}?edit=true`)}
            onDelete={() => remove(row)}
            deleteTitle={t('Delete dashboard')}
            deleteDescription={t('Delete {{name}}? Its charts stay.', { name: row.dashboard_title })}
          />
        ) : null,
    },
  ];

  const onTableChange: TableProps<DashboardListItem>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const single = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<DashboardListItem> | undefined;
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
        title={t('Dashboards')}
        actions={
          canWrite && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              loading={creating}
              onClick={() => void create()}
              data-test="add-dashboard"
            >
              {t('Dashboard')}
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
            data-test="dashboard-search"
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('Owner')}
            style={{ width: 200 }}
            value={state.ownerId ?? undefined}
            onChange={(ownerId: number | undefined) => update({ ownerId: ownerId ?? null })}
            options={owners.map((owner) => ({ value: owner.value, label: owner.text }))}
            data-test="dashboard-owner-filter"
          />
          <Select
            allowClear
            placeholder={t('Status')}
            style={{ width: 160 }}
            value={state.published === null ? undefined : state.published ? 'published' : 'draft'}
            onChange={(value: string | undefined) =>
              update({ published: value === undefined ? null : value === 'published' })
            }
            options={[
              { value: 'published', label: t('Published') },
              { value: 'draft', label: t('Draft') },
            ]}
            data-test="dashboard-status-filter"
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('Tag')}
            style={{ width: 200 }}
            value={state.tagId ?? undefined}
            onChange={(tagId: number | undefined) => update({ tagId: tagId ?? null })}
            options={tagOptions}
            data-test="dashboard-tag-filter"
          />
          <Checkbox checked={state.favoritesOnly} onChange={(event) => update({ favoritesOnly: event.target.checked })}>
            {t('Favorites')}
          </Checkbox>
        </div>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Table<DashboardListItem>
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
              state.search ||
              state.ownerId !== null ||
              state.published !== null ||
              state.favoritesOnly ||
              state.tagId !== null
                ? t('No results match your filter criteria')
                : t('No dashboards yet'),
          }}
          data-test="dashboard-list"
        />
      </ListPageFrame>
    </RequirePermission>
  );
}
