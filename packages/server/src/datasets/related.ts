// GET /api/v1/dataset/related/{owners,database} and distinct/schema: the choices of the dataset pickers, Superset's
// shape.
import { sql } from 'kysely';
import type { AppContext } from '../app/context.js';
import type { AuthUser } from '../security/current-user.js';
import { databaseVisibility } from '../security/data-access.js';
import { datasetVisibility } from '../security/dataset-access.js';
import { distinctDatasetSchemas } from '../store/datasets.js';
import { filterCondition, orAny } from '../store/list.js';

export interface RelatedQuery {
  filter: string;
  page: number;
  pageSize: number;
}

export async function relatedOwners(ctx: AppContext, query: RelatedQuery) {
  const text = query.filter.trim();
  const fullName = sql<string>`${sql.ref('first_name')} || ' ' || ${sql.ref('last_name')}`;
  let base = ctx.store.db.selectFrom('ab_user').where('active', '=', 1);
  if (text) {
    base = base.where(
      orAny([
        filterCondition('ab_user.first_name', 'ct', text),
        filterCondition('ab_user.last_name', 'ct', text),
        filterCondition('ab_user.username', 'ct', text),
        sql`lower(${fullName}) LIKE ${`%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`} ESCAPE '\\'`,
      ]),
    );
  }
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['id', 'first_name', 'last_name', 'email', 'active'])
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .offset(query.page * query.pageSize)
    .limit(query.pageSize)
    .execute();
  return {
    count: Number(count),
    result: rows.map((row) => ({
      value: row.id,
      text: `${row.first_name} ${row.last_name}`.trim(),
      extra: { active: row.active === 1, email: row.email },
    })),
  };
}

/** Only the databases the caller may reach, as Superset's DatabaseFilter narrows them. */
export async function relatedDatabases(ctx: AppContext, user: AuthUser, query: RelatedQuery) {
  const text = query.filter.trim();
  let base = ctx.store.db.selectFrom('dbs');
  const visible = databaseVisibility(user);
  if (visible) base = base.where(visible);
  if (text) base = base.where(filterCondition('dbs.database_name', 'ct', text));
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['id', 'database_name'])
    .orderBy('database_name')
    .offset(query.page * query.pageSize)
    .limit(query.pageSize)
    .execute();
  return {
    count: Number(count),
    result: rows.map((row) => ({ value: row.id, text: row.database_name, extra: {} })),
  };
}

/** GET /api/v1/dataset/distinct/schema: Superset's `distinct` answer over the schemas of the visible datasets. */
export async function distinctSchemas(
  ctx: AppContext,
  user: AuthUser,
  options: { filter: string; page: number; pageSize: number },
) {
  const { count, schemas } = await distinctDatasetSchemas(ctx.store.db, {
    ...options,
    visible: datasetVisibility(user),
  });
  return { count, result: schemas.map((schema) => ({ text: schema, value: schema })) };
}
