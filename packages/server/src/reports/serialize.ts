// Report schedules and execution logs in the shapes of Superset's /api/v1/report/ answers.
import { humanizeDelta } from '@nezha/core';
import cronstrue from 'cronstrue';
import { auditUsers } from '../annotations/serialize.js';
import type { OwnerRecord } from '../store/dataset-fields.js';
import type { ReportRecord } from '../store/reports.js';
import type { ReportExecutionLogRow, ReportRecipientRow } from '../store/schema-reports.js';

function parseObject(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Superset's crontab_humanized (cron_descriptor): "At 09:00 AM", "Every 5 minutes". */
function humanizeCrontab(crontab: string): string {
  try {
    return cronstrue.toString(crontab, { throwExceptionOnParseError: true });
  } catch {
    return crontab;
  }
}

const owner = (o: OwnerRecord) => ({ id: o.id, first_name: o.first_name, last_name: o.last_name });

export interface RelatedNames {
  chart: { id: number; slice_name: string; viz_type: string } | null;
  dashboard: { id: number; dashboard_title: string } | null;
  database: { id: number; database_name: string } | null;
}

/** One row of GET /api/v1/report/ (Superset's list_columns). */
export function serializeReportListItem(row: ReportRecord, owners: OwnerRecord[], recipients: ReportRecipientRow[]) {
  return {
    id: row.id,
    active: row.active === 1,
    ...auditUsers(row),
    changed_on: row.changed_on,
    changed_on_delta_humanized: humanizeDelta(row.changed_on),
    created_on: row.created_on,
    chart_id: row.chart_id,
    dashboard_id: row.dashboard_id,
    database_id: row.database_id,
    creation_method: row.creation_method,
    crontab: row.crontab,
    crontab_humanized: humanizeCrontab(row.crontab),
    description: row.description,
    extra: parseObject(row.extra),
    last_eval_dttm: row.last_eval_dttm,
    last_state: row.last_state,
    name: row.name,
    owners: owners.map(owner),
    recipients: recipients.map((r) => ({ id: r.id, type: r.type })),
    report_format: row.report_format,
    timezone: row.timezone,
    type: row.type,
  };
}

/** GET /api/v1/report/{id} (Superset's show_columns; the two *_json fields stay JSON text, as Superset sends them). */
export function serializeReport(
  row: ReportRecord,
  owners: OwnerRecord[],
  recipients: ReportRecipientRow[],
  related: RelatedNames,
) {
  return {
    id: row.id,
    active: row.active === 1,
    chart: related.chart,
    context_markdown: row.context_markdown,
    creation_method: row.creation_method,
    crontab: row.crontab,
    crontab_humanized: humanizeCrontab(row.crontab),
    custom_width: row.custom_width,
    dashboard: related.dashboard,
    database: related.database,
    description: row.description,
    extra: parseObject(row.extra),
    force_screenshot: row.force_screenshot === 1,
    grace_period: row.grace_period,
    last_eval_dttm: row.last_eval_dttm,
    last_state: row.last_state,
    last_value: row.last_value,
    last_value_row_json: row.last_value_row_json,
    log_retention: row.log_retention,
    name: row.name,
    owners: owners.map(owner),
    recipients: recipients.map((r) => ({ id: r.id, type: r.type, recipient_config_json: r.recipient_config_json })),
    report_format: row.report_format,
    sql: row.sql,
    timezone: row.timezone,
    type: row.type,
    validator_config_json: row.validator_config_json,
    validator_type: row.validator_type,
    working_timeout: row.working_timeout,
  };
}

/** One row of GET /api/v1/report/{id}/log/ (Superset's ReportExecutionLogRestApi list_columns). */
export function serializeLog(row: ReportExecutionLogRow) {
  return {
    id: row.id,
    uuid: row.uuid,
    scheduled_dttm: row.scheduled_dttm,
    start_dttm: row.start_dttm,
    end_dttm: row.end_dttm,
    value: row.value,
    value_row_json: row.value_row_json,
    state: row.state,
    error_message: row.error_message,
  };
}

export { parseObject };
