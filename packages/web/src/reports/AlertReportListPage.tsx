// Alerts & reports (/alert/list/, /report/list/; Superset's AlertReportList): tabs Alerts and Reports, last run
// state, schedule in words, owners, active toggle, and per row the execution log, run now, edit and delete.

import {
  ApiOutlined,
  MailOutlined,
  PlayCircleOutlined,
  PlusOutlined,
  ProfileOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { Alert, Button, Input, Select, Switch, Table, type TableProps, Tabs, Tooltip } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '../api/api-error';
import type { ListQuery } from '../api/types';
import BulkDeleteButton from '../components/list/BulkDeleteButton';
import ListPageFrame from '../components/list/ListPageFrame';
import RowActions from '../components/list/RowActions';
import { localizedAge } from '../components/list/relative-age';
import { antdSortOrder, pagination, tableChangeHandler } from '../components/list/table-change';
import { LIST_PAGE_SIZE, usePagedList } from '../components/list/use-paged-list';
import { userName } from '../components/list/user-name';
import RequirePermission from '../components/RequirePermission';
import { addDangerToast, addSuccessToast } from '../components/toasts/state/message-toasts';
import { i18nKey, toSupportedLocale } from '../i18n/i18n';
import { useCan, useCurrentUser, useIsAdmin } from '../session/use-session';
import { useAppDispatch } from '../store/hooks';
import {
  deleteReport,
  deleteReports,
  fetchReports,
  type ReportListItem,
  type ReportState,
  type ReportType,
  runReport,
  updateReport,
} from './api/report-api';
import ReportStateIcon from './components/ReportStateIcon';
import { formatUtc } from './log-format';
import { humanizeCron, loadCronDescriptions } from './schedule';

const AlertReportModal = lazy(() => import('./components/AlertReportModal'));

// The values the server stores in last_state (Superset's ReportState).
const STATUS_FILTERS: ReportState[] = [
  i18nKey('Success'),
  i18nKey('Working'),
  i18nKey('Error'),
  i18nKey('Not triggered'),
  i18nKey('On Grace'),
];

type Editing = { id: number | null } | null;

export default function AlertReportListPage({ type }: { type: ReportType }) {
  const { t, i18n } = useTranslation();
  const locale = toSupportedLocale(i18n.language);
  // The schedule column reads in the page's language once cronstrue's translations have loaded.
  const [cronLocale, setCronLocale] = useState<typeof locale>('en');
  useEffect(() => {
    if (locale === 'en') return;
    let live = true;
    void loadCronDescriptions().then(() => live && setCronLocale(locale));
    return () => {
      live = false;
    };
  }, [locale]);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const admin = useIsAdmin();
  const canRead = useCan('can_read', 'ReportSchedule');
  const canWrite = useCan('can_write', 'ReportSchedule');
  const isReport = type === 'Report';
  const [status, setStatus] = useState<ReportState | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [selected, setSelected] = useState<number[]>([]);
  // The tab is a filter on type, the status select another, both beside the name search.
  const fetcher = useCallback(
    (query: ListQuery) =>
      fetchReports({
        ...query,
        filters: [
          ...(query.filters ?? []),
          { col: 'type', opr: 'eq', value: type },
          ...(status ? [{ col: 'last_state', opr: 'eq', value: status }] : []),
        ],
      }),
    [type, status],
  );
  const list = usePagedList(fetcher, { searchColumn: 'name', defaultSort: { column: 'name', direction: 'desc' } });
  const sortOrder = (column: string) => antdSortOrder(list.state, column);
  const mayEdit = (row: ReportListItem) => admin || row.owners.some((owner) => owner.id === user?.userId);

  const failed = (error: unknown) => (isApiError(error) ? error.message : String(error));

  const remove = async (ids: number[], name: string) => {
    try {
      if (ids.length === 1 && ids[0] !== undefined) {
        await deleteReport(ids[0]);
        dispatch(addSuccessToast(t('Deleted: {{name}}', { name })));
      } else {
        const { message } = await deleteReports(ids);
        dispatch(addSuccessToast(message));
      }
      setSelected([]);
      list.reload();
    } catch (error) {
      dispatch(
        addDangerToast(t('There was an issue deleting {{name}}: {{message}}', { name, message: failed(error) })),
      );
    }
  };

  const toggleActive = async (row: ReportListItem, active: boolean) => {
    try {
      await updateReport(row.id, { active });
      list.reload();
    } catch (error) {
      dispatch(addDangerToast(failed(error)));
    }
  };

  const runNow = async (row: ReportListItem) => {
    try {
      await runReport(row.id);
      dispatch(addSuccessToast(t('A run of {{name}} was queued', { name: row.name })));
      list.reload();
    } catch (error) {
      dispatch(addDangerToast(failed(error)));
    }
  };

  const columns: TableProps<ReportListItem>['columns'] = [
    {
      key: 'last_state',
      dataIndex: 'last_state',
      width: 48,
      render: (state: ReportState | null) => <ReportStateIcon state={state} isReport={isReport} />,
    },
    {
      key: 'last_eval_dttm',
      title: t('Last run'),
      dataIndex: 'last_eval_dttm',
      sorter: true,
      sortOrder: sortOrder('last_eval_dttm'),
      width: 150,
      render: (value: ReportListItem['last_eval_dttm']) => formatUtc(value),
    },
    {
      key: 'name',
      title: t('Name'),
      dataIndex: 'name',
      sorter: true,
      sortOrder: sortOrder('name'),
      width: 200,
      render: (name: string) => <strong>{name}</strong>,
    },
    {
      key: 'crontab',
      title: t('Schedule'),
      dataIndex: 'crontab',
      width: 210,
      render: (crontab: string, row) => {
        const text = `${humanizeCron(crontab, locale === 'en' ? 'en' : cronLocale)} (${row.timezone})`;
        return (
          <Tooltip title={`${text} · ${crontab}`} placement="topLeft">
            <span data-test="report-schedule">{text}</span>
          </Tooltip>
        );
      },
    },
    {
      key: 'recipients',
      title: t('Notification method'),
      dataIndex: 'recipients',
      width: 110,
      render: (recipients: ReportListItem['recipients']) => (
        <span style={{ display: 'flex', gap: 6 }}>
          {recipients.map((recipient, index) => (
            <Tooltip key={recipient.id ?? index} title={recipient.type}>
              {recipient.type === 'Email' ? <MailOutlined /> : <ApiOutlined />}
            </Tooltip>
          ))}
        </span>
      ),
    },
    {
      key: 'owners',
      title: t('Owners'),
      dataIndex: 'owners',
      width: 160,
      render: (owners: ReportListItem['owners']) => owners.map(userName).join(', '),
    },
    {
      key: 'changed_on',
      title: t('Last modified'),
      dataIndex: 'changed_on_delta_humanized',
      sorter: true,
      sortOrder: sortOrder('changed_on'),
      width: 150,
      render: (humanized: string) => localizedAge(humanized),
    },
    {
      key: 'active',
      title: t('Active'),
      dataIndex: 'active',
      width: 96,
      render: (active: boolean, row) => (
        <Switch
          size="small"
          checked={active}
          disabled={!canWrite || !mayEdit(row)}
          onChange={(checked) => void toggleActive(row, checked)}
          data-test="toggle-active"
        />
      ),
    },
    {
      key: 'actions',
      title: t('Actions'),
      // Kept in view when a narrow window scrolls the table sideways.
      fixed: 'right',
      width: 150,
      render: (_value, row) => (
        <span style={{ display: 'flex', gap: 4 }}>
          <Tooltip title={t('Execution log')}>
            <Button
              type="text"
              size="small"
              icon={<ProfileOutlined />}
              aria-label={t('Execution log')}
              onClick={() => navigate(`/${row.type.toLowerCase()}/${row.id}/log/`)}
              data-test="execution-log-action"
            />
          </Tooltip>
          {canWrite && mayEdit(row) && (
            <>
              <Tooltip title={t('Run now')}>
                <Button
                  type="text"
                  size="small"
                  icon={<PlayCircleOutlined />}
                  aria-label={t('Run now')}
                  onClick={() => void runNow(row)}
                  data-test="run-now-action"
                />
              </Tooltip>
              <RowActions
                onEdit={() => setEditing({ id: row.id })}
                onDelete={() => remove([row.id], row.name)}
                deleteTitle={isReport ? t('Delete Report?') : t('Delete Alert?')}
                deleteDescription={t('This action will permanently delete {{name}}.', { name: row.name })}
              />
            </>
          )}
        </span>
      ),
    },
  ];

  return (
    <RequirePermission allowed={canRead}>
      <ListPageFrame
        title={t('Alerts & reports')}
        actions={
          <>
            <BulkDeleteButton
              count={selected.length}
              what={isReport ? t('reports') : t('alerts')}
              onConfirm={() => remove(selected, isReport ? t('the selected reports') : t('the selected alerts'))}
            />
            <Tooltip title={t('Refresh')}>
              <Button
                icon={<ReloadOutlined />}
                aria-label={t('Refresh')}
                onClick={list.reload}
                data-test="refresh-list"
              />
            </Tooltip>
            {canWrite && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ id: null })}
                data-test={isReport ? 'add-report' : 'add-alert'}
              >
                {isReport ? t('Report') : t('Alert')}
              </Button>
            )}
          </>
        }
      >
        <Tabs
          activeKey={isReport ? 'report' : 'alert'}
          onChange={(key) => navigate(`/${key}/list/`)}
          items={[
            { key: 'alert', label: <span data-test="alert-list">{t('Alerts')}</span> },
            { key: 'report', label: <span data-test="report-list">{t('Reports')}</span> },
          ]}
          style={{ marginTop: -8 }}
        />
        <div style={{ display: 'flex', gap: 12, marginBottom: 16, flexWrap: 'wrap' }}>
          <Input.Search
            allowClear
            placeholder={t('Search by name')}
            onSearch={list.setSearch}
            style={{ maxWidth: 320 }}
            data-test="report-search"
          />
          <Select<ReportState>
            allowClear
            placeholder={t('Status: Any')}
            value={status ?? undefined}
            onChange={(value) => {
              setStatus(value ?? null);
              list.setPage(0);
            }}
            options={STATUS_FILTERS.map((state) => ({ value: state, label: t(state) }))}
            style={{ width: 180 }}
            data-test="status-filter"
          />
        </div>
        {list.error !== null && <Alert type="error" showIcon title={failed(list.error)} style={{ marginBottom: 16 }} />}
        <Table<ReportListItem>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.items}
          loading={list.loading}
          onChange={tableChangeHandler<ReportListItem>(list)}
          pagination={pagination(list.state, list.count, LIST_PAGE_SIZE)}
          locale={{ emptyText: isReport ? t('No reports yet') : t('No alerts yet') }}
          // The columns' widths add up to less than this, so a wide window shows every column without scrolling.
          scroll={{ x: 1300 }}
          {...(canWrite
            ? { rowSelection: { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } }
            : {})}
        />
      </ListPageFrame>
      {editing && (
        <Suspense fallback={null}>
          <AlertReportModal
            type={type}
            reportId={editing.id}
            onClose={() => setEditing(null)}
            onSaved={(name, created) => {
              setEditing(null);
              dispatch(
                addSuccessToast(created ? t('{{name}} was added', { name }) : t('{{name}} was updated', { name })),
              );
              list.reload();
            }}
          />
        </Suspense>
      )}
    </RequirePermission>
  );
}
