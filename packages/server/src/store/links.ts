// Many-to-many tables of charts, dashboards and the semantic layer: owners, a chart's dashboards and semantic
// entities. One generic reader and writer, so each entity module does not repeat them.
import { type Expression, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { OwnerRecord } from './dataset-fields.js';
import type { MetadataSchema } from './schema.js';

type Db = Kysely<MetadataSchema> | Transaction<MetadataSchema>;

export interface LinkSpec {
  table: keyof MetadataSchema;
  /** The column naming the object the link hangs off. */
  left: string;
  /** The column naming what it links to. */
  right: string;
}

export const LINKS = {
  sliceOwners: { table: 'slice_owners', left: 'slice_id', right: 'user_id' },
  sliceDashboards: { table: 'dashboard_slices', left: 'slice_id', right: 'dashboard_id' },
  sliceMeasures: { table: 'slice_measures', left: 'slice_id', right: 'measure_id' },
  sliceSavedColumns: { table: 'slice_saved_columns', left: 'slice_id', right: 'saved_column_id' },
  sliceCohorts: { table: 'slice_cohorts', left: 'slice_id', right: 'cohort_id' },
  dashboardOwners: { table: 'dashboard_owners', left: 'dashboard_id', right: 'user_id' },
  measureOwners: { table: 'measure_owners', left: 'measure_id', right: 'user_id' },
  measureDashboards: { table: 'dashboard_measures', left: 'measure_id', right: 'dashboard_id' },
  cohortOwners: { table: 'cohort_owners', left: 'cohort_id', right: 'user_id' },
  cohortDashboards: { table: 'dashboard_cohorts', left: 'cohort_id', right: 'dashboard_id' },
  savedColumnOwners: { table: 'saved_column_owners', left: 'saved_column_id', right: 'user_id' },
  datasetOwners: { table: 'dataset_owners', left: 'dataset_id', right: 'user_id' },
} as const satisfies Record<string, LinkSpec>;

/** A list filter: the row whose id is `idRef` links to any of `rightIds` (e.g. is owned by one of these users). */
export function linksToAny(idRef: string, link: LinkSpec, rightIds: readonly number[]): Expression<SqlBool> {
  const table = String(link.table);
  return sql<SqlBool>`${sql.ref(idRef)} IN (SELECT ${sql.ref(`${table}.${link.left}`)} FROM ${sql.table(
    table,
  )} WHERE ${sql.ref(`${table}.${link.right}`)} IN (${sql.join([...rightIds])}))`;
}

/** For each of `leftIds`, the ids it links to, in id order. */
export async function linkedIds(db: Db, link: LinkSpec, leftIds: readonly number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(leftIds.map((id) => [id, []]));
  if (leftIds.length === 0) return map;
  const { rows } = await sql<{ left_id: number; right_id: number }>`SELECT ${sql.ref(link.left)} AS ${sql.id(
    'left_id',
  )}, ${sql.ref(link.right)} AS ${sql.id('right_id')} FROM ${sql.table(link.table)} WHERE ${sql.ref(
    link.left,
  )} IN (${sql.join([...leftIds])}) ORDER BY ${sql.ref(link.right)}`.execute(db);
  for (const row of rows) map.get(Number(row.left_id))?.push(Number(row.right_id));
  return map;
}

/** Makes the object's links exactly `rightIds`. */
export async function setLinkedIds(db: Db, link: LinkSpec, leftId: number, rightIds: readonly number[]): Promise<void> {
  await sql`DELETE FROM ${sql.table(link.table)} WHERE ${sql.ref(link.left)} = ${leftId}`.execute(db);
  const unique = [...new Set(rightIds)];
  if (unique.length === 0) return;
  const values = sql.join(unique.map((rightId) => sql`(${leftId}, ${rightId})`));
  await sql`INSERT INTO ${sql.table(link.table)} (${sql.ref(link.left)}, ${sql.ref(link.right)}) VALUES ${values}`.execute(
    db,
  );
}

/**
 * Makes each named link set of the object exactly the ids given, in `specs` order; a set left out (undefined) is
 * kept as it is.
 */
export async function setLinks<K extends string>(
  db: Db,
  specs: Readonly<Record<K, LinkSpec>>,
  leftId: number,
  links: Readonly<Partial<Record<K, readonly number[] | undefined>>>,
): Promise<void> {
  for (const key of Object.keys(specs) as K[]) {
    const ids = links[key];
    if (ids) await setLinkedIds(db, specs[key], leftId, ids);
  }
}

/** Owners (first and last name, username) of each object, through an owner link table. */
export async function linkedOwners(
  db: Db,
  link: LinkSpec,
  leftIds: readonly number[],
): Promise<Map<number, OwnerRecord[]>> {
  const map = new Map<number, OwnerRecord[]>(leftIds.map((id) => [id, []]));
  if (leftIds.length === 0) return map;
  const { rows } = await sql<OwnerRecord & { left_id: number }>`SELECT o.${sql.ref(link.left)} AS ${sql.id(
    'left_id',
  )}, u.id, u.first_name, u.last_name, u.username FROM ${sql.table(link.table)} o INNER JOIN ${sql.table(
    'ab_user',
  )} u ON u.id = o.${sql.ref(link.right)} WHERE o.${sql.ref(link.left)} IN (${sql.join([...leftIds])}) ORDER BY u.id`.execute(
    db,
  );
  for (const { left_id, ...owner } of rows) map.get(Number(left_id))?.push({ ...owner, id: Number(owner.id) });
  return map;
}
