// GET /api/v1/sqllab/export/{client_id}/: a SQL Lab run's rows as CSV, from the results backend when they are
// kept there, else by running its executed SQL again (Superset's SqlResultExportCommand).
import type { Row } from '@nezha/core';
import type { AppContext } from '../app/context.js';
import { toCsv } from '../chart-data/tabular-export.js';
import { engineForUri } from '../engines/registry.js';
import { HttpError, NezhaError } from '../errors/nezha-error.js';
import type { AuthUser } from '../security/current-user.js';
import { canAccessDatabase } from '../security/data-access.js';
import { getDatabase } from '../store/databases.js';
import { findQueryByClientId } from '../store/queries.js';
import type { DatabaseRow, QueryRow } from '../store/schema.js';
import { assertOwner } from './query-service.js';
import { sqlLabColumns } from './result-columns.js';
import { resultPayloadJson } from './result-payload.js';
import { sqlLabRowRules } from './row-rules.js';
import { prepareScript, runStatements, type ScriptSettings } from './run-statements.js';

interface StoredRows {
  columns: string[];
  data: Row[];
}

/** Spreadsheets run a cell starting with = + - @ as a formula; such text gets a leading quote, as Superset does. */
function escapeFormula(value: unknown): unknown {
  if (typeof value !== 'string' || !/^[=+\-@\t\r]/.test(value) || /^-[0-9.]+$/.test(value)) return value;
  return `'${value}`;
}

function readPayload(text: string): StoredRows {
  const payload = JSON.parse(text) as { data?: Row[]; columns?: Array<{ name: string }> };
  return { columns: (payload.columns ?? []).map((column) => column.name), data: payload.data ?? [] };
}

async function storedRows(ctx: AppContext, query: QueryRow): Promise<StoredRows | null> {
  if (!query.results_key) return null;
  const entry = await ctx.results.get(query.results_key);
  return entry && entry !== 'expired' ? readPayload(entry.payload) : null;
}

/** The run's executed SQL once more: it passed the guards when it ran, and passes them again here. */
async function rerun(ctx: AppContext, user: AuthUser, database: DatabaseRow, query: QueryRow): Promise<StoredRows> {
  const sql = query.executed_sql;
  if (!sql) {
    throw new NezhaError({
      type: 'GENERIC_COMMAND_ERROR',
      status: 400,
      message: 'The query never ran: there are no results to export.',
    });
  }
  const engine = engineForUri(database.sqlalchemy_uri).name;
  const settings: ScriptSettings = {
    engine,
    allowDml: database.allow_dml === 1,
    allowCtas: false,
    allowCvas: false,
    // The executed SQL is what the template rendered; it is not rendered twice.
    templating: false,
    templateParams: undefined,
    user: { id: user.id, username: user.username, email: user.email },
    urlParams: {},
    ctas: null,
    dropdownLimit: query.limit,
    defaultLimit: ctx.config.sqlLab.defaultLimit,
    sqlMaxRow: ctx.config.sqlLab.maxRow,
    schema: query.schema,
    // The executed SQL was narrowed when it ran; the exporter's own rules, as they are now, narrow it again.
    rowRules: await sqlLabRowRules(ctx, user, database, engine),
  };
  const connection = await ctx.connections.forDatabase(database);
  const outcome = await runStatements(connection, prepareScript(sql, settings), settings, {
    signal: AbortSignal.timeout(ctx.config.sqlLab.timeoutSeconds * 1000),
  });
  const names = sqlLabColumns(outcome.result.columns).map((column) => column.name);
  // The same row objects SQL Lab shows (dates, big numbers), through the one payload writer.
  return readPayload(resultPayloadJson(names, outcome.result.rows, { columns: names.map((name) => ({ name })) }));
}

export async function exportQueryCsv(
  ctx: AppContext,
  user: AuthUser,
  clientId: string,
): Promise<{ filename: string; csv: string }> {
  const query = await findQueryByClientId(ctx.store.db, clientId);
  if (!query) throw new HttpError(404, 'The query associated with the results was deleted.');
  assertOwner(user, query);
  const database = await getDatabase(ctx.store.db, query.database_id);
  if (!database || !canAccessDatabase(user, database)) {
    throw new NezhaError({
      type: 'DATABASE_SECURITY_ACCESS_ERROR',
      status: 403,
      message: 'You need access to this database to export these results.',
    });
  }
  const rows = (await storedRows(ctx, query)) ?? (await rerun(ctx, user, database, query));
  const data = rows.data.map((row) =>
    Object.fromEntries(rows.columns.map((name) => [name, escapeFormula(row[name])])),
  ) as Row[];
  const csv = toCsv({ colnames: rows.columns, coltypes: rows.columns.map(() => 1), data });
  const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15);
  return { filename: `sqllab_${clientId}_${stamp}.csv`, csv };
}
