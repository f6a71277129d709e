// The "Schedule a new email report" dialog of the chart and dashboard menus: its defaults, formats, checks and the
// payload it sends (Superset's ReportModal).
import { t } from '../i18n/i18n';
import type { ReportDetail, ReportFormat, ReportPayload } from './api/report-api';
import { invalidEmails, parseRecipients, recipientTarget, targetOf } from './recipients';
import { cronError, DEFAULT_REPORT_CRON } from './schedule';

/** Viz types whose data reads as text in a mail body (Superset's TEXT_BASED_VISUALIZATION_TYPES). */
export const TEXT_BASED_VIZ_TYPES = ['pivot_table_v2', 'table', 'paired_ttest'];

export type ReportTarget =
  | { kind: 'dashboards'; id: number; name: string }
  | { kind: 'charts'; id: number; name: string; vizType: string };

export interface ReportDraft {
  name: string;
  description: string;
  crontab: string;
  timezone: string;
  reportFormat: ReportFormat;
  customWidth: number | null;
  recipients: string;
}

export const isTextBased = (target: ReportTarget) =>
  target.kind === 'charts' && TEXT_BASED_VIZ_TYPES.includes(target.vizType);

/** The formats offered: a dashboard is a picture or a PDF; a chart also its data, and text when it is a table. */
export function formatOptions(target: ReportTarget): ReportFormat[] {
  if (target.kind === 'dashboards') return ['PNG', 'PDF'];
  return isTextBased(target) ? ['TEXT', 'PNG', 'PDF', 'CSV'] : ['PNG', 'PDF', 'CSV'];
}

export const defaultFormat = (target: ReportTarget): ReportFormat => (isTextBased(target) ? 'TEXT' : 'PNG');

/** A new report: "Weekly Report for <name>", Mondays at noon, sent to the user. */
export function newReportDraft(target: ReportTarget, userEmail: string, timezone: string): ReportDraft {
  return {
    name: target.name ? t('Weekly Report for {{name}}', { name: target.name }) : t('Weekly Report'),
    description: '',
    crontab: DEFAULT_REPORT_CRON,
    timezone,
    reportFormat: defaultFormat(target),
    customWidth: null,
    recipients: userEmail,
  };
}

/** The dialog's fields for an existing report. */
export function draftFromDetail(detail: ReportDetail, target: ReportTarget): ReportDraft {
  const email = detail.recipients.find((recipient) => recipient.type === 'Email');
  const format = formatOptions(target).includes(detail.report_format) ? detail.report_format : defaultFormat(target);
  return {
    name: detail.name,
    description: detail.description ?? '',
    crontab: detail.crontab,
    timezone: detail.timezone,
    reportFormat: format,
    customWidth: detail.custom_width,
    recipients: email ? targetOf(email.recipient_config_json) : '',
  };
}

export type DraftErrors = Partial<Record<'name' | 'crontab' | 'recipients' | 'customWidth', string>>;

/** What keeps the dialog from saving, by field. */
export function validateDraft(draft: ReportDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (!draft.name.trim()) errors.name = t('Report name is required');
  const cron = cronError(draft.crontab);
  if (cron) errors.crontab = cron;
  if (parseRecipients(draft.recipients).length === 0) errors.recipients = t('At least one recipient is required');
  else {
    const bad = invalidEmails(draft.recipients);
    if (bad.length > 0) errors.recipients = t('Not an email address: {{addresses}}', { addresses: bad.join(', ') });
  }
  if (draft.customWidth !== null && (draft.customWidth < 600 || draft.customWidth > 2400)) {
    errors.customWidth = t('Screenshot width must be between 600 and 2400 pixels');
  }
  return errors;
}

/** The POST/PUT body (Superset's onSave of ReportModal), with the recipients typed in the dialog. */
export function buildReportPayload(draft: ReportDraft, target: ReportTarget, userId: number): ReportPayload {
  const screenshot = draft.reportFormat === 'PNG' || draft.reportFormat === 'PDF';
  return {
    type: 'Report',
    active: true,
    force_screenshot: false,
    custom_width: screenshot ? draft.customWidth : null,
    creation_method: target.kind,
    dashboard: target.kind === 'dashboards' ? target.id : null,
    chart: target.kind === 'charts' ? target.id : null,
    owners: [userId],
    recipients: [{ type: 'Email', recipient_config_json: { target: recipientTarget(draft.recipients) } }],
    name: draft.name.trim(),
    description: draft.description.trim(),
    crontab: draft.crontab.trim(),
    timezone: draft.timezone,
    report_format: draft.reportFormat,
  };
}
