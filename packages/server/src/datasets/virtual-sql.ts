// The SQL of virtual datasets: only one read-only query, rendered with the dataset's template parameters.
import type { EngineName } from '../engines/types.js';
import { NezhaError } from '../errors/nezha-error.js';
import { assertCleanSqlText, describeStatement, renderTemplate, splitStatements } from '../sql/index.js';
import { assertNoRefusedFunctions } from '../sql/refused-functions.js';
import type { TemplateUser } from '../sql/template.js';

export interface VirtualSqlContext {
  engine: EngineName;
  templating: boolean;
  templateParams: string | null;
  user: TemplateUser | null;
}

function invalid(message: string): NezhaError {
  return new NezhaError({ type: 'INVALID_SQL_ERROR', status: 400, message });
}

/** Blank SQL means a physical dataset. */
export function normalizeSql(sql: string | null | undefined): string | null {
  return sql === undefined || sql === null || sql.trim() === '' ? null : sql;
}

/**
 * The one statement a virtual dataset runs, without its trailing semicolon; refuses (400, Superset's
 * messages) an empty script, more than one statement, and anything but a read-only query.
 */
export function virtualStatement(sql: string, context: VirtualSqlContext): string {
  assertCleanSqlText(sql, 'The dataset query');
  const rendered = context.templating
    ? renderTemplate(sql, { engine: context.engine, templateParams: context.templateParams, user: context.user })
    : sql;
  const statements = splitStatements(rendered, context.engine);
  const [first] = statements;
  if (!first) throw invalid('Virtual dataset query cannot be empty');
  if (statements.length > 1) throw invalid('Only single queries supported');
  const info = describeStatement(first.text, context.engine);
  if (!info.isQuery || info.mutating) throw invalid('Only `SELECT` statements are allowed');
  assertNoRefusedFunctions([first.text], context.engine);
  return first.text;
}
