// Table types of alerts and reports and the schedule claims (migration 0007), as Kysely sees them.
import type { Generated, Selectable } from 'kysely';

type Id = Generated<number>;
type Timestamp = string;

export interface ReportScheduleTable {
  id: Id;
  type: string;
  name: string;
  description: string | null;
  context_markdown: string | null;
  active: Generated<number>;
  crontab: string;
  timezone: Generated<string>;
  creation_method: Generated<string>;
  report_format: Generated<string>;
  sql: string | null;
  chart_id: number | null;
  dashboard_id: number | null;
  database_id: number | null;
  extra: Generated<string>;
  force_screenshot: Generated<number>;
  custom_width: number | null;
  last_eval_dttm: Timestamp | null;
  last_state: Generated<string>;
  last_value: number | null;
  last_value_row_json: string | null;
  validator_type: string | null;
  validator_config_json: Generated<string>;
  log_retention: Generated<number>;
  grace_period: Generated<number>;
  working_timeout: Generated<number>;
  created_on: Timestamp;
  changed_on: Timestamp;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface ReportScheduleUserTable {
  id: Id;
  report_schedule_id: number;
  user_id: number;
}

export interface ReportRecipientTable {
  id: Id;
  type: string;
  recipient_config_json: string;
  report_schedule_id: number;
}

export interface ReportExecutionLogTable {
  id: Id;
  uuid: string;
  scheduled_dttm: Timestamp;
  start_dttm: Timestamp | null;
  end_dttm: Timestamp | null;
  value: number | null;
  value_row_json: string | null;
  state: string;
  error_message: string | null;
  report_schedule_id: number;
}

export interface ScheduleClaimTable {
  id: Id;
  kind: string;
  object_id: number;
  scheduled_dttm: Timestamp;
  claimed_on: Timestamp;
}

export interface ReportTables {
  report_schedule: ReportScheduleTable;
  report_schedule_user: ReportScheduleUserTable;
  report_recipient: ReportRecipientTable;
  report_execution_log: ReportExecutionLogTable;
  schedule_claim: ScheduleClaimTable;
}

export type ReportScheduleRow = Selectable<ReportScheduleTable>;
export type ReportRecipientRow = Selectable<ReportRecipientTable>;
export type ReportExecutionLogRow = Selectable<ReportExecutionLogTable>;
