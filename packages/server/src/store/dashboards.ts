// Dashboards of the metadata store: read with their authors' names, listed with Superset's filters, written with
// their owners, roles and charts in one transaction.
import { type Expression, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { ChartValues } from './charts.js';
import { favoriteCondition } from './favorites.js';
import { LINKS, type LinkSpec, linkedIds, linksToAny, setLinkedIds, setLinks } from './links.js';
import {
  andAll,
  filterCondition,
  type ListColumns,
  type ListOptions,
  listConditions,
  listPageQuery,
  orAny,
} from './list.js';
import type { MetadataSchema } from './schema.js';
import type { DashboardRow } from './schema-charts.js';
import { type TagFilter, taggedCondition, untagObjects } from './tags.js';
import { changeStamps, creationStamps, nowIso } from './time.js';

type Db = Kysely<MetadataSchema> | Transaction<MetadataSchema>;

export const DASHBOARD_LINKS = {
  owners: { table: 'dashboard_owners', left: 'dashboard_id', right: 'user_id' },
  roles: { table: 'dashboard_roles', left: 'dashboard_id', right: 'role_id' },
  charts: { table: 'dashboard_slices', left: 'dashboard_id', right: 'slice_id' },
} as const satisfies Record<string, LinkSpec>;

/** Columns a list request may filter or order on, mapped to trusted references. */
const DASHBOARD_LIST_COLUMNS: Record<string, string> = {
  id: 'dashboards.id',
  uuid: 'dashboards.uuid',
  dashboard_title: 'dashboards.dashboard_title',
  slug: 'dashboards.slug',
  published: 'dashboards.published',
  certified_by: 'dashboards.certified_by',
  created_by: 'dashboards.created_by_fk',
  changed_by: 'dashboards.changed_by_fk',
  'changed_by.first_name': 'changer.first_name',
  'created_by.first_name': 'creator.first_name',
  created_on: 'dashboards.created_on',
  changed_on: 'dashboards.changed_on',
  changed_on_delta_humanized: 'dashboards.changed_on',
  changed_on_utc: 'dashboards.changed_on',
};

const DASHBOARD_LIST: ListColumns = {
  columns: DASHBOARD_LIST_COLUMNS,
  id: 'dashboards.id',
  defaultOrder: 'dashboards.changed_on',
};

export interface DashboardValues {
  dashboard_title: string;
  slug: string | null;
  position_json: string | null;
  json_metadata: string | null;
  css: string | null;
  published: number;
  certified_by: string | null;
  certification_details: string | null;
}

/** The dashboard's links; undefined leaves a link unchanged on update. */
export interface DashboardLinks {
  owners?: number[] | undefined;
  roles?: number[] | undefined;
  charts?: number[] | undefined;
}

export interface DashboardRecord extends DashboardRow {
  created_by_first_name: string | null;
  created_by_last_name: string | null;
  changed_by_first_name: string | null;
  changed_by_last_name: string | null;
}

/** Filters of Superset's dashboard list that are not plain column comparisons. */
export interface DashboardListExtras {
  ownerIds: number[];
  /** dashboard_title `title_or_slug`: the text in the title or the slug. */
  titleOrSlug?: string | undefined;
  /** id `dashboard_is_favorite`: only (true) or never (false) the dashboards this user starred. */
  favorite?: { userId: number; starred: boolean } | undefined;
  /** id `dashboard_is_certified`. */
  certified?: boolean | undefined;
  /** id `dashboard_tag_id` / tags `dashboard_tags`: dashboards carrying one of the tags; every filter must match. */
  tags?: TagFilter[] | undefined;
  /** Narrows to the dashboards the caller may see; undefined: all. */
  visible?: Expression<SqlBool> | undefined;
}

function joined(db: Db) {
  return db
    .selectFrom('dashboards')
    .leftJoin('ab_user as creator', 'creator.id', 'dashboards.created_by_fk')
    .leftJoin('ab_user as changer', 'changer.id', 'dashboards.changed_by_fk');
}

function withNames(db: Db) {
  return joined(db)
    .selectAll('dashboards')
    .select([
      'creator.first_name as created_by_first_name',
      'creator.last_name as created_by_last_name',
      'changer.first_name as changed_by_first_name',
      'changer.last_name as changed_by_last_name',
    ]);
}

export async function getDashboard(db: Db, id: number): Promise<DashboardRecord | undefined> {
  return withNames(db).where('dashboards.id', '=', id).executeTakeFirst();
}

/** Digits name an id, anything else a slug (Superset's id_or_slug_filter). */
export async function findDashboard(db: Db, idOrSlug: string): Promise<DashboardRecord | undefined> {
  if (/^\d+$/.test(idOrSlug)) return getDashboard(db, Number(idOrSlug));
  return withNames(db).where('dashboards.slug', '=', idOrSlug).executeTakeFirst();
}

export async function getDashboards(db: Db, ids: readonly number[]): Promise<DashboardRecord[]> {
  if (ids.length === 0) return [];
  return withNames(db)
    .where('dashboards.id', 'in', [...ids])
    .orderBy('dashboards.id')
    .execute();
}

/** Whether another dashboard already has the slug. */
export async function slugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('dashboards').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

function extraConditions(extras: DashboardListExtras): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (extras.ownerIds.length > 0) conditions.push(linksToAny('dashboards.id', LINKS.dashboardOwners, extras.ownerIds));
  const text = extras.titleOrSlug?.trim();
  if (text) {
    conditions.push(
      orAny([
        filterCondition('dashboards.dashboard_title', 'ct', text),
        filterCondition('dashboards.slug', 'ct', text),
      ]),
    );
  }
  if (extras.favorite) conditions.push(favoriteCondition('dashboards.id', 'Dashboard', extras.favorite));
  if (extras.certified !== undefined) {
    const certified = sql<SqlBool>`(${sql.ref('dashboards.certified_by')} IS NOT NULL AND ${sql.ref(
      'dashboards.certified_by',
    )} <> '')`;
    conditions.push(extras.certified ? certified : sql<SqlBool>`NOT ${certified}`);
  }
  for (const tags of extras.tags ?? []) conditions.push(taggedCondition('dashboards.id', 'dashboard', tags));
  if (extras.visible) conditions.push(extras.visible);
  return conditions;
}

export async function listDashboards(
  db: Db,
  options: ListOptions,
  extras: DashboardListExtras,
): Promise<{ count: number; rows: DashboardRecord[] }> {
  const conditions: Expression<SqlBool>[] = listConditions(DASHBOARD_LIST, options.filters);
  conditions.push(...extraConditions(extras));
  const where = andAll(conditions);
  const { count } = await joined(db)
    .where(where)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await listPageQuery(withNames(db).where(where), DASHBOARD_LIST, options).execute();
  return { count: Number(count), rows };
}

/** The link sets an insert or update may set, in the order they are written. */
const DASHBOARD_LINK_SPECS = {
  owners: DASHBOARD_LINKS.owners,
  roles: DASHBOARD_LINKS.roles,
  charts: DASHBOARD_LINKS.charts,
} as const;

function writeLinks(db: Db, id: number, links: DashboardLinks): Promise<void> {
  return setLinks(db, DASHBOARD_LINK_SPECS, id, links);
}

export async function insertDashboard(
  db: Db,
  values: DashboardValues,
  links: DashboardLinks,
  userId: number | null,
): Promise<number> {
  const { id } = await db
    .insertInto('dashboards')
    .values({
      ...values,
      description: null,
      ...creationStamps(userId),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeLinks(db, id, links);
  return id;
}

/** Returns the new changed_on. */
export async function updateDashboard(
  db: Db,
  id: number,
  values: Partial<DashboardValues>,
  links: DashboardLinks,
  userId: number,
): Promise<string> {
  const changedOn = nowIso();
  await db
    .updateTable('dashboards')
    .set({ ...values, ...changeStamps(userId, changedOn) })
    .where('id', '=', id)
    .execute();
  await writeLinks(db, id, links);
  return changedOn;
}

/** Deletes the dashboards (links cascade) and the stars on them. */
export async function deleteDashboards(db: Kysely<MetadataSchema>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('favstar')
      .where('class_name', '=', 'Dashboard')
      .where('obj_id', 'in', [...ids])
      .execute();
    await untagObjects(trx, 'dashboard', ids);
    await trx
      .deleteFrom('dashboards')
      .where('id', 'in', [...ids])
      .execute();
  });
}

/** The charts of each dashboard, in id order. */
export async function dashboardChartIds(db: Db, ids: readonly number[]): Promise<Map<number, number[]>> {
  return linkedIds(db, DASHBOARD_LINKS.charts, ids);
}

/** The table datasets the dashboards' charts use. */
export async function dashboardDatasetIds(db: Db, id: number): Promise<number[]> {
  const rows = await db
    .selectFrom('dashboard_slices')
    .innerJoin('slices', 'slices.id', 'dashboard_slices.slice_id')
    .select('slices.datasource_id')
    .distinct()
    .where('dashboard_slices.dashboard_id', '=', id)
    .where('slices.datasource_type', '=', 'table')
    .where('slices.datasource_id', 'is not', null)
    .orderBy('slices.datasource_id')
    .execute();
  return rows.map((row) => Number(row.datasource_id));
}

/** The table dataset a chart on the dashboard reads; undefined when the chart is not on it. */
export async function dashboardChartDatasetId(
  db: Db,
  dashboardId: number,
  chartId: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('dashboard_slices')
    .innerJoin('slices', 'slices.id', 'dashboard_slices.slice_id')
    .select('slices.datasource_id')
    .where('dashboard_slices.dashboard_id', '=', dashboardId)
    .where('dashboard_slices.slice_id', '=', chartId)
    .where('slices.datasource_type', '=', 'table')
    .executeTakeFirst();
  if (!row || row.datasource_id === null) return undefined;
  return Number(row.datasource_id);
}

/** Role ids and names of each dashboard. */
export async function dashboardRoles(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, Array<{ id: number; name: string }>>> {
  const map = new Map<number, Array<{ id: number; name: string }>>(ids.map((id) => [id, []]));
  if (ids.length === 0) return map;
  const rows = await db
    .selectFrom('dashboard_roles')
    .innerJoin('ab_role', 'ab_role.id', 'dashboard_roles.role_id')
    .select(['dashboard_roles.dashboard_id', 'ab_role.id', 'ab_role.name'])
    .where('dashboard_roles.dashboard_id', 'in', [...ids])
    .orderBy('ab_role.id')
    .execute();
  for (const row of rows) map.get(Number(row.dashboard_id))?.push({ id: Number(row.id), name: row.name });
  return map;
}

export async function existingRoleIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('ab_role')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((row) => Number(row.id));
}

export async function roleIdsOfUser(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('ab_user_role').select('role_id').where('user_id', '=', userId).execute();
  return rows.map((row) => Number(row.role_id));
}

/**
 * A chart row inside the caller's transaction, for dashboard copies and the example content (whose charts have no
 * author); the chart API's own writes go through store/charts.ts.
 */
export async function insertChartRow(
  db: Db,
  values: ChartValues & { owners: number[] },
  userId: number | null,
): Promise<number> {
  const { owners, ...row } = values;
  const { id } = await db
    .insertInto('slices')
    .values({
      ...row,
      ...creationStamps(userId),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setLinkedIds(db, LINKS.sliceOwners, id, owners);
  return id;
}

/** Copies charts for a dashboard copy: owned by `userId`, keeping their semantic links. Old id → new id. */
export async function cloneCharts(db: Db, ids: readonly number[], userId: number): Promise<Map<number, number>> {
  const map = new Map<number, number>();
  if (ids.length === 0) return map;
  const rows = await db
    .selectFrom('slices')
    .selectAll()
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const {
      id: oldId,
      uuid: _uuid,
      created_on: _c,
      changed_on: _ch,
      created_by_fk: _cb,
      changed_by_fk: _chb,
      ...values
    } = row;
    const id = await insertChartRow(db, { ...values, owners: [userId] }, userId);
    for (const link of [LINKS.sliceMeasures, LINKS.sliceSavedColumns, LINKS.sliceCohorts]) {
      const linked = (await linkedIds(db, link, [oldId])).get(oldId) ?? [];
      if (linked.length > 0) await setLinkedIds(db, link, id, linked);
    }
    map.set(oldId, id);
  }
  return map;
}
