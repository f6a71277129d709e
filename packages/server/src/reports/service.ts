// Alerts and reports (Superset's report schedule commands): who may see and change a schedule, the checks across
// fields that the schema cannot make, and the execution log.

import type { AppContext } from '../app/context.js';
import { visibleDashboard } from '../dashboards/access.js';
import { HttpError, isNezhaError } from '../errors/nezha-error.js';
import { ValidationError } from '../errors/validation-error.js';
import { forbiddenEdit, isOwnerOrAdmin, visibleChart } from '../saved-charts/access.js';
import { type AuthUser, userIsAdmin } from '../security/current-user.js';
import { canAccessDatabase } from '../security/data-access.js';
import { getChart } from '../store/charts.js';
import { getDashboard } from '../store/dashboards.js';
import { getDatabase } from '../store/databases.js';
import type { ListOptions } from '../store/list.js';
import {
  deleteReports,
  getLog,
  getReport,
  insertReport,
  listLogs,
  listReports,
  type RecipientValues,
  type ReportRecord,
  type ReportValues,
  reportNameTaken,
  reportOwners,
  reportRecipients,
  reportVisibility,
  updateReport as storeUpdate,
} from '../store/reports.js';
import { AlertQueryError, runAlertQuery } from './alert-query.js';
import type { ReportCreateInput, ReportUpdateInput } from './report-schemas.js';
import { type RelatedNames, serializeLog, serializeReport, serializeReportListItem } from './serialize.js';

const notFound = () => new HttpError(404, 'Not found');

function visibleTo(user: AuthUser) {
  return userIsAdmin(user) ? null : reportVisibility(user.id);
}

export async function listVisibleReports(ctx: AppContext, user: AuthUser, options: ListOptions) {
  const { count, rows } = await listReports(ctx.store.db, options, visibleTo(user));
  const ids = rows.map((row) => row.id);
  const [owners, recipients] = await Promise.all([
    reportOwners(ctx.store.db, ids),
    reportRecipients(ctx.store.db, ids),
  ]);
  return {
    count,
    ids,
    result: rows.map((row) => serializeReportListItem(row, owners.get(row.id) ?? [], recipients.get(row.id) ?? [])),
  };
}

interface LoadedReport {
  report: ReportRecord;
  owners: Array<{ id: number; first_name: string; last_name: string; username: string }>;
}

/** A report the caller owns, created, or (admin) any; otherwise 404, so its existence does not leak. */
async function visibleReport(ctx: AppContext, user: AuthUser, id: number): Promise<LoadedReport> {
  const report = await getReport(ctx.store.db, id);
  if (!report) throw notFound();
  const owners = (await reportOwners(ctx.store.db, [id])).get(id) ?? [];
  if (!userIsAdmin(user) && report.created_by_fk !== user.id && !owners.some((o) => o.id === user.id)) {
    throw notFound();
  }
  return { report, owners };
}

/** Superset's ReportScheduleForbiddenError: only owners (and admins) change a report. */
async function ownedReport(ctx: AppContext, user: AuthUser, id: number): Promise<LoadedReport> {
  const loaded = await visibleReport(ctx, user, id);
  if (!isOwnerOrAdmin(user, loaded.owners)) throw forbiddenEdit('report schedule');
  return loaded;
}

async function relatedNames(ctx: AppContext, report: ReportRecord): Promise<RelatedNames> {
  const [chart, dashboard, database] = await Promise.all([
    report.chart_id === null ? undefined : getChart(ctx.store.db, report.chart_id),
    report.dashboard_id === null ? undefined : getDashboard(ctx.store.db, report.dashboard_id),
    report.database_id === null ? undefined : getDatabase(ctx.store.db, report.database_id),
  ]);
  return {
    chart: chart ? { id: chart.id, slice_name: chart.slice_name, viz_type: chart.viz_type } : null,
    dashboard: dashboard ? { id: dashboard.id, dashboard_title: dashboard.dashboard_title } : null,
    database: database ? { id: database.id, database_name: database.database_name } : null,
  };
}

export async function readReport(ctx: AppContext, user: AuthUser, id: number) {
  const { report, owners } = await visibleReport(ctx, user, id);
  const recipients = (await reportRecipients(ctx.store.db, [id])).get(id) ?? [];
  return { id, result: serializeReport(report, owners, recipients, await relatedNames(ctx, report)) };
}

type Input = ReportUpdateInput;

/** The stored values of an input; only the fields sent. */
function storedValues(input: Input): ReportValues {
  const values: ReportValues = {};
  if (input.type !== undefined) values.type = input.type;
  if (input.name !== undefined) values.name = input.name;
  if (input.description !== undefined) values.description = input.description;
  if (input.context_markdown !== undefined) values.context_markdown = input.context_markdown;
  if (input.active !== undefined) values.active = input.active ? 1 : 0;
  if (input.crontab !== undefined) values.crontab = input.crontab;
  if (input.timezone !== undefined) values.timezone = input.timezone;
  if (input.creation_method !== undefined) values.creation_method = input.creation_method;
  if (input.report_format !== undefined) values.report_format = input.report_format;
  if (input.sql !== undefined) values.sql = input.sql;
  if (input.chart !== undefined) values.chart_id = input.chart;
  if (input.dashboard !== undefined) values.dashboard_id = input.dashboard;
  if (input.database !== undefined) values.database_id = input.database;
  if (input.extra !== undefined) values.extra = JSON.stringify(input.extra ?? {});
  if (input.force_screenshot !== undefined) values.force_screenshot = input.force_screenshot ? 1 : 0;
  if (input.custom_width !== undefined) values.custom_width = input.custom_width;
  if (input.validator_type !== undefined) values.validator_type = input.validator_type;
  if (input.validator_config_json !== undefined) {
    values.validator_config_json = JSON.stringify(input.validator_config_json ?? {});
  }
  if (input.log_retention !== undefined) values.log_retention = input.log_retention;
  if (input.grace_period !== undefined) values.grace_period = input.grace_period;
  if (input.working_timeout !== undefined) values.working_timeout = input.working_timeout;
  return values;
}

function recipientValues(input: Input): RecipientValues[] | undefined {
  return input.recipients?.map((r) => ({
    type: r.type,
    recipient_config_json: JSON.stringify(r.recipient_config_json),
  }));
}

/**
 * Superset's BaseReportScheduleCommand.validate_chart_dashboard and the alert rules, on the schedule as it will be
 * after the change (`merged`); every problem is reported at once, on its field, as a 422.
 */
async function validateSchedule(
  ctx: AppContext,
  user: AuthUser,
  merged: ReportValues,
  options: { exceptId?: number; tryQuery: boolean },
) {
  const exceptId = options.exceptId;
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  if (merged.name !== undefined && (await reportNameTaken(ctx.store.db, merged.name, exceptId))) {
    add('name', 'Name must be unique');
  }
  const chartId = merged.chart_id ?? null;
  const dashboardId = merged.dashboard_id ?? null;
  if (chartId !== null && dashboardId !== null) add('chart', 'Choose a chart or dashboard not both');
  else if (chartId === null && dashboardId === null && merged.type === 'Report') {
    add('chart', 'Must choose either a chart or a dashboard');
  }
  if (chartId !== null) {
    try {
      await visibleChart(ctx, user, chartId);
    } catch {
      add('chart', 'Chart does not exist');
    }
  }
  if (dashboardId !== null) {
    try {
      await visibleDashboard(ctx, user, dashboardId);
    } catch {
      add('dashboard', 'Dashboard does not exist');
    }
  }
  if (merged.report_format === 'CSV' || merged.report_format === 'TEXT') {
    if (chartId === null && dashboardId !== null) add('report_format', 'CSV and TEXT reports need a chart');
  }
  if (merged.report_format === 'PDF' && chartId !== null && dashboardId === null) {
    // Superset 4 makes PDFs of dashboards; a chart's is its PNG.
    add('report_format', 'PDF reports need a dashboard');
  }
  if (merged.type === 'Alert') {
    const databaseId = merged.database_id ?? null;
    if (databaseId === null) add('database', 'Database is required for alerts');
    if (!merged.sql?.trim()) add('sql', 'SQL is required for alerts');
    if (merged.validator_type === 'operator') {
      const config = JSON.parse(merged.validator_config_json ?? '{}') as { op?: string; threshold?: number };
      if (config.op === undefined || typeof config.threshold !== 'number') {
        add('validator_config_json', 'An operator alert needs op and threshold.');
      }
    }
    if (databaseId !== null) {
      const database = await getDatabase(ctx.store.db, databaseId);
      if (!database || !canAccessDatabase(user, database)) add('database', 'Database does not exist');
      else if (options.tryQuery && merged.sql?.trim() && Object.keys(errors).length === 0) {
        // The query is tried now, so an alert whose SQL can never give one value is refused when saved.
        try {
          await runAlertQuery(ctx, database, merged.sql, AbortSignal.timeout(30_000));
        } catch (error) {
          if (error instanceof AlertQueryError) add('sql', error.message);
          else add('sql', isNezhaError(error) || error instanceof Error ? error.message : String(error));
        }
      }
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors, 422);
}

async function checkOwners(ctx: AppContext, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await ctx.store.db
    .selectFrom('ab_user')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  if (found.length !== new Set(ids).size) throw new ValidationError({ owners: ['Owners are invalid'] }, 422);
}

/** Superset's populate_owner_list: the caller is always among the owners of what they save, unless admin. */
function ownerList(user: AuthUser, given: readonly number[] | undefined): number[] {
  if (given === undefined || given.length === 0) return [user.id];
  return userIsAdmin(user) ? [...new Set(given)] : [...new Set([...given, user.id])];
}

export async function createReport(ctx: AppContext, user: AuthUser, input: ReportCreateInput) {
  const values = storedValues(input);
  const merged: ReportValues = {
    ...values,
    creation_method: values.creation_method ?? 'alerts_reports',
    report_format: values.report_format ?? 'PNG',
  };
  await validateSchedule(ctx, user, merged, { tryQuery: true });
  const owners = ownerList(user, input.owners);
  await checkOwners(ctx, owners);
  const id = await insertReport(
    ctx.store.db,
    user.id,
    { ...merged, type: input.type, name: input.name, crontab: input.crontab },
    owners,
    recipientValues(input) ?? [],
  );
  return { id, result: input };
}

function currentValues(report: ReportRecord): ReportValues {
  return {
    type: report.type,
    name: report.name,
    report_format: report.report_format,
    sql: report.sql,
    chart_id: report.chart_id,
    dashboard_id: report.dashboard_id,
    database_id: report.database_id,
    validator_type: report.validator_type,
    validator_config_json: report.validator_config_json,
  };
}

export async function updateReport(ctx: AppContext, user: AuthUser, id: number, input: ReportUpdateInput) {
  const { report } = await ownedReport(ctx, user, id);
  const values = storedValues(input);
  // Superset clears the other target when one is set (a report moves from a chart to a dashboard).
  if (values.chart_id != null && input.dashboard === undefined) values.dashboard_id = null;
  if (values.dashboard_id != null && input.chart === undefined) values.chart_id = null;
  const merged = { ...currentValues(report), ...values };
  if (input.name === undefined) delete merged.name;
  // The query is tried again only when it, its database or the type changes: turning an alert off must not run it.
  const tryQuery = input.sql !== undefined || input.database !== undefined || input.type !== undefined;
  await validateSchedule(ctx, user, merged, { exceptId: id, tryQuery });
  const owners = input.owners === undefined ? undefined : ownerList(user, input.owners);
  if (owners) await checkOwners(ctx, owners);
  await storeUpdate(ctx.store.db, user.id, id, values, owners, recipientValues(input));
  return { id, result: input };
}

export async function deleteReport(ctx: AppContext, user: AuthUser, id: number): Promise<void> {
  await ownedReport(ctx, user, id);
  await deleteReports(ctx.store.db, [id]);
}

/** All or nothing: a missing id is a 404, one the caller does not own a 403, and then nothing is deleted. */
export async function bulkDeleteReports(ctx: AppContext, user: AuthUser, ids: number[]): Promise<string> {
  const unique = [...new Set(ids)];
  for (const id of unique) await ownedReport(ctx, user, id);
  await deleteReports(ctx.store.db, unique);
  return `Deleted ${unique.length} report schedule${unique.length === 1 ? '' : 's'}`;
}

export async function listReportLogs(ctx: AppContext, user: AuthUser, id: number, options: ListOptions) {
  await visibleReport(ctx, user, id);
  const { count, rows } = await listLogs(ctx.store.db, id, options);
  return { count, ids: rows.map((row) => row.id), result: rows.map(serializeLog) };
}

export async function readReportLog(ctx: AppContext, user: AuthUser, id: number, logId: number) {
  await visibleReport(ctx, user, id);
  const row = await getLog(ctx.store.db, id, logId);
  if (!row) throw notFound();
  return { id: logId, result: serializeLog(row) };
}

/** POST /api/v1/report/{id}/run (Nezha's): owners and admins queue one run now, whatever the schedule says. */
export async function requestRun(
  ctx: AppContext,
  user: AuthUser,
  id: number,
  enqueue: (reportId: number, scheduledDttm: string) => Promise<unknown>,
) {
  await ownedReport(ctx, user, id);
  await enqueue(id, new Date().toISOString());
  return { message: 'OK' };
}
