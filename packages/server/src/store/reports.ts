// Alerts and reports of the metadata store: schedules with their owners and recipients, execution logs, and the
// claims of cron ticks.
import { randomUUID } from 'node:crypto';
import { type Expression, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import { type LinkSpec, linkedOwners, linksToAny, setLinkedIds } from './links.js';
import { andAll, filterCondition, type ListOptions, orAny } from './list.js';
import type { MetadataSchema } from './schema.js';
import type { ReportExecutionLogRow, ReportRecipientRow, ReportScheduleRow } from './schema-reports.js';
import { nowIso } from './time.js';

type Db = Kysely<MetadataSchema> | Transaction<MetadataSchema>;

const REPORT_OWNERS: LinkSpec = {
  table: 'report_schedule_user',
  left: 'report_schedule_id',
  right: 'user_id',
};

/** Columns a list request may filter or order on, mapped to trusted references. */
export const REPORT_LIST_COLUMNS: Record<string, string> = {
  id: 'report_schedule.id',
  name: 'report_schedule.name',
  active: 'report_schedule.active',
  type: 'report_schedule.type',
  last_state: 'report_schedule.last_state',
  creation_method: 'report_schedule.creation_method',
  crontab: 'report_schedule.crontab',
  crontab_humanized: 'report_schedule.crontab',
  last_eval_dttm: 'report_schedule.last_eval_dttm',
  dashboard_id: 'report_schedule.dashboard_id',
  chart_id: 'report_schedule.chart_id',
  created_on: 'report_schedule.created_on',
  changed_on: 'report_schedule.changed_on',
  changed_on_delta_humanized: 'report_schedule.changed_on',
  created_by: 'report_schedule.created_by_fk',
  changed_by: 'report_schedule.changed_by_fk',
  'created_by.first_name': 'creator.first_name',
  'changed_by.first_name': 'changer.first_name',
};

export const REPORT_LOG_COLUMNS: Record<string, string> = {
  id: 'id',
  state: 'state',
  value: 'value',
  error_message: 'error_message',
  end_dttm: 'end_dttm',
  start_dttm: 'start_dttm',
  scheduled_dttm: 'scheduled_dttm',
};

export interface ReportRecord extends ReportScheduleRow {
  created_by_first_name: string | null;
  created_by_last_name: string | null;
  changed_by_first_name: string | null;
  changed_by_last_name: string | null;
}

export interface RecipientValues {
  type: string;
  recipient_config_json: string;
}

/** What a create or update writes; owners and recipients replace the stored ones when given. */
export interface ReportValues {
  type?: string;
  name?: string;
  description?: string | null;
  context_markdown?: string | null;
  active?: number;
  crontab?: string;
  timezone?: string;
  creation_method?: string;
  report_format?: string;
  sql?: string | null;
  chart_id?: number | null;
  dashboard_id?: number | null;
  database_id?: number | null;
  extra?: string;
  force_screenshot?: number;
  custom_width?: number | null;
  validator_type?: string | null;
  validator_config_json?: string;
  log_retention?: number;
  grace_period?: number;
  working_timeout?: number;
}

function withNames(db: Db) {
  return db
    .selectFrom('report_schedule')
    .leftJoin('ab_user as creator', 'creator.id', 'report_schedule.created_by_fk')
    .leftJoin('ab_user as changer', 'changer.id', 'report_schedule.changed_by_fk')
    .selectAll('report_schedule')
    .select([
      'creator.first_name as created_by_first_name',
      'creator.last_name as created_by_last_name',
      'changer.first_name as changed_by_first_name',
      'changer.last_name as changed_by_last_name',
    ]);
}

/** Superset's ReportScheduleFilter: below admin, the reports one owns or created. */
export function reportVisibility(userId: number): Expression<SqlBool> {
  return orAny([
    filterCondition('report_schedule.created_by_fk', 'eq', userId),
    linksToAny('report_schedule.id', REPORT_OWNERS, [userId]),
  ]);
}

/** `name` with Superset's all_text filter searches the name and the description. */
function listCondition(col: string, opr: ListOptions['filters'][number]['opr'], value: unknown): Expression<SqlBool> {
  if (col === 'owners') return linksToAny('report_schedule.id', REPORT_OWNERS, [Number(value)]);
  return filterCondition(REPORT_LIST_COLUMNS[col] ?? 'report_schedule.id', opr, value);
}

export async function listReports(db: Db, options: ListOptions, visible: Expression<SqlBool> | null) {
  const where = andAll([
    ...(visible ? [visible] : []),
    ...options.filters.map((f) => listCondition(f.col, f.opr, f.value)),
  ]);
  const { count } = await db
    .selectFrom('report_schedule')
    .leftJoin('ab_user as creator', 'creator.id', 'report_schedule.created_by_fk')
    .leftJoin('ab_user as changer', 'changer.id', 'report_schedule.changed_by_fk')
    .where(where)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const orderRef = REPORT_LIST_COLUMNS[options.orderColumn ?? 'name'] ?? 'report_schedule.name';
  const rows: ReportRecord[] = await withNames(db)
    .where(where)
    .orderBy(sql.ref(orderRef), options.orderDirection)
    .orderBy('report_schedule.id', options.orderDirection)
    .offset(options.page * options.pageSize)
    .limit(options.pageSize)
    .execute();
  return { count: Number(count), rows };
}

export async function getReport(db: Db, id: number): Promise<ReportRecord | undefined> {
  return withNames(db).where('report_schedule.id', '=', id).executeTakeFirst();
}

export async function reportOwners(db: Db, ids: readonly number[]) {
  return linkedOwners(db, REPORT_OWNERS, ids);
}

export async function reportRecipients(db: Db, ids: readonly number[]): Promise<Map<number, ReportRecipientRow[]>> {
  const map = new Map<number, ReportRecipientRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return map;
  const rows = await db
    .selectFrom('report_recipient')
    .selectAll()
    .where('report_schedule_id', 'in', [...ids])
    .orderBy('id')
    .execute();
  for (const row of rows) map.get(row.report_schedule_id)?.push(row);
  return map;
}

export async function reportNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('report_schedule').select('id').where('name', '=', name);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

async function setRecipients(trx: Db, reportId: number, recipients: readonly RecipientValues[]): Promise<void> {
  await trx.deleteFrom('report_recipient').where('report_schedule_id', '=', reportId).execute();
  if (recipients.length === 0) return;
  await trx
    .insertInto('report_recipient')
    .values(recipients.map((r) => ({ ...r, report_schedule_id: reportId })))
    .execute();
}

export async function insertReport(
  db: Kysely<MetadataSchema>,
  userId: number,
  values: ReportValues & { type: string; name: string; crontab: string },
  owners: readonly number[],
  recipients: readonly RecipientValues[],
): Promise<number> {
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('report_schedule')
      .values({ ...values, created_on: now, changed_on: now, created_by_fk: userId, changed_by_fk: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setLinkedIds(trx, REPORT_OWNERS, row.id, owners);
    await setRecipients(trx, row.id, recipients);
    return row.id;
  });
}

export async function updateReport(
  db: Kysely<MetadataSchema>,
  userId: number,
  id: number,
  values: ReportValues,
  owners: readonly number[] | undefined,
  recipients: readonly RecipientValues[] | undefined,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('report_schedule')
      .set({ ...values, changed_on: nowIso(), changed_by_fk: userId })
      .where('id', '=', id)
      .execute();
    if (owners) await setLinkedIds(trx, REPORT_OWNERS, id, owners);
    if (recipients) await setRecipients(trx, id, recipients);
  });
}

export async function deleteReports(db: Kysely<MetadataSchema>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.transaction().execute(async (trx) => {
    // SQLite runs without enforced foreign keys on some connections: remove the children explicitly.
    await trx
      .deleteFrom('report_execution_log')
      .where('report_schedule_id', 'in', [...ids])
      .execute();
    await trx
      .deleteFrom('report_recipient')
      .where('report_schedule_id', 'in', [...ids])
      .execute();
    await trx
      .deleteFrom('report_schedule_user')
      .where('report_schedule_id', 'in', [...ids])
      .execute();
    await trx
      .deleteFrom('report_schedule')
      .where('id', 'in', [...ids])
      .execute();
  });
}

/** Active schedules, for the scheduler's pass. */
export async function activeReports(db: Db): Promise<ReportScheduleRow[]> {
  return db.selectFrom('report_schedule').selectAll().where('active', '=', 1).orderBy('id').execute();
}

/** What the last run left on the schedule (Superset's last_state, last_eval_dttm, last_value…). */
export async function setReportState(
  db: Db,
  id: number,
  state: {
    last_state: string;
    last_eval_dttm: string;
    last_value?: number | null;
    last_value_row_json?: string | null;
  },
): Promise<void> {
  await db.updateTable('report_schedule').set(state).where('id', '=', id).execute();
}

export async function insertLog(
  db: Db,
  values: { report_schedule_id: number; scheduled_dttm: string; start_dttm: string; state: string },
): Promise<{ id: number; uuid: string }> {
  const uuid = randomUUID();
  const row = await db
    .insertInto('report_execution_log')
    .values({ ...values, uuid })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, uuid };
}

export async function finishLog(
  db: Db,
  id: number,
  values: {
    state: string;
    end_dttm: string;
    error_message?: string | null;
    value?: number | null;
    value_row_json?: string | null;
  },
): Promise<void> {
  await db.updateTable('report_execution_log').set(values).where('id', '=', id).execute();
}

export async function listLogs(db: Db, reportId: number, options: ListOptions) {
  const where = andAll([
    sql<SqlBool>`${sql.ref('report_schedule_id')} = ${reportId}`,
    ...options.filters.map((f) => filterCondition(REPORT_LOG_COLUMNS[f.col] ?? 'id', f.opr, f.value)),
  ]);
  const { count } = await db
    .selectFrom('report_execution_log')
    .where(where)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const rows: ReportExecutionLogRow[] = await db
    .selectFrom('report_execution_log')
    .selectAll()
    .where(where)
    .orderBy(sql.ref(REPORT_LOG_COLUMNS[options.orderColumn ?? 'start_dttm'] ?? 'start_dttm'), options.orderDirection)
    .orderBy('id', options.orderDirection)
    .offset(options.page * options.pageSize)
    .limit(options.pageSize)
    .execute();
  return { count: Number(count), rows };
}

export async function getLog(db: Db, reportId: number, logId: number) {
  return db
    .selectFrom('report_execution_log')
    .selectAll()
    .where('report_schedule_id', '=', reportId)
    .where('id', '=', logId)
    .executeTakeFirst();
}

/** The newest log rows first, e.g. to find when an alert last fired (grace period) or a run still working. */
export async function recentLogs(db: Db, reportId: number, limit: number): Promise<ReportExecutionLogRow[]> {
  return db
    .selectFrom('report_execution_log')
    .selectAll()
    .where('report_schedule_id', '=', reportId)
    .orderBy('start_dttm', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Drops the schedule's log rows that ended before `before`; answers how many went. */
export async function pruneLogs(db: Db, reportId: number, before: string): Promise<number> {
  const result = await db
    .deleteFrom('report_execution_log')
    .where('report_schedule_id', '=', reportId)
    .where('start_dttm', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Claims one tick: true for exactly one caller per (kind, object, tick), whichever process it is in, since the
 * store's unique constraint refuses every other insert.
 */
export async function claimTick(db: Db, kind: string, objectId: number, scheduledDttm: string): Promise<boolean> {
  const result = await db
    .insertInto('schedule_claim')
    .values({ kind, object_id: objectId, scheduled_dttm: scheduledDttm, claimed_on: nowIso() })
    .onConflict((oc) => oc.columns(['kind', 'object_id', 'scheduled_dttm']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Claims older than `before` are no longer needed to refuse a second run. */
export async function pruneClaims(db: Db, before: string): Promise<void> {
  await db.deleteFrom('schedule_claim').where('claimed_on', '<', before).execute();
}
