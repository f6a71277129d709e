// A layer's annotations (/annotationlayer/<pk>/annotation/): server-paged, ordered by start, add/edit dialog,
// delete one or the selected rows, and the way back to all layers.
import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, type TableProps } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { isApiError } from '../api/api-error';
import type { ListQuery } from '../api/types';
import BulkDeleteButton from '../components/list/BulkDeleteButton';
import ListPageFrame from '../components/list/ListPageFrame';
import PagedListTable from '../components/list/PagedListTable';
import RowActions from '../components/list/RowActions';
import { antdSortOrder } from '../components/list/table-change';
import { usePagedList } from '../components/list/use-paged-list';
import RequirePermission from '../components/RequirePermission';
import { addDangerToast, addSuccessToast } from '../components/toasts/state/message-toasts';
import NotFoundPage from '../not-found/NotFoundPage';
import { useCan } from '../session/use-session';
import { useAppDispatch } from '../store/hooks';
import { type AnnotationItem, deleteAnnotations, fetchAnnotationLayer, fetchAnnotations } from './annotation-layer-api';

const AnnotationModal = lazy(() => import('./AnnotationModal'));

type Editing = { annotation: AnnotationItem | null } | null;

/** A stored naive UTC date-time as the list shows it. */
const shown = (value: string) => `${value.replace('T', ' ')} UTC`;

export default function AnnotationListPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const layerId = Number(useParams().pk);
  const canRead = useCan('can_read', 'Annotation');
  const canWrite = useCan('can_write', 'Annotation');
  const [layerName, setLayerName] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const fetcher = useCallback((query: ListQuery) => fetchAnnotations(layerId, query), [layerId]);
  const list = usePagedList(fetcher, { defaultSort: { column: 'start_dttm', direction: 'asc' } });
  const sortOrder = (column: string) => antdSortOrder(list.state, column);

  useEffect(() => {
    if (!canRead || !Number.isSafeInteger(layerId)) return;
    fetchAnnotationLayer(layerId).then(
      (body) => setLayerName(body.result.name),
      () => setMissing(true),
    );
  }, [canRead, layerId]);

  const remove = async (ids: number[], label: string) => {
    try {
      const { message } = await deleteAnnotations(layerId, ids);
      dispatch(addSuccessToast(ids.length === 1 ? t('Deleted: {{name}}', { name: label }) : message));
      setSelected([]);
      list.reload();
    } catch (error) {
      const message = isApiError(error) ? error.message : String(error);
      dispatch(addDangerToast(t('There was an issue deleting {{name}}: {{message}}', { name: label, message })));
    }
  };

  if (missing) return <NotFoundPage />;

  const columns: TableProps<AnnotationItem>['columns'] = [
    {
      key: 'short_descr',
      title: t('Label'),
      dataIndex: 'short_descr',
      sorter: true,
      sortOrder: sortOrder('short_descr'),
      render: (label: string) => <strong>{label}</strong>,
    },
    { key: 'long_descr', title: t('Description'), dataIndex: 'long_descr', ellipsis: true },
    {
      key: 'start_dttm',
      title: t('Start'),
      dataIndex: 'start_dttm',
      sorter: true,
      sortOrder: sortOrder('start_dttm'),
      width: 210,
      render: shown,
    },
    {
      key: 'end_dttm',
      title: t('End'),
      dataIndex: 'end_dttm',
      sorter: true,
      sortOrder: sortOrder('end_dttm'),
      width: 210,
      render: shown,
    },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      title: t('Actions'),
      width: 100,
      render: (_value, row) => (
        <RowActions
          onEdit={() => setEditing({ annotation: row })}
          onDelete={() => remove([row.id], row.short_descr)}
          deleteTitle={t('Delete annotation')}
          deleteDescription={t('Delete the annotation {{name}}?', { name: row.short_descr })}
        />
      ),
    });
  }

  return (
    <RequirePermission allowed={canRead}>
      <ListPageFrame
        title={layerName === null ? t('Annotation layer') : t('Annotation layer {{name}}', { name: layerName })}
        actions={
          <>
            <Link to="/annotationlayer/list/">
              <Button icon={<ArrowLeftOutlined />} data-test="back-to-layers">
                {t('Back to all')}
              </Button>
            </Link>
            <BulkDeleteButton
              count={selected.length}
              what={t('annotations')}
              onConfirm={() => remove(selected, t('the selected annotations'))}
            />
            {canWrite && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ annotation: null })}
                data-test="add-annotation"
              >
                {t('Annotation')}
              </Button>
            )}
          </>
        }
      >
        <PagedListTable<AnnotationItem>
          list={list}
          columns={columns}
          emptyText={t('No annotations yet')}
          {...(canWrite ? { selection: { selected, onChange: setSelected } } : {})}
        />
      </ListPageFrame>
      {editing && (
        <Suspense fallback={null}>
          <AnnotationModal
            layerId={layerId}
            annotation={editing.annotation}
            onClose={() => setEditing(null)}
            onSaved={(name, created) => {
              setEditing(null);
              dispatch(
                addSuccessToast(
                  created ? t('Added annotation {{name}}', { name }) : t('Saved annotation {{name}}', { name }),
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
