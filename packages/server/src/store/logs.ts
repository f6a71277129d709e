// The event log: what users did and how long things took, written in batches.
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { MetadataSchema } from './schema.js';
import { nowIso } from './time.js';

export interface LogInsert {
  action: string;
  user_id: number | null;
  json: string;
  dttm: string;
  dashboard_id: number | null;
  slice_id: number | null;
  duration_ms: number | null;
  referrer: string | null;
}

/** All rows of a batch or none. */
export async function insertLogs(db: Kysely<MetadataSchema>, rows: LogInsert[]): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction().execute(async (trx) => {
    // Chunks keep each statement under SQLite's bound-parameter limit.
    for (let i = 0; i < rows.length; i += 100) {
      await trx
        .insertInto('logs')
        .values(rows.slice(i, i + 100))
        .execute();
    }
  });
}

export async function countLogs(db: Kysely<MetadataSchema>, action?: string): Promise<number> {
  let query = db.selectFrom('logs');
  if (action) query = query.where('action', '=', action);
  const { count } = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(count);
}

export interface RecentActivityRow {
  action: string;
  dttm: string;
  dashboard_id: number | null;
  slice_id: number | null;
  dashboard_slug: string | null;
  dashboard_title: string | null;
  slice_name: string | null;
}

export interface RecentActivityQuery {
  userId: number;
  actions: readonly string[];
  /** One row per object and action, at its latest time (within a year); else every event. */
  distinct: boolean;
  page: number;
  pageSize: number;
  /** Conditions on `dashboards` and on `tables` (the chart's dataset) naming what the caller may see; undefined: all. */
  dashboardVisible: Expression<SqlBool> | undefined;
  chartVisible: Expression<SqlBool> | undefined;
  /** False when the caller may not read charts at all. */
  chartsReadable: boolean;
}

const YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * Superset's LogDAO.get_recent_activity: the caller's events on dashboards and charts, newest first, titled by the
 * object; an object the caller may no longer see (or that is gone) is left out, so the log cannot name it.
 */
export async function recentActivity(db: Kysely<MetadataSchema>, q: RecentActivityQuery): Promise<RecentActivityRow[]> {
  if (q.actions.length === 0) return [];
  let events = db
    .selectFrom('logs')
    .where('logs.user_id', '=', q.userId)
    .where('logs.action', 'in', [...q.actions])
    .where((eb) => eb.or([eb('logs.dashboard_id', 'is not', null), eb('logs.slice_id', 'is not', null)]));
  if (q.distinct) events = events.where('logs.dttm', '>', nowIso(new Date(Date.now() - YEAR_MS)));
  const recent = q.distinct
    ? events
        .select((eb) => ['logs.dashboard_id', 'logs.slice_id', 'logs.action', eb.fn.max('logs.dttm').as('dttm')])
        .groupBy(['logs.dashboard_id', 'logs.slice_id', 'logs.action'])
        .as('recent')
    : events.select(['logs.dashboard_id', 'logs.slice_id', 'logs.action', 'logs.dttm']).as('recent');
  const dashboardOk = sql<SqlBool>`(${sql.ref('recent.dashboard_id')} IS NOT NULL AND ${sql.ref(
    'dashboards.id',
  )} IS NOT NULL AND ${sql.ref('dashboards.dashboard_title')} <> '' AND ${q.dashboardVisible ?? sql`1 = 1`})`;
  // As visibleChart: a chart whose dataset is gone is seen only by callers who see every dataset (no condition).
  const chartSeen = !q.chartsReadable
    ? sql<SqlBool>`1 = 0`
    : q.chartVisible
      ? sql<SqlBool>`(${sql.ref('tables.id')} IS NOT NULL AND ${q.chartVisible})`
      : sql<SqlBool>`1 = 1`;
  const chartOk = sql<SqlBool>`(${sql.ref('recent.dashboard_id')} IS NULL AND ${sql.ref(
    'slices.id',
  )} IS NOT NULL AND ${sql.ref('slices.slice_name')} <> '' AND ${chartSeen})`;
  const rows = await db
    .selectFrom(recent)
    .leftJoin('dashboards', 'dashboards.id', 'recent.dashboard_id')
    .leftJoin('slices', 'slices.id', 'recent.slice_id')
    .leftJoin('tables', (join) =>
      join.onRef('tables.id', '=', 'slices.datasource_id').on('slices.datasource_type', '=', 'table'),
    )
    .select([
      'recent.action as action',
      'recent.dttm as dttm',
      'recent.dashboard_id as dashboard_id',
      'recent.slice_id as slice_id',
      'dashboards.slug as dashboard_slug',
      'dashboards.dashboard_title as dashboard_title',
      'slices.slice_name as slice_name',
    ])
    .where(sql<SqlBool>`(${dashboardOk} OR ${chartOk})`)
    .orderBy('recent.dttm', 'desc')
    .orderBy('recent.dashboard_id')
    .orderBy('recent.slice_id')
    .offset(q.page * q.pageSize)
    .limit(q.pageSize)
    .execute();
  return rows.map((row) => ({ ...row, dttm: String(row.dttm) }));
}
