// CSS templates list (/csstemplatemodelview/list/): server-paged, searchable by name, add/edit dialog, delete one
// or the selected rows.
import { PlusOutlined } from '@ant-design/icons';
import { Button, Input, type TableProps, Tooltip } from 'antd';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error';
import LazyLoad from '../components/LazyLoad';
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
import { type CssTemplateItem, deleteCssTemplates, fetchCssTemplates } from './css-template-api';

const CssTemplateModal = lazy(() => import('./CssTemplateModal'));

type Editing = { template: CssTemplateItem | null } | null;

export default function CssTemplateListPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const canRead = useCan('can_read', 'CssTemplate');
  const canWrite = useCan('can_write', 'CssTemplate');
  const [editing, setEditing] = useState<Editing>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const list = usePagedList(fetchCssTemplates, {
    searchColumn: 'template_name',
    defaultSort: { column: 'template_name', direction: 'asc' },
  });
  const sortOrder = (column: string) => antdSortOrder(list.state, column);

  const remove = async (ids: number[], label: string) => {
    try {
      const { message } = await deleteCssTemplates(ids);
      dispatch(addSuccessToast(ids.length === 1 ? t('Deleted: {{name}}', { name: label }) : message));
      setSelected([]);
      list.reload();
    } catch (error) {
      const message = isApiError(error) ? error.message : String(error);
      dispatch(addDangerToast(t('There was an issue deleting {{name}}: {{message}}', { name: label, message })));
    }
  };

  const columns: TableProps<CssTemplateItem>['columns'] = [
    {
      key: 'template_name',
      title: t('Name'),
      dataIndex: 'template_name',
      sorter: true,
      sortOrder: sortOrder('template_name'),
      render: (name: string) => <strong>{name}</strong>,
    },
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
      render: (user: CssTemplateItem['created_by']) => userName(user),
    },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      title: t('Actions'),
      width: 100,
      render: (_value, row) => (
        <RowActions
          onEdit={() => setEditing({ template: row })}
          onDelete={() => remove([row.id], row.template_name)}
          deleteTitle={t('Delete CSS template')}
          deleteDescription={t('Delete the CSS template {{name}}?', { name: row.template_name })}
        />
      ),
    });
  }

  return (
    <RequirePermission allowed={canRead}>
      <ListPageFrame
        title={t('CSS templates')}
        actions={
          <>
            <BulkDeleteButton
              count={selected.length}
              what={t('CSS templates')}
              onConfirm={() => remove(selected, t('the selected templates'))}
            />
            {canWrite && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ template: null })}
                data-test="add-css-template"
              >
                {t('CSS template')}
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
          data-test="css-template-search"
        />
        <PagedListTable<CssTemplateItem>
          list={list}
          columns={columns}
          emptyText={t('No CSS templates yet')}
          {...(canWrite ? { selection: { selected, onChange: setSelected } } : {})}
        />
      </ListPageFrame>
      {editing && (
        <LazyLoad compact>
          <CssTemplateModal
            template={editing.template}
            onClose={() => setEditing(null)}
            onSaved={(name, created) => {
              setEditing(null);
              dispatch(
                addSuccessToast(
                  created ? t('Added CSS template {{name}}', { name }) : t('Saved CSS template {{name}}', { name }),
                ),
              );
              list.reload();
            }}
          />
        </LazyLoad>
      )}
    </RequirePermission>
  );
}
