// Cost estimates from each engine's EXPLAIN and SQL formatting in the engine's dialect.
import type { AppContext } from '../app/context.js';
import { ENGINES, engineForUri } from '../engines/registry.js';
import type { EngineName } from '../engines/types.js';
import { NezhaError } from '../errors/nezha-error.js';
import type { AuthUser } from '../security/current-user.js';
import { canAccessDatabase, canAccessSchema } from '../security/data-access.js';
import { assertCleanSqlText, formatSql, renderTemplate, splitStatements } from '../sql/index.js';
import { getDatabase } from '../store/databases.js';
import { narrowStatements, sqlLabRowRules } from './row-rules.js';
import { guardStatements } from './run-statements.js';

export async function estimateCost(
  ctx: AppContext,
  user: AuthUser,
  request: { database_id: number; schema?: string | null | undefined; sql: string; template_params?: unknown },
) {
  const database = await getDatabase(ctx.store.db, request.database_id);
  if (!database || !canAccessDatabase(user, database)) {
    throw new NezhaError({ type: 'DATABASE_NOT_FOUND_ERROR', status: 404, message: 'The database was not found.' });
  }
  const engine = engineForUri(database.sqlalchemy_uri);
  if (!canAccessSchema(user, database, request.schema ?? engine.dialect.defaultSchema)) {
    throw new NezhaError({
      type: 'DATABASE_SECURITY_ACCESS_ERROR',
      status: 403,
      message: 'You need access to this schema.',
    });
  }
  assertCleanSqlText(request.sql);
  const sql = ctx.config.features.ENABLE_TEMPLATE_PROCESSING
    ? renderTemplate(request.sql, {
        engine: engine.name,
        templateParams: request.template_params,
        user: { id: user.id, username: user.username, email: user.email },
      })
    : request.sql;
  const statements = splitStatements(sql, engine.name);
  if (statements.length === 0) {
    throw new NezhaError({
      type: 'INVALID_SQL_ERROR',
      status: 400,
      message: 'The query is empty: there is nothing to estimate.',
    });
  }
  // EXPLAIN of a statement SQL Lab would refuse is refused too: the same guards, one owner (run-statements.ts).
  guardStatements(
    statements.map((statement) => statement.text),
    { engine: engine.name, allowDml: database.allow_dml === 1 },
  );
  // The plan of what would run: the statements narrowed by the caller's row rules (RLS_IN_SQLLAB).
  const narrowed = narrowStatements(
    statements.map((statement) => statement.text),
    engine.name,
    await sqlLabRowRules(ctx, user, database, engine.name),
  );
  const connection = await ctx.connections.forDatabase(database);
  const result = [];
  for (const statement of narrowed) {
    result.push(...(await connection.estimate(statement, { schema: request.schema ?? null })));
  }
  return result;
}

/** Formatting without a database or a known engine name uses PostgreSQL's grammar (the ANSI-closest we have). */
const DEFAULT_FORMAT_ENGINE: EngineName = 'postgresql';

/** The engine a caller names for formatting: its own name or one of its formatter aliases (postgres, mariadb). */
function engineNamed(name: string): EngineName | null {
  const lower = name.toLowerCase();
  const engine = ENGINES.find(
    (candidate) => candidate.name === lower || candidate.sqlLab.formatterAliases.includes(lower),
  );
  return engine ? engine.name : null;
}

export async function formatStatement(
  ctx: AppContext,
  user: AuthUser,
  request: { sql: string; engine?: string | null | undefined; database_id?: number | null | undefined },
): Promise<string> {
  let engine: EngineName = DEFAULT_FORMAT_ENGINE;
  if (request.database_id) {
    const database = await getDatabase(ctx.store.db, request.database_id);
    if (database && canAccessDatabase(user, database)) engine = engineForUri(database.sqlalchemy_uri).name;
  } else if (request.engine) {
    engine = engineNamed(request.engine) ?? DEFAULT_FORMAT_ENGINE;
  }
  return formatSql(request.sql, engine);
}
