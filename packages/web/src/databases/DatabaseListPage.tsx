// Databases list (/databaseview/list/): server-paged table, search by name, add/edit dialog, delete.

import { PlusOutlined } from '@ant-design/icons';
import type { DatabaseListItem } from '@nezha/core';
import { Alert, Button, Input, Table, type TableProps, Tag, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error';
import { deleteDatabase, fetchDatabases } from '../api/database-api';
import CheckMark from '../components/CheckMark';
import ListPageFrame from '../components/list/ListPageFrame';
import RowActions from '../components/list/RowActions';
import { localizedAge } from '../components/list/relative-age';
import { antdSortOrder, pagination, tableChangeHandler } from '../components/list/table-change';
import { LIST_PAGE_SIZE, usePagedList } from '../components/list/use-paged-list';
import RequirePermission from '../components/RequirePermission';
import { addDangerToast, addSuccessToast } from '../components/toasts/state/message-toasts';
import { useCan } from '../session/use-session';
import { useAppDispatch } from '../store/hooks';

// The dialog and its form code load on first open, not with the list.
const DatabaseModal = lazy(() => import('./DatabaseModal'));

type Editing = { id: number | null } | null;

export default function DatabaseListPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const canRead = useCan('can_read', 'Database');
  const canWrite = useCan('can_write', 'Database');
  const [editing, setEditing] = useState<Editing>(null);
  const list = usePagedList(fetchDatabases, {
    searchColumn: 'database_name',
    defaultSort: { column: 'changed_on', direction: 'desc' },
  });

  const sortOrder = (column: string) => antdSortOrder(list.state, column);

  const onDelete = async (database: DatabaseListItem) => {
    try {
      await deleteDatabase(database.id);
      dispatch(addSuccessToast(t('Deleted: {{name}}', { name: database.database_name })));
      list.reload();
    } catch (error) {
      const message = isApiError(error) ? error.message : String(error);
      dispatch(
        addDangerToast(
          t('There was an issue deleting {{name}}: {{message}}', { name: database.database_name, message }),
        ),
      );
    }
  };

  const flag = (
    key: keyof DatabaseListItem,
    title: string,
    tip: string,
  ): NonNullable<TableProps<DatabaseListItem>['columns']>[number] => ({
    key,
    title: <Tooltip title={tip}>{title}</Tooltip>,
    dataIndex: key,
    align: 'center',
    width: 96,
    render: (value: boolean) => <CheckMark checked={value} />,
  });

  const columns: TableProps<DatabaseListItem>['columns'] = [
    {
      key: 'database_name',
      title: t('Name'),
      dataIndex: 'database_name',
      sorter: true,
      sortOrder: sortOrder('database_name'),
      render: (name: string) => <strong>{name}</strong>,
    },
    {
      key: 'backend',
      title: t('Backend'),
      dataIndex: 'backend',
      width: 130,
      render: (backend: string) => <Tag>{backend}</Tag>,
    },
    flag('expose_in_sqllab', t('SQL Lab'), t('Exposed in SQL Lab')),
    flag('allow_run_async', t('Async'), t('Asynchronous query execution')),
    flag('allow_dml', t('DML'), t('Allows INSERT, UPDATE, DELETE and other data changes')),
    flag('allow_ctas', t('CTAS'), t('Allows CREATE TABLE AS')),
    flag('allow_cvas', t('CVAS'), t('Allows CREATE VIEW AS')),
    {
      key: 'changed_on',
      title: t('Last modified'),
      dataIndex: 'changed_on_delta_humanized',
      sorter: true,
      sortOrder: sortOrder('changed_on'),
      width: 170,
      render: (humanized: string, row) => <Tooltip title={row.changed_on}>{localizedAge(humanized)}</Tooltip>,
    },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      title: t('Actions'),
      width: 110,
      render: (_value, row) => (
        <RowActions
          onEdit={() => setEditing({ id: row.id })}
          onDelete={() => onDelete(row)}
          deleteTitle={t('Delete database')}
          deleteDescription={t('Delete {{name}}? Charts and datasets built on it stop working.', {
            name: row.database_name,
          })}
        />
      ),
    });
  }

  return (
    <RequirePermission allowed={canRead}>
      <ListPageFrame
        title={t('Databases')}
        actions={
          canWrite && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ id: null })}
              data-test="add-database"
            >
              {t('Database')}
            </Button>
          )
        }
      >
        <Input.Search
          allowClear
          placeholder={t('Search by name')}
          onSearch={list.setSearch}
          style={{ maxWidth: 320, marginBottom: 16 }}
          data-test="database-search"
        />
        {list.error !== null && (
          <Alert
            type="error"
            showIcon
            title={isApiError(list.error) ? list.error.message : String(list.error)}
            style={{ marginBottom: 16 }}
          />
        )}
        <Table<DatabaseListItem>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.items}
          loading={list.loading}
          onChange={tableChangeHandler<DatabaseListItem>(list)}
          pagination={pagination(list.state, list.count, LIST_PAGE_SIZE)}
          locale={{ emptyText: t('No databases yet') }}
        />
      </ListPageFrame>
      {editing && (
        <Suspense fallback={null}>
          <DatabaseModal
            databaseId={editing.id}
            onClose={() => setEditing(null)}
            onSaved={(name, created) => {
              setEditing(null);
              dispatch(
                addSuccessToast(
                  created ? t('Database {{name}} connected', { name }) : t('Database {{name}} updated', { name }),
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
