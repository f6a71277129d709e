// Row-level security rules (Superset's RLS commands): checked against their datasets' engines before they are kept.
import { humanizeDelta } from '@nezha/core';
import type { AppContext } from '../app/context.js';
import { isVirtual } from '../datasets/json-fields.js';
import { connectionOf, databaseOfDataset, engineOf, virtualContext } from '../datasets/lookup.js';
import { virtualStatement } from '../datasets/virtual-sql.js';
import { HttpError, isNezhaError, NezhaError } from '../errors/nezha-error.js';
import type { AuthUser } from '../security/current-user.js';
import { rlsClauseRenderer } from '../security/row-level-security.js';
import { restrictSource } from '../semantic/dataset-scope.js';
import { guardCustomSql } from '../sql/custom-sql-guard.js';
import { getDatasetFull } from '../store/datasets.js';
import type { ListOptions } from '../store/list.js';
import {
  deleteRlsFilters,
  getRlsFilter,
  insertRlsFilter,
  listRlsFilters,
  type RlsFilterRecord,
  type RlsFilterValues,
  rlsNameTaken,
  updateRlsFilter,
} from '../store/rls-filters.js';

function serializeList(row: RlsFilterRecord) {
  return {
    id: row.id,
    name: row.name,
    filter_type: row.filter_type,
    tables: row.tables.map((t) => ({ id: t.id, table_name: t.table_name })),
    roles: row.roles,
    clause: row.clause,
    changed_on_delta_humanized: humanizeDelta(row.changed_on),
    changed_by: row.changed_by_fk
      ? { id: row.changed_by_fk, first_name: row.changed_by_first_name, last_name: row.changed_by_last_name }
      : null,
    group_key: row.group_key,
    description: row.description,
  };
}

function serializeShow(row: RlsFilterRecord) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    filter_type: row.filter_type,
    tables: row.tables,
    roles: row.roles,
    group_key: row.group_key,
    clause: row.clause,
  };
}

const notFound = () => new HttpError(404, 'Not found');
const unprocessable = (message: string) => new HttpError(422, message);

export async function listRules(ctx: AppContext, options: ListOptions) {
  const { count, rows } = await listRlsFilters(ctx.store.db, options);
  return { count, ids: rows.map((row) => row.id), result: rows.map(serializeList) };
}

export async function readRule(ctx: AppContext, id: number) {
  const row = await getRlsFilter(ctx.store.db, id);
  if (!row) throw notFound();
  return { id, result: serializeShow(row) };
}

/**
 * A clause must be one predicate the datasets' engines accept: the custom SQL guard (one expression, no sub-query,
 * no second statement), then `WHERE <clause> AND 1 = 0` on each dataset, so an unknown column or a value that is
 * not a condition is a 400 now, not a failing dashboard later.
 */
async function checkClause(ctx: AppContext, user: AuthUser, clause: string, tableIds: readonly number[]) {
  for (const tableId of new Set(tableIds)) {
    const full = await getDatasetFull(ctx.store.db, tableId);
    if (!full) throw unprocessable('Datasource does not exist');
    const engine = engineOf(full);
    // Rendered as the admin saving it would see it: a template that does not render is a 400 now.
    const predicate = guardCustomSql(rlsClauseRenderer(ctx, user, engine.name)(clause), [], engine.name);
    const { dataset } = full;
    const base = isVirtual(dataset)
      ? `(\n${virtualStatement(dataset.sql ?? '', virtualContext(ctx, user, engine, dataset.template_params))}\n) AS ${engine.dialect.quoteIdentifier('virtual_table')}`
      : engine.dialect.quoteQualified([dataset.catalog, dataset.schema, dataset.table_name]);
    const alias = isVirtual(dataset) ? 'virtual_table' : dataset.table_name;
    const source = restrictSource(base, `${predicate} AND 1 = 0`, engine.dialect, alias);
    const connection = await connectionOf(ctx, await databaseOfDataset(ctx, full));
    try {
      await connection.execute(`SELECT COUNT(*) FROM ${source}`, {
        params: [],
        maxRows: 1,
        schema: isVirtual(dataset) ? dataset.schema : undefined,
      });
    } catch (error) {
      const reason = isNezhaError(error) || error instanceof Error ? error.message : String(error);
      throw new NezhaError({
        type: 'INVALID_PAYLOAD_SCHEMA_ERROR',
        status: 400,
        message: `The clause is not a condition on "${dataset.table_name}": ${reason}`,
      });
    }
  }
}

async function checkRoles(ctx: AppContext, roleIds: readonly number[]) {
  const unique = [...new Set(roleIds)];
  if (unique.length === 0) return;
  const found = await ctx.store.db.selectFrom('ab_role').select('id').where('id', 'in', unique).execute();
  if (found.length !== unique.length) throw unprocessable('Some roles do not exist');
}

export async function createRule(ctx: AppContext, user: AuthUser, values: RlsFilterValues) {
  if (await rlsNameTaken(ctx.store.db, values.name)) throw unprocessable('Name must be unique');
  await checkRoles(ctx, values.roles);
  await checkClause(ctx, user, values.clause, values.tables);
  const id = await insertRlsFilter(ctx.store.db, user.id, values);
  return { id, result: values };
}

export async function updateRule(ctx: AppContext, user: AuthUser, id: number, input: Partial<RlsFilterValues>) {
  const current = await getRlsFilter(ctx.store.db, id);
  if (!current) throw notFound();
  const values = Object.fromEntries(
    Object.entries(input).filter(([, v]) => v !== undefined),
  ) as Partial<RlsFilterValues>;
  if (values.name !== undefined && (await rlsNameTaken(ctx.store.db, values.name, id))) {
    throw unprocessable('Name must be unique');
  }
  if (values.roles) await checkRoles(ctx, values.roles);
  if (values.clause !== undefined || values.tables) {
    await checkClause(ctx, user, values.clause ?? current.clause, values.tables ?? current.tables.map((t) => t.id));
  }
  await updateRlsFilter(ctx.store.db, user.id, id, values);
  return { id, result: values };
}

export async function deleteRules(ctx: AppContext, ids: number[]) {
  if (!(await deleteRlsFilters(ctx.store.db, ids))) throw notFound();
  return { message: `Deleted ${new Set(ids).size} rules` };
}
