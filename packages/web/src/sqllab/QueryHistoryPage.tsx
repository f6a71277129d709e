// Query history (/sqllab/history/): every run the caller may see, filtered by user, database, state, time and SQL.

import { ConsoleSqlOutlined } from '@ant-design/icons';
import type { QueryHistoryRecord, QueryState } from '@nezha/core';
import { Alert, Button, DatePicker, Input, Popover, Select, Table, type TableProps, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isApiError } from '../api/api-error';
import ListPageFrame from '../components/list/ListPageFrame';
import { antdSortOrder, pagination, tableChangeHandler } from '../components/list/table-change';
import RequirePermission from '../components/RequirePermission';
import { i18nKey } from '../i18n/i18n';
import { useCan } from '../session/use-session';
import { fetchQueryList, fetchQueryRelatedDatabases, fetchQueryRelatedUsers, type RelatedOption } from './api';
import QueryPreviewModal from './components/QueryPreviewModal';
import QueryStateBadge from './components/QueryStateBadge';
import { formatDuration, queryDurationMs } from './components/query-duration';
import { MONOSPACE_FONT } from './components/styles';
import {
  HISTORY_PAGE_SIZE,
  HISTORY_STATES,
  type HistoryListState,
  hasHistoryFilters,
  INITIAL_HISTORY_STATE,
  openInSqlLabUrl,
  toHistoryQuery,
} from './query-history-list';

const STATE_LABEL: Partial<Record<QueryState, string>> = {
  success: i18nKey('success'),
  failed: i18nKey('failed'),
  stopped: i18nKey('stopped'),
  timed_out: i18nKey('timed out'),
  running: i18nKey('running'),
  pending: i18nKey('pending'),
};

function formatTime(ms: number | null): string {
  if (ms === null) return '';
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}:${pad(date.getSeconds())}`;
}

function userName(row: QueryHistoryRecord): string {
  const name = `${row.user.first_name ?? ''} ${row.user.last_name ?? ''}`.trim();
  return name || row.user.username || '';
}

const qualified = (table: QueryHistoryRecord['sql_tables'][number]) =>
  [table.catalog, table.schema, table.table].filter(Boolean).join('.');

/** Superset's Tables cell: the first table read, and "(+N)" opening the whole list. */
function TablesCell({ tables, title }: { tables: QueryHistoryRecord['sql_tables']; title: string }) {
  const [first, ...rest] = tables;
  if (!first) return null;
  return (
    <span style={{ display: 'inline-flex', gap: 4, maxWidth: '100%' }} data-test="query-history-tables">
      <Typography.Text ellipsis title={qualified(first)}>
        {first.table}
      </Typography.Text>
      {rest.length > 0 && (
        <Popover
          trigger="click"
          placement="right"
          title={title}
          content={
            <div data-test="query-history-tables-list">
              {tables.map((table) => (
                <div key={qualified(table)}>{qualified(table)}</div>
              ))}
            </div>
          }
        >
          <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} aria-label={title}>
            (+{rest.length})
          </Button>
        </Popover>
      )}
    </span>
  );
}

export default function QueryHistoryPage() {
  const { t } = useTranslation();
  const canRead = useCan('can_read', 'Query');
  const [state, setState] = useState<HistoryListState>(INITIAL_HISTORY_STATE);
  const [rows, setRows] = useState<QueryHistoryRecord[]>([]);
  const [count, setCount] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [users, setUsers] = useState<RelatedOption[]>([]);
  const [databases, setDatabases] = useState<RelatedOption[]>([]);
  const [preview, setPreview] = useState<QueryHistoryRecord | null>(null);
  const latest = useRef(0);

  const load = useCallback(async (query: HistoryListState) => {
    const call = ++latest.current;
    setLoading(true);
    try {
      const body = await fetchQueryList({ ...toHistoryQuery(query) });
      if (call !== latest.current) return;
      setRows(body.result);
      setCount(body.count);
      setError(null);
    } catch (failure) {
      if (call === latest.current) setError(isApiError(failure) ? failure.message : String(failure));
    } finally {
      if (call === latest.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (canRead) void load(state);
  }, [state, load, canRead]);

  useEffect(() => {
    if (!canRead) return;
    fetchQueryRelatedUsers().then(
      (body) => setUsers(body.result),
      () => setUsers([]),
    );
    fetchQueryRelatedDatabases().then(
      (body) => setDatabases(body.result),
      () => setDatabases([]),
    );
  }, [canRead]);

  const update = (change: Partial<HistoryListState>) => setState((current) => ({ ...current, page: 0, ...change }));
  const sortOrder = (column: string) => antdSortOrder(state, column);
  const now = Date.now();

  const columns: TableProps<QueryHistoryRecord>['columns'] = [
    {
      key: 'status',
      title: t('State'),
      dataIndex: 'status',
      width: 96,
      render: (status: QueryState) => <QueryStateBadge state={status} />,
    },
    {
      key: 'start_time',
      title: t('Time'),
      dataIndex: 'start_time',
      width: 160,
      sorter: true,
      sortOrder: sortOrder('start_time'),
      render: (start: number | null) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(start)}</span>,
    },
    {
      key: 'tab_name',
      title: t('Tab name'),
      dataIndex: 'tab_name',
      width: 120,
      ellipsis: true,
      // Under 1200 px the SQL keeps its room; the tab and schema are in the preview.
      responsive: ['xl'],
      sorter: true,
      sortOrder: sortOrder('tab_name'),
    },
    {
      key: 'database.database_name',
      title: t('Database'),
      width: 120,
      ellipsis: true,
      sorter: true,
      sortOrder: sortOrder('database.database_name'),
      render: (_value, row) => row.database.database_name ?? '',
    },
    { key: 'schema', title: t('Schema'), dataIndex: 'schema', width: 90, ellipsis: true, responsive: ['xl'] },
    {
      key: 'sql',
      title: t('SQL'),
      dataIndex: 'sql',
      ellipsis: true,
      render: (sql: string, row) => (
        <Typography.Link
          onClick={() => setPreview(row)}
          // Its own clip box: when the preview closes and focus returns here, the cell must not scroll its text.
          style={{
            fontFamily: MONOSPACE_FONT,
            fontSize: 12,
            color: 'inherit',
            display: 'block',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
          title={sql.slice(0, 1000)}
          data-test="query-history-sql"
        >
          {sql.replace(/\s+/g, ' ').trim()}
        </Typography.Link>
      ),
    },
    {
      key: 'user.first_name',
      title: t('User'),
      width: 120,
      ellipsis: true,
      sorter: true,
      sortOrder: sortOrder('user.first_name'),
      render: (_value, row) => userName(row),
    },
    {
      key: 'duration',
      title: t('Duration'),
      width: 100,
      render: (_value, row) =>
        row.start_time === null ? '' : formatDuration(queryDurationMs(row.start_time, row.end_time, now)),
    },
    {
      key: 'rows',
      title: t('Rows'),
      dataIndex: 'rows',
      width: 90,
      align: 'right',
      sorter: true,
      sortOrder: sortOrder('rows'),
      render: (value: number | null) => (value === null ? '' : value.toLocaleString()),
    },
    {
      key: 'sql_tables',
      title: t('Tables'),
      width: 150,
      render: (_value, row) => <TablesCell tables={row.sql_tables} title={t('Tables')} />,
    },
    {
      key: 'actions',
      title: t('Actions'),
      width: 72,
      render: (_value, row) => (
        <Tooltip title={t('Open query in SQL Lab')}>
          <Link to={openInSqlLabUrl(row.queryId)} aria-label={t('Open query in SQL Lab')} data-test="open-in-sqllab">
            <ConsoleSqlOutlined />
          </Link>
        </Tooltip>
      ),
    },
  ];

  return (
    <RequirePermission allowed={canRead}>
      <ListPageFrame title={t('Query history')}>
        <div
          style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginBottom: 16, alignItems: 'center' }}
          data-test="query-history-filters"
        >
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('User')}
            style={{ width: 180 }}
            value={state.userId ?? undefined}
            onChange={(userId: number | undefined) => update({ userId: userId ?? null })}
            options={users.map((user) => ({ value: user.value, label: user.text }))}
            data-test="query-history-user"
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('Database')}
            style={{ width: 180 }}
            value={state.databaseId ?? undefined}
            onChange={(databaseId: number | undefined) => update({ databaseId: databaseId ?? null })}
            options={databases.map((database) => ({ value: database.value, label: database.text }))}
            data-test="query-history-database"
          />
          <Select
            allowClear
            placeholder={t('State')}
            style={{ width: 140 }}
            value={state.state ?? undefined}
            onChange={(value: QueryState | undefined) => update({ state: value ?? null })}
            options={HISTORY_STATES.map((value) => ({ value, label: t(STATE_LABEL[value] ?? value) }))}
            data-test="query-history-state"
          />
          <DatePicker.RangePicker
            showTime
            allowEmpty={[true, true]}
            placeholder={[t('Start time'), t('End time')]}
            onChange={(range) =>
              update({
                timeRange: range ? [range[0]?.valueOf() ?? null, range[1]?.valueOf() ?? null] : null,
              })
            }
            data-test="query-history-time"
          />
          <Input.Search
            allowClear
            placeholder={t('Search by query text')}
            onSearch={(search) => update({ search })}
            style={{ width: 260 }}
            data-test="query-history-search"
          />
        </div>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Table<QueryHistoryRecord>
          rowKey="queryId"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={loading}
          onChange={tableChangeHandler<QueryHistoryRecord>({
            setPage: (page) => setState((current) => ({ ...current, page })),
            setSort: (column, direction) =>
              update({
                sortColumn: column ?? INITIAL_HISTORY_STATE.sortColumn,
                sortDirection: column ? direction : INITIAL_HISTORY_STATE.sortDirection,
              }),
          })}
          pagination={pagination(state, count, HISTORY_PAGE_SIZE)}
          locale={{
            emptyText: hasHistoryFilters(state) ? t('No results match your filter criteria') : t('No queries yet'),
          }}
          tableLayout="fixed"
          // The headers' sort hints would cover the filter bar above them.
          showSorterTooltip={false}
          scroll={{ x: 880 }}
          data-test="query-history-list"
        />
      </ListPageFrame>
      {preview && <QueryPreviewModal query={preview} onClose={() => setPreview(null)} />}
    </RequirePermission>
  );
}
