// Cohorts: create, read, list, update and delete; a cohort's filter definition, actor and dimensions are checked
// against its dataset, and cohort filters inside it follow the cohort operators rule (spec §5).
import type { AppContext } from '../app/context.js';
import { resolveOwners } from '../datasets/create.js';
import { selectFields } from '../datasets/serialize.js';
import { HttpError } from '../errors/nezha-error.js';
import { datasourceForSave } from '../saved-charts/access.js';
import { parseParams } from '../saved-charts/form-data.js';
import { checkDashboards } from '../saved-charts/links.js';
import type { AuthUser } from '../security/current-user.js';
import { datasetVisibility } from '../security/dataset-access.js';
import {
  type CohortValues,
  cohortsOfDataset,
  getCohort,
  insertCohort,
  listCohorts,
  deleteCohort as storeDeleteCohort,
  updateCohort as storeUpdateCohort,
} from '../store/cohorts.js';
import type { DatasetFull } from '../store/datasets.js';
import { LINKS, linkedIds } from '../store/links.js';
import type { ListOptions } from '../store/list.js';
import type { TagFilter } from '../store/tags.js';
import { assertCanExtendDataset, assertOwner, parseNameList, visibleDatasource } from './access.js';
import { datasetScope, scopeColumn } from './dataset-scope.js';
import { assertFilterDefinition } from './filter-rules.js';
import { cohortJson, cohortRelations } from './serialize.js';

export interface CohortInput {
  cohort_name?: string | undefined;
  viz_type?: 'cohort' | undefined;
  datasource_id?: number | undefined;
  datasource_type?: string | undefined;
  params?: string | null | undefined;
  query_context?: string | null | undefined;
  description?: string | null | undefined;
  /** JSON text. */
  top_series?: string | undefined;
  actor?: string | null | undefined;
  has_dimension?: boolean | undefined;
  dimensions?: string[] | undefined;
  auto_complete_option?: Array<{ label: string; top_series?: unknown }> | undefined;
  dashboards?: number[] | undefined;
  /** Tag names (trimmed and checked by core's name rules at the boundary); they become the cohort's tag links. */
  tags?: string[] | undefined;
  owners?: number[] | undefined;
}

export type CohortCreateInput = CohortInput & { cohort_name: string; datasource_id: number; datasource_type: string };

/** The filter definition: the params' adhoc filters (which may carry AND/OR trees). */
function definitionOf(params: string | null): unknown[] {
  const filters = parseParams(params).adhoc_filters;
  return Array.isArray(filters) ? filters : [];
}

async function validate(
  ctx: AppContext,
  full: DatasetFull,
  values: Pick<CohortValues, 'params' | 'actor' | 'dimensions'>,
  selfCohortId?: number,
): Promise<void> {
  const scope = await datasetScope(ctx, full);
  if (values.actor) scopeColumn(scope, values.actor);
  for (const dimension of parseNameList(values.dimensions)) scopeColumn(scope, dimension);
  await assertFilterDefinition(definitionOf(values.params), {
    ctx,
    scope,
    selfCohortId,
    field: 'params.adhoc_filters',
  });
}

/** has_dimension follows the dimensions, so the two cannot disagree. */
function dimensionValues(dimensions: string[]) {
  return { dimensions: JSON.stringify(dimensions), has_dimension: dimensions.length > 0 ? 1 : 0 };
}

export async function createCohort(ctx: AppContext, user: AuthUser, input: CohortCreateInput) {
  const full = await datasourceForSave(ctx, user, input.datasource_id, input.datasource_type);
  assertCanExtendDataset(user, full);
  const values: CohortValues = {
    cohort_name: input.cohort_name.trim(),
    viz_type: input.viz_type ?? 'cohort',
    datasource_id: input.datasource_id,
    datasource_type: input.datasource_type,
    params: input.params ?? null,
    query_context: input.query_context ?? null,
    description: input.description ?? null,
    top_series: input.top_series ?? null,
    actor: input.actor ?? null,
    ...dimensionValues(input.dimensions ?? []),
    auto_complete_option: JSON.stringify(input.auto_complete_option ?? []),
  };
  await validate(ctx, full, values);
  const owners = await resolveOwners(ctx, user, input.owners);
  const dashboards = input.dashboards ? await checkDashboards(ctx, user, input.dashboards, []) : [];
  // The creator is always an owner (or an admin), so may tag what they create.
  const id = await insertCohort(ctx.store.db, values, { owners, dashboards, tags: input.tags }, user.id);
  return { id, result: input };
}

async function loadCohort(ctx: AppContext, user: AuthUser, id: number) {
  const cohort = await getCohort(ctx.store.db, id);
  if (!cohort) throw new HttpError(404, 'Not found');
  await visibleDatasource(ctx, user, cohort.datasource_type, cohort.datasource_id);
  return { cohort, relations: await cohortRelations(ctx, [id]) };
}

export async function updateCohort(ctx: AppContext, user: AuthUser, id: number, input: CohortInput) {
  const { cohort, relations } = await loadCohort(ctx, user, id);
  assertOwner(user, relations.owners.get(id) ?? [], 'cohort');
  const datasourceId = input.datasource_id ?? cohort.datasource_id;
  const datasourceType = input.datasource_type ?? cohort.datasource_type;
  const full = await datasourceForSave(ctx, user, datasourceId, datasourceType);
  assertCanExtendDataset(user, full);
  const values: Partial<CohortValues> = { datasource_id: datasourceId, datasource_type: datasourceType };
  if (input.cohort_name !== undefined) values.cohort_name = input.cohort_name.trim();
  if (input.params !== undefined) values.params = input.params;
  if (input.query_context !== undefined) values.query_context = input.query_context;
  if (input.description !== undefined) values.description = input.description;
  if (input.top_series !== undefined) values.top_series = input.top_series;
  if (input.actor !== undefined) values.actor = input.actor;
  if (input.dimensions !== undefined) Object.assign(values, dimensionValues(input.dimensions));
  if (input.auto_complete_option !== undefined) {
    values.auto_complete_option = JSON.stringify(input.auto_complete_option);
  }
  await validate(ctx, full, { ...cohort, ...values }, id);
  const current = (await linkedIds(ctx.store.db, LINKS.cohortDashboards, [id])).get(id) ?? [];
  await storeUpdateCohort(
    ctx.store.db,
    id,
    values,
    {
      owners: input.owners === undefined ? undefined : await resolveOwners(ctx, user, input.owners),
      dashboards: input.dashboards ? await checkDashboards(ctx, user, input.dashboards, current) : undefined,
      // Owners and admins only (asserted above): the same right as tagging through the tags API.
      tags: input.tags,
    },
    user.id,
  );
  return { id, result: input };
}

export async function readCohort(ctx: AppContext, user: AuthUser, id: number, columns?: string[]) {
  const { cohort, relations } = await loadCohort(ctx, user, id);
  const json = cohortJson(cohort, relations);
  return { id, result: columns && columns.length > 0 ? selectFields(json, columns) : json };
}

export async function listVisibleCohorts(
  ctx: AppContext,
  user: AuthUser,
  options: ListOptions,
  filters: { ownerIds: number[]; tags: TagFilter[] },
  columns?: string[],
) {
  const { count, rows } = await listCohorts(ctx.store.db, options, { ...filters, visible: datasetVisibility(user) });
  const relations = await cohortRelations(
    ctx,
    rows.map((row) => row.id),
  );
  const result = rows.map((row) => {
    const json = cohortJson(row, relations);
    return columns && columns.length > 0 ? selectFields(json, columns) : json;
  });
  return { count, ids: rows.map((row) => row.id), result };
}

/** GET /api/v1/dataset/{id}/cohorts: the cohorts a filter editor offers on this dataset. */
export async function datasetCohorts(ctx: AppContext, full: DatasetFull) {
  const rows = await cohortsOfDataset(ctx.store.db, full.dataset.id);
  const relations = await cohortRelations(
    ctx,
    rows.map((row) => row.id),
  );
  return { result: rows.map((row) => cohortJson(row, relations)) };
}

export async function deleteCohort(ctx: AppContext, user: AuthUser, id: number): Promise<void> {
  const { relations } = await loadCohort(ctx, user, id);
  assertOwner(user, relations.owners.get(id) ?? [], 'cohort');
  await storeDeleteCohort(ctx.store.db, id);
}
