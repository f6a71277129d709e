import { describe, expect, it } from 'vitest';
import {
  buildReportPayload,
  draftFromDetail,
  formatOptions,
  newReportDraft,
  type ReportTarget,
  validateDraft,
} from './report-modal-form';
import { reportDetail } from './test-fixtures';

const dashboard: ReportTarget = { kind: 'dashboards', id: 7, name: 'Sales' };
const table: ReportTarget = { kind: 'charts', id: 3, name: 'Top', vizType: 'table' };
const line: ReportTarget = { kind: 'charts', id: 4, name: 'Trend', vizType: 'echarts_timeseries_line' };

describe('the email report dialog of the menus', () => {
  it('a new report is weekly, named after its target, and sent to the user', () => {
    const draft = newReportDraft(dashboard, 'me@x.org', 'Europe/Paris');
    expect(draft).toMatchObject({
      name: 'Weekly Report for Sales',
      crontab: '0 12 * * 1',
      timezone: 'Europe/Paris',
      reportFormat: 'PNG',
      recipients: 'me@x.org',
    });
    expect(newReportDraft(table, 'me@x.org', 'UTC').reportFormat).toBe('TEXT');
  });

  it('offers TEXT only for text-based charts and no data formats for dashboards', () => {
    expect(formatOptions(dashboard)).toEqual(['PNG', 'PDF']);
    expect(formatOptions(table)).toEqual(['TEXT', 'PNG', 'PDF', 'CSV']);
    expect(formatOptions(line)).toEqual(['PNG', 'PDF', 'CSV']);
  });

  it('a dashboard report targets the dashboard only, with the creation method dashboards', () => {
    const draft = { ...newReportDraft(dashboard, 'me@x.org; you@x.org', 'UTC'), customWidth: 1200 };
    expect(buildReportPayload(draft, dashboard, 5)).toEqual({
      type: 'Report',
      active: true,
      force_screenshot: false,
      custom_width: 1200,
      creation_method: 'dashboards',
      dashboard: 7,
      chart: null,
      owners: [5],
      recipients: [{ type: 'Email', recipient_config_json: { target: 'me@x.org, you@x.org' } }],
      name: 'Weekly Report for Sales',
      description: '',
      crontab: '0 12 * * 1',
      timezone: 'UTC',
      report_format: 'PNG',
    });
  });

  it('a chart report targets the chart and sends no width for data formats', () => {
    const draft = { ...newReportDraft(line, 'me@x.org', 'UTC'), reportFormat: 'CSV' as const, customWidth: 900 };
    const payload = buildReportPayload(draft, line, 5);
    expect(payload).toMatchObject({ creation_method: 'charts', chart: 4, dashboard: null, custom_width: null });
  });

  it('refuses an empty name, a bad schedule, no or bad recipients and an out-of-range width', () => {
    const draft = newReportDraft(line, 'me@x.org', 'UTC');
    expect(validateDraft(draft)).toEqual({});
    expect(validateDraft({ ...draft, name: '  ', crontab: '0 25 * * *', recipients: '', customWidth: 100 })).toEqual({
      name: 'Report name is required',
      crontab: 'The hour must be between 0 and 23: 25',
      recipients: 'At least one recipient is required',
      customWidth: 'Screenshot width must be between 600 and 2400 pixels',
    });
    expect(validateDraft({ ...draft, recipients: 'me@x.org, oops' }).recipients).toBe('Not an email address: oops');
  });

  it('an edited report shows its stored fields, recipients read from JSON text', () => {
    const detail = reportDetail({ report_format: 'CSV', chart: { id: 4, slice_name: 'Trend' }, dashboard: null });
    expect(draftFromDetail(detail, line)).toEqual({
      name: 'Mine',
      description: '',
      crontab: '0 8 * * *',
      timezone: 'Asia/Tokyo',
      reportFormat: 'CSV',
      customWidth: null,
      recipients: 'a@x.org',
    });
  });
});
