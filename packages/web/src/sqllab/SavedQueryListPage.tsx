// Saved queries (/savedqueryview/list/): the caller's saved queries, searched by name or tag and paged by the server.
import { ConsoleSqlOutlined } from '@ant-design/icons';
import type { ObjectTag } from '@nezha/core';
import { Alert, Button, Input, Table, type TableProps, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { isApiError } from '../api/api-error';
import type { ListQuery, ListResponse } from '../api/types';
import ListPageFrame from '../components/list/ListPageFrame';
import RowActions from '../components/list/RowActions';
import { antdSortOrder, pagination, tableChangeHandler } from '../components/list/table-change';
import { LIST_PAGE_SIZE, usePagedList } from '../components/list/use-paged-list';
import RequirePermission from '../components/RequirePermission';
import { addDangerToast, addSuccessToast } from '../components/toasts/state/message-toasts';
import { useCan } from '../session/use-session';
import { useAppDispatch } from '../store/hooks';
import ObjectTags from '../tags/ObjectTags';
import TagFilterSelect from '../tags/TagFilterSelect';
import { deleteSavedQuery, fetchSavedQueries } from './api';
import type { SavedQuery } from './api/types';
import { scheduleSummary } from './components/schedule-info';
import { MONOSPACE_FONT } from './components/styles';

type SavedQueryRow = SavedQuery & { changed_on_delta_humanized?: string; tags?: ObjectTag[] };

const fetchRows = (query: ListQuery) => fetchSavedQueries(query) as Promise<ListResponse<SavedQueryRow>>;

export function savedQueryUrl(id: number): string {
  return `/sqllab/?savedQueryId=${id}`;
}

export default function SavedQueryListPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const canRead = useCan('can_read', 'SavedQuery');
  const canWrite = useCan('can_write', 'SavedQuery');
  const list = usePagedList(fetchRows, {
    searchColumn: 'label',
    defaultSort: { column: 'changed_on', direction: 'desc' },
  });
  const sortOrder = (column: string) => antdSortOrder(list.state, column);
  const [tagId, setTagId] = useState<number | null>(null);

  const remove = async (row: SavedQueryRow) => {
    try {
      await deleteSavedQuery(row.id);
      dispatch(addSuccessToast(t('Deleted: {{name}}', { name: row.label })));
      list.reload();
    } catch (failure) {
      const message = isApiError(failure) ? failure.message : String(failure);
      dispatch(addDangerToast(t('There was an issue deleting {{name}}: {{message}}', { name: row.label, message })));
    }
  };

  const columns: TableProps<SavedQueryRow>['columns'] = [
    {
      key: 'label',
      title: t('Name'),
      dataIndex: 'label',
      sorter: true,
      sortOrder: sortOrder('label'),
      render: (label: string, row) => (
        <Link to={savedQueryUrl(row.id)} data-test="saved-query-link">
          <strong>{label}</strong>
        </Link>
      ),
    },
    {
      key: 'database',
      title: t('Database'),
      width: 160,
      render: (_value, row) => row.database?.database_name ?? '',
    },
    {
      key: 'schema',
      title: t('Schema'),
      dataIndex: 'schema',
      width: 120,
      sorter: true,
      sortOrder: sortOrder('schema'),
    },
    {
      key: 'sql',
      title: t('SQL'),
      dataIndex: 'sql',
      ellipsis: true,
      render: (sql: string) => (
        <span style={{ fontFamily: MONOSPACE_FONT, fontSize: 12 }} title={sql.slice(0, 1000)}>
          {sql.replace(/\s+/g, ' ').trim()}
        </span>
      ),
    },
    {
      key: 'schedule',
      title: t('Schedule'),
      width: 130,
      render: (_value, row) => {
        const schedule = scheduleSummary(row.extra);
        if (!schedule) return '';
        const label = schedule.preset ? t(schedule.label) : schedule.label;
        return (
          <Tooltip title={schedule.start ? t('Starts {{start}}', { start: schedule.start.replace('T', ' ') }) : null}>
            <span data-test="saved-query-schedule" style={schedule.preset ? undefined : { fontFamily: MONOSPACE_FONT }}>
              {label}
            </span>
          </Tooltip>
        );
      },
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
      width: 150,
      sorter: true,
      sortOrder: sortOrder('changed_on'),
      render: (humanized: string | undefined, row) => <Tooltip title={row.changed_on}>{humanized}</Tooltip>,
    },
    {
      key: 'actions',
      title: t('Actions'),
      width: 110,
      render: (_value, row) => (
        <span style={{ display: 'flex', gap: 4 }}>
          <Tooltip title={t('Open in SQL Lab')}>
            <Button
              type="text"
              size="small"
              icon={<ConsoleSqlOutlined />}
              aria-label={t('Open in SQL Lab')}
              onClick={() => navigate(savedQueryUrl(row.id))}
            />
          </Tooltip>
          {canWrite && (
            <RowActions
              onEdit={() => navigate(savedQueryUrl(row.id))}
              onDelete={() => remove(row)}
              deleteTitle={t('Delete query')}
              deleteDescription={t('Delete {{name}}?', { name: row.label })}
            />
          )}
        </span>
      ),
    },
  ];

  return (
    <RequirePermission allowed={canRead}>
      <ListPageFrame
        title={t('Saved queries')}
        actions={
          <Button type="primary" onClick={() => navigate('/sqllab/?new=true')} data-test="new-query">
            {t('Query')}
          </Button>
        }
      >
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginBottom: 16 }}>
          <Input.Search
            allowClear
            placeholder={t('Search by name')}
            onSearch={list.setSearch}
            style={{ maxWidth: 320 }}
            data-test="saved-query-search"
          />
          <TagFilterSelect
            value={tagId}
            onChange={(id) => {
              setTagId(id);
              list.setFilters(id === null ? [] : [{ col: 'id', opr: 'saved_query_tag_id', value: id }]);
            }}
            data-test="saved-query-tag-filter"
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
        <Table<SavedQueryRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.items}
          loading={list.loading}
          onChange={tableChangeHandler<SavedQueryRow>(list)}
          pagination={pagination(list.state, list.count, LIST_PAGE_SIZE)}
          locale={{
            emptyText: list.state.search ? t('No results match your filter criteria') : t('No saved queries yet'),
          }}
          tableLayout="fixed"
          data-test="saved-query-list"
        />
      </ListPageFrame>
    </RequirePermission>
  );
}
