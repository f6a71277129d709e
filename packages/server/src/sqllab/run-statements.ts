// Runs a SQL Lab script on an engine: template, split, guards, limits, then each statement in order.

import { ERROR_MESSAGES, isQueryCancelledError } from '../engines/errors.js';
import { engineByName } from '../engines/registry.js';
import type { EngineConnection, EngineName, ExecuteResult, ResultColumn, Row } from '../engines/types.js';
import { isNezhaError, NezhaError } from '../errors/nezha-error.js';
import {
  assertCleanSqlText,
  buildCtas,
  describeStatement,
  limitingFactor,
  planRowLimit,
  type RowLimitPlan,
  renderTemplate,
  showPlannedLimit,
  significantTokens,
  splitStatements,
  tokenize,
} from '../sql/index.js';
import type { LimitingFactor } from '../sql/limit.js';
import { assertNoRefusedFunctions } from '../sql/refused-functions.js';
import type { RowRules } from '../sql/row-level-rewrite.js';
import type { TemplateUser } from '../sql/template.js';
import { narrowStatements } from './row-rules.js';

export interface ScriptSettings {
  engine: EngineName;
  allowDml: boolean;
  allowCtas: boolean;
  allowCvas: boolean;
  templating: boolean;
  templateParams: unknown;
  user: TemplateUser | null;
  urlParams: Record<string, string>;
  ctas: { method: 'TABLE' | 'VIEW'; table: string; schema: string | null } | null;
  dropdownLimit: number | null;
  defaultLimit: number;
  sqlMaxRow: number;
  schema: string | null;
  /** RLS_IN_SQLLAB: the caller's row rules by table name (empty when the setting is off or none apply). */
  rowRules: RowRules;
}

/** The last statement's rows still in the engine: read them batch by batch, then ask `limitingFactor`. */
export interface StreamedResult {
  batches: AsyncGenerator<{ columns: ResultColumn[]; rows: Row[] }>;
  /** Rows the user may be sent; one more is read only to tell whether the limit cut the result. */
  limit: number;
  /** What limited the result, given how many rows were read (at most `limit + 1`). */
  limitingFactor(rowsRead: number): LimitingFactor | 'UNKNOWN';
}

export interface ScriptResult {
  result: ExecuteResult;
  /** Set when the caller asked for the last query's rows as a stream: `result` is then empty. */
  streamed?: StreamedResult;
  executedSql: string;
  limit: number | null;
  limitingFactor: LimitingFactor | 'UNKNOWN';
  statements: number;
}

export const DML_NOT_ALLOWED_MESSAGE = 'Only SELECT statements are allowed against this database.';
const SYNTAX_ISSUE = { code: 1030, message: 'Issue 1030 - The query has a syntax error.' };

/**
 * A statement that starts with no statement keyword (`SELEC * FROM t`) cannot run on any engine: where it may not be
 * sent to the database it is reported as the engine would, a syntax error near its first token.
 */
function syntaxErrorOf(statement: string, engine: EngineName): NezhaError {
  const first = significantTokens(tokenize(statement, engine)).find((token) => token.type !== 'open_paren');
  const near = first?.text ?? '';
  return new NezhaError({
    type: 'SYNTAX_ERROR',
    status: 400,
    message: near === '' ? ERROR_MESSAGES.syntaxAtEnd : ERROR_MESSAGES.syntaxNear.replace('$1', near),
    extra: { issue_codes: [SYNTAX_ISSUE] },
  });
}

/**
 * Refuses a script when any of its statements may not run here: ATTACH on SQLite (an attached file could be
 * any file the server can read, the metadata store included), and anything mutating unless the database
 * allows DML (a statement that starts with no statement keyword at all is refused as a syntax error). DuckDB's file functions and ATTACH are refused by the connection itself
 * (`enable_external_access=false`, see engines/duckdb/duckdb.ts).
 */
export function guardStatements(
  statements: readonly string[],
  settings: Pick<ScriptSettings, 'engine' | 'allowDml'>,
): void {
  const described = statements.map((s) => describeStatement(s, settings.engine));
  const { refusedKeywords } = engineByName(settings.engine).sqlLab;
  const refused = described.find((info) => refusedKeywords.includes(info.keyword));
  if (refused) {
    throw new NezhaError({
      type: 'DML_NOT_ALLOWED_ERROR',
      status: 400,
      message: `${refused.keyword} is not allowed in SQL Lab.`,
    });
  }
  // Before DML is considered: no setting lets these reach the database.
  assertNoRefusedFunctions(statements, settings.engine);
  if (settings.allowDml) return;
  // A typo is reported as what it is, and like anything not known to read, it never reaches the database.
  const unknown = described.findIndex((info) => info.mutating && !info.known);
  if (unknown >= 0) throw syntaxErrorOf(statements[unknown] as string, settings.engine);
  if (described.some((info) => info.mutating)) {
    throw new NezhaError({ type: 'DML_NOT_ALLOWED_ERROR', status: 400, message: DML_NOT_ALLOWED_MESSAGE });
  }
}

/** Renders, splits and checks the script before anything reaches the database. */
export function prepareScript(sql: string, settings: ScriptSettings): string[] {
  assertCleanSqlText(sql);
  const rendered = settings.templating
    ? renderTemplate(sql, {
        engine: settings.engine,
        templateParams: settings.templateParams,
        user: settings.user,
        urlParams: settings.urlParams,
      })
    : sql;
  const statements = splitStatements(rendered, settings.engine).map((s) => s.text);
  if (statements.length === 0) {
    throw new NezhaError({
      type: 'INVALID_SQL_ERROR',
      status: 400,
      message: 'The query is empty: there is no statement to run.',
    });
  }
  // Every statement passes every guard before CTAS/CVAS wraps anything: CTAS only rewrites the last SELECT.
  guardStatements(statements, settings);
  // After the template is rendered and before CTAS/CVAS wraps the script: the wrapper's target is no table read.
  const narrowed = narrowStatements(statements, settings.engine, settings.rowRules);
  if (settings.ctas) {
    const script = narrowed.join(';\n');
    if (settings.ctas.method === 'TABLE' && !settings.allowCtas) {
      throw new NezhaError({
        type: 'DML_NOT_ALLOWED_ERROR',
        status: 400,
        message: 'CREATE TABLE AS is not allowed on this database.',
      });
    }
    if (settings.ctas.method === 'VIEW' && !settings.allowCvas) {
      throw new NezhaError({
        type: 'DML_NOT_ALLOWED_ERROR',
        status: 400,
        message: 'CREATE VIEW AS is not allowed on this database.',
      });
    }
    // buildCtas refuses scripts that are not a (last or only) SELECT with the catalogue's messages.
    const ctasSql = buildCtas({
      select: script,
      targetTable: settings.ctas.table,
      targetSchema: settings.ctas.schema,
      method: settings.ctas.method,
      engine: settings.engine,
    });
    return splitStatements(ctasSql, settings.engine).map((s) => s.text);
  }
  return narrowed;
}

/** The engine's error with the shown limit in place of the internal one wherever its text quotes the statement. */
function withShownLimit(error: unknown, plan: RowLimitPlan, engine: EngineName): unknown {
  // A stop stays the very error it is: callers tell it apart by its class.
  const cancelled: boolean = isQueryCancelledError(error);
  if (!isNezhaError(error) || cancelled) return error;
  const message = showPlannedLimit(error.message, plan, engine);
  const driver = error.extra?.driver_message;
  const driverMessage = typeof driver === 'string' ? showPlannedLimit(driver, plan, engine) : driver;
  if (message === error.message && driverMessage === driver) return error;
  return new NezhaError({
    type: error.type,
    status: error.status,
    level: error.level,
    message,
    extra: error.extra && { ...error.extra, driver_message: driverMessage },
    cause: error,
  });
}

/** The engine's batches, with its errors showing the user's limit as `execute`'s do. */
async function* shownLimitErrors(
  batches: AsyncIterable<{ columns: ResultColumn[]; rows: Row[] }>,
  plan: RowLimitPlan,
  engine: EngineName,
): AsyncGenerator<{ columns: ResultColumn[]; rows: Row[] }> {
  try {
    yield* batches;
  } catch (error) {
    throw withShownLimit(error, plan, engine);
  }
}

/**
 * Runs prepared statements in order; the last one's rows are the result, capped by the row limit. `onExecuting`
 * hears the SQL run so far (as the user is shown it) before each statement, so a failure can record it.
 */
export async function runStatements(
  connection: EngineConnection,
  statements: string[],
  settings: ScriptSettings,
  options: {
    signal: AbortSignal;
    onProgress?: (done: number, total: number) => Promise<void>;
    onExecuting?: (executedSql: string) => void;
    /** Leave the last query's rows in the engine and hand them over as batches of this many rows. */
    streamBatchRows?: number;
  },
): Promise<ScriptResult> {
  const executed: string[] = [];
  let last: ExecuteResult = { columns: [], rows: [], truncated: false };
  let limit: number | null = null;
  let factor: ScriptResult['limitingFactor'] = 'UNKNOWN';
  const limits = {
    dropdownLimit: settings.dropdownLimit,
    defaultLimit: settings.defaultLimit,
    sqlMaxRow: settings.sqlMaxRow,
  };
  for (let index = 0; index < statements.length; index += 1) {
    const statement = statements[index] as string;
    const isLast = index === statements.length - 1;
    if (isLast && !settings.ctas && describeStatement(statement, settings.engine).isQuery) {
      const plan = planRowLimit(statement, settings.engine, limits);
      // The user is shown their own limit; the one more row asked of the engine only tells whether it cut.
      executed.push(plan.displaySql);
      options.onExecuting?.(executed.join(';\n'));
      if (options.streamBatchRows !== undefined) {
        return {
          result: { columns: [], rows: [], truncated: false },
          streamed: {
            batches: shownLimitErrors(
              connection.stream(plan.sql, {
                signal: options.signal,
                schema: settings.schema,
                batchSize: options.streamBatchRows,
              }),
              plan,
              settings.engine,
            ),
            limit: plan.limit,
            limitingFactor: (rowsRead) =>
              limitingFactor({ ...limits, queryLimit: plan.queryLimit, rowsReturned: rowsRead }),
          },
          executedSql: executed.join(';\n'),
          limit: plan.limit,
          limitingFactor: 'UNKNOWN',
          statements: statements.length,
        };
      }
      const result = await connection
        .execute(plan.sql, { signal: options.signal, maxRows: plan.fetchLimit, schema: settings.schema })
        .catch((error: unknown) => {
          throw withShownLimit(error, plan, settings.engine);
        });
      factor = limitingFactor({ ...limits, queryLimit: plan.queryLimit, rowsReturned: result.rows.length });
      limit = plan.limit;
      last = {
        ...result,
        rows: result.rows.length > plan.limit ? result.rows.slice(0, plan.limit) : result.rows,
        truncated: result.rows.length > plan.limit,
      };
    } else {
      executed.push(statement);
      options.onExecuting?.(executed.join(';\n'));
      // Statements that return rows but are not the last still run to completion; keep only the last result.
      last = await connection.execute(statement, {
        signal: options.signal,
        maxRows: settings.sqlMaxRow,
        schema: settings.schema,
      });
    }
    await options.onProgress?.(index + 1, statements.length);
  }
  return {
    result: last,
    executedSql: executed.join(';\n'),
    limit,
    limitingFactor: factor,
    statements: statements.length,
  };
}
