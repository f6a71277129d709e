// Row level security list (/rowlevelsecurity/list/, Superset's RLS page): Admin's rules, searchable by name, with the
// add/edit dialog and deletes.
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
import { deleteRlsRules, fetchRlsRules, type RlsRuleItem } from './rls-api';

const RlsRuleModal = lazy(() => import('./RlsRuleModal'));

type Editing = { rule: RlsRuleItem | null } | null;

export default function RlsRuleListPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const canRead = useCan('can_read', 'Row Level Security');
  const canWrite = useCan('can_write', 'Row Level Security');
  const [editing, setEditing] = useState<Editing>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const list = usePagedList(fetchRlsRules, {
    searchColumn: 'name',
    defaultSort: { column: 'name', direction: 'asc' },
  });
  const sortOrder = (column: string) => antdSortOrder(list.state, column);

  const remove = async (ids: number[], label: string) => {
    try {
      const { message } = await deleteRlsRules(ids);
      dispatch(addSuccessToast(ids.length === 1 ? t('Deleted: {{name}}', { name: label }) : message));
      setSelected([]);
      list.reload();
    } catch (error) {
      const message = isApiError(error) ? error.message : String(error);
      dispatch(addDangerToast(t('There was an issue deleting {{name}}: {{message}}', { name: label, message })));
    }
  };

  const columns: TableProps<RlsRuleItem>['columns'] = [
    {
      key: 'name',
      title: t('Name'),
      dataIndex: 'name',
      sorter: true,
      sortOrder: sortOrder('name'),
      render: (name: string) => <strong>{name}</strong>,
    },
    {
      key: 'filter_type',
      title: t('Filter Type'),
      dataIndex: 'filter_type',
      sorter: true,
      sortOrder: sortOrder('filter_type'),
      width: 120,
    },
    {
      key: 'group_key',
      title: t('Group Key'),
      dataIndex: 'group_key',
      sorter: true,
      sortOrder: sortOrder('group_key'),
      width: 140,
    },
    {
      key: 'clause',
      title: t('Clause'),
      dataIndex: 'clause',
      sorter: true,
      sortOrder: sortOrder('clause'),
      render: (clause: string) => <code>{clause}</code>,
    },
    {
      key: 'changed_on_delta_humanized',
      title: t('Last modified'),
      dataIndex: 'changed_on_delta_humanized',
      sorter: true,
      sortOrder: sortOrder('changed_on_delta_humanized'),
      width: 170,
      render: (humanized: string, row) => <Tooltip title={userName(row.changed_by)}>{localizedAge(humanized)}</Tooltip>,
    },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      title: t('Actions'),
      width: 100,
      render: (_value, row) => (
        <RowActions
          onEdit={() => setEditing({ rule: row })}
          onDelete={() => remove([row.id], row.name)}
          deleteTitle={t('Delete Rule')}
          deleteDescription={t('Delete the rule {{name}}?', { name: row.name })}
        />
      ),
    });
  }

  return (
    <RequirePermission allowed={canRead}>
      <ListPageFrame
        title={t('Row Level Security')}
        actions={
          <>
            <BulkDeleteButton
              count={selected.length}
              what={t('rules')}
              onConfirm={() => remove(selected, t('the selected rules'))}
            />
            {canWrite && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ rule: null })}
                data-test="add-rls-rule"
              >
                {t('Rule')}
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
          data-test="rls-search"
        />
        <PagedListTable<RlsRuleItem>
          list={list}
          columns={columns}
          emptyText={t('No rules yet')}
          {...(canWrite ? { selection: { selected, onChange: setSelected } } : {})}
        />
      </ListPageFrame>
      {editing && (
        <LazyLoad compact>
          <RlsRuleModal
            rule={editing.rule}
            onClose={() => setEditing(null)}
            onSaved={(name, created) => {
              setEditing(null);
              dispatch(
                addSuccessToast(created ? t('Added rule {{name}}', { name }) : t('Saved rule {{name}}', { name })),
              );
              list.reload();
            }}
          />
        </LazyLoad>
      )}
    </RequirePermission>
  );
}
