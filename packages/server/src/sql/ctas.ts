// CREATE TABLE/VIEW AS SELECT for SQL Lab's "CTAS" and "CVAS" runs, with Superset's validity rules.
import { engineByName } from '../engines/registry.js';
import type { EngineName } from '../engines/types.js';
import { NezhaError } from '../errors/nezha-error.js';
import { describeStatement } from './classify.js';
import { quoteIdentifier } from './dialect-facts.js';
import { splitStatements } from './split-statements.js';
import { significantTokens, tokenize } from './tokenize.js';

export type CtasMethod = 'TABLE' | 'VIEW';

export interface CtasRequest {
  /** The rendered SQL Lab script. */
  select: string;
  targetTable: string;
  targetSchema?: string | null;
  method: CtasMethod;
  engine: EngineName;
}

export const INVALID_CTAS_MESSAGE =
  'CTAS (create table as select) can only be run with a query where the last statement is a SELECT. ' +
  'Please make sure your query has a SELECT as its last statement. Then, try running your query again.';
export const INVALID_CVAS_MESSAGE =
  'CVAS (create view as select) can only be run with a query with a single SELECT statement. ' +
  'Please make sure your query has only a SELECT statement. Then, try running your query again.';

function refuse(method: CtasMethod, message?: string): NezhaError {
  return new NezhaError({
    type: method === 'TABLE' ? 'INVALID_CTAS_QUERY_ERROR' : 'INVALID_CVAS_QUERY_ERROR',
    message: message ?? (method === 'TABLE' ? INVALID_CTAS_MESSAGE : INVALID_CVAS_MESSAGE),
    status: 400,
  });
}

/** Statement text without its trailing comments, so a `;` or more SQL can follow on the same line. */
function withoutTrailingComments(text: string, engine: EngineName): string {
  const last = significantTokens(tokenize(text, engine)).at(-1);
  return last ? text.slice(0, last.end) : text;
}

/**
 * The script to run instead of `select`. CTAS keeps the earlier statements and turns the last one,
 * which must be a query, into `CREATE TABLE … AS`; CVAS needs a script of exactly one query.
 */
export function buildCtas(request: CtasRequest): string {
  const { method, engine } = request;
  const table = request.targetTable.trim();
  if (!table) throw refuse(method, `The ${method === 'TABLE' ? 'table' : 'view'} to create needs a name.`);

  const statements = splitStatements(request.select, engine);
  const last = statements.at(-1);
  const valid =
    last !== undefined &&
    describeStatement(last.text, engine).isQuery &&
    (method === 'TABLE' || statements.length === 1);
  if (!valid) throw refuse(method);

  const schema = request.targetSchema?.trim();
  const target = schema
    ? `${quoteIdentifier(schema, engine)}.${quoteIdentifier(table, engine)}`
    : quoteIdentifier(table, engine);
  // Some engines need more than a name for a new table (ClickHouse: its table engine); the engine folder says what.
  const options = method === 'TABLE' ? engineByName(engine).sqlLab.ctasTableOptions : '';
  const create = `CREATE ${method} ${target}${options ? ` ${options}` : ''} AS ${withoutTrailingComments(last.text, engine)}`;
  const before = statements.slice(0, -1).map((statement) => withoutTrailingComments(statement.text, engine));
  return [...before, create].join(';\n');
}
