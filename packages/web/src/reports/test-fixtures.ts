// A stored report as GET /api/v1/report/{id} answers it, for the unit tests.
import type { ReportDetail } from './api/report-api';

export function reportDetail(overrides: Partial<ReportDetail> = {}): ReportDetail {
  return {
    id: 9,
    type: 'Report',
    name: 'Mine',
    description: null,
    active: true,
    crontab: '0 8 * * *',
    timezone: 'Asia/Tokyo',
    creation_method: 'alerts_reports',
    chart: null,
    dashboard: { id: 7, dashboard_title: 'Sales' },
    database: null,
    sql: null,
    validator_type: null,
    validator_config_json: null,
    report_format: 'PNG',
    recipients: [{ type: 'Email', recipient_config_json: '{"target": "a@x.org"}' }],
    owners: [{ id: 1, first_name: 'Ada', last_name: 'Admin' }],
    working_timeout: 3600,
    grace_period: null,
    log_retention: 90,
    force_screenshot: false,
    custom_width: null,
    extra: '{"dashboard": {"anchor": "TAB-1"}}',
    ...overrides,
  };
}
