// Annotation layers list (/annotationlayer/list/): server-paged, searchable by name, add/edit dialog, delete one
// or the selected rows; a layer's name opens its annotations.
import { PlusOutlined } from '@ant-design/icons';
import { Button, Input, type TableProps, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isApiError } from '../api/api-error';
import BulkDeleteButton from '../components/list/BulkDeleteButton';
import ListPageFrame from '../components/list/ListPageFrame';
import PagedListTable from '../components/list/PagedListTable';
import RowActions from '../components/list/RowActions';
import { localizedAge } from '../components/list/relative-age';
import { antdSortOrder } from '../components/list/table-change';
import { usePagedList } from '../components/list/use-paged-list';
import { userName } from '../components/list/user-name';
import RequirePermission from '../components/RequirePermission';
import { addDangerToast, addSuccessToast } from '../components/toasts/state/message-toasts';
import { useCan } from '../session/use-session';
import { useAppDispatch } from '../store/hooks';
import { type AnnotationLayerItem, deleteAnnotationLayers, fetchAnnotationLayers } from './annotation-layer-api';

const AnnotationLayerModal = lazy(() => import('./AnnotationLayerModal'));

type Editing = { layer: AnnotationLayerItem | null } | null;

export default function AnnotationLayerListPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const canRead = useCan('can_read', 'Annotation');
  const canWrite = useCan('can_write', 'Annotation');
  const [editing, setEditing] = useState<Editing>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const list = usePagedList(fetchAnnotationLayers, {
    searchColumn: 'name',
    defaultSort: { column: 'name', direction: 'asc' },
  });
  const sortOrder = (column: string) => antdSortOrder(list.state, column);

  const remove = async (ids: number[], label: string) => {
    try {
      const { message } = await deleteAnnotationLayers(ids);
      dispatch(addSuccessToast(ids.length === 1 ? t('Deleted: {{name}}', { name: label }) : message));
      setSelected([]);
      list.reload();
    } catch (error) {
      const message = isApiError(error) ? error.message : String(error);
      dispatch(addDangerToast(t('There was an issue deleting {{name}}: {{message}}', { name: label, message })));
    }
  };

  const columns: TableProps<AnnotationLayerItem>['columns'] = [
    {
      key: 'name',
      title: t('Name'),
      dataIndex: 'name',
      sorter: true,
      sortOrder: sortOrder('name'),
      render: (name: string, row) => (
        <Link to={`/annotationlayer/${row.id}/annotation/`} data-test="annotation-layer-link">
          <strong>{name}</strong>
        </Link>
      ),
    },
    { key: 'descr', title: t('Description'), dataIndex: 'descr', ellipsis: true },
    {
      key: 'changed_on',
      title: t('Last modified'),
      dataIndex: 'changed_on_delta_humanized',
      sorter: true,
      sortOrder: sortOrder('changed_on'),
      width: 170,
      render: (humanized: string, row) => <Tooltip title={row.changed_on}>{localizedAge(humanized)}</Tooltip>,
    },
    {
      key: 'created_by',
      title: t('Created by'),
      dataIndex: 'created_by',
      width: 170,
      render: (user: AnnotationLayerItem['created_by']) => userName(user),
    },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      title: t('Actions'),
      width: 100,
      render: (_value, row) => (
        <RowActions
          onEdit={() => setEditing({ layer: row })}
          onDelete={() => remove([row.id], row.name)}
          deleteTitle={t('Delete annotation layer')}
          deleteDescription={t('Delete the annotation layer {{name}}?', { name: row.name })}
        />
      ),
    });
  }

  return (
    <RequirePermission allowed={canRead}>
      <ListPageFrame
        title={t('Annotation layers')}
        actions={
          <>
            <BulkDeleteButton
              count={selected.length}
              what={t('annotation layers')}
              onConfirm={() => remove(selected, t('the selected layers'))}
            />
            {canWrite && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ layer: null })}
                data-test="add-annotation-layer"
              >
                {t('Annotation layer')}
              </Button>
            )}
          </>
        }
      >
        <Input.Search
          allowClear
          placeholder={t('Search by name')}
          onSearch={list.setSearch}
          style={{ maxWidth: 320, marginBottom: 16 }}
          data-test="annotation-layer-search"
        />
        <PagedListTable<AnnotationLayerItem>
          list={list}
          columns={columns}
          emptyText={t('No annotation layers yet')}
          {...(canWrite ? { selection: { selected, onChange: setSelected } } : {})}
        />
      </ListPageFrame>
      {editing && (
        <Suspense fallback={null}>
          <AnnotationLayerModal
            layer={editing.layer}
            onClose={() => setEditing(null)}
            onSaved={(name, created) => {
              setEditing(null);
              dispatch(
                addSuccessToast(
                  created
                    ? t('Added annotation layer {{name}}', { name })
                    : t('Saved annotation layer {{name}}', { name }),
                ),
              );
              list.reload();
            }}
          />
        </Suspense>
      )}
    </RequirePermission>
  );
}
