// The pickers of the row-level security dialog: datasets and roles by name (Superset's related/tables, related/roles).
import type { AppContext } from '../app/context.js';
import type { RelatedQuery } from '../datasets/related.js';
import { filterCondition } from '../store/list.js';

export async function relatedTables(ctx: AppContext, query: RelatedQuery) {
  const text = query.filter.trim();
  let base = ctx.store.db.selectFrom('tables');
  if (text) base = base.where(filterCondition('tables.table_name', 'ct', text));
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['id', 'table_name', 'schema'])
    .orderBy('table_name')
    .orderBy('id')
    .offset(query.page * query.pageSize)
    .limit(query.pageSize)
    .execute();
  return {
    count: Number(count),
    result: rows.map((row) => ({ value: row.id, text: row.table_name, extra: { schema: row.schema } })),
  };
}

export async function relatedRoles(ctx: AppContext, query: RelatedQuery) {
  const text = query.filter.trim();
  let base = ctx.store.db.selectFrom('ab_role');
  if (text) base = base.where(filterCondition('ab_role.name', 'ct', text));
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['id', 'name'])
    .orderBy('name')
    .orderBy('id')
    .offset(query.page * query.pageSize)
    .limit(query.pageSize)
    .execute();
  return { count: Number(count), result: rows.map((row) => ({ value: row.id, text: row.name, extra: {} })) };
}
