// Database connections: create, update, delete, test, list and introspect, with access checks.

import type { AvailableEngines, TableMetadata } from '@nezha/core';
import type { AppContext } from '../app/context.js';
import { ENGINES, engineForUri } from '../engines/registry.js';
import type { EngineConnection } from '../engines/types.js';
import { passwordOf, withPassword } from '../engines/uri.js';
import { HttpError, isNezhaError, NezhaError } from '../errors/nezha-error.js';
import { ValidationError } from '../errors/validation-error.js';
import type { AuthUser } from '../security/current-user.js';
import { canAccessDatabase, canAccessSchema, databaseVisibility, filterSchemas } from '../security/data-access.js';
import { encryptSecret } from '../security/secrets.js';
import {
  type DatabaseWithAuthor,
  findDatabaseByName,
  getDatabase,
  createDatabase as insertDatabase,
  listDatabases,
  deleteDatabase as removeDatabase,
  updateDatabase as storeUpdateDatabase,
} from '../store/databases.js';
import { countDatasetsOfDatabase } from '../store/datasets.js';
import type { ListOptions } from '../store/list.js';
import { parseExtra } from './connection-manager.js';
import { assertSafeConnection, isExamplesDatabase, refuseExamplesRepoint } from './connection-safety.js';
import { databaseDetail, databaseListItem, PASSWORD_MASK } from './serialize.js';

export interface DatabaseInput {
  database_name: string;
  sqlalchemy_uri: string;
  expose_in_sqllab?: boolean | undefined;
  allow_run_async?: boolean | undefined;
  allow_dml?: boolean | undefined;
  allow_ctas?: boolean | undefined;
  allow_cvas?: boolean | undefined;
  allow_file_upload?: boolean | undefined;
  disable_data_preview?: boolean | undefined;
  force_ctas_schema?: string | null | undefined;
  cache_timeout?: number | null | undefined;
  extra?: string | undefined;
}

const flag = (value: boolean | undefined, fallback: boolean): number => ((value ?? fallback) ? 1 : 0);

function nameTaken(): ValidationError {
  return new ValidationError({ database_name: ['A database with the same name already exists.'] }, 422);
}

/** Connection failures answer 422 with their catalogue type, as Superset's test_connection does. */
function asConnectionError(error: unknown): NezhaError {
  if (isNezhaError(error)) {
    // A refusal (403: a stored connection to Nezha's own files) stays one; other engine failures answer 422.
    if (error.status === 400 || error.status === 403 || error.status === 422) return error;
    return new NezhaError({ type: error.type, message: error.message, status: 422, extra: error.extra ?? {} });
  }
  return new NezhaError({
    type: 'GENERIC_DB_ENGINE_ERROR',
    status: 422,
    message: error instanceof Error ? error.message : String(error),
  });
}

/**
 * The engines a database can be added with (Superset's GET /api/v1/database/available/, its `databases` list), read
 * from the engine registry so the add-database dialog offers every engine the server has.
 */
export function availableEngines() {
  return {
    databases: ENGINES.map((engine) => ({
      engine: engine.name,
      name: engine.displayName,
      sqlalchemy_uri_placeholder: engine.uriPlaceholder,
      schemes: [...engine.schemes],
    })),
  } satisfies AvailableEngines;
}

export async function testConnection(
  ctx: AppContext,
  uri: string,
  extra: Record<string, unknown>,
  options: { examplesRow?: boolean } = {},
): Promise<void> {
  // Before anything opens: DuckDB creates a missing file, so even a failed test would leave one behind.
  assertSafeConnection(ctx.config, uri, extra, options);
  let connection: EngineConnection | undefined;
  try {
    connection = await ctx.connections.open(uri, extra);
    await connection.ping();
  } catch (error) {
    throw asConnectionError(error);
  } finally {
    await connection?.close().catch(() => undefined);
  }
}

/** Splits the password off the URI: the URI is stored plain, the password encrypted. */
function sealUri(ctx: AppContext, uri: string, keepPassword: string | null): { uri: string; password: string | null } {
  const given = passwordOf(uri);
  if (given === PASSWORD_MASK) return { uri: withPassword(uri, null), password: keepPassword };
  return {
    uri: given === null ? uri : withPassword(uri, null),
    password: given === null ? null : encryptSecret(given, ctx.config.secretKey),
  };
}

/**
 * The connectable URI for a test: a masked password means "the one already stored". `examplesRow` says the test is
 * of the examples database as it is stored, which may name its file in NEZHA_HOME.
 */
export async function resolveTestUri(
  ctx: AppContext,
  uri: string,
  databaseName: string | undefined,
): Promise<{ uri: string; examplesRow: boolean }> {
  const stored = databaseName ? await findDatabaseByName(ctx.store.db, databaseName) : undefined;
  const examplesRow = stored !== undefined && isExamplesDatabase(stored) && uri === stored.sqlalchemy_uri;
  if (passwordOf(uri) !== PASSWORD_MASK) return { uri, examplesRow };
  if (!stored) return { uri: withPassword(uri, null), examplesRow };
  const full = ctx.connections.connectionUri(stored);
  return { uri: withPassword(uri, passwordOf(full)), examplesRow };
}

export async function createDatabase(ctx: AppContext, user: AuthUser, input: DatabaseInput) {
  const engine = engineForUri(input.sqlalchemy_uri);
  if (await findDatabaseByName(ctx.store.db, input.database_name)) throw nameTaken();
  const extra = parseExtra(input.extra);
  await testConnection(ctx, input.sqlalchemy_uri, extra);
  const sealed = sealUri(ctx, input.sqlalchemy_uri, null);
  const id = await insertDatabase(ctx.store.db, {
    database_name: input.database_name,
    sqlalchemy_uri: sealed.uri,
    password: sealed.password,
    backend: engine.name,
    expose_in_sqllab: flag(input.expose_in_sqllab, true),
    allow_run_async: flag(input.allow_run_async, false),
    allow_dml: flag(input.allow_dml, false),
    allow_ctas: flag(input.allow_ctas, false),
    allow_cvas: flag(input.allow_cvas, false),
    allow_file_upload: flag(input.allow_file_upload, false),
    disable_data_preview: flag(input.disable_data_preview, false),
    force_ctas_schema: input.force_ctas_schema ?? null,
    cache_timeout: input.cache_timeout ?? null,
    extra: input.extra ?? '{}',
    created_by_fk: user.id,
    changed_by_fk: user.id,
  });
  const row = await getDatabase(ctx.store.db, id);
  if (!row) throw new HttpError(500, 'The database was not saved');
  return { id, result: databaseDetail(row) };
}

export async function requireDatabase(ctx: AppContext, user: AuthUser, id: number): Promise<DatabaseWithAuthor> {
  const row = await getDatabase(ctx.store.db, id);
  if (!row || !canAccessDatabase(user, row)) throw new HttpError(404, 'Not found');
  return row;
}

export async function updateDatabase(ctx: AppContext, user: AuthUser, id: number, given: Partial<DatabaseInput>) {
  let input = given;
  const row = await requireDatabase(ctx, user, id);
  if (input.database_name !== undefined && input.database_name !== row.database_name) {
    if (await findDatabaseByName(ctx.store.db, input.database_name)) throw nameTaken();
  }
  const examplesRow = isExamplesDatabase(row);
  if (examplesRow && input.sqlalchemy_uri !== undefined) {
    // The edit dialog sends the URI back unchanged; anything else would repoint the server's own database.
    if (input.sqlalchemy_uri !== row.sqlalchemy_uri) refuseExamplesRepoint();
    input = { ...input, sqlalchemy_uri: undefined };
  }
  if (input.sqlalchemy_uri === undefined && input.extra !== undefined) {
    // New settings on the stored URI (DuckDB's external access lives in extra) are checked like a new URI.
    assertSafeConnection(ctx.config, row.sqlalchemy_uri, parseExtra(input.extra), { examplesRow });
  }
  let sealed: { uri: string; password: string | null } | undefined;
  let backend = row.backend;
  if (input.sqlalchemy_uri !== undefined) {
    backend = engineForUri(input.sqlalchemy_uri).name;
    sealed = sealUri(ctx, input.sqlalchemy_uri, row.password);
    const testUri = sealed.password
      ? ctx.connections.connectionUri({ sqlalchemy_uri: sealed.uri, password: sealed.password })
      : sealed.uri;
    await testConnection(ctx, testUri, parseExtra(input.extra ?? row.extra));
  }
  const maybe = <K extends keyof DatabaseInput>(key: K) => (input[key] === undefined ? {} : { [key]: input[key] });
  const flags = (key: keyof DatabaseInput) => (input[key] === undefined ? {} : { [key]: input[key] ? 1 : 0 });
  await storeUpdateDatabase(ctx.store.db, id, row.database_name, {
    ...maybe('database_name'),
    ...(sealed ? { sqlalchemy_uri: sealed.uri, password: sealed.password, backend } : {}),
    ...flags('expose_in_sqllab'),
    ...flags('allow_run_async'),
    ...flags('allow_dml'),
    ...flags('allow_ctas'),
    ...flags('allow_cvas'),
    ...flags('allow_file_upload'),
    ...flags('disable_data_preview'),
    ...maybe('force_ctas_schema'),
    ...maybe('cache_timeout'),
    ...maybe('extra'),
    changed_by_fk: user.id,
  });
  await ctx.connections.evict(id);
  const updated = await getDatabase(ctx.store.db, id);
  if (!updated) throw new HttpError(404, 'Not found');
  return { id, result: databaseDetail(updated) };
}

export async function deleteDatabase(ctx: AppContext, user: AuthUser, id: number): Promise<void> {
  const row = await requireDatabase(ctx, user, id);
  // Superset's rule: datasets (and the grants on them) would otherwise vanish with their database.
  if ((await countDatasetsOfDatabase(ctx.store.db, id)) > 0) {
    throw new HttpError(422, 'Cannot delete a database that has datasets attached');
  }
  await removeDatabase(ctx.store.db, row);
  await ctx.connections.evict(id);
}

export async function listVisibleDatabases(ctx: AppContext, user: AuthUser, options: ListOptions) {
  const { count, rows } = await listDatabases(ctx.store.db, options, databaseVisibility(user));
  return { count, ids: rows.map((r) => r.id), result: rows.map(databaseListItem) };
}

export async function databaseInfo(ctx: AppContext, user: AuthUser, id: number) {
  const row = await requireDatabase(ctx, user, id);
  return { id, result: databaseDetail(row) };
}

async function connectionFor(ctx: AppContext, row: DatabaseWithAuthor): Promise<EngineConnection> {
  try {
    return await ctx.connections.forDatabase(row);
  } catch (error) {
    throw asConnectionError(error);
  }
}

export async function listSchemas(ctx: AppContext, user: AuthUser, id: number, catalog: string | null) {
  const row = await requireDatabase(ctx, user, id);
  const connection = await connectionFor(ctx, row);
  const schemas = await connection.listSchemas(catalog);
  return filterSchemas(user, row, schemas);
}

export async function listCatalogs(ctx: AppContext, user: AuthUser, id: number) {
  const row = await requireDatabase(ctx, user, id);
  const connection = await connectionFor(ctx, row);
  return connection.listCatalogs();
}

function assertSchemaAccess(user: AuthUser, row: DatabaseWithAuthor, schema: string | null): void {
  if (!canAccessSchema(user, row, schema)) {
    throw new NezhaError({
      type: 'DATABASE_SECURITY_ACCESS_ERROR',
      status: 403,
      message: `You need access to the schema "${schema ?? ''}" of database "${row.database_name}".`,
    });
  }
}

export async function listTables(
  ctx: AppContext,
  user: AuthUser,
  id: number,
  schema: string | null,
  catalog: string | null,
) {
  const row = await requireDatabase(ctx, user, id);
  assertSchemaAccess(user, row, schema ?? engineForUri(row.sqlalchemy_uri).dialect.defaultSchema);
  const connection = await connectionFor(ctx, row);
  const tables = await connection.listTables(schema, catalog);
  return { count: tables.length, result: tables.map((t) => ({ value: t.name, type: t.type, extra: null })) };
}

export async function tableMetadata(
  ctx: AppContext,
  user: AuthUser,
  id: number,
  table: string,
  schema: string | null,
  catalog: string | null,
): Promise<TableMetadata> {
  const row = await requireDatabase(ctx, user, id);
  assertSchemaAccess(user, row, schema ?? engineForUri(row.sqlalchemy_uri).dialect.defaultSchema);
  const connection = await connectionFor(ctx, row);
  return connection.tableMetadata(table, schema, catalog);
}

export async function tableExtraMetadata(
  ctx: AppContext,
  user: AuthUser,
  id: number,
  table: string,
  schema: string | null,
  catalog: string | null,
) {
  const row = await requireDatabase(ctx, user, id);
  assertSchemaAccess(user, row, schema ?? engineForUri(row.sqlalchemy_uri).dialect.defaultSchema);
  const connection = await connectionFor(ctx, row);
  return connection.tableExtraMetadata(table, schema, catalog);
}

export { parseExtra };
