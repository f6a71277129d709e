// Datasets list (/tablemodelview/list/): server-paged search by name and tag, tags, links to explore each dataset, delete for
// owners, and "+ Dataset" to make a physical dataset from a table.
import { BarChartOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { isAdmin } from '@nezha/core';
import { Alert, Button, Input, Popconfirm, Table, type TableProps, Tag, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { isApiError } from '../api/api-error';
import ListPageFrame from '../components/list/ListPageFrame';
import { localizedAge } from '../components/list/relative-age';
import { antdSortOrder, pagination, tableChangeHandler } from '../components/list/table-change';
import { LIST_PAGE_SIZE, usePagedList } from '../components/list/use-paged-list';
import RequirePermission from '../components/RequirePermission';
import { addDangerToast, addSuccessToast } from '../components/toasts/state/message-toasts';
import { datasetExploreUrl } from '../explore/state/explore-url';
import { useCan, useCurrentUser } from '../session/use-session';
import { useAppDispatch } from '../store/hooks';
import ObjectTags from '../tags/ObjectTags';
import TagFilterSelect from '../tags/TagFilterSelect';
import { type DatasetListItem, deleteDataset, fetchDatasets } from './dataset-api';

const DatasetCreateModal = lazy(() => import('./DatasetCreateModal'));
const DatasetEditorModal = lazy(() => import('../datasets/editor/DatasetEditorModal'));

export default function DatasetListPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const canRead = useCan('can_read', 'Dataset');
  const canWrite = useCan('can_write', 'Dataset');
  const [creating, setCreating] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const list = usePagedList(fetchDatasets, {
    searchColumn: 'table_name',
    defaultSort: { column: 'changed_on', direction: 'desc' },
  });
  const sortOrder = (column: string) => antdSortOrder(list.state, column);
  const [tagId, setTagId] = useState<number | null>(null);
  const mayEdit = (row: DatasetListItem) =>
    canWrite && !!user && (isAdmin(user.roles) || row.owners.some((owner) => owner.id === user.userId));

  const remove = async (row: DatasetListItem) => {
    try {
      await deleteDataset(row.id);
      dispatch(addSuccessToast(t('Deleted: {{name}}', { name: row.table_name })));
      list.reload();
    } catch (failure) {
      const message = isApiError(failure) ? failure.message : String(failure);
      dispatch(
        addDangerToast(t('There was an issue deleting {{name}}: {{message}}', { name: row.table_name, message })),
      );
    }
  };

  const columns: TableProps<DatasetListItem>['columns'] = [
    {
      key: 'table_name',
      title: t('Name'),
      dataIndex: 'table_name',
      sorter: true,
      sortOrder: sortOrder('table_name'),
      render: (name: string, row) => (
        <Link to={row.explore_url || datasetExploreUrl(row.id)} data-test="dataset-list-link">
          <strong>{name}</strong>
        </Link>
      ),
    },
    {
      key: 'kind',
      title: t('Type'),
      dataIndex: 'kind',
      width: 110,
      render: (kind: string) => (
        <Tag color={kind === 'virtual' ? 'purple' : 'default'}>{kind === 'virtual' ? t('Virtual') : t('Physical')}</Tag>
      ),
    },
    {
      key: 'database_name',
      title: t('Database'),
      sorter: true,
      sortOrder: sortOrder('database_name'),
      render: (_value, row) => row.database.database_name,
    },
    { key: 'schema', title: t('Schema'), dataIndex: 'schema', sorter: true, sortOrder: sortOrder('schema') },
    {
      key: 'owners',
      title: t('Owners'),
      render: (_value, row) => row.owners.map((owner) => `${owner.first_name} ${owner.last_name}`.trim()).join(', '),
    },
    {
      key: 'tags',
      title: t('Tags'),
      render: (_value, row) => <ObjectTags tags={row.tags} />,
    },
    {
      key: 'changed_on',
      title: t('Last modified'),
      dataIndex: 'changed_on_delta_humanized',
      sorter: true,
      sortOrder: sortOrder('changed_on'),
      width: 150,
      render: (humanized: string, row) => <Tooltip title={row.changed_on_utc}>{localizedAge(humanized)}</Tooltip>,
    },
    {
      key: 'actions',
      title: t('Actions'),
      width: 120,
      render: (_value, row) => (
        <span style={{ display: 'flex', gap: 4 }}>
          <Tooltip title={t('Explore')}>
            <Button
              type="text"
              size="small"
              icon={<BarChartOutlined />}
              aria-label={t('Explore')}
              onClick={() => navigate(row.explore_url || datasetExploreUrl(row.id))}
            />
          </Tooltip>
          {mayEdit(row) && (
            <Tooltip title={t('Edit')}>
              <Button
                type="text"
                size="small"
                icon={<EditOutlined />}
                aria-label={t('Edit')}
                onClick={() => setEditingId(row.id)}
                data-test="dataset-edit"
              />
            </Tooltip>
          )}
          {mayEdit(row) && (
            <Popconfirm
              title={t('Delete dataset')}
              description={t('Delete {{name}}? Charts built on it stop working.', { name: row.table_name })}
              okText={t('Delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('Cancel')}
              onConfirm={() => remove(row)}
            >
              <Tooltip title={t('Delete')}>
                <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('Delete')} />
              </Tooltip>
            </Popconfirm>
          )}
        </span>
      ),
    },
  ];

  return (
    <RequirePermission allowed={canRead}>
      <ListPageFrame
        title={t('Datasets')}
        actions={
          canWrite && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-test="add-dataset">
              {t('Dataset')}
            </Button>
          )
        }
      >
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginBottom: 16 }}>
          <Input.Search
            allowClear
            placeholder={t('Search by name')}
            onSearch={list.setSearch}
            style={{ maxWidth: 320 }}
            data-test="dataset-search"
          />
          <TagFilterSelect
            value={tagId}
            onChange={(id) => {
              setTagId(id);
              list.setFilters(id === null ? [] : [{ col: 'id', opr: 'dataset_tag_id', value: id }]);
            }}
            data-test="dataset-tag-filter"
          />
        </div>
        {list.error !== null && (
          <Alert
            type="error"
            showIcon
            title={isApiError(list.error) ? list.error.message : String(list.error)}
            style={{ marginBottom: 16 }}
          />
        )}
        <Table<DatasetListItem>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.items}
          loading={list.loading}
          onChange={tableChangeHandler<DatasetListItem>(list)}
          pagination={pagination(list.state, list.count, LIST_PAGE_SIZE)}
          locale={{ emptyText: list.state.search ? t('No results match your filter criteria') : t('No datasets yet') }}
          data-test="dataset-list"
        />
      </ListPageFrame>
      {editingId !== null && (
        <Suspense fallback={null}>
          <DatasetEditorModal
            datasetId={editingId}
            onClose={() => setEditingId(null)}
            onSaved={() => {
              setEditingId(null);
              list.reload();
            }}
          />
        </Suspense>
      )}
      {creating && (
        <Suspense fallback={null}>
          <DatasetCreateModal
            onClose={() => setCreating(false)}
            onCreated={(id, name, explore) => {
              setCreating(false);
              dispatch(addSuccessToast(t('Dataset {{name}} created', { name })));
              if (explore) navigate(datasetExploreUrl(id));
              else list.reload();
            }}
          />
        </Suspense>
      )}
    </RequirePermission>
  );
}
