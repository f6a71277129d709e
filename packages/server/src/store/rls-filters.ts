// Row-level security filters of the metadata store: a clause, the datasets it applies to and the roles it names.
import { type Kysely, sql, type Transaction } from 'kysely';
import { andAll, filterCondition, type ListColumns, type ListOptions, listPageQuery } from './list.js';
import type { MetadataSchema } from './schema.js';
import type { RlsFilterRow } from './schema-embedding.js';
import { nowIso } from './time.js';

type Db = Kysely<MetadataSchema> | Transaction<MetadataSchema>;

export type RlsFilterType = 'Regular' | 'Base';

export interface RlsFilterValues {
  name: string;
  description: string | null;
  filter_type: RlsFilterType;
  group_key: string | null;
  clause: string;
  tables: number[];
  roles: number[];
}

export interface RlsFilterRecord extends RlsFilterRow {
  tables: Array<{ id: number; schema: string | null; table_name: string }>;
  roles: Array<{ id: number; name: string }>;
  changed_by_first_name: string | null;
  changed_by_last_name: string | null;
}

/** List filter and order columns → store references (tables and roles filter through the link tables). */
export const RLS_LIST_COLUMNS: Record<string, string> = {
  id: 'row_level_security_filters.id',
  name: 'row_level_security_filters.name',
  description: 'row_level_security_filters.description',
  filter_type: 'row_level_security_filters.filter_type',
  group_key: 'row_level_security_filters.group_key',
  clause: 'row_level_security_filters.clause',
  changed_on_delta_humanized: 'row_level_security_filters.changed_on',
  created_by: 'row_level_security_filters.created_by_fk',
  changed_by: 'row_level_security_filters.changed_by_fk',
};

const RLS_LIST: ListColumns = {
  columns: RLS_LIST_COLUMNS,
  id: 'row_level_security_filters.id',
  defaultOrder: 'row_level_security_filters.name',
};

function linkCondition(col: string, value: unknown) {
  const ids = (Array.isArray(value) ? value : [value]).map(Number).filter(Number.isSafeInteger);
  if (ids.length === 0) return sql<boolean>`1 = 0`;
  const list = sql.join(ids.map((id) => sql`${id}`));
  return col === 'tables'
    ? sql<boolean>`row_level_security_filters.id IN (SELECT rls_filter_id FROM rls_filter_tables WHERE table_id IN (${list}))`
    : sql<boolean>`row_level_security_filters.id IN (SELECT rls_filter_id FROM rls_filter_roles WHERE role_id IN (${list}))`;
}

function whereOf(options: ListOptions) {
  return andAll(
    options.filters.map((f) =>
      f.col === 'tables' || f.col === 'roles'
        ? linkCondition(f.col, f.value)
        : filterCondition(RLS_LIST_COLUMNS[f.col] ?? 'row_level_security_filters.id', f.opr, f.value),
    ),
  );
}

async function withLinks(
  db: Db,
  rows: Array<RlsFilterRow & { changed_by_first_name: string | null; changed_by_last_name: string | null }>,
): Promise<RlsFilterRecord[]> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [tables, roles] = await Promise.all([
    db
      .selectFrom('rls_filter_tables')
      .innerJoin('tables', 'tables.id', 'rls_filter_tables.table_id')
      .select(['rls_filter_tables.rls_filter_id as fid', 'tables.id', 'tables.schema', 'tables.table_name'])
      .where('rls_filter_tables.rls_filter_id', 'in', ids)
      .orderBy('tables.table_name')
      .execute(),
    db
      .selectFrom('rls_filter_roles')
      .innerJoin('ab_role', 'ab_role.id', 'rls_filter_roles.role_id')
      .select(['rls_filter_roles.rls_filter_id as fid', 'ab_role.id', 'ab_role.name'])
      .where('rls_filter_roles.rls_filter_id', 'in', ids)
      .orderBy('ab_role.name')
      .execute(),
  ]);
  return rows.map((row) => ({
    ...row,
    tables: tables
      .filter((t) => t.fid === row.id)
      .map((t) => ({ id: t.id, schema: t.schema, table_name: t.table_name })),
    roles: roles.filter((r) => r.fid === row.id).map((r) => ({ id: r.id, name: r.name })),
  }));
}

function base(db: Db) {
  return db
    .selectFrom('row_level_security_filters')
    .leftJoin('ab_user as changer', 'changer.id', 'row_level_security_filters.changed_by_fk')
    .selectAll('row_level_security_filters')
    .select(['changer.first_name as changed_by_first_name', 'changer.last_name as changed_by_last_name']);
}

export async function listRlsFilters(db: Db, options: ListOptions) {
  const where = whereOf(options);
  const { count } = await db
    .selectFrom('row_level_security_filters')
    .where(where)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await listPageQuery(base(db).where(where), RLS_LIST, options).execute();
  return { count: Number(count), rows: await withLinks(db, rows) };
}

export async function getRlsFilter(db: Db, id: number): Promise<RlsFilterRecord | undefined> {
  const row = await base(db).where('row_level_security_filters.id', '=', id).executeTakeFirst();
  return row ? (await withLinks(db, [row]))[0] : undefined;
}

export async function rlsNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('row_level_security_filters').select('id').where('name', '=', name);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

async function setLinks(db: Db, id: number, values: Partial<RlsFilterValues>) {
  if (values.tables) {
    await db.deleteFrom('rls_filter_tables').where('rls_filter_id', '=', id).execute();
    for (const tableId of new Set(values.tables)) {
      await db.insertInto('rls_filter_tables').values({ rls_filter_id: id, table_id: tableId }).execute();
    }
  }
  if (values.roles) {
    await db.deleteFrom('rls_filter_roles').where('rls_filter_id', '=', id).execute();
    for (const roleId of new Set(values.roles)) {
      await db.insertInto('rls_filter_roles').values({ rls_filter_id: id, role_id: roleId }).execute();
    }
  }
}

export async function insertRlsFilter(db: Kysely<MetadataSchema>, userId: number, values: RlsFilterValues) {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const { tables: _t, roles: _r, ...own } = values;
    const row = await trx
      .insertInto('row_level_security_filters')
      .values({ ...own, created_on: now, changed_on: now, created_by_fk: userId, changed_by_fk: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setLinks(trx, row.id, values);
    return row.id;
  });
}

export async function updateRlsFilter(
  db: Kysely<MetadataSchema>,
  userId: number,
  id: number,
  values: Partial<RlsFilterValues>,
) {
  await db.transaction().execute(async (trx) => {
    const { tables: _t, roles: _r, ...own } = values;
    await trx
      .updateTable('row_level_security_filters')
      .set({ ...own, changed_on: nowIso(), changed_by_fk: userId })
      .where('id', '=', id)
      .execute();
    await setLinks(trx, id, values);
  });
}

/** All of them or none: false when any id is missing. */
export async function deleteRlsFilters(db: Kysely<MetadataSchema>, ids: number[]): Promise<boolean> {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('row_level_security_filters').select('id').where('id', 'in', unique).execute();
    if (found.length !== unique.length) return false;
    await trx.deleteFrom('rls_filter_tables').where('rls_filter_id', 'in', unique).execute();
    await trx.deleteFrom('rls_filter_roles').where('rls_filter_id', 'in', unique).execute();
    await trx.deleteFrom('row_level_security_filters').where('id', 'in', unique).execute();
    return true;
  });
}

export interface AppliedRlsFilter {
  id: number;
  filter_type: string;
  group_key: string | null;
  clause: string;
}

/**
 * Superset's get_rls_filters: the table's Regular filters naming one of the roles, and its Base filters naming
 * none of them.
 */
export async function rlsFiltersForTable(
  db: Db,
  tableId: number,
  roleIds: readonly number[],
): Promise<AppliedRlsFilter[]> {
  const rows = await db
    .selectFrom('row_level_security_filters')
    .innerJoin('rls_filter_tables', 'rls_filter_tables.rls_filter_id', 'row_level_security_filters.id')
    .select([
      'row_level_security_filters.id',
      'row_level_security_filters.filter_type',
      'row_level_security_filters.group_key',
      'row_level_security_filters.clause',
    ])
    .where('rls_filter_tables.table_id', '=', tableId)
    .orderBy('row_level_security_filters.id')
    .execute();
  if (rows.length === 0) return [];
  const links = await db
    .selectFrom('rls_filter_roles')
    .select(['rls_filter_id', 'role_id'])
    .where(
      'rls_filter_id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  const mine = new Set(roleIds);
  return rows.filter((row) => {
    const named = links.some((link) => link.rls_filter_id === row.id && mine.has(link.role_id));
    return row.filter_type === 'Base' ? !named : named;
  });
}

/**
 * The physical datasets (no SQL of their own) of one database that some rule names, or all of them with `all`: the
 * tables SQL Lab's row-rule rewrite must know about.
 */
export async function physicalDatasetsUnderRules(
  db: Db,
  databaseId: number,
  all: boolean,
): Promise<Array<{ id: number; table_name: string }>> {
  let query = db
    .selectFrom('tables')
    .select(['tables.id', 'tables.table_name'])
    .where('tables.database_id', '=', databaseId)
    .where((eb) => eb.or([eb('tables.sql', 'is', null), eb(eb.fn('trim', ['tables.sql']), '=', '')]));
  if (!all) {
    query = query.where('tables.id', 'in', db.selectFrom('rls_filter_tables').select('rls_filter_tables.table_id'));
  }
  return query.execute();
}
