// Charts (Superset's slices) of the metadata store: read with their dataset's and authors' names, listed with
// Superset's filters, written with their owners, dashboards and semantic links in one transaction.
import type { Expression, Kysely, SqlBool, Transaction } from 'kysely';
import { favoriteCondition } from './favorites.js';
import { LINKS, linksToAny, setLinks } from './links.js';
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
import type { SliceRow } from './schema-charts.js';
import { type TagFilter, taggedCondition, untagObjects } from './tags.js';
import { changeStamps, creationStamps } from './time.js';

type Db = Kysely<MetadataSchema> | Transaction<MetadataSchema>;

/** Columns a list request may filter or order on, mapped to trusted references. */
export const CHART_LIST_COLUMNS: Record<string, string> = {
  id: 'slices.id',
  uuid: 'slices.uuid',
  slice_name: 'slices.slice_name',
  viz_type: 'slices.viz_type',
  description: 'slices.description',
  datasource_id: 'slices.datasource_id',
  datasource_type: 'slices.datasource_type',
  datasource_name: 'tables.table_name',
  certified_by: 'slices.certified_by',
  cache_timeout: 'slices.cache_timeout',
  created_by: 'slices.created_by_fk',
  changed_by_fk: 'slices.changed_by_fk',
  changed_by: 'changer.first_name',
  'changed_by.first_name': 'changer.first_name',
  created_on: 'slices.created_on',
  changed_on: 'slices.changed_on',
  changed_on_delta_humanized: 'slices.changed_on',
  last_saved_at: 'slices.changed_on',
};

const CHART_LIST: ListColumns = { columns: CHART_LIST_COLUMNS, id: 'slices.id', defaultOrder: 'slices.changed_on' };

/** What Superset's chart_all_text filter searches: name, description and the datasource's name. */
const ALL_TEXT_COLUMNS = ['slices.slice_name', 'slices.description', 'tables.table_name'];

export interface ChartValues {
  slice_name: string;
  viz_type: string;
  datasource_id: number | null;
  datasource_type: string | null;
  params: string | null;
  query_context: string | null;
  description: string | null;
  cache_timeout: number | null;
  certified_by: string | null;
  certification_details: string | null;
}

/** The chart's links; undefined leaves a link unchanged on update. */
export interface ChartLinks {
  owners?: number[] | undefined;
  dashboards?: number[] | undefined;
  savedMeasures?: number[] | undefined;
  savedColumns?: number[] | undefined;
  savedCohorts?: number[] | undefined;
}

export interface ChartRecord extends SliceRow {
  datasource_name: string | null;
  datasource_schema: string | null;
  database_id: number | null;
  database_name: string | null;
  created_by_first_name: string | null;
  created_by_last_name: string | null;
  changed_by_first_name: string | null;
  changed_by_last_name: string | null;
}

/** Filters of Superset's chart list that are not plain column comparisons. */
export interface ChartListExtras {
  ownerIds: number[];
  dashboardIds: number[];
  allText?: string | undefined;
  /** id chart_is_favorite: only (true) or never (false) the charts this user starred. */
  favorite?: { userId: number; starred: boolean } | undefined;
  /** id `chart_tag_id` / tags `chart_tags`: charts carrying one of the tags; every filter must match. */
  tags?: TagFilter[] | undefined;
  /** Narrows to the charts whose dataset the caller may see (a condition on `tables`); undefined: all. */
  visible?: Expression<SqlBool> | undefined;
}

function joined(db: Db) {
  return db
    .selectFrom('slices')
    .leftJoin('tables', (join) =>
      join.onRef('tables.id', '=', 'slices.datasource_id').on('slices.datasource_type', '=', 'table'),
    )
    .leftJoin('dbs', 'dbs.id', 'tables.database_id')
    .leftJoin('ab_user as creator', 'creator.id', 'slices.created_by_fk')
    .leftJoin('ab_user as changer', 'changer.id', 'slices.changed_by_fk');
}

function withNames(db: Db) {
  return joined(db)
    .selectAll('slices')
    .select([
      'tables.table_name as datasource_name',
      'tables.schema as datasource_schema',
      'tables.database_id as database_id',
      'dbs.database_name as database_name',
      'creator.first_name as created_by_first_name',
      'creator.last_name as created_by_last_name',
      'changer.first_name as changed_by_first_name',
      'changer.last_name as changed_by_last_name',
    ]);
}

export async function getChart(db: Db, id: number): Promise<ChartRecord | undefined> {
  return withNames(db).where('slices.id', '=', id).executeTakeFirst();
}

export async function getCharts(db: Db, ids: readonly number[]): Promise<ChartRecord[]> {
  if (ids.length === 0) return [];
  return withNames(db)
    .where('slices.id', 'in', [...ids])
    .orderBy('slices.id')
    .execute();
}

function extraConditions(extras: ChartListExtras): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (extras.ownerIds.length > 0) conditions.push(linksToAny('slices.id', LINKS.sliceOwners, extras.ownerIds));
  if (extras.dashboardIds.length > 0) {
    conditions.push(linksToAny('slices.id', LINKS.sliceDashboards, extras.dashboardIds));
  }
  const text = extras.allText?.trim();
  if (text) conditions.push(orAny(ALL_TEXT_COLUMNS.map((column) => filterCondition(column, 'ct', text))));
  if (extras.favorite) conditions.push(favoriteCondition('slices.id', 'slice', extras.favorite));
  for (const tags of extras.tags ?? []) conditions.push(taggedCondition('slices.id', 'chart', tags));
  if (extras.visible) conditions.push(extras.visible);
  return conditions;
}

export async function listCharts(
  db: Db,
  options: ListOptions,
  extras: ChartListExtras,
): Promise<{ count: number; rows: ChartRecord[] }> {
  const conditions: Expression<SqlBool>[] = listConditions(CHART_LIST, options.filters);
  conditions.push(...extraConditions(extras));
  const where = andAll(conditions);
  const { count } = await joined(db)
    .where(where)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await listPageQuery(withNames(db).where(where), CHART_LIST, options).execute();
  return { count: Number(count), rows };
}

/** The link sets an insert or update may set, in the order they are written. */
const CHART_LINK_SPECS = {
  owners: LINKS.sliceOwners,
  dashboards: LINKS.sliceDashboards,
  savedMeasures: LINKS.sliceMeasures,
  savedColumns: LINKS.sliceSavedColumns,
  savedCohorts: LINKS.sliceCohorts,
} as const;

function writeLinks(db: Db, id: number, links: ChartLinks): Promise<void> {
  return setLinks(db, CHART_LINK_SPECS, id, links);
}

export async function insertChart(
  db: Kysely<MetadataSchema>,
  values: ChartValues,
  links: ChartLinks,
  userId: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('slices')
      .values({
        ...values,
        ...creationStamps(userId),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeLinks(trx, id, links);
    return id;
  });
}

export async function updateChart(
  db: Kysely<MetadataSchema>,
  id: number,
  values: Partial<ChartValues>,
  links: ChartLinks,
  userId: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('slices')
      .set({ ...values, ...changeStamps(userId) })
      .where('id', '=', id)
      .execute();
    await writeLinks(trx, id, links);
  });
}

/** Deletes the charts (links cascade) and the stars on them. */
export async function deleteCharts(db: Kysely<MetadataSchema>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('favstar')
      .where('class_name', '=', 'slice')
      .where('obj_id', 'in', [...ids])
      .execute();
    await untagObjects(trx, 'chart', ids);
    await trx
      .deleteFrom('slices')
      .where('id', 'in', [...ids])
      .execute();
  });
}

/** Id, title and metadata of dashboards, for a chart's `dashboards` field. */
export async function dashboardsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('dashboards')
    .select(['id', 'dashboard_title', 'json_metadata', 'slug'])
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
}
