// The Alerts & Reports page's dialog (Superset's AlertReportModal): its draft, the draft of a stored report, the
// checks per section and the payload it sends.
import { i18nKey } from '../i18n/i18n';
import type {
  RecipientType,
  ReportCreationMethod,
  ReportDetail,
  ReportFormat,
  ReportPayload,
  ReportType,
  ValidatorConfig,
  ValidatorOperator,
} from './api/report-api';
import { invalidEmails, parseRecipients, recipientTarget, targetOf, webhookError } from './recipients';
import { cronError, DEFAULT_ALERT_CRON } from './schedule';

export interface Choice {
  value: number;
  label: string;
}

export type Condition = ValidatorOperator | 'not null';
export type ContentType = 'dashboard' | 'chart';

export interface NotificationDraft {
  method: RecipientType;
  target: string;
}

export interface AlertReportDraft {
  id: number | null;
  type: ReportType;
  creationMethod: ReportCreationMethod;
  name: string;
  description: string;
  active: boolean;
  owners: Choice[];
  database: Choice | null;
  sql: string;
  condition: Condition | null;
  threshold: number | null;
  contentType: ContentType;
  dashboard: Choice | null;
  chart: Choice | null;
  reportFormat: ReportFormat;
  customWidth: number | null;
  forceScreenshot: boolean;
  anchor: string;
  crontab: string;
  timezone: string;
  logRetention: number;
  workingTimeout: number | null;
  gracePeriod: number | null;
  notifications: NotificationDraft[];
}

/** Superset's ALERT_REPORTS_DEFAULT_WORKING_TIMEOUT and ALERT_REPORTS_DEFAULT_RETENTION. */
export const DEFAULT_WORKING_TIMEOUT = 3600;
export const DEFAULT_RETENTION = 90;
/** The server keeps a log at least a day (log_retention ≥ 1), so Superset's "None" is not offered. */
export const RETENTION_DAYS = [30, 60, 90];

export const CONDITIONS: Array<{ value: Condition; label: string }> = [
  { value: '<', label: i18nKey('< (Smaller than)') },
  { value: '>', label: i18nKey('> (Larger than)') },
  { value: '<=', label: i18nKey('<= (Smaller or equal)') },
  { value: '>=', label: i18nKey('>= (Larger or equal)') },
  { value: '==', label: i18nKey('== (Is equal)') },
  { value: '!=', label: i18nKey('!= (Is not equal)') },
  { value: 'not null', label: i18nKey('Not null') },
];

export function newAlertReportDraft(type: ReportType, owner: Choice, timezone: string): AlertReportDraft {
  return {
    id: null,
    type,
    creationMethod: 'alerts_reports',
    name: '',
    description: '',
    active: true,
    owners: [owner],
    database: null,
    sql: '',
    condition: null,
    threshold: null,
    contentType: 'dashboard',
    dashboard: null,
    chart: null,
    reportFormat: 'PNG',
    customWidth: null,
    forceScreenshot: false,
    anchor: '',
    crontab: DEFAULT_ALERT_CRON,
    timezone,
    logRetention: DEFAULT_RETENTION,
    workingTimeout: DEFAULT_WORKING_TIMEOUT,
    gracePeriod: null,
    notifications: [{ method: 'Email', target: '' }],
  };
}

function jsonObject<T extends object>(value: T | string | null): T | null {
  if (value === null || typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as T;
  } catch {
    return null;
  }
}

/** The dialog's fields for a stored report or alert. */
export function draftFromDetail(detail: ReportDetail): AlertReportDraft {
  const validator = jsonObject<ValidatorConfig>(detail.validator_config_json);
  const extra = jsonObject(detail.extra);
  return {
    id: detail.id,
    type: detail.type,
    creationMethod: detail.creation_method,
    name: detail.name,
    description: detail.description ?? '',
    active: detail.active,
    owners: detail.owners.map((owner) => ({
      value: owner.id,
      label: [owner.first_name, owner.last_name].filter(Boolean).join(' '),
    })),
    database: detail.database ? { value: detail.database.id, label: detail.database.database_name } : null,
    sql: detail.sql ?? '',
    condition: detail.validator_type === 'not null' ? 'not null' : (validator?.op ?? null),
    threshold: validator?.threshold ?? null,
    contentType: detail.chart ? 'chart' : 'dashboard',
    dashboard: detail.dashboard ? { value: detail.dashboard.id, label: detail.dashboard.dashboard_title } : null,
    chart: detail.chart ? { value: detail.chart.id, label: detail.chart.slice_name } : null,
    reportFormat: detail.report_format,
    customWidth: detail.custom_width,
    forceScreenshot: detail.force_screenshot,
    anchor: extra?.dashboard?.anchor ?? '',
    crontab: detail.crontab,
    timezone: detail.timezone,
    logRetention: detail.log_retention ?? DEFAULT_RETENTION,
    workingTimeout: detail.working_timeout,
    gracePeriod: detail.grace_period,
    notifications: detail.recipients.map((recipient) => ({
      method: recipient.type,
      target: targetOf(recipient.recipient_config_json),
    })),
  };
}

/** Formats by content: a dashboard is PNG or PDF; a chart also CSV, and TEXT when it is text based. */
export function contentFormats(contentType: ContentType, textBased: boolean): ReportFormat[] {
  if (contentType === 'dashboard') return ['PDF', 'PNG'];
  return textBased ? ['PDF', 'PNG', 'CSV', 'TEXT'] : ['PDF', 'PNG', 'CSV'];
}

export type Section = 'general' | 'condition' | 'content' | 'schedule' | 'notification';
export type SectionErrors = Record<Section, string[]>;

/** What each section still lacks (Superset's validate…Section; the names are its tooltip's words). */
export function validateAlertReport(draft: AlertReportDraft): SectionErrors {
  const errors: SectionErrors = { general: [], condition: [], content: [], schedule: [], notification: [] };
  if (!draft.name.trim()) errors.general.push(i18nKey('name'));
  if (draft.owners.length === 0) errors.general.push(i18nKey('owners'));
  if (draft.type === 'Alert') {
    if (!draft.database) errors.condition.push(i18nKey('database'));
    if (!draft.sql.trim()) errors.condition.push(i18nKey('sql'));
    if (!draft.condition || (draft.condition !== 'not null' && draft.threshold === null)) {
      errors.condition.push(i18nKey('alert condition'));
    }
  }
  if (!(draft.contentType === 'dashboard' ? draft.dashboard : draft.chart))
    errors.content.push(i18nKey('content type'));
  if (cronError(draft.crontab)) errors.schedule.push(i18nKey('crontab'));
  if (!draft.timezone) errors.schedule.push(i18nKey('timezone'));
  if (draft.type === 'Report' && !draft.workingTimeout) errors.schedule.push(i18nKey('working timeout'));
  const filled = draft.notifications.filter((notification) => parseRecipients(notification.target).length > 0);
  if (filled.length === 0) errors.notification.push(i18nKey('recipients'));
  for (const notification of filled) {
    const bad =
      notification.method === 'Email'
        ? invalidEmails(notification.target).length > 0
        : !!webhookError(notification.target);
    if (bad)
      errors.notification.push(
        notification.method === 'Email' ? i18nKey('valid email addresses') : i18nKey('a valid webhook URL'),
      );
  }
  return errors;
}

export const hasErrors = (errors: SectionErrors) => Object.values(errors).some((list) => list.length > 0);

/** The POST/PUT body (Superset's onSave of AlertReportModal). */
export function buildAlertReportPayload(draft: AlertReportDraft): ReportPayload {
  const isAlert = draft.type === 'Alert';
  const isDashboard = draft.contentType === 'dashboard';
  const screenshot = draft.reportFormat === 'PNG' || draft.reportFormat === 'PDF';
  const payload: ReportPayload = {
    type: draft.type,
    name: draft.name.trim(),
    description: draft.description.trim(),
    active: draft.active,
    crontab: draft.crontab.trim(),
    timezone: draft.timezone,
    creation_method: draft.creationMethod,
    dashboard: isDashboard ? (draft.dashboard?.value ?? null) : null,
    chart: isDashboard ? null : (draft.chart?.value ?? null),
    report_format: draft.reportFormat,
    // A chart alert always takes a fresh picture, as Superset does.
    force_screenshot: (!isDashboard && isAlert) || draft.forceScreenshot,
    custom_width: screenshot ? draft.customWidth : null,
    extra: isDashboard ? { dashboard: { anchor: draft.anchor } } : null,
    owners: draft.owners.map((owner) => owner.value),
    recipients: draft.notifications
      .filter((notification) => parseRecipients(notification.target).length > 0)
      .map((notification) => ({
        type: notification.method,
        recipient_config_json: {
          target: notification.method === 'Email' ? recipientTarget(notification.target) : notification.target.trim(),
        },
      })),
    log_retention: draft.logRetention,
  };
  if (draft.workingTimeout) payload.working_timeout = draft.workingTimeout;
  if (isAlert) {
    // The server takes a positive number or no field at all.
    if (draft.gracePeriod) payload.grace_period = draft.gracePeriod;
    if (draft.database) payload.database = draft.database.value;
    payload.sql = draft.sql;
    payload.validator_type = draft.condition === 'not null' ? 'not null' : 'operator';
    payload.validator_config_json =
      draft.condition === 'not null' || draft.condition === null
        ? {}
        : { op: draft.condition, ...(draft.threshold === null ? {} : { threshold: draft.threshold }) };
  }
  return payload;
}
