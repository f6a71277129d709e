// Scheduled saved queries: the `schedule_info` SQL Lab stores in a saved query's extra_json runs on its schedule (UTC)
// as its author, and the result is mailed as CSV to the author (or the addresses `schedule_info.recipients` names).
import type { AppContext } from '../app/context.js';
import { toCsv } from '../chart-data/tabular-export.js';
import { parseExtra } from '../databases/connection-manager.js';
import { engineForUri } from '../engines/registry.js';
import { mailLocale, translate } from '../i18n/messages.js';
import type { JobRun } from '../jobs/job-queue.js';
import { loadAuthUser } from '../security/current-user.js';
import { canAccessDatabase } from '../security/data-access.js';
import { assertCleanSqlText, describeStatement, splitStatements } from '../sql/index.js';
import { narrowStatements, sqlLabRowRules } from '../sqllab/row-rules.js';
import { guardStatements } from '../sqllab/run-statements.js';
import { getDatabase } from '../store/databases.js';
import { nowIso } from '../store/time.js';
import { deliver } from './notify.js';
import { isValidCrontab } from './schedule-rules.js';

export interface ScheduledQuery {
  id: number;
  crontab: string;
  startDate: Date | null;
}

/** Saved queries whose schedule_info holds a schedule_interval; unreadable ones are left out. */
export async function scheduledSavedQueries(ctx: AppContext): Promise<ScheduledQuery[]> {
  const rows = await ctx.store.db
    .selectFrom('saved_query')
    .select(['id', 'extra_json'])
    .where('extra_json', 'like', '%schedule_info%')
    .execute();
  const found: ScheduledQuery[] = [];
  for (const row of rows) {
    const info = parseExtra(row.extra_json).schedule_info;
    if (!info || typeof info !== 'object') continue;
    const { schedule_interval: interval, start_date: start } = info as Record<string, unknown>;
    // A schedule that does not read is skipped quietly: SQL Lab's form checks it, and a pass runs every 30 s.
    if (typeof interval !== 'string' || !isValidCrontab(interval.trim())) continue;
    // The form's datetime-local text carries no zone: it is read as UTC, like the schedule.
    const startDate =
      typeof start === 'string' && start !== ''
        ? new Date(/Z|[+-]\d\d:?\d\d$/.test(start) ? start : `${start}Z`)
        : null;
    found.push({
      id: row.id,
      crontab: interval.trim(),
      startDate: startDate && !Number.isNaN(startDate.getTime()) ? startDate : null,
    });
  }
  return found;
}

/** The `scheduled-query` job: run the saved query as its author and mail the rows. */
export async function runScheduledQueryJob(ctx: AppContext, run: JobRun): Promise<void> {
  const id = Number(run.data.savedQueryId);
  const saved = await ctx.store.db.selectFrom('saved_query').selectAll().where('id', '=', id).executeTakeFirst();
  if (!saved || saved.user_id === null || saved.db_id === null) return;
  const user = await loadAuthUser(ctx.store.db, saved.user_id);
  const database = await getDatabase(ctx.store.db, saved.db_id);
  const label = saved.label || `Saved query ${id}`;
  if (!user || !database || !canAccessDatabase(user, database)) {
    console.error(`scheduled query ${id}: its author can no longer run it; skipped.`);
    return;
  }
  const info = (parseExtra(saved.extra_json).schedule_info ?? {}) as Record<string, unknown>;
  const to = typeof info.recipients === 'string' && info.recipients.trim() !== '' ? info.recipients : user.email;
  const engine = engineForUri(ctx.connections.connectionUri(database)).name;
  assertCleanSqlText(saved.sql);
  const split = splitStatements(saved.sql, engine).map((s) => s.text);
  // A schedule only reads: it runs unattended, so nothing it does may change data, whatever SQL Lab allows.
  guardStatements(split, { engine, allowDml: false });
  // It runs as its author, so the author's row rules narrow it as they would in SQL Lab (RLS_IN_SQLLAB).
  const statements = narrowStatements(split, engine, await sqlLabRowRules(ctx, user, database, engine));
  const last = statements.at(-1);
  if (!last || !describeStatement(last, engine).isQuery) {
    console.error(`scheduled query ${id}: its last statement is not a query; skipped.`);
    return;
  }
  const connection = await ctx.connections.forDatabase(database);
  const signal = AbortSignal.any([run.signal, AbortSignal.timeout(ctx.config.sqlLab.asyncTimeLimitSeconds * 1000)]);
  let result = { columns: [] as Array<{ name: string }>, rows: [] as unknown[][] };
  for (const statement of statements) {
    result = await connection.execute(statement, { signal, maxRows: ctx.config.sqlLab.maxRow, schema: saved.schema });
  }
  const colnames = result.columns.map((c) => c.name);
  const csv = toCsv({
    colnames,
    coltypes: colnames.map(() => 1),
    data: result.rows.map((row) => Object.fromEntries(colnames.map((name, i) => [name, row[i]]))),
  });
  const results = await deliver(
    ctx,
    [{ type: 'Email', target: to }],
    {
      subject: translate(mailLocale(user.locale), '[Scheduled query] {{label}}', { label }),
      name: label,
      type: 'ScheduledQuery',
      description: saved.description || null,
      url: null,
      html: null,
      attachments: [{ filename: `${label}.csv`, contentType: 'text/csv', content: Buffer.from(csv, 'utf8') }],
      data: { saved_query_id: id, rows: result.rows.length },
      locale: mailLocale(user.locale),
    },
    run.signal,
  );
  await ctx.store.db
    .updateTable('saved_query')
    .set({ last_run: nowIso(), rows: result.rows.length })
    .where('id', '=', id)
    .execute();
  const failed = results.filter((r) => !r.ok);
  if (failed.length > 0) console.error(`scheduled query ${id}: ${failed.map((f) => f.answer).join('; ')}`);
}
