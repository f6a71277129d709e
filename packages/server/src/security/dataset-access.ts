// Which datasets a user may reach (Superset's DatasourceFilter and raise_for_access) and who may change one.
import { objectPermissionName } from '@nezha/core';
import { type Expression, type SqlBool, sql } from 'kysely';
import { NezhaError } from '../errors/nezha-error.js';
import { type AuthUser, userIsAdmin } from './current-user.js';
import { canAccessSchema, grants, hasAllDatabaseAccess } from './data-access.js';

export interface DatasetRef {
  id: number;
  database_id: number;
  database_name: string;
  table_name: string;
  schema: string | null;
  catalog: string | null;
  perm: string | null;
}

/** Admin, a global grant, access to its database or schema, datasource_access on it, or owning it. */
export function canAccessDataset(user: AuthUser, dataset: DatasetRef, ownerIds: readonly number[]): boolean {
  // A guest's only way to a dataset is a dashboard of its token (dashboards/access.ts), whatever its role holds.
  if (user.guest) return false;
  if (canAccessSchema(user, { id: dataset.database_id, database_name: dataset.database_name }, dataset.schema)) {
    return true;
  }
  const perm = dataset.perm ?? objectPermissionName.datasource(dataset.database_name, dataset.table_name, dataset.id);
  return grants(user, 'datasource_access').includes(perm) || ownerIds.includes(user.id);
}

/** A WHERE condition on `tables` for lists; undefined when the user sees every dataset. */
export function datasetVisibility(user: AuthUser): Expression<SqlBool> | undefined {
  if (hasAllDatabaseAccess(user)) return undefined;
  const databaseIds = new Set<number>();
  for (const view of grants(user, 'database_access')) {
    const match = /\(id:(\d+)\)$/.exec(view);
    if (match) databaseIds.add(Number(match[1]));
  }
  const parts: Expression<SqlBool>[] = [
    sql<SqlBool>`${sql.ref('tables.id')} IN (SELECT ${sql.ref('dataset_owners.dataset_id')} FROM ${sql.table(
      'dataset_owners',
    )} WHERE ${sql.ref('dataset_owners.user_id')} = ${user.id})`,
  ];
  const datasourcePerms = grants(user, 'datasource_access');
  if (datasourcePerms.length > 0) parts.push(sql<SqlBool>`${sql.ref('tables.perm')} IN (${sql.join(datasourcePerms)})`);
  const schemaPerms = grants(user, 'schema_access');
  if (schemaPerms.length > 0) parts.push(sql<SqlBool>`${sql.ref('tables.schema_perm')} IN (${sql.join(schemaPerms)})`);
  if (databaseIds.size > 0) {
    parts.push(sql<SqlBool>`${sql.ref('tables.database_id')} IN (${sql.join([...databaseIds])})`);
  }
  return sql<SqlBool>`(${sql.join(parts, sql` OR `)})`;
}

export function isDatasetOwner(user: AuthUser, ownerIds: readonly number[]): boolean {
  return userIsAdmin(user) || ownerIds.includes(user.id);
}

/** Superset's raise_for_ownership: only admins and the dataset's owners may change it. */
export function assertDatasetOwnership(user: AuthUser, ownerIds: readonly number[], tableName: string): void {
  if (isDatasetOwner(user, ownerIds)) return;
  throw new NezhaError({
    type: 'MISSING_OWNERSHIP_ERROR',
    status: 403,
    message: `You don't have the rights to alter ${tableName}`,
  });
}
