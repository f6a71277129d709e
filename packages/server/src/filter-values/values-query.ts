// The engine SQL of filter-value suggestions and cardinality: the dataset's source (table or virtual SQL), the
// column's SQL, identifiers quoted by the dialect and every user value bound.
import type { AppContext } from '../app/context.js';
import { isVirtual } from '../datasets/json-fields.js';
import { virtualContext } from '../datasets/lookup.js';
import { virtualStatement } from '../datasets/virtual-sql.js';
import type { Engine } from '../engines/types.js';
import type { AuthUser } from '../security/current-user.js';
import { rowLevelPredicate } from '../security/row-level-security.js';
import { datasetSourceSql, type ScopeColumn } from '../semantic/dataset-scope.js';
import { methodSql } from '../semantic/saved-column-methods.js';
import { guardCustomSql } from '../sql/custom-sql-guard.js';
import type { DatasetFull } from '../store/datasets.js';

export interface EngineQuery {
  sql: string;
  params: unknown[];
}

/** FROM target: the quoted table, or the virtual dataset's one statement as a derived table. */
export async function datasetSource(
  ctx: AppContext,
  user: AuthUser,
  engine: Engine,
  full: DatasetFull,
): Promise<string> {
  const { dataset } = full;
  // The caller's row-level security: suggestions offer only values of rows they may see.
  const rowFilter = await rowLevelPredicate(ctx, user, dataset.id, engine.name);
  const statement = isVirtual(dataset)
    ? virtualStatement(dataset.sql ?? '', virtualContext(ctx, user, engine, dataset.template_params))
    : null;
  return datasetSourceSql(full, statement, rowFilter, engine.dialect);
}

/** A dataset column by name, a calculated one as its expression, a saved one with its method applied. */
export function columnSql(engine: Engine, column: ScopeColumn): string {
  // Checked again on use, as the chart compiler does: a saved column stored before a stricter rule is held to it.
  if (column.saved)
    return methodSql(engine.name, column.saved.method, guardCustomSql(column.saved.expression, [], engine.name));
  if (column.expression) return `(${column.expression})`;
  return engine.dialect.quoteIdentifier(column.column_name);
}

function asText(engine: Engine, sql: string): string {
  return engine.chartSql.toText(sql);
}

/** '!' escapes LIKE wildcards the same way on every engine (a backslash is a string escape on MySQL). */
function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[!%_]/g, (ch) => `!${ch}`)}%`;
}

/** The dataset owners' fetch_values_predicate, when they set one, limits the values offered. */
function predicateOf(full: DatasetFull): string | null {
  const predicate = full.dataset.fetch_values_predicate?.trim();
  return predicate ? predicate : null;
}

/**
 * Distinct non-null values of the column containing `search` (any case), the popular ones first in order of
 * popularity, then by value; LIMIT/OFFSET by the dialect.
 */
export function suggestionsQuery(options: {
  engine: Engine;
  source: string;
  column: string;
  full: DatasetFull;
  search: string;
  popular: readonly string[];
  limit: number;
  offset: number;
}): EngineQuery {
  const { engine, source, column, search, popular } = options;
  const { dialect } = engine;
  const params: unknown[] = [];
  const bind = (value: unknown) => {
    params.push(value);
    return dialect.placeholder(params.length);
  };
  const where = [`${column} IS NOT NULL`];
  if (search) where.push(`LOWER(${asText(engine, column)}) LIKE ${bind(containsPattern(search))} ESCAPE '!'`);
  const predicate = predicateOf(options.full);
  if (predicate) where.push(`(${predicate})`);
  const value = dialect.quoteIdentifier('value');
  const inner = `SELECT DISTINCT ${column} AS ${value}\nFROM ${source}\nWHERE ${where.join('\n  AND ')}`;
  const rank =
    popular.length === 0
      ? ''
      : `CASE ${popular.map((text, index) => `WHEN ${asText(engine, value)} = ${bind(text)} THEN ${index}`).join(' ')} ELSE ${popular.length} END, `;
  const alias = dialect.quoteIdentifier('suggestions');
  return {
    sql: `SELECT ${value}\nFROM (\n${inner}\n) AS ${alias}\nORDER BY ${rank}${value}\n${dialect.limitClause(options.limit, options.offset)}`,
    params,
  };
}

/** How many distinct values the column has: the cache's `card`. */
export function cardinalityQuery(engine: Engine, source: string, column: string, full: DatasetFull): EngineQuery {
  const predicate = predicateOf(full);
  const where = predicate ? `\nWHERE (${predicate})` : '';
  return {
    sql: `SELECT COUNT(DISTINCT ${column}) AS ${engine.dialect.quoteIdentifier('card')}\nFROM ${source}${where}`,
    params: [],
  };
}
