// Filter-value autocomplete (spec §4 "Autocomplete cache", §7 "Filters and autocomplete"): suggestions from the
// dataset through its engine ordered by popularity, the popularity counters, the cache state and its warm-up.
import type { AppContext } from '../app/context.js';
import { connectionOf, databaseOfDataset, engineOf, exploredDataset } from '../datasets/lookup.js';
import { asSourceError } from '../datasets/source-columns.js';
import { NezhaError } from '../errors/nezha-error.js';
import type { AuthUser } from '../security/current-user.js';
import { rowLevelPredicate } from '../security/row-level-security.js';
import { datasetScope, type ScopeColumn, scopeColumn } from '../semantic/dataset-scope.js';
import type { DatasetFull } from '../store/datasets.js';
import {
  type FilterColumnKey,
  getFilterCache,
  incrementFilterValues,
  popularFilterValues,
  setFilterCache,
} from '../store/filter-values.js';
import { cardinalityQuery, columnSql, datasetSource, suggestionsQuery } from './values-query.js';

export const MAX_SUGGESTIONS = 1000;
/** Values remembered per column; the least chosen make room for new ones. */
const MAX_COUNTED_VALUES = 1000;
/** Popular values that may lead the suggestions (each one is a bound parameter of the query). */
const MAX_POPULAR = 100;
/** Days after which the last warm-up counts as stale. */
const STALE_THRESHOLD_DAYS = 1;

const CACHE_STATES = [
  'SERVICE_ERROR',
  'SERVICE_NOT_READY',
  'COLUMN_ENABLED',
  'COLUMN_DISABLED',
  'TABLE_DISABLED',
] as const;
export type CacheStateName = (typeof CACHE_STATES)[number];

export interface CacheState {
  state: CacheStateName;
  card: number | null;
  stale_threshold: number;
  updating: boolean;
  last_ingestion_time: number | null;
}

export interface ColumnRef {
  datasourceType: string;
  datasourceId: number;
  column: string;
}

interface ResolvedColumn {
  full: DatasetFull;
  column: ScopeColumn;
  key: FilterColumnKey;
}

/** The dataset (403/404 as explore has them) and the column; a missing or sensitive column is the spec's 400. */
async function resolve(ctx: AppContext, user: AuthUser, ref: ColumnRef): Promise<ResolvedColumn> {
  if (ref.datasourceType !== 'table') {
    throw new NezhaError({
      type: 'UNKNOWN_DATASOURCE_TYPE_ERROR',
      status: 400,
      message: `Datasource type "${ref.datasourceType}" is not supported here; only "table" datasources are.`,
    });
  }
  const full = await exploredDataset(ctx, user, ref.datasourceId);
  const column = scopeColumn(await datasetScope(ctx, full), ref.column);
  return {
    full,
    column,
    key: { datasourceType: 'table', datasourceId: full.dataset.id, columnName: column.column_name },
  };
}

const offersValues = ({ full, column }: ResolvedColumn) =>
  full.dataset.filter_select_enabled === 1 && column.filterable;

export async function suggestValues(
  ctx: AppContext,
  user: AuthUser,
  ref: ColumnRef,
  search: string,
  limit: number,
  offset: number,
): Promise<{ result: unknown[] }> {
  const resolved = await resolve(ctx, user, ref);
  if (!offersValues(resolved)) return { result: [] };
  const { full, column, key } = resolved;
  const popular = await popularFilterValues(ctx.store.db, key, search, MAX_POPULAR);
  const engine = engineOf(full);
  const query = suggestionsQuery({
    engine,
    source: await datasetSource(ctx, user, engine, full),
    column: columnSql(engine, column),
    full,
    search,
    popular: popular.map((item) => item.value),
    limit,
    offset,
  });
  const connection = await connectionOf(ctx, await databaseOfDataset(ctx, full));
  try {
    const result = await connection.execute(query.sql, {
      params: query.params,
      schema: full.dataset.schema,
      maxRows: limit,
    });
    return { result: result.rows.map((row) => row[0]) };
  } catch (error) {
    throw asSourceError(error);
  }
}

/** Adds the chosen values to their counters (bounded per column), so they lead the next suggestions. */
export async function countValues(ctx: AppContext, user: AuthUser, ref: ColumnRef, items: Map<string, number>) {
  const resolved = await resolve(ctx, user, ref);
  if (offersValues(resolved)) await incrementFilterValues(ctx.store.db, resolved.key, items, MAX_COUNTED_VALUES);
  return { result: 'OK' };
}

async function stateOf(ctx: AppContext, resolved: ResolvedColumn): Promise<CacheState> {
  const record = await getFilterCache(ctx.store.db, resolved.key);
  const base = {
    card: record?.card ?? null,
    stale_threshold: STALE_THRESHOLD_DAYS,
    updating: record?.updating ?? false,
    last_ingestion_time: record?.lastIngestionTime ?? null,
  };
  if (resolved.full.dataset.filter_select_enabled !== 1) return { ...base, state: 'TABLE_DISABLED' };
  if (!resolved.column.filterable) return { ...base, state: 'COLUMN_DISABLED' };
  if (record?.error && !record.updating) return { ...base, state: 'SERVICE_ERROR' };
  if (record?.updating && record.lastIngestionTime === null) return { ...base, state: 'SERVICE_NOT_READY' };
  return { ...base, state: 'COLUMN_ENABLED' };
}

export async function cacheState(ctx: AppContext, user: AuthUser, ref: ColumnRef): Promise<{ result: CacheState }> {
  return { result: await stateOf(ctx, await resolve(ctx, user, ref)) };
}

/**
 * POST /api/v1/query/column_values/caching/: counts the column's distinct values and records when. A failing
 * engine is recorded as the state's service error rather than thrown, so the editor can say so.
 */
export async function warmColumn(ctx: AppContext, user: AuthUser, ref: ColumnRef): Promise<{ result: CacheState }> {
  const resolved = await resolve(ctx, user, ref);
  if (!offersValues(resolved)) return { result: await stateOf(ctx, resolved) };
  const { full, column, key } = resolved;
  // The count is shared by every caller: one counted under row-level rules would tell others a wrong number (and
  // one counted without them would tell the restricted caller how much it cannot see), so such a caller only reads.
  if ((await rowLevelPredicate(ctx, user, full.dataset.id, engineOf(full).name)) !== null) {
    return { result: await stateOf(ctx, resolved) };
  }
  await setFilterCache(ctx.store.db, key, { updating: 1 });
  try {
    const engine = engineOf(full);
    const query = cardinalityQuery(
      engine,
      await datasetSource(ctx, user, engine, full),
      columnSql(engine, column),
      full,
    );
    const connection = await connectionOf(ctx, await databaseOfDataset(ctx, full));
    const result = await connection.execute(query.sql, {
      params: query.params,
      schema: full.dataset.schema,
      maxRows: 1,
    });
    await setFilterCache(ctx.store.db, key, {
      card: Number(result.rows[0]?.[0] ?? 0),
      last_ingestion_time: Date.now(),
      updating: 0,
      error: null,
    });
  } catch (error) {
    await setFilterCache(ctx.store.db, key, {
      updating: 0,
      error: error instanceof Error ? error.message : String(error),
    });
  }
  return { result: await stateOf(ctx, resolved) };
}
