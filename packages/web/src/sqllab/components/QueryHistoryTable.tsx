// The query history: state, start, duration, rows, SQL (full on expand), database and actions, paged by the server.
import { ExportOutlined, EyeOutlined, PlayCircleOutlined, SearchOutlined } from '@ant-design/icons';
import { isActiveState } from '@nezha/core';
import { Button, Empty, Input, Table, type TableProps, Tooltip } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import QueryStateBadge from './QueryStateBadge';
import QueryTimer from './QueryTimer';
import { formatDuration, queryDurationMs } from './query-duration';
import { MONOSPACE_FONT, MUTED_TEXT } from './styles';
import type { QueryHistoryItem } from './types';

const SEARCH_DEBOUNCE_MS = 300;

interface QueryHistoryTableProps {
  queries: readonly QueryHistoryItem[];
  /** All queries matching the search, across pages. */
  total: number;
  /** 0-based, as the list API counts. */
  page: number;
  pageSize: number;
  loading?: boolean;
  search: string;
  onSearchChange: (text: string) => void;
  onPageChange: (page: number, pageSize: number) => void;
  onRerun?: (query: QueryHistoryItem) => void;
  onOpenInNewTab?: (query: QueryHistoryItem) => void;
  onViewResults?: (query: QueryHistoryItem) => void;
}

function sqlPreview(sql: string): string {
  return sql.replace(/\s+/g, ' ').trim();
}

export default function QueryHistoryTable({
  queries,
  total,
  page,
  pageSize,
  loading = false,
  search,
  onSearchChange,
  onPageChange,
  onRerun,
  onOpenInNewTab,
  onViewResults,
}: QueryHistoryTableProps) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState(search);
  useEffect(() => setDraft(search), [search]);
  useEffect(() => {
    if (draft === search) return undefined;
    const timer = setTimeout(() => onSearchChange(draft), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, search, onSearchChange]);

  const locale = i18n.language.replace('_', '-');
  const dateFormat = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }),
    [locale],
  );

  const columns: TableProps<QueryHistoryItem>['columns'] = [
    {
      key: 'state',
      title: t('State'),
      width: 110,
      render: (_, query) => <QueryStateBadge state={query.state} />,
    },
    {
      key: 'started',
      title: t('Started'),
      width: 190,
      render: (_, query) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {Number.isFinite(query.startDttm) ? dateFormat.format(new Date(query.startDttm)) : ''}
        </span>
      ),
    },
    {
      key: 'duration',
      title: t('Duration'),
      width: 120,
      render: (_, query) =>
        isActiveState(query.state) ? (
          <QueryTimer state={query.state} startDttm={query.startDttm} endDttm={query.endDttm} />
        ) : (
          <span style={{ fontFamily: MONOSPACE_FONT, fontSize: 12 }}>
            {formatDuration(queryDurationMs(query.startDttm, query.endDttm ?? query.startDttm, query.startDttm))}
          </span>
        ),
    },
    {
      key: 'rows',
      title: t('Rows'),
      width: 90,
      align: 'right',
      render: (_, query) => (query.rows === null || query.rows === undefined ? '' : query.rows.toLocaleString(locale)),
    },
    {
      key: 'sql',
      title: t('SQL'),
      ellipsis: true,
      render: (_, query) => (
        <span style={{ fontFamily: MONOSPACE_FONT, fontSize: 12 }} title={query.sql.slice(0, 1000)}>
          {sqlPreview(query.sql)}
        </span>
      ),
    },
    {
      key: 'database',
      title: t('Database'),
      width: 170,
      ellipsis: true,
      render: (_, query) => (
        <span>
          {query.databaseName ?? query.dbId}
          {query.schema && <span style={{ color: MUTED_TEXT }}> · {query.schema}</span>}
        </span>
      ),
    },
    {
      key: 'actions',
      title: t('Actions'),
      width: 120,
      render: (_, query) => (
        <span style={{ display: 'inline-flex', gap: 2 }}>
          {onRerun && (
            <Tooltip title={t('Run this query again')}>
              <Button
                type="text"
                size="small"
                icon={<PlayCircleOutlined />}
                aria-label={t('Run this query again')}
                onClick={() => onRerun(query)}
                data-test="history-rerun"
              />
            </Tooltip>
          )}
          {onOpenInNewTab && (
            <Tooltip title={t('Run query in a new tab')}>
              <Button
                type="text"
                size="small"
                icon={<ExportOutlined />}
                aria-label={t('Run query in a new tab')}
                onClick={() => onOpenInNewTab(query)}
                data-test="history-open-tab"
              />
            </Tooltip>
          )}
          {onViewResults && query.state === 'success' && (
            <Tooltip title={t('View results')}>
              <Button
                type="text"
                size="small"
                icon={<EyeOutlined />}
                aria-label={t('View results')}
                onClick={() => onViewResults(query)}
                data-test="history-view-results"
              />
            </Tooltip>
          )}
        </span>
      ),
    },
  ];

  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={search ? t('No queries match your search') : t('Run a query to display query history')}
    />
  );

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-test="query-history">
      <Input
        allowClear
        prefix={<SearchOutlined style={{ color: MUTED_TEXT }} />}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onPressEnter={() => onSearchChange(draft)}
        placeholder={t('Search queries')}
        aria-label={t('Search queries')}
        style={{ maxWidth: 320 }}
        size="small"
        data-test="history-search"
      />
      <Table<QueryHistoryItem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={queries as QueryHistoryItem[]}
        loading={loading}
        locale={{ emptyText: empty }}
        tableLayout="fixed"
        expandable={{
          expandedRowRender: (query) => (
            <pre
              style={{
                fontFamily: MONOSPACE_FONT,
                fontSize: 12,
                whiteSpace: 'pre-wrap',
                margin: 0,
                maxHeight: 320,
                overflow: 'auto',
              }}
              data-test="history-full-sql"
            >
              {query.sql}
              {query.errorMessage && (
                <div style={{ color: '#cf1322', marginTop: 8, fontFamily: 'inherit' }}>{query.errorMessage}</div>
              )}
            </pre>
          ),
        }}
        pagination={{
          current: page + 1,
          pageSize,
          total,
          size: 'small',
          showSizeChanger: true,
          pageSizeOptions: [10, 25, 50, 100],
          showTotal: (count) => t('{{total}} queries', { count, total: count.toLocaleString(locale) }),
          onChange: (next, size) => onPageChange(size !== pageSize ? 0 : next - 1, size),
        }}
        data-test="history-table"
      />
    </div>
  );
}
