import { describe, expect, it } from 'vitest';
import {
  buildAlertReportPayload,
  contentFormats,
  draftFromDetail,
  hasErrors,
  newAlertReportDraft,
  validateAlertReport,
} from './alert-report-form';
import { reportDetail } from './test-fixtures';

const owner = { value: 1, label: 'Ada Admin' };

describe('the Alerts & Reports dialog', () => {
  it('a new one is active, daily at midnight, kept 90 days, with one empty email method', () => {
    const draft = newAlertReportDraft('Alert', owner, 'UTC');
    expect(draft).toMatchObject({
      active: true,
      crontab: '0 0 * * *',
      logRetention: 90,
      workingTimeout: 3600,
      creationMethod: 'alerts_reports',
      owners: [owner],
      notifications: [{ method: 'Email', target: '' }],
    });
  });

  it('lists per section what a new alert still lacks', () => {
    const errors = validateAlertReport(newAlertReportDraft('Alert', owner, 'UTC'));
    expect(errors).toEqual({
      general: ['name'],
      condition: ['database', 'sql', 'alert condition'],
      content: ['content type'],
      schedule: [],
      notification: ['recipients'],
    });
  });

  it('a report has no alert condition to fill, but needs a working timeout', () => {
    const draft = {
      ...newAlertReportDraft('Report', owner, 'UTC'),
      name: 'Daily',
      dashboard: { value: 7, label: 'Sales' },
      notifications: [{ method: 'Email' as const, target: 'a@x.org' }],
    };
    expect(hasErrors(validateAlertReport(draft))).toBe(false);
    expect(validateAlertReport({ ...draft, workingTimeout: null }).schedule).toEqual(['working timeout']);
  });

  it('"not null" needs no threshold, an operator does', () => {
    const base = {
      ...newAlertReportDraft('Alert', owner, 'UTC'),
      database: { value: 1, label: 'examples' },
      sql: 'SELECT 1',
    };
    expect(validateAlertReport({ ...base, condition: 'not null' }).condition).toEqual([]);
    expect(validateAlertReport({ ...base, condition: '>' }).condition).toEqual(['alert condition']);
    expect(validateAlertReport({ ...base, condition: '>', threshold: 0 }).condition).toEqual([]);
  });

  it('refuses a bad address and a webhook that is not http(s)', () => {
    const base = newAlertReportDraft('Report', owner, 'UTC');
    expect(validateAlertReport({ ...base, notifications: [{ method: 'Email', target: 'x' }] }).notification).toEqual([
      'valid email addresses',
    ]);
    expect(
      validateAlertReport({ ...base, notifications: [{ method: 'Webhook', target: 'file:///etc/passwd' }] })
        .notification,
    ).toEqual(['a valid webhook URL']);
  });

  it('an alert on a chart sends the chart only, its condition and a forced screenshot', () => {
    const draft = {
      ...newAlertReportDraft('Alert', owner, 'Europe/Paris'),
      name: 'Too many',
      database: { value: 2, label: 'examples' },
      sql: 'SELECT count(*) FROM t',
      condition: '>' as const,
      threshold: 10,
      contentType: 'chart' as const,
      dashboard: { value: 7, label: 'Sales' },
      chart: { value: 3, label: 'Top' },
      reportFormat: 'CSV' as const,
      customWidth: 1000,
      gracePeriod: 600,
      notifications: [
        { method: 'Email' as const, target: 'a@x.org;b@x.org' },
        { method: 'Webhook' as const, target: ' https://h.example.org/in ' },
        { method: 'Email' as const, target: '' },
      ],
    };
    expect(buildAlertReportPayload(draft)).toEqual({
      type: 'Alert',
      name: 'Too many',
      description: '',
      active: true,
      crontab: '0 0 * * *',
      timezone: 'Europe/Paris',
      creation_method: 'alerts_reports',
      dashboard: null,
      chart: 3,
      report_format: 'CSV',
      force_screenshot: true,
      custom_width: null,
      extra: null,
      owners: [1],
      recipients: [
        { type: 'Email', recipient_config_json: { target: 'a@x.org, b@x.org' } },
        { type: 'Webhook', recipient_config_json: { target: 'https://h.example.org/in' } },
      ],
      log_retention: 90,
      working_timeout: 3600,
      grace_period: 600,
      database: 2,
      sql: 'SELECT count(*) FROM t',
      validator_type: 'operator',
      validator_config_json: { op: '>', threshold: 10 },
    });
  });

  it('a "not null" alert sends an empty validator config', () => {
    const draft = { ...newAlertReportDraft('Alert', owner, 'UTC'), condition: 'not null' as const, threshold: 5 };
    const payload = buildAlertReportPayload(draft);
    expect(payload.validator_type).toBe('not null');
    expect(payload.validator_config_json).toEqual({});
    // No grace period typed: the field is left out, never sent as null.
    expect(payload).not.toHaveProperty('grace_period');
  });

  it('a report on a dashboard sends its tab anchor and no alert fields', () => {
    const draft = {
      ...newAlertReportDraft('Report', owner, 'UTC'),
      dashboard: { value: 7, label: 'Sales' },
      anchor: 'TAB-2',
    };
    const payload = buildAlertReportPayload(draft);
    expect(payload).toMatchObject({ dashboard: 7, chart: null, extra: { dashboard: { anchor: 'TAB-2' } } });
    expect(payload).not.toHaveProperty('sql');
    expect(payload).not.toHaveProperty('validator_type');
    expect(payload).not.toHaveProperty('grace_period');
  });

  it('reads a stored alert back, its JSON text fields parsed', () => {
    const draft = draftFromDetail(
      reportDetail({
        type: 'Alert',
        database: { id: 2, database_name: 'examples' },
        sql: 'SELECT 1',
        validator_type: 'operator',
        validator_config_json: '{"op": "<=", "threshold": 3}',
        grace_period: 300,
      }),
    );
    expect(draft).toMatchObject({
      id: 9,
      type: 'Alert',
      owners: [{ value: 1, label: 'Ada Admin' }],
      database: { value: 2, label: 'examples' },
      condition: '<=',
      threshold: 3,
      contentType: 'dashboard',
      dashboard: { value: 7, label: 'Sales' },
      anchor: 'TAB-1',
      gracePeriod: 300,
      notifications: [{ method: 'Email', target: 'a@x.org' }],
    });
    expect(draftFromDetail(reportDetail({ validator_type: 'not null' })).condition).toBe('not null');
  });

  it('offers TEXT only for text-based charts', () => {
    expect(contentFormats('dashboard', true)).toEqual(['PDF', 'PNG']);
    expect(contentFormats('chart', false)).toEqual(['PDF', 'PNG', 'CSV']);
    expect(contentFormats('chart', true)).toEqual(['PDF', 'PNG', 'CSV', 'TEXT']);
  });
});
