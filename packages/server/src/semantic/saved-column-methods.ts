// Methods of calculated columns: which make a column numeric (time parts) or temporal (DATETIME), and the SQL
// each engine runs for them (stated in each engine's folder: engines/<engine>/<engine>-sql.ts).
import { isNumericTimeMethod } from '@nezha/core';
import { engineByName } from '../engines/registry.js';
import type { EngineName } from '../engines/types.js';

export {
  isNumericTimeMethod,
  methodType,
  NUMERIC_TIME_METHODS,
  SAVED_COLUMN_METHODS,
  type SavedColumnMethod,
} from '@nezha/core';

/** The SQL of `expressionSql` with the method applied; the expression itself as it is without one. */
export function methodSql(engine: EngineName, method: string | null | undefined, expressionSql: string): string {
  const sql = engineByName(engine).savedColumnSql;
  if (method === 'DATETIME') return sql.datetime(expressionSql);
  if (!isNumericTimeMethod(method)) return expressionSql;
  return sql.timePart(method, expressionSql);
}
