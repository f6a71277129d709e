// Calls of Alerts & Reports (/api/v1/report/, Superset's ReportScheduleRestApi shapes, plus Nezha's run-now).
import { encodeRison } from '@nezha/core';
import { idsParam } from '../../annotation-layers/annotation-layer-api';
import { api } from '../../api/client';
import { withListQuery } from '../../api/list-query';
import type { ItemResponse, ListQuery, ListResponse } from '../../api/types';

const REPORTS = '/api/v1/report/';

export type ReportType = 'Report' | 'Alert';
export type ReportCreationMethod = 'charts' | 'dashboards' | 'alerts_reports';
export type ReportFormat = 'PNG' | 'PDF' | 'CSV' | 'TEXT';
export type RecipientType = 'Email' | 'Webhook';
export type ValidatorOperator = '<' | '>' | '<=' | '>=' | '==' | '!=';
/** Superset answers 'Not triggered' and 'On Grace' where the log's enum says Noop and Grace; both are read. */
export type ReportState = 'Working' | 'Success' | 'Error' | 'Noop' | 'Grace' | 'Not triggered' | 'On Grace';

export interface ReportUser {
  id: number;
  first_name: string;
  last_name: string;
}

export interface Recipient {
  id?: number;
  type: RecipientType;
  recipient_config_json: { target: string };
}

export interface ValidatorConfig {
  op?: ValidatorOperator;
  threshold?: number;
}

export interface ReportExtra {
  dashboard?: { anchor?: string };
}

/** One row of the list (Superset's list_columns). */
export interface ReportListItem {
  id: number;
  type: ReportType;
  name: string;
  description: string | null;
  active: boolean;
  crontab: string;
  crontab_humanized?: string;
  timezone: string;
  creation_method: ReportCreationMethod;
  chart_id: number | null;
  dashboard_id: number | null;
  last_state: ReportState | null;
  last_eval_dttm: string | number | null;
  owners: ReportUser[];
  recipients: Array<{ id?: number; type: RecipientType }>;
  changed_by: ReportUser | null;
  changed_on_delta_humanized: string;
  created_by: ReportUser | null;
}

/** The answer of GET /api/v1/report/{id} (Superset's show_columns): related objects nested, JSON maybe as text. */
export interface ReportDetail {
  id: number;
  type: ReportType;
  name: string;
  description: string | null;
  active: boolean;
  crontab: string;
  timezone: string;
  creation_method: ReportCreationMethod;
  chart: { id: number; slice_name: string; viz_type?: string } | null;
  dashboard: { id: number; dashboard_title: string } | null;
  database: { id: number; database_name: string } | null;
  sql: string | null;
  validator_type: string | null;
  validator_config_json: ValidatorConfig | string | null;
  report_format: ReportFormat;
  recipients: Array<{ id?: number; type: RecipientType; recipient_config_json: { target: string } | string }>;
  owners: ReportUser[];
  working_timeout: number | null;
  grace_period: number | null;
  log_retention: number | null;
  force_screenshot: boolean;
  custom_width: number | null;
  extra: ReportExtra | string | null;
  last_state?: ReportState | null;
}

/** The body of POST and PUT. */
export interface ReportPayload {
  type: ReportType;
  name: string;
  description?: string;
  active: boolean;
  crontab: string;
  timezone: string;
  creation_method: ReportCreationMethod;
  chart?: number | null;
  dashboard?: number | null;
  report_format: ReportFormat;
  recipients: Recipient[];
  owners: number[];
  working_timeout?: number;
  grace_period?: number | null;
  log_retention?: number;
  force_screenshot: boolean;
  custom_width?: number | null;
  extra?: ReportExtra | null;
  database?: number;
  sql?: string;
  validator_type?: 'not null' | 'operator';
  validator_config_json?: ValidatorConfig;
}

/** The report as the client state keeps it (what Superset's reducer stores: the payload plus the id). */
export type ReportObject = ReportPayload & { id: number };

export interface ReportLogItem {
  id: number;
  uuid?: string;
  state: ReportState;
  scheduled_dttm: string | null;
  start_dttm: string | null;
  end_dttm: string | null;
  value: number | string | null;
  error_message: string | null;
}

export interface RelatedOption {
  value: number;
  text: string;
}

export const fetchReports = (query: ListQuery): Promise<ListResponse<ReportListItem>> =>
  api.get(withListQuery(REPORTS, query));

export const fetchReport = (id: number): Promise<ItemResponse<ReportDetail>> => api.get(`${REPORTS}${id}`);

export const createReport = (payload: ReportPayload): Promise<ItemResponse<ReportPayload>> =>
  api.post(REPORTS, payload);

export const updateReport = (id: number, payload: Partial<ReportPayload>): Promise<ItemResponse<ReportPayload>> =>
  api.put(`${REPORTS}${id}`, payload);

export const deleteReport = (id: number): Promise<{ message: string }> => api.delete(`${REPORTS}${id}`);

export const deleteReports = (ids: number[]): Promise<{ message: string }> =>
  api.delete(`${REPORTS}?q=${idsParam(ids)}`);

/** Nezha's extension: queue one run now (202). */
export const runReport = (id: number): Promise<unknown> => api.post(`${REPORTS}${id}/run`);

export const fetchReportLogs = (id: number, query: ListQuery): Promise<ListResponse<ReportLogItem>> =>
  api.get(withListQuery(`${REPORTS}${id}/log/`, query));

/** `related/owners`, `related/chart`, `related/dashboard`, `related/database`. */
export async function fetchRelated(
  field: 'owners' | 'chart' | 'dashboard' | 'database',
  filter: string,
): Promise<RelatedOption[]> {
  const q = encodeURIComponent(encodeRison({ filter, page: 0, page_size: 100 }));
  return (await api.get<{ result: RelatedOption[] }>(`${REPORTS}related/${field}?q=${q}`)).result;
}

/** The report of one chart or dashboard made from its menu by this user (Superset's fetchUISpecificReport). */
export const fetchTargetReports = (
  creationMethod: 'charts' | 'dashboards',
  targetId: number,
  userId: number,
): Promise<ListResponse<ReportListItem>> =>
  fetchReports({
    filters: [
      { col: creationMethod === 'dashboards' ? 'dashboard_id' : 'chart_id', opr: 'eq', value: targetId },
      { col: 'creation_method', opr: 'eq', value: creationMethod },
      { col: 'created_by', opr: 'rel_o_m', value: userId },
    ],
  });

/** A chart's viz type, which decides whether TEXT is offered. */
export const fetchChartVizType = async (id: number): Promise<string> =>
  (await api.get<{ result: { viz_type: string } }>(`/api/v1/chart/${id}`)).result.viz_type;
