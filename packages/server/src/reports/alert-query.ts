// An alert's SQL: one read-only statement whose answer is a single value (Superset's AlertCommand._validate_result).
import type { AppContext } from '../app/context.js';
import { engineForUri } from '../engines/registry.js';
import { isNezhaError } from '../errors/nezha-error.js';
import { assertCleanSqlText, splitStatements } from '../sql/index.js';
import { guardStatements } from '../sqllab/run-statements.js';
import type { DatabaseRow } from '../store/schema.js';

/** A refusal of the alert's query, in Superset's words; the API answers it on the `sql` field. */
export class AlertQueryError extends Error {}

export interface AlertValue {
  /** Null when the query gave no row or a NULL. */
  value: number | null;
  /** The row as JSON text, Superset's last_value_row_json. */
  rowJson: string | null;
}

/** Superset's AlertQueryMultipleRowsError / MultipleColumnsError / InvalidTypeError. */
export async function runAlertQuery(
  ctx: AppContext,
  database: DatabaseRow,
  sqlText: string,
  signal: AbortSignal,
): Promise<AlertValue> {
  const engine = engineForUri(ctx.connections.connectionUri(database)).name;
  let statements: string[];
  try {
    assertCleanSqlText(sqlText);
    statements = splitStatements(sqlText, engine).map((s) => s.text);
    // An alert only reads, whatever the database allows SQL Lab.
    guardStatements(statements, { engine, allowDml: false });
  } catch (error) {
    throw new AlertQueryError(isNezhaError(error) ? error.message : String(error));
  }
  if (statements.length !== 1) throw new AlertQueryError('The alert query must be exactly one statement.');
  const connection = await ctx.connections.forDatabase(database);
  let result: Awaited<ReturnType<typeof connection.execute>>;
  try {
    result = await connection.execute(statements[0] as string, { signal, maxRows: 2 });
  } catch (error) {
    throw new AlertQueryError(error instanceof Error ? error.message : String(error));
  }
  if (result.rows.length > 1 || result.truncated) {
    throw new AlertQueryError(
      `Alert query returned more than one row. ${result.truncated ? 'More than 1' : result.rows.length} rows returned`,
    );
  }
  if (result.columns.length > 1) {
    throw new AlertQueryError(`Alert query returned more than one column. ${result.columns.length} columns returned`);
  }
  const row = result.rows[0];
  if (!row) return { value: null, rowJson: null };
  const raw = row[0];
  const rowJson = JSON.stringify(Object.fromEntries(result.columns.map((c, i) => [c.name, row[i] ?? null])));
  if (raw === null || raw === undefined) return { value: null, rowJson };
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
  if (!Number.isFinite(value)) throw new AlertQueryError('Alert query returned a non-number value.');
  return { value, rowJson };
}

export interface ValidatorConfig {
  op?: string;
  threshold?: number;
}

/** Superset's validators: `not null` fires on a value that is neither NULL nor 0; `operator` compares. */
export function alertFires(validatorType: string | null, config: ValidatorConfig, value: number | null): boolean {
  if (validatorType === 'operator') {
    if (value === null || config.threshold === undefined) return false;
    const t = config.threshold;
    switch (config.op) {
      case '<':
        return value < t;
      case '<=':
        return value <= t;
      case '>':
        return value > t;
      case '>=':
        return value >= t;
      case '==':
        return value === t;
      case '!=':
        return value !== t;
      default:
        throw new AlertQueryError('Alert validator config error.');
    }
  }
  return value !== null && value !== 0;
}
