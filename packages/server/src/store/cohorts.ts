// Cohorts of the metadata store, with their owners and dashboards.
import type { Expression, Kysely, SqlBool, Transaction } from 'kysely';
import { LINKS, linksToAny, setLinks } from './links.js';
import { andAll, type ListColumns, type ListOptions, listConditions, listPageQuery } from './list.js';
import type { MetadataSchema } from './schema.js';
import type { CohortRow } from './schema-charts.js';
import { setObjectTagNames, type TagFilter, taggedCondition, untagObjects } from './tags.js';
import { changeStamps, creationStamps } from './time.js';

type Db = Kysely<MetadataSchema> | Transaction<MetadataSchema>;

export const COHORT_LIST_COLUMNS: Record<string, string> = {
  id: 'cohorts.id',
  cohort_name: 'cohorts.cohort_name',
  viz_type: 'cohorts.viz_type',
  datasource_id: 'cohorts.datasource_id',
  datasource_type: 'cohorts.datasource_type',
  datasource_name: 'tables.table_name',
  actor: 'cohorts.actor',
  description: 'cohorts.description',
  changed_on: 'cohorts.changed_on',
  changed_on_delta_humanized: 'cohorts.changed_on',
  created_on: 'cohorts.created_on',
};

const COHORT_LIST: ListColumns = { columns: COHORT_LIST_COLUMNS, id: 'cohorts.id', defaultOrder: 'cohorts.changed_on' };

export type CohortValues = Pick<
  CohortRow,
  | 'cohort_name'
  | 'viz_type'
  | 'datasource_id'
  | 'datasource_type'
  | 'params'
  | 'query_context'
  | 'description'
  | 'top_series'
  | 'actor'
  | 'has_dimension'
  | 'dimensions'
  | 'auto_complete_option'
>;

export interface CohortLinks {
  owners?: number[] | undefined;
  dashboards?: number[] | undefined;
  /** Tag names: the cohort's tags become exactly these (tag links, the one source of tags). */
  tags?: readonly string[] | undefined;
}

export interface CohortRecord extends CohortRow {
  datasource_name: string | null;
  changed_by_first_name: string | null;
  changed_by_last_name: string | null;
}

function withNames(db: Db) {
  return db
    .selectFrom('cohorts')
    .leftJoin('tables', (join) =>
      join.onRef('tables.id', '=', 'cohorts.datasource_id').on('cohorts.datasource_type', '=', 'table'),
    )
    .leftJoin('ab_user as changer', 'changer.id', 'cohorts.changed_by_fk')
    .selectAll('cohorts')
    .select([
      'tables.table_name as datasource_name',
      'changer.first_name as changed_by_first_name',
      'changer.last_name as changed_by_last_name',
    ]);
}

export async function getCohort(db: Db, id: number): Promise<CohortRecord | undefined> {
  return withNames(db).where('cohorts.id', '=', id).executeTakeFirst();
}

export async function getCohorts(db: Db, ids: readonly number[]): Promise<CohortRecord[]> {
  if (ids.length === 0) return [];
  return withNames(db)
    .where('cohorts.id', 'in', [...ids])
    .orderBy('cohorts.id')
    .execute();
}

export async function cohortsOfDataset(db: Db, datasetId: number): Promise<CohortRecord[]> {
  return withNames(db)
    .where('cohorts.datasource_type', '=', 'table')
    .where('cohorts.datasource_id', '=', datasetId)
    .orderBy('cohorts.cohort_name')
    .orderBy('cohorts.id')
    .execute();
}

export async function listCohorts(
  db: Db,
  options: ListOptions,
  extras: { ownerIds: number[]; visible?: Expression<SqlBool> | undefined; tags?: TagFilter[] | undefined },
): Promise<{ count: number; rows: CohortRecord[] }> {
  const conditions: Expression<SqlBool>[] = listConditions(COHORT_LIST, options.filters);
  if (extras.ownerIds.length > 0) {
    conditions.push(linksToAny('cohorts.id', LINKS.cohortOwners, extras.ownerIds));
  }
  for (const tags of extras.tags ?? []) conditions.push(taggedCondition('cohorts.id', 'cohort', tags));
  if (extras.visible) conditions.push(extras.visible);
  const where = andAll(conditions);
  const { count } = await withNames(db)
    .clearSelect()
    .where(where)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await listPageQuery(withNames(db).where(where), COHORT_LIST, options).execute();
  return { count: Number(count), rows };
}

/** The link sets an insert or update may set, in the order they are written. */
const COHORT_LINK_SPECS = {
  owners: LINKS.cohortOwners,
  dashboards: LINKS.cohortDashboards,
} as const;

async function writeLinks(db: Db, id: number, links: CohortLinks, userId: number): Promise<void> {
  const { tags, ...others } = links;
  await setLinks(db, COHORT_LINK_SPECS, id, others);
  if (tags !== undefined) await setObjectTagNames(db, userId, 'cohort', id, tags);
}

export async function insertCohort(
  db: Kysely<MetadataSchema>,
  values: CohortValues,
  links: CohortLinks,
  userId: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('cohorts')
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

export async function updateCohort(
  db: Kysely<MetadataSchema>,
  id: number,
  values: Partial<CohortValues>,
  links: CohortLinks,
  userId: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('cohorts')
      .set({ ...values, ...changeStamps(userId) })
      .where('id', '=', id)
      .execute();
    await writeLinks(trx, id, links, userId);
  });
}

export async function deleteCohort(db: Db, id: number): Promise<void> {
  await untagObjects(db, 'cohort', [id]);
  await db.deleteFrom('cohorts').where('id', '=', id).execute();
}
