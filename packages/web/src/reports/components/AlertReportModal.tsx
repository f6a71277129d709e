// Add/edit an alert or report on the Alerts & Reports page (Superset's AlertReportModal): general information,
// alert condition (alerts), contents, schedule and notification methods, each section checked before saving.

import { CheckCircleFilled, DeleteOutlined, ExclamationCircleFilled, PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Checkbox,
  Collapse,
  Form,
  Input,
  InputNumber,
  Select,
  Spin,
  Switch,
  Tooltip,
  Typography,
} from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import Modal from '../../components/Modal';
import { saveFailureMessage } from '../../components/save-failure';
import { i18nKey } from '../../i18n/i18n';
import { useCurrentUser } from '../../session/use-session';
import {
  type AlertReportDraft,
  buildAlertReportPayload,
  CONDITIONS,
  type Condition,
  contentFormats,
  draftFromDetail,
  hasErrors,
  newAlertReportDraft,
  RETENTION_DAYS,
  type Section,
  validateAlertReport,
} from '../alert-report-form';
import {
  createReport,
  fetchChartVizType,
  fetchReport,
  type RecipientType,
  type ReportFormat,
  type ReportType,
  updateReport,
} from '../api/report-api';
import { TEXT_BASED_VIZ_TYPES } from '../report-modal-form';
import { browserTimezone } from '../schedule';
import CronScheduler from './CronScheduler';
import RelatedSelect from './RelatedSelect';
import TimezoneSelect from './TimezoneSelect';

const FORMAT_LABELS: Record<ReportFormat, string> = {
  PDF: i18nKey('Send as PDF'),
  PNG: i18nKey('Send as PNG'),
  CSV: i18nKey('Send as CSV'),
  TEXT: i18nKey('Send as text'),
};
const METHODS: RecipientType[] = [i18nKey('Email'), i18nKey('Webhook')];

interface AlertReportModalProps {
  type: ReportType;
  reportId: number | null;
  onClose: () => void;
  onSaved: (name: string, created: boolean) => void;
}

export default function AlertReportModal({ type, reportId, onClose, onSaved }: AlertReportModalProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [draft, setDraft] = useState<AlertReportDraft | null>(() =>
    reportId === null && user
      ? newAlertReportDraft(
          type,
          { value: user.userId, label: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username },
          browserTimezone(),
        )
      : null,
  );
  const [vizType, setVizType] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (reportId === null) return;
    let live = true;
    fetchReport(reportId).then(
      ({ result }) => {
        if (!live) return;
        setDraft(draftFromDetail(result));
        if (result.chart?.viz_type) setVizType(result.chart.viz_type);
      },
      (failure: unknown) => live && setError(isApiError(failure) ? failure.message : String(failure)),
    );
    return () => {
      live = false;
    };
  }, [reportId]);

  const chartId = draft?.contentType === 'chart' ? (draft.chart?.value ?? null) : null;
  useEffect(() => {
    if (chartId === null) return;
    let live = true;
    fetchChartVizType(chartId).then(
      (viz) => live && setVizType(viz),
      () => live && setVizType(''),
    );
    return () => {
      live = false;
    };
  }, [chartId]);

  const update = (patch: Partial<AlertReportDraft>) =>
    setDraft((current) => (current ? { ...current, ...patch } : current));
  const isReport = type === 'Report';
  const errors = draft ? validateAlertReport(draft) : null;
  const formats = draft ? contentFormats(draft.contentType, TEXT_BASED_VIZ_TYPES.includes(vizType)) : [];
  // A format the content no longer offers falls back to the first offered.
  useEffect(() => {
    if (draft && formats.length > 0 && !formats.includes(draft.reportFormat)) update({ reportFormat: 'PNG' });
  });

  const onSave = async () => {
    if (!draft || !errors || hasErrors(errors)) return;
    setSaving(true);
    setError(null);
    const payload = buildAlertReportPayload(draft);
    try {
      if (draft.id === null) await createReport(payload);
      else await updateReport(draft.id, payload);
      onSaved(payload.name, draft.id === null);
    } catch (failure) {
      setError(saveFailureMessage(type === 'Alert' ? 'alert' : 'report', failure));
      setSaving(false);
    }
  };

  const header = (section: Section, title: string, subtitle: string): ReactNode => {
    const missing = errors?.[section] ?? [];
    return (
      <div data-test={`${section}-panel`}>
        <Typography.Text strong>
          {title}{' '}
          {missing.length === 0 ? (
            <CheckCircleFilled style={{ color: '#52c41a' }} />
          ) : (
            <ExclamationCircleFilled style={{ color: '#faad14' }} />
          )}
        </Typography.Text>
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {subtitle}
          </Typography.Text>
        </div>
      </div>
    );
  };

  const missingList = errors
    ? Object.values(errors)
        .flat()
        .map((name) => t(name))
    : [];
  const title =
    draft?.id != null ? (isReport ? t('Edit Report') : t('Edit Alert')) : isReport ? t('Add Report') : t('Add Alert');

  const body = (d: AlertReportDraft) => {
    const items = [
      {
        key: 'general',
        label: header('general', t('General information'), t('Set up basic details, such as name and description.')),
        children: (
          <>
            <Form.Item label={isReport ? t('Report name') : t('Alert name')} required>
              <Input
                value={d.name}
                placeholder={isReport ? t('Enter report name') : t('Enter alert name')}
                onChange={(event) => update({ name: event.target.value })}
                data-test="alert-report-name"
              />
            </Form.Item>
            <Form.Item label={t('Owners')} required>
              <RelatedSelect
                multiple
                field="owners"
                ariaLabel={t('Owners')}
                placeholder={t('Select owners')}
                value={d.owners}
                onChange={(owners) => update({ owners })}
                dataTest="owners-select"
              />
            </Form.Item>
            <Form.Item label={t('Description')}>
              <Input
                value={d.description}
                placeholder={
                  isReport
                    ? t('Include description to be sent with report')
                    : t('Include description to be sent with alert')
                }
                onChange={(event) => update({ description: event.target.value })}
              />
            </Form.Item>
            <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
              <Switch checked={d.active} onChange={(active) => update({ active })} data-test="active-switch" />
              {isReport ? t('Report is active') : t('Alert is active')}
            </span>
          </>
        ),
      },
      ...(isReport
        ? []
        : [
            {
              key: 'condition',
              label: header(
                'condition',
                t('Alert condition'),
                t('Define the database, SQL query, and triggering conditions for alert.'),
              ),
              children: (
                <>
                  <Form.Item label={t('Database')} required>
                    <RelatedSelect
                      field="database"
                      ariaLabel={t('Database')}
                      placeholder={t('Select database')}
                      value={d.database}
                      onChange={(database) => update({ database })}
                      dataTest="database-select"
                    />
                  </Form.Item>
                  <Form.Item
                    label={t('SQL Query')}
                    required
                    tooltip={t('The result of this query must be a single value capable of numeric interpretation.')}
                  >
                    <Input.TextArea
                      value={d.sql}
                      rows={6}
                      spellCheck={false}
                      style={{ fontFamily: 'monospace' }}
                      onChange={(event) => update({ sql: event.target.value })}
                      data-test="alert-sql"
                    />
                  </Form.Item>
                  <div style={{ display: 'flex', gap: 12 }}>
                    <Form.Item label={t('Trigger Alert If...')} required style={{ flex: 1 }}>
                      <Select<Condition>
                        aria-label={t('Condition')}
                        placeholder={t('Condition')}
                        value={d.condition ?? undefined}
                        onChange={(condition) => update({ condition })}
                        options={CONDITIONS.map((c) => ({ value: c.value, label: t(c.label) }))}
                        data-test="alert-condition"
                      />
                    </Form.Item>
                    <Form.Item label={t('Value')} required={d.condition !== 'not null'} style={{ flex: 1 }}>
                      <InputNumber
                        value={d.condition === 'not null' ? null : d.threshold}
                        disabled={d.condition === 'not null'}
                        placeholder={t('Value')}
                        onChange={(value) => update({ threshold: typeof value === 'number' ? value : null })}
                        style={{ width: '100%' }}
                        data-test="alert-threshold"
                      />
                    </Form.Item>
                  </div>
                </>
              ),
            },
          ]),
      {
        key: 'content',
        label: header(
          'content',
          isReport ? t('Report contents') : t('Alert contents'),
          t('Customize data source, filters, and layout.'),
        ),
        children: (
          <>
            <Form.Item label={t('Content type')} required>
              <Select
                aria-label={t('Select content type')}
                value={d.contentType}
                onChange={(contentType) => update({ contentType, forceScreenshot: false })}
                options={[
                  { value: 'dashboard', label: t('Dashboard') },
                  { value: 'chart', label: t('Chart') },
                ]}
                data-test="content-type"
              />
            </Form.Item>
            {d.contentType === 'chart' ? (
              <Form.Item label={t('Select chart')} required>
                <RelatedSelect
                  field="chart"
                  ariaLabel={t('Chart')}
                  placeholder={t('Select chart to use')}
                  value={d.chart}
                  onChange={(chart) => update({ chart, dashboard: null })}
                  dataTest="chart-select"
                />
              </Form.Item>
            ) : (
              <Form.Item label={t('Select dashboard')} required>
                <RelatedSelect
                  field="dashboard"
                  ariaLabel={t('Dashboard')}
                  placeholder={t('Select dashboard to use')}
                  value={d.dashboard}
                  onChange={(dashboard) => update({ dashboard, chart: null, anchor: '' })}
                  dataTest="dashboard-select"
                />
              </Form.Item>
            )}
            <Form.Item label={t('Content format')} required>
              <Select<ReportFormat>
                aria-label={t('Select format')}
                value={d.reportFormat}
                onChange={(reportFormat) => update({ reportFormat })}
                options={formats.map((format) => ({ value: format, label: t(FORMAT_LABELS[format]) }))}
                data-test="content-format"
              />
            </Form.Item>
            {d.reportFormat === 'PNG' && (
              <Form.Item label={t('Screenshot width')}>
                <InputNumber
                  value={d.customWidth}
                  min={600}
                  max={2400}
                  placeholder={t('Input custom width in pixels')}
                  onChange={(value) => update({ customWidth: typeof value === 'number' ? value : null })}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            )}
            {(isReport || d.contentType === 'dashboard') && (
              <Checkbox
                checked={d.forceScreenshot}
                onChange={(event) => update({ forceScreenshot: event.target.checked })}
                data-test="bypass-cache"
              >
                {t('Ignore cache when generating report')}
              </Checkbox>
            )}
          </>
        ),
      },
      {
        key: 'schedule',
        label: header('schedule', t('Schedule'), t('Define delivery schedule, timezone, and frequency settings.')),
        children: (
          <>
            <Form.Item label={t('Schedule')} required>
              <CronScheduler withTypeSelect value={d.crontab} onChange={(crontab) => update({ crontab })} />
            </Form.Item>
            <Form.Item label={t('Timezone')} required>
              <TimezoneSelect value={d.timezone} onChange={(timezone) => update({ timezone })} />
            </Form.Item>
            <Form.Item label={t('Log retention')} required>
              <Select<number>
                aria-label={t('Log retention')}
                value={d.logRetention}
                onChange={(logRetention) => update({ logRetention })}
                options={RETENTION_DAYS.map((days) => ({
                  value: days,
                  label: days === 0 ? t('None') : t('{{count}} days', { count: days }),
                }))}
              />
            </Form.Item>
            {isReport ? (
              <Form.Item label={t('Working timeout')} required>
                <InputNumber
                  min={1}
                  value={d.workingTimeout}
                  placeholder={t('Time in seconds')}
                  suffix={t('seconds')}
                  onChange={(value) => update({ workingTimeout: typeof value === 'number' ? value : null })}
                  style={{ width: '100%' }}
                  data-test="working-timeout"
                />
              </Form.Item>
            ) : (
              <Form.Item label={t('Grace period')}>
                <InputNumber
                  min={1}
                  value={d.gracePeriod}
                  placeholder={t('Time in seconds')}
                  suffix={t('seconds')}
                  onChange={(value) => update({ gracePeriod: typeof value === 'number' ? value : null })}
                  style={{ width: '100%' }}
                  data-test="grace-period"
                />
              </Form.Item>
            )}
          </>
        ),
      },
      {
        key: 'notification',
        label: header('notification', t('Notification method'), t('Choose notification method and recipients.')),
        children: (
          <>
            {d.notifications.map((notification, index) => {
              const set = (patch: Partial<typeof notification>) =>
                update({
                  notifications: d.notifications.map((other, i) => (i === index ? { ...other, ...patch } : other)),
                });
              const used = d.notifications.filter((_, i) => i !== index).map((other) => other.method);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: a method's row has no id of its own
                <div key={index} style={{ display: 'flex', gap: 8, marginBottom: 12 }}>
                  <Select<RecipientType>
                    aria-label={t('Notification method')}
                    value={notification.method}
                    onChange={(method) => set({ method })}
                    options={METHODS.map((method) => ({
                      value: method,
                      label: t(method),
                      disabled: used.includes(method),
                    }))}
                    style={{ width: 130 }}
                  />
                  <Input
                    value={notification.target}
                    placeholder={
                      notification.method === 'Email' ? t('Recipients are separated by "," or ";"') : t('https://…')
                    }
                    onChange={(event) => set({ target: event.target.value })}
                    data-test={`recipients-${notification.method.toLowerCase()}`}
                  />
                  {d.notifications.length > 1 && (
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('Remove')}
                      onClick={() => update({ notifications: d.notifications.filter((_, i) => i !== index) })}
                    />
                  )}
                </div>
              );
            })}
            {d.notifications.length < METHODS.length && (
              <Button
                type="link"
                icon={<PlusOutlined />}
                style={{ paddingLeft: 0 }}
                onClick={() => {
                  const method = METHODS.find((m) => !d.notifications.some((n) => n.method === m)) ?? 'Email';
                  update({ notifications: [...d.notifications, { method, target: '' }] });
                }}
              >
                {t('Add another notification method')}
              </Button>
            )}
          </>
        ),
      },
    ];
    return (
      <Form layout="vertical" component="div" disabled={saving}>
        <Collapse accordion defaultActiveKey="general" items={items} expandIconPlacement="end" />
      </Form>
    );
  };

  return (
    <Modal
      open
      centered
      width={560}
      title={<span data-test="alert-report-modal-title">{title}</span>}
      onCancel={onClose}
      mask={{ closable: false }}
      // A small window scrolls the form, never the page under the dialog.
      styles={{ body: { maxHeight: 'calc(100vh - 180px)', overflowY: 'auto', overflowX: 'hidden' } }}
      data-test="alert-report-modal"
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('Cancel')}
        </Button>,
        <Tooltip
          key="save"
          title={
            missingList.length > 0
              ? t('Not all required fields are complete. Please provide the following: {{fields}}', {
                  fields: missingList.join(', '),
                })
              : undefined
          }
        >
          <Button
            type="primary"
            disabled={!draft || missingList.length > 0}
            loading={saving}
            onClick={() => void onSave()}
            data-test="alert-report-save"
          >
            {draft?.id != null ? t('Save') : t('Add')}
          </Button>
        </Tooltip>,
      ]}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      {draft ? body(draft) : !error && <Spin />}
    </Modal>
  );
}
