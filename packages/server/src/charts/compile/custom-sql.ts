// Guards on SQL fragments written by chart users (adhoc SQL metrics and columns, WHERE/HAVING text, metric filters).
import type { EngineName } from '../../engines/types.js';
import { customSqlProblem } from '../../sql/custom-sql-guard.js';
import { customSqlError } from './errors.js';

export {
  MULTIPLE_STATEMENTS_MESSAGE,
  UNBALANCED_MESSAGE,
  UNTERMINATED_MESSAGE,
} from '../../sql/custom-sql-guard.js';

/**
 * The fragment wrapped in parentheses, ready to splice into the query; refused (400, the spec's messages
 * first) by the one rule of `sql/custom-sql-guard.ts`. A trailing line comment gets a newline so it cannot
 * swallow what follows.
 */
export function guardCustomSql(sql: string, sensitive: readonly string[], engine: EngineName): string {
  const problem = customSqlProblem(sql, engine, sensitive);
  if (problem) throw customSqlError(problem.message);
  return /--|#|\/\*/.test(sql) ? `(${sql}\n)` : `(${sql})`;
}
