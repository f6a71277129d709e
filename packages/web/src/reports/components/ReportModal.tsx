// "Schedule a new email report" / "Edit email report" of the chart and dashboard menus (Superset's ReportModal):
// name, description, schedule, time zone, format, screenshot width and recipients.

import { CalendarOutlined } from '@ant-design/icons';
import { Alert, Form, Input, InputNumber, Radio, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import Modal from '../../components/Modal';
import { i18nKey } from '../../i18n/i18n';
import { useCurrentUser } from '../../session/use-session';
import { useAppDispatch } from '../../store/hooks';
import type { ReportFormat } from '../api/report-api';
import { fetchReport } from '../api/report-api';
import {
  buildReportPayload,
  draftFromDetail,
  formatOptions,
  newReportDraft,
  type ReportDraft,
  type ReportTarget,
  validateDraft,
} from '../report-modal-form';
import { browserTimezone } from '../schedule';
import { addReport, editReport } from '../state/report-thunks';
import type { Report } from '../state/reports';
import CronScheduler from './CronScheduler';
import TimezoneSelect from './TimezoneSelect';

const FORMAT_LABELS: Record<ReportFormat, string> = {
  TEXT: i18nKey('Text embedded in email'),
  PNG: i18nKey('Image (PNG) embedded in email'),
  PDF: i18nKey('PDF attached in email'),
  CSV: i18nKey('Formatted CSV attached in email'),
};

interface ReportModalProps {
  target: ReportTarget;
  report: Report | null;
  onClose: () => void;
}

export default function ReportModal({ target, report, onClose }: ReportModalProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useCurrentUser();
  const [draft, setDraft] = useState<ReportDraft | null>(() =>
    report ? null : newReportDraft(target, user?.email ?? '', browserTimezone()),
  );
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [touched, setTouched] = useState(false);

  // The menus rebuild their target on every render: the stored report is read once per report id.
  const targetRef = useRef(target);
  targetRef.current = target;
  const reportId = report?.id ?? null;
  useEffect(() => {
    if (reportId === null) return;
    let live = true;
    fetchReport(reportId).then(
      ({ result }) => live && setDraft(draftFromDetail(result, targetRef.current)),
      (failure: unknown) => live && setError(isApiError(failure) ? failure.message : String(failure)),
    );
    return () => {
      live = false;
    };
  }, [reportId]);

  const update = (patch: Partial<ReportDraft>) => setDraft((current) => (current ? { ...current, ...patch } : current));
  const errors = draft ? validateDraft(draft) : {};
  const shown = (field: keyof typeof errors) => (touched || field === 'crontab' ? errors[field] : undefined);

  const onSave = async () => {
    setTouched(true);
    if (!draft || !user || Object.keys(errors).length > 0) return;
    setSaving(true);
    setError(null);
    const payload = buildReportPayload(draft, target, user.userId);
    try {
      await dispatch(report ? editReport(report.id, payload) : addReport(payload));
      onClose();
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : String(failure));
      setSaving(false);
    }
  };

  const screenshot = draft?.reportFormat === 'PNG' || draft?.reportFormat === 'PDF';
  return (
    <Modal
      open
      centered
      width={520}
      title={
        <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
          <CalendarOutlined />
          {report ? t('Edit email report') : t('Schedule a new email report')}
        </span>
      }
      okText={report ? t('Save') : t('Add')}
      cancelText={t('Cancel')}
      onOk={() => void onSave()}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ disabled: !draft?.name.trim(), 'data-test': 'report-save' }}
      mask={{ closable: false }}
      // A small window scrolls the form, never the page under the dialog.
      styles={{ body: { maxHeight: 'calc(100vh - 180px)', overflowY: 'auto', overflowX: 'hidden' } }}
      data-test="report-modal"
    >
      {!draft ? (
        error ? (
          <Alert type="error" showIcon title={error} />
        ) : (
          <Spin />
        )
      ) : (
        <Form layout="vertical" disabled={saving} component="div">
          <Form.Item
            label={t('Report Name')}
            required
            validateStatus={shown('name') ? 'error' : undefined}
            help={shown('name')}
          >
            <Input
              value={draft.name}
              onChange={(event) => update({ name: event.target.value })}
              data-test="report-name"
              maxLength={150}
            />
          </Form.Item>
          <Form.Item label={t('Description')}>
            <Input
              value={draft.description}
              placeholder={t('Include a description that will be sent with your report')}
              onChange={(event) => update({ description: event.target.value })}
              data-test="report-description"
            />
          </Form.Item>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t('Schedule')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('The report will be sent to your email at')}
          </Typography.Paragraph>
          <Form.Item>
            <CronScheduler value={draft.crontab} onChange={(crontab) => update({ crontab })} />
          </Form.Item>
          <Form.Item label={t('Timezone')} required>
            <TimezoneSelect value={draft.timezone} onChange={(timezone) => update({ timezone })} />
          </Form.Item>
          <Form.Item label={t('Message content')}>
            <Radio.Group
              value={draft.reportFormat}
              onChange={(event) => update({ reportFormat: event.target.value as ReportFormat })}
              style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
              data-test="report-format"
            >
              {formatOptions(target).map((format) => (
                <Radio key={format} value={format}>
                  {t(FORMAT_LABELS[format])}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
          {screenshot && (
            <Form.Item
              label={t('Screenshot width')}
              validateStatus={shown('customWidth') ? 'error' : undefined}
              help={shown('customWidth')}
            >
              <InputNumber
                value={draft.customWidth}
                min={600}
                max={2400}
                placeholder={t('Input custom width in pixels')}
                onChange={(value) => update({ customWidth: typeof value === 'number' ? value : null })}
                style={{ width: '100%' }}
              />
            </Form.Item>
          )}
          <Form.Item
            label={t('Recipients')}
            required
            validateStatus={shown('recipients') ? 'error' : undefined}
            help={shown('recipients') ?? t('Email addresses, separated by commas')}
          >
            <Input
              value={draft.recipients}
              onChange={(event) => update({ recipients: event.target.value })}
              data-test="report-recipients"
            />
          </Form.Item>
          {error && (
            <Alert
              type="error"
              showIcon
              title={report ? t('Failed to update report') : t('Failed to create report')}
              description={error}
            />
          )}
        </Form>
      )}
    </Modal>
  );
}
