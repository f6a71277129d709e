// Superset's force_type_check of adhoc filter columns: each is tried on the engine before the chart query compiles.
import type { QueryObject } from '@nezha/core';
import { isVirtual } from '../datasets/json-fields.js';
import type { EngineConnection } from '../engines/types.js';
import { type CompileContext, DatasetScope } from './compile/dataset-scope.js';
import { adhocFilterColumn } from './compile/filters.js';

/** How long one probe may take (it reads no rows; a slow one means a slow planner, not data). */
const PROBE_TIMEOUT_MS = 60_000;

export function hasAdhocFilterColumns(queries: readonly QueryObject[]): boolean {
  return queries.some((query) => (query.filters ?? []).some((filter) => adhocFilterColumn(filter) !== null));
}

/**
 * Superset's force_type_check on adhoc filter columns: each is tried on the engine (no rows read); one the engine
 * cannot evaluate (a column the dataset lacks) is reported in rejected_filters instead of failing the query. The
 * fragment is rendered and guarded first, so a refused fragment stays a refusal.
 */
export async function unusableAdhocColumns(
  context: CompileContext,
  queries: readonly QueryObject[],
  connection: EngineConnection,
  renderer: (query: QueryObject) => (sql: string) => string,
  signal: AbortSignal | undefined,
): Promise<Set<string>> {
  const unusable = new Set<string>();
  const tried = new Set<string>();
  for (const query of queries) {
    const scope = new DatasetScope({ ...context, renderSql: renderer(query) });
    for (const filter of query.filters ?? []) {
      const adhoc = adhocFilterColumn(filter);
      if (!adhoc || tried.has(adhoc.sqlExpression)) continue;
      tried.add(adhoc.sqlExpression);
      const sql = `SELECT ${scope.guard(adhoc.sqlExpression)} AS ${scope.dialect.quoteIdentifier('probe')} FROM ${scope.source()} WHERE 1 = 0`;
      try {
        await connection.execute(sql, {
          signal: AbortSignal.any([AbortSignal.timeout(PROBE_TIMEOUT_MS), ...(signal ? [signal] : [])]),
          schema: isVirtual(context.full.dataset) ? context.full.dataset.schema : undefined,
        });
      } catch (error) {
        if (signal?.aborted) throw error;
        unusable.add(adhoc.sqlExpression);
      }
    }
  }
  return unusable;
}
