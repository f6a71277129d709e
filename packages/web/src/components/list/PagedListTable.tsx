// The body of a server-paged list page: the list's load error, then its table with sorting, paging and (for those
// who may delete) row selection. The pages around it keep their own columns, actions and dialogs.
import { Alert, Table, type TableProps } from 'antd';
import { isApiError } from '../../api/api-error';
import { pagination, tableChangeHandler } from './table-change';
import { LIST_PAGE_SIZE, type usePagedList } from './use-paged-list';

interface PagedListTableProps<T> {
  list: ReturnType<typeof usePagedList<T>>;
  columns: TableProps<T>['columns'];
  emptyText: string;
  /** The selected row ids and their setter; absent when the caller may not select (delete) rows. */
  selection?: { selected: number[]; onChange: (ids: number[]) => void };
}

export default function PagedListTable<T extends { id: number }>({
  list,
  columns,
  emptyText,
  selection,
}: PagedListTableProps<T>) {
  return (
    <>
      {list.error !== null && (
        <Alert
          type="error"
          showIcon
          title={isApiError(list.error) ? list.error.message : String(list.error)}
          style={{ marginBottom: 16 }}
        />
      )}
      <Table<T>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.items}
        loading={list.loading}
        onChange={tableChangeHandler<T>(list)}
        pagination={pagination(list.state, list.count, LIST_PAGE_SIZE)}
        locale={{ emptyText }}
        {...(selection
          ? {
              rowSelection: {
                selectedRowKeys: selection.selected,
                onChange: (keys) => selection.onChange(keys.map(Number)),
              },
            }
          : {})}
      />
    </>
  );
}
