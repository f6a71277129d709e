// Runs one report or alert (Superset's ReportScheduleStateMachine, reduced to what a run does): a log row marked
// Working, the alert's query and condition, the content made as the owner, delivery, then the final state.

import type { SupportedLocale } from '@nezha/core';
import type { AppContext } from '../app/context.js';
import { chartDataBody } from '../chart-data/chart-data-schema.js';
import { chartData } from '../chart-data/chart-data-service.js';
import { savedChartCall } from '../chart-data/saved-chart-data.js';
import { parseWith } from '../errors/validation-error.js';
import { mailLocale, translate } from '../i18n/messages.js';
import type { JobRun } from '../jobs/job-queue.js';
import { type AuthUser, loadAuthUser } from '../security/current-user.js';
import { canAccessDatabase } from '../security/data-access.js';
import { getChart } from '../store/charts.js';
import { getDashboard } from '../store/dashboards.js';
import { getDatabase } from '../store/databases.js';
import {
  finishLog,
  getReport,
  insertLog,
  pruneLogs,
  recentLogs,
  reportOwners,
  reportRecipients,
  setReportState,
} from '../store/reports.js';
import type { ReportScheduleRow } from '../store/schema-reports.js';
import { alertFires, runAlertQuery, type ValidatorConfig } from './alert-query.js';
import { type Attachment, deliver, type Notification, type RecipientTarget } from './notify.js';
import { capture, type Target } from './screenshot.js';
import { parseObject } from './serialize.js';

/** Superset's ReportState values, as the log and last_state carry them. */
const REPORT_STATES = {
  working: 'Working',
  success: 'Success',
  error: 'Error',
  noop: 'Not triggered',
  grace: 'On Grace',
} as const;

const DEFAULT_WIDTH = 1600;

/** A failure the log shows as it is (Superset's ReportScheduleExecuteUnexpectedError family). */
class ReportFailure extends Error {}

function escapeHtml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );
}

/** TEXT reports: the chart's rows as an HTML table in the mail body. */
function htmlTable(colnames: readonly string[], rows: ReadonlyArray<Record<string, unknown>>): string {
  const cell = (value: unknown) =>
    value === null || value === undefined
      ? ''
      : escapeHtml(typeof value === 'object' ? JSON.stringify(value) : String(value));
  const head = colnames.map((name) => `<th>${escapeHtml(name)}</th>`).join('');
  const body = rows
    .map((row) => `<tr>${colnames.map((name) => `<td>${cell(row[name])}</td>`).join('')}</tr>`)
    .join('\n');
  return `<table border="1" cellpadding="4" style="border-collapse:collapse"><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

/** Who the report runs as: its creator when still an owner, else its first owner (Superset's executor "owner"). */
async function executor(ctx: AppContext, report: ReportScheduleRow): Promise<AuthUser> {
  const owners = (await reportOwners(ctx.store.db, [report.id])).get(report.id) ?? [];
  const ids = owners.map((o) => o.id);
  const ordered =
    report.created_by_fk !== null && ids.includes(report.created_by_fk) ? [report.created_by_fk, ...ids] : ids;
  for (const id of ordered) {
    const user = await loadAuthUser(ctx.store.db, id);
    if (user) return user;
  }
  throw new ReportFailure('The report has no active owner to run it as.');
}

function linkBack(ctx: AppContext, report: ReportScheduleRow): string | null {
  const base = ctx.config.reports.userFriendlyBaseUrl;
  if (report.chart_id !== null) return new URL(`/explore/?slice_id=${report.chart_id}`, base).toString();
  if (report.dashboard_id !== null) return new URL(`/nezha/dashboard/${report.dashboard_id}/`, base).toString();
  return null;
}

async function chartRows(ctx: AppContext, user: AuthUser, chartId: number, format: 'csv' | 'json') {
  const call = await savedChartCall(ctx, user, chartId, { format, type: 'full', force: true }, (body) =>
    parseWith(chartDataBody, body),
  );
  return chartData(ctx, user, call);
}

/** The attachments and body of one run, made as `user`. A chart or dashboard that is gone is an error. */
async function content(
  ctx: AppContext,
  report: ReportScheduleRow,
  user: AuthUser,
  signal: AbortSignal,
): Promise<{ attachments: Attachment[]; html: string | null }> {
  const name = report.name;
  if (report.chart_id !== null && !(await getChart(ctx.store.db, report.chart_id))) {
    throw new ReportFailure(`Chart ${report.chart_id} of this report does not exist any more.`);
  }
  if (report.dashboard_id !== null && !(await getDashboard(ctx.store.db, report.dashboard_id))) {
    throw new ReportFailure(`Dashboard ${report.dashboard_id} of this report does not exist any more.`);
  }
  const format = report.report_format;
  if (format === 'CSV' || format === 'TEXT') {
    if (report.chart_id === null) throw new ReportFailure(`${format} reports need a chart.`);
    if (format === 'CSV') {
      const answer = await chartRows(ctx, user, report.chart_id, 'csv');
      if (answer.kind !== 'file') throw new ReportFailure('Report Schedule execution failed when generating a csv.');
      const body = typeof answer.body === 'string' ? Buffer.from(answer.body, 'utf8') : answer.body;
      return { attachments: [{ filename: `${name}.csv`, contentType: 'text/csv', content: body }], html: null };
    }
    const answer = await chartRows(ctx, user, report.chart_id, 'json');
    if (answer.kind !== 'json') throw new ReportFailure('Report Schedule execution failed when generating a text.');
    const first = answer.body.result[0] as { colnames?: string[]; data?: Array<Record<string, unknown>> } | undefined;
    return { attachments: [], html: htmlTable(first?.colnames ?? [], first?.data ?? []) };
  }
  const extra = parseObject(report.extra) as { dashboard?: { anchor?: string; activeTabs?: string[] } };
  const target: Target =
    report.chart_id !== null
      ? { kind: 'chart', id: report.chart_id }
      : {
          kind: 'dashboard',
          id: report.dashboard_id ?? 0,
          tab: extra.dashboard?.anchor ?? extra.dashboard?.activeTabs?.at(-1),
        };
  if (report.chart_id === null && report.dashboard_id === null)
    throw new ReportFailure('The report has no chart or dashboard.');
  const pdf = format === 'PDF';
  let shot: Awaited<ReturnType<typeof capture>>;
  try {
    shot = await capture(
      ctx,
      user.id,
      target,
      { png: !pdf, pdf },
      { width: report.custom_width ?? DEFAULT_WIDTH, signal },
    );
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ReportFailure(
      `Report Schedule execution failed when generating a ${pdf ? 'pdf' : 'screenshot'}. ${error instanceof Error ? error.message.split('\n')[0] : ''}`.trim(),
    );
  }
  if (pdf && shot.pdf)
    return {
      attachments: [{ filename: `${name}.pdf`, contentType: 'application/pdf', content: shot.pdf }],
      html: null,
    };
  if (shot.png) {
    return {
      attachments: [{ filename: `${name}.png`, contentType: 'image/png', content: shot.png, inline: true }],
      html: null,
    };
  }
  throw new ReportFailure('Report Schedule execution failed when generating a screenshot.');
}

function recipientTargets(rows: Array<{ type: string; recipient_config_json: string }>): RecipientTarget[] {
  return rows.flatMap((row) => {
    const target = parseObject(row.recipient_config_json).target;
    return typeof target === 'string' && target !== '' ? [{ type: row.type, target }] : [];
  });
}

/** Superset's grace period: an alert that fired (Success) less than grace_period seconds ago stays quiet. */
async function inGrace(ctx: AppContext, report: ReportScheduleRow, now: Date): Promise<boolean> {
  const logs = await recentLogs(ctx.store.db, report.id, 20);
  const fired = logs.find((log) => log.state === REPORT_STATES.success && log.end_dttm !== null);
  if (!fired?.end_dttm) return false;
  return now.getTime() - Date.parse(fired.end_dttm) < report.grace_period * 1000;
}

interface Outcome {
  state: string;
  error: string | null;
  value: number | null;
  rowJson: string | null;
}

async function execute(ctx: AppContext, report: ReportScheduleRow, signal: AbortSignal, now: Date): Promise<Outcome> {
  const user = await executor(ctx, report);
  let value: number | null = null;
  let rowJson: string | null = null;
  if (report.type === 'Alert') {
    if (report.database_id === null || !report.sql) throw new ReportFailure('Alert needs a database and SQL.');
    const database = await getDatabase(ctx.store.db, report.database_id);
    if (!database || !canAccessDatabase(user, database)) throw new ReportFailure('Database does not exist');
    ({ value, rowJson } = await runAlertQuery(ctx, database, report.sql, signal));
    const config = parseObject(report.validator_config_json) as ValidatorConfig;
    if (!alertFires(report.validator_type, config, value)) {
      return { state: REPORT_STATES.noop, error: null, value, rowJson };
    }
    if (await inGrace(ctx, report, now)) return { state: REPORT_STATES.grace, error: null, value, rowJson };
  }
  const made = await content(ctx, report, user, signal);
  const recipients = recipientTargets((await reportRecipients(ctx.store.db, [report.id])).get(report.id) ?? []);
  const locale = mailLocale(user.locale);
  const note: Notification = {
    subject: translate(locale, report.type === 'Alert' ? '[Alert] {{name}}' : '[Report] {{name}}', {
      name: report.name,
    }),
    name: report.name,
    type: report.type,
    description: report.description,
    url: linkBack(ctx, report),
    html: made.html,
    attachments: made.attachments,
    data: {
      report_id: report.id,
      report_format: report.report_format,
      chart_id: report.chart_id,
      dashboard_id: report.dashboard_id,
      ...(report.type === 'Alert' ? { value } : {}),
    },
    locale,
  };
  const results = await deliver(ctx, recipients, note, signal);
  const failed = results.filter((r) => !r.ok);
  if (failed.length > 0) {
    const text = failed
      .map((f) => `${f.recipient.type} ${f.recipient.target} failed after ${f.attempts} attempt(s): ${f.answer}`)
      .join('; ');
    return { state: REPORT_STATES.error, error: text, value, rowJson };
  }
  return { state: REPORT_STATES.success, error: null, value, rowJson };
}

/** Tells the owners a run failed (Superset's send_error), when mail is set up; a failure here only logs. */
async function notifyOwners(ctx: AppContext, report: ReportScheduleRow, message: string): Promise<void> {
  if (!ctx.config.smtp.host) return;
  const owners = (await reportOwners(ctx.store.db, [report.id])).get(report.id) ?? [];
  const emails = await ctx.store.db
    .selectFrom('ab_user')
    .select(['email', 'locale'])
    .where('id', 'in', owners.length > 0 ? owners.map((o) => o.id) : [0])
    .execute();
  // One mail per language the owners read.
  const byLocale = new Map<SupportedLocale, string[]>();
  for (const { email, locale } of emails) {
    if (email === '') continue;
    const language = mailLocale(locale);
    byLocale.set(language, [...(byLocale.get(language) ?? []), email]);
  }
  for (const [locale, targets] of byLocale) {
    await deliver(
      ctx,
      [{ type: 'Email', target: targets.join(',') }],
      {
        subject: translate(locale, '[Report] {{name}} failed', { name: report.name }),
        name: report.name,
        type: report.type,
        description: translate(
          locale,
          report.type === 'Alert'
            ? 'Error occurred for alert {{name}}. {{message}}'
            : 'Error occurred for report {{name}}. {{message}}',
          { name: report.name, message },
        ),
        url: null,
        html: null,
        attachments: [],
        data: {},
        locale,
      },
      AbortSignal.timeout(60_000),
    );
  }
}

/** The `report` job. Whatever happens, the log row ends in a final state; nothing here throws to the queue. */
export async function runReportJob(ctx: AppContext, run: JobRun): Promise<void> {
  const reportId = Number(run.data.reportId);
  const scheduled = String(run.data.scheduledDttm ?? new Date().toISOString());
  const report = await getReport(ctx.store.db, reportId);
  if (!report) return;
  const started = new Date();
  // Superset's rule: a run still Working within its working_timeout is not doubled; one older than that was left
  // by a process that died, and is closed as timed out before this one starts.
  const [previous] = await recentLogs(ctx.store.db, report.id, 1);
  if (previous?.state === REPORT_STATES.working && previous.start_dttm) {
    const age = started.getTime() - Date.parse(previous.start_dttm);
    if (age < report.working_timeout * 1000) {
      const now = started.toISOString();
      const refused = await insertLog(ctx.store.db, {
        report_schedule_id: report.id,
        scheduled_dttm: scheduled,
        start_dttm: now,
        state: REPORT_STATES.error,
      });
      await finishLog(ctx.store.db, refused.id, {
        state: REPORT_STATES.error,
        end_dttm: now,
        error_message: 'Report Schedule is still working, refusing to re-compute.',
      });
      return;
    }
    await finishLog(ctx.store.db, previous.id, {
      state: REPORT_STATES.error,
      end_dttm: started.toISOString(),
      error_message: 'Report Schedule reached a working timeout.',
    });
  }
  const log = await insertLog(ctx.store.db, {
    report_schedule_id: report.id,
    scheduled_dttm: scheduled,
    start_dttm: started.toISOString(),
    state: REPORT_STATES.working,
  });
  await setReportState(ctx.store.db, report.id, {
    last_state: REPORT_STATES.working,
    last_eval_dttm: started.toISOString(),
  });
  const timeout = AbortSignal.timeout(report.working_timeout * 1000);
  const signal = AbortSignal.any([run.signal, timeout]);
  let outcome: Outcome;
  try {
    outcome = await execute(ctx, report, signal, started);
  } catch (error) {
    const message = timeout.aborted
      ? 'Report Schedule reached a working timeout.'
      : error instanceof Error
        ? error.message
        : String(error);
    outcome = { state: REPORT_STATES.error, error: message, value: null, rowJson: null };
  }
  const ended = new Date().toISOString();
  await finishLog(ctx.store.db, log.id, {
    state: outcome.state,
    end_dttm: ended,
    error_message: outcome.error,
    value: outcome.value,
    value_row_json: outcome.rowJson,
  });
  await setReportState(ctx.store.db, report.id, {
    last_state: outcome.state,
    last_eval_dttm: ended,
    last_value: outcome.value,
    last_value_row_json: outcome.rowJson,
  });
  if (outcome.state === REPORT_STATES.error) {
    await notifyOwners(ctx, report, outcome.error ?? '').catch((error: unknown) =>
      console.error(`report ${report.id}: owners not told of the error:`, error),
    );
  }
  const keepFrom = new Date(started.getTime() - report.log_retention * 24 * 3600 * 1000).toISOString();
  await pruneLogs(ctx.store.db, report.id, keepFrom);
}
