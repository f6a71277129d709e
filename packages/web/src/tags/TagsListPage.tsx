// Tags list (/superset/tags/): the tags people made, server-paged and searchable by name, each a link to its
// all-entities page; add, edit and delete for whoever may write tags.
import { PlusOutlined } from '@ant-design/icons';
import { Button, Input, type TableProps, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { allEntitiesUrl } from './tag-changes';
import { deleteTags, fetchTagList, type TagItem } from './tags-api';

const TagModal = lazy(() => import('./TagModal'));

type Editing = { tag: TagItem | null } | null;

export default function TagsListPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const canRead = useCan('can_read', 'Tag');
  const canWrite = useCan('can_write', 'Tag');
  const [editing, setEditing] = useState<Editing>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const list = usePagedList(fetchTagList, { searchColumn: 'name', defaultSort: { column: 'name', direction: 'asc' } });
  const sortOrder = (column: string) => antdSortOrder(list.state, column);

  const remove = async (ids: number[], label: string) => {
    try {
      await deleteTags(ids);
      dispatch(addSuccessToast(t('Deleted: {{name}}', { name: label })));
      setSelected([]);
      list.reload();
    } catch (error) {
      const message = isApiError(error) ? error.message : String(error);
      dispatch(addDangerToast(t('There was an issue deleting {{name}}: {{message}}', { name: label, message })));
    }
  };

  const columns: TableProps<TagItem>['columns'] = [
    {
      key: 'name',
      title: t('Name'),
      dataIndex: 'name',
      sorter: true,
      sortOrder: sortOrder('name'),
      render: (name: string, row) => (
        <a href={allEntitiesUrl(row.id)} data-test="tags-list-link">
          <strong>{name}</strong>
        </a>
      ),
    },
    { key: 'description', title: t('Description'), dataIndex: 'description' },
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
      title: t('Modified by'),
      dataIndex: 'changed_by',
      width: 170,
      render: (user: TagItem['changed_by']) => userName(user),
    },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      title: t('Actions'),
      width: 100,
      render: (_value, row) => (
        <RowActions
          onEdit={() => setEditing({ tag: row })}
          onDelete={() => remove([row.id], row.name)}
          deleteTitle={t('Delete Tag')}
          deleteDescription={t('Delete the tag {{name}}? It comes off every object it is on.', { name: row.name })}
        />
      ),
    });
  }

  return (
    <RequirePermission allowed={canRead}>
      <ListPageFrame
        title={t('Tags')}
        actions={
          <>
            <BulkDeleteButton
              count={selected.length}
              what={t('tags')}
              onConfirm={() => remove(selected, t('the selected tags'))}
            />
            {canWrite && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ tag: null })}
                data-test="add-tag"
              >
                {t('Tag')}
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
          data-test="tags-search"
        />
        <PagedListTable<TagItem>
          list={list}
          columns={columns}
          emptyText={t('No tags yet')}
          {...(canWrite ? { selection: { selected, onChange: setSelected } } : {})}
        />
      </ListPageFrame>
      {editing && (
        <Suspense fallback={null}>
          <TagModal
            tag={editing.tag}
            onClose={() => setEditing(null)}
            onSaved={(name, created) => {
              setEditing(null);
              dispatch(
                addSuccessToast(created ? t('Added tag {{name}}', { name }) : t('Saved tag {{name}}', { name })),
              );
              list.reload();
            }}
          />
        </Suspense>
      )}
    </RequirePermission>
  );
}
