// What chart queries may use of the semantic layer, loaded before compiling: the dataset's saved columns and
// measures, and every cohort the queries name, directly or through the definitions of other cohorts.

import type { QueryObject } from '@nezha/core';
import type { AppContext } from '../app/context.js';
import type { SemanticCatalog } from '../chart-data/compile/semantic-catalog.js';
import { allAdhocFilters, parseParams } from '../saved-charts/form-data.js';
import { getCohorts } from '../store/cohorts.js';
import type { DatasetFull } from '../store/datasets.js';
import { measuresOfDataset } from '../store/measures.js';
import { metadataCachesOf } from '../store/metadata-caches.js';
import { savedColumnsOfDataset } from '../store/saved-columns.js';
import type { CohortRow } from '../store/schema-charts.js';

/** A request naming more cohorts than this (with their own) is not loaded further; the rest are "not found". */
const MAX_LOADED_COHORTS = 200;

function cohortIdsOf(filters: readonly Record<string, unknown>[]): number[] {
  const ids: number[] = [];
  for (const filter of filters) {
    if (filter.expressionType !== 'COHORT') continue;
    const id = Number(filter.cohort);
    if (Number.isSafeInteger(id) && id > 0) ids.push(id);
  }
  return ids;
}

/** Cohort ids in a query object: its cohort filters and the cohort leaves of its filter trees. */
function queryCohortIds(query: QueryObject): number[] {
  const roots = [
    ...(Array.isArray(query.cohort_filters) ? query.cohort_filters : []),
    ...(Array.isArray(query.filter_groups) ? query.filter_groups.map((filterGroup) => ({ filterGroup })) : []),
  ];
  return cohortIdsOf(allAdhocFilters({ adhoc_filters: roots }));
}

/** Cohort ids a cohort's own definition uses. */
function definitionCohortIds(cohort: CohortRow): number[] {
  return cohortIdsOf(allAdhocFilters({ adhoc_filters: parseParams(cohort.params).adhoc_filters }));
}

export async function loadSemanticCatalog(
  ctx: AppContext,
  full: DatasetFull,
  queries: readonly QueryObject[],
): Promise<SemanticCatalog> {
  const db = ctx.store.db;
  const datasetId = full.dataset.id;
  // Kept in memory until the next metadata write, as the dataset itself is.
  const { savedColumns, measures } = (await metadataCachesOf(ctx.store).semantic.getOrLoad(datasetId, async () => {
    const [columns, kept] = await Promise.all([savedColumnsOfDataset(db, datasetId), measuresOfDataset(db, datasetId)]);
    return { savedColumns: columns, measures: kept };
  })) ?? { savedColumns: [], measures: [] };
  const cohorts = new Map<number, CohortRow>();
  const asked = new Set<number>();
  let pending = [...new Set(queries.flatMap(queryCohortIds))];
  while (pending.length > 0 && asked.size < MAX_LOADED_COHORTS) {
    const batch = pending.filter((id) => !asked.has(id)).slice(0, MAX_LOADED_COHORTS - asked.size);
    for (const id of batch) asked.add(id);
    const rows = await getCohorts(db, batch);
    const next: number[] = [];
    for (const row of rows) {
      cohorts.set(row.id, row);
      // Another dataset's cohort is refused when compiled; what it uses is none of this request's business.
      if (row.datasource_type === 'table' && row.datasource_id === datasetId) next.push(...definitionCohortIds(row));
    }
    pending = [...new Set(next)].filter((id) => !asked.has(id));
  }
  return { savedColumns, measures, cohorts };
}
