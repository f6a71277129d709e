// Row-level security in SQL Lab (RLS_IN_SQLLAB): the caller's row rules on a database's tables, and the statements
// narrowed by them before anything reaches the engine.
import type { AppContext } from '../app/context.js';
import type { EngineName } from '../engines/types.js';
import { NezhaError } from '../errors/nezha-error.js';
import type { AuthUser } from '../security/current-user.js';
import { rowLevelPredicate } from '../security/row-level-security.js';
import { applyRowRules, RowLevelRewriteError, type RowRules } from '../sql/row-level-rewrite.js';
import { physicalDatasetsUnderRules } from '../store/rls-filters.js';
import type { DatabaseRow } from '../store/schema.js';

const NO_ROW_RULES: RowRules = new Map();

/**
 * The predicate each table name of this database must carry for this caller, or none when the setting is off.
 * Datasets sharing a table name (in different schemas) are matched by name alone and their predicates ANDed: which
 * schema an unqualified name reaches depends on search_path or USE, which a script may change, so a qualifier is not
 * trusted to tell two tables apart.
 */
export async function sqlLabRowRules(
  ctx: AppContext,
  user: AuthUser,
  database: Pick<DatabaseRow, 'id'>,
  engine: EngineName,
): Promise<RowRules> {
  if (!ctx.config.features.RLS_IN_SQLLAB) return NO_ROW_RULES;
  // A guest's clauses without a dataset apply to every dataset: then every table may carry one.
  const everyTable = (user.guest?.rls.length ?? 0) > 0;
  const datasets = await physicalDatasetsUnderRules(ctx.store.db, database.id, everyTable);
  const byName = new Map<string, string[]>();
  for (const dataset of datasets) {
    const predicate = await rowLevelPredicate(ctx, user, dataset.id, engine);
    if (predicate === null) continue;
    const name = dataset.table_name.toLowerCase();
    byName.set(name, [...(byName.get(name) ?? []), predicate]);
  }
  return new Map([...byName].map(([name, predicates]) => [name, predicates.map((p) => `(${p})`).join(' AND ')]));
}

/** Each statement narrowed by the rules; one the rewrite cannot follow is a 400, never run unfiltered. */
export function narrowStatements(statements: readonly string[], engine: EngineName, rules: RowRules): string[] {
  return statements.map((statement) => {
    try {
      return applyRowRules(statement, engine, rules);
    } catch (error) {
      if (!(error instanceof RowLevelRewriteError)) throw error;
      throw new NezhaError({
        type: 'QUERY_SECURITY_ACCESS_ERROR',
        status: 400,
        message: `Row level security applies to this query, and it cannot be checked: ${error.message}.`,
      });
    }
  });
}
