// Saved measures of the metadata store, with their owners and dashboards.
import type { Expression, Kysely, SqlBool, Transaction } from 'kysely';
import { LINKS, linksToAny, setLinks } from './links.js';
import { andAll, type ListColumns, type ListOptions, listConditions, listPageQuery } from './list.js';
import type { MetadataSchema } from './schema.js';
import type { MeasureRow } from './schema-charts.js';
import { setObjectTagNames, type TagFilter, taggedCondition, untagObjects } from './tags.js';
import { changeStamps, creationStamps } from './time.js';

type Db = Kysely<MetadataSchema> | Transaction<MetadataSchema>;

export const MEASURE_LIST_COLUMNS: Record<string, string> = {
  id: 'measures.id',
  measure_name: 'measures.measure_name',
  viz_type: 'measures.viz_type',
  datasource_id: 'measures.datasource_id',
  datasource_type: 'measures.datasource_type',
  datasource_name: 'tables.table_name',
  description: 'measures.description',
  changed_on: 'measures.changed_on',
  changed_on_delta_humanized: 'measures.changed_on',
  created_on: 'measures.created_on',
};

const MEASURE_LIST: ListColumns = {
  columns: MEASURE_LIST_COLUMNS,
  id: 'measures.id',
  defaultOrder: 'measures.changed_on',
};

export type MeasureValues = Pick<
  MeasureRow,
  'measure_name' | 'viz_type' | 'datasource_id' | 'datasource_type' | 'params' | 'query_context' | 'description'
>;

export interface MeasureLinks {
  owners?: number[] | undefined;
  dashboards?: number[] | undefined;
  /** Tag names: the measure's tags become exactly these (tag links, the one source of tags). */
  tags?: readonly string[] | undefined;
}

export interface MeasureRecord extends MeasureRow {
  datasource_name: string | null;
  changed_by_first_name: string | null;
  changed_by_last_name: string | null;
}

function withNames(db: Db) {
  return db
    .selectFrom('measures')
    .leftJoin('tables', (join) =>
      join.onRef('tables.id', '=', 'measures.datasource_id').on('measures.datasource_type', '=', 'table'),
    )
    .leftJoin('ab_user as changer', 'changer.id', 'measures.changed_by_fk')
    .selectAll('measures')
    .select([
      'tables.table_name as datasource_name',
      'changer.first_name as changed_by_first_name',
      'changer.last_name as changed_by_last_name',
    ]);
}

export async function getMeasure(db: Db, id: number): Promise<MeasureRecord | undefined> {
  return withNames(db).where('measures.id', '=', id).executeTakeFirst();
}

export async function getMeasures(db: Db, ids: readonly number[]): Promise<MeasureRecord[]> {
  if (ids.length === 0) return [];
  return withNames(db)
    .where('measures.id', 'in', [...ids])
    .orderBy('measures.id')
    .execute();
}

export async function measuresOfDataset(db: Db, datasetId: number): Promise<MeasureRow[]> {
  return db
    .selectFrom('measures')
    .selectAll()
    .where('datasource_type', '=', 'table')
    .where('datasource_id', '=', datasetId)
    .orderBy('id')
    .execute();
}

export async function listMeasures(
  db: Db,
  options: ListOptions,
  extras: { ownerIds: number[]; visible?: Expression<SqlBool> | undefined; tags?: TagFilter[] | undefined },
): Promise<{ count: number; rows: MeasureRecord[] }> {
  const conditions: Expression<SqlBool>[] = listConditions(MEASURE_LIST, options.filters);
  if (extras.ownerIds.length > 0) {
    conditions.push(linksToAny('measures.id', LINKS.measureOwners, extras.ownerIds));
  }
  for (const tags of extras.tags ?? []) conditions.push(taggedCondition('measures.id', 'measure', tags));
  if (extras.visible) conditions.push(extras.visible);
  const where = andAll(conditions);
  const { count } = await withNames(db)
    .clearSelect()
    .where(where)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await listPageQuery(withNames(db).where(where), MEASURE_LIST, options).execute();
  return { count: Number(count), rows };
}

/** The link sets an insert or update may set, in the order they are written. */
const MEASURE_LINK_SPECS = {
  owners: LINKS.measureOwners,
  dashboards: LINKS.measureDashboards,
} as const;

async function writeLinks(db: Db, id: number, links: MeasureLinks, userId: number): Promise<void> {
  const { tags, ...others } = links;
  await setLinks(db, MEASURE_LINK_SPECS, id, others);
  if (tags !== undefined) await setObjectTagNames(db, userId, 'measure', id, tags);
}

export async function insertMeasure(
  db: Kysely<MetadataSchema>,
  values: MeasureValues,
  links: MeasureLinks,
  userId: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('measures')
      .values({
        ...values,
        ...creationStamps(userId),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeLinks(trx, id, links, userId);
    return id;
  });
}

export async function updateMeasure(
  db: Kysely<MetadataSchema>,
  id: number,
  values: Partial<MeasureValues>,
  links: MeasureLinks,
  userId: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('measures')
      .set({ ...values, ...changeStamps(userId) })
      .where('id', '=', id)
      .execute();
    await writeLinks(trx, id, links, userId);
  });
}

export async function deleteMeasure(db: Db, id: number): Promise<void> {
  await untagObjects(db, 'measure', [id]);
  await db.deleteFrom('measures').where('id', '=', id).execute();
}
