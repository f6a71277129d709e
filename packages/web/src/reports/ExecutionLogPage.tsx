// The execution log of one alert or report (/alert/{id}/log/, /report/{id}/log/; Superset's ExecutionLogList):
// state, execution id, scheduled, start, duration, value and error of every run, newest first, with Run now.
import { PlayCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Table, type TableProps, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { isApiError } from '../api/api-error';
import ListPageFrame from '../components/list/ListPageFrame';
import { antdSortOrder, pagination, tableChangeHandler } from '../components/list/table-change';
import { LIST_PAGE_SIZE, usePagedList } from '../components/list/use-paged-list';
import RequirePermission from '../components/RequirePermission';
import { addDangerToast, addSuccessToast } from '../components/toasts/state/message-toasts';
import { useCan } from '../session/use-session';
import { useAppDispatch } from '../store/hooks';
import {
  fetchReport,
  fetchReportLogs,
  type ReportDetail,
  type ReportLogItem,
  type ReportState,
  type ReportType,
  runReport,
} from './api/report-api';
import ReportStateIcon from './components/ReportStateIcon';
import { formatDuration, formatUtc } from './log-format';

/** How often the log is read again while a run is under way or awaited. */
const POLL_MS = 2000;

export default function ExecutionLogPage({ type }: { type: ReportType }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { id: idParam = '' } = useParams();
  const id = Number(idParam);
  const canRead = useCan('can_read', 'ReportSchedule');
  const canWrite = useCan('can_write', 'ReportSchedule');
  const isReport = type === 'Report';
  const [report, setReport] = useState<ReportDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The newest run when Run now was pressed: the log is followed until a newer one has finished.
  const [awaiting, setAwaiting] = useState<{ newest: number | null } | null>(null);
  const list = usePagedList((query) => fetchReportLogs(id, query), {
    defaultSort: { column: 'start_dttm', direction: 'desc' },
  });
  const sortOrder = (column: string) => antdSortOrder(list.state, column);

  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) {
      setError(t('Not found'));
      return;
    }
    let live = true;
    fetchReport(id).then(
      ({ result }) => live && setReport(result),
      (failure: unknown) => live && setError(isApiError(failure) ? failure.message : String(failure)),
    );
    return () => {
      live = false;
    };
  }, [id, t]);

  const newest = list.items[0] ?? null;
  const waitingForRun = awaiting !== null && (newest?.id ?? null) === awaiting.newest;
  const follow = !list.loading && (newest?.state === 'Working' || waitingForRun);
  useEffect(() => {
    if (!follow) return;
    const timer = window.setTimeout(list.reload, POLL_MS);
    return () => window.clearTimeout(timer);
  }, [follow, list.reload]);
  useEffect(() => {
    if (awaiting && !waitingForRun && newest?.state !== 'Working') setAwaiting(null);
  }, [awaiting, waitingForRun, newest]);

  const runNow = async () => {
    try {
      await runReport(id);
      setAwaiting({ newest: newest?.id ?? null });
      dispatch(addSuccessToast(t('A run of {{name}} was queued', { name: report?.name ?? '' })));
      list.reload();
    } catch (failure) {
      dispatch(addDangerToast(isApiError(failure) ? failure.message : String(failure)));
    }
  };

  const columns: TableProps<ReportLogItem>['columns'] = [
    {
      key: 'state',
      title: t('State'),
      dataIndex: 'state',
      width: 140,
      render: (state: ReportState) => <ReportStateIcon state={state} isReport={isReport} withLabel />,
    },
    {
      key: 'uuid',
      title: t('Execution ID'),
      dataIndex: 'uuid',
      width: 110,
      render: (uuid: string | undefined) => (uuid ? uuid.slice(0, 6) : 'none'),
    },
    {
      key: 'scheduled_dttm',
      title: t('Scheduled at (UTC)'),
      dataIndex: 'scheduled_dttm',
      sorter: true,
      sortOrder: sortOrder('scheduled_dttm'),
      width: 180,
      render: formatUtc,
    },
    {
      key: 'start_dttm',
      title: t('Start at (UTC)'),
      dataIndex: 'start_dttm',
      sorter: true,
      sortOrder: sortOrder('start_dttm'),
      width: 180,
      render: formatUtc,
    },
    {
      key: 'duration',
      title: t('Duration'),
      width: 120,
      render: (_value, row) => formatDuration(row.start_dttm, row.end_dttm),
    },
    { key: 'value', title: t('Value'), dataIndex: 'value', width: 100 },
    {
      key: 'error_message',
      title: t('Error message'),
      dataIndex: 'error_message',
      ellipsis: { showTitle: false },
      render: (message: string | null) => (
        <Tooltip title={message} placement="topLeft">
          <span data-test="log-error">{message}</span>
        </Tooltip>
      ),
    },
  ];

  const title = report ? `${report.type === 'Alert' ? t('Alert') : t('Report')}: ${report.name}` : t('Execution log');
  return (
    <RequirePermission allowed={canRead}>
      <ListPageFrame
        title={title}
        actions={
          <>
            <Link to={`/${type.toLowerCase()}/list/`} data-test="back-to-all">
              {t('Back to all')}
            </Link>
            <Tooltip title={t('Refresh')}>
              <Button
                icon={<ReloadOutlined />}
                aria-label={t('Refresh')}
                onClick={list.reload}
                data-test="refresh-log"
              />
            </Tooltip>
            {canWrite && report && (
              <Button
                type="primary"
                icon={<PlayCircleOutlined />}
                onClick={() => void runNow()}
                loading={waitingForRun}
                data-test="run-now"
              >
                {t('Run now')}
              </Button>
            )}
          </>
        }
      >
        {(error ?? list.error) !== null && (
          <Alert
            type="error"
            showIcon
            title={error ?? (isApiError(list.error) ? list.error.message : String(list.error))}
            style={{ marginBottom: 16 }}
          />
        )}
        <Table<ReportLogItem>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.items}
          loading={list.loading && list.items.length === 0}
          onChange={tableChangeHandler<ReportLogItem>(list)}
          pagination={pagination(list.state, list.count, LIST_PAGE_SIZE)}
          locale={{ emptyText: t('No runs yet') }}
          scroll={{ x: 900 }}
          data-test="execution-log"
        />
      </ListPageFrame>
    </RequirePermission>
  );
}
