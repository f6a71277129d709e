// Saved measures: create, read, list, update and delete, validated with spec §5's measure rules.
import type { AppContext } from '../app/context.js';
import { resolveOwners } from '../datasets/create.js';
import { selectFields } from '../datasets/serialize.js';
import { HttpError } from '../errors/nezha-error.js';
import { datasourceForSave } from '../saved-charts/access.js';
import { parseParams } from '../saved-charts/form-data.js';
import { checkDashboards } from '../saved-charts/links.js';
import type { AuthUser } from '../security/current-user.js';
import { datasetVisibility } from '../security/dataset-access.js';
import type { DatasetFull } from '../store/datasets.js';
import { LINKS, linkedIds } from '../store/links.js';
import type { ListOptions } from '../store/list.js';
import {
  getMeasure,
  insertMeasure,
  listMeasures,
  type MeasureValues,
  measuresOfDataset,
  deleteMeasure as storeDeleteMeasure,
  updateMeasure as storeUpdateMeasure,
} from '../store/measures.js';
import type { TagFilter } from '../store/tags.js';
import { assertCanExtendDataset, assertOwner, visibleDatasource } from './access.js';
import { datasetScope } from './dataset-scope.js';
import { assertMeasureDrafts, assertMeasureName, type MeasureVizType, measureDrafts } from './measure-definitions.js';
import { type MeasureRelations, measureJson, measureRelations } from './serialize.js';

export interface MeasureInput {
  measure_name?: string | undefined;
  viz_type?: MeasureVizType | undefined;
  datasource_id?: number | undefined;
  datasource_type?: string | undefined;
  params?: string | null | undefined;
  query_context?: string | null | undefined;
  description?: string | null | undefined;
  dashboards?: number[] | undefined;
  /** Tag names (trimmed and checked by core's name rules at the boundary); they become the measure's tag links. */
  tags?: string[] | undefined;
  owners?: number[] | undefined;
  /** The definitions, when not inside params. */
  saved_measures?: unknown[] | undefined;
}

export type MeasureCreateInput = MeasureInput & {
  measure_name: string;
  datasource_id: number;
  datasource_type: string;
};

/** Names a measure may not take: the dataset's metrics and its other measures with their definitions. */
async function takenNames(ctx: AppContext, full: DatasetFull, exceptId?: number): Promise<string[]> {
  const names = full.metrics.map((metric) => metric.metric_name);
  for (const measure of await measuresOfDataset(ctx.store.db, full.dataset.id)) {
    if (measure.id === exceptId) continue;
    names.push(measure.measure_name);
    const drafts = measureDrafts(parseParams(measure.params), undefined, measure.measure_name);
    for (const draft of drafts) if (draft.name && draft.name !== measure.measure_name) names.push(draft.name);
  }
  return names;
}

/** params as stored: definitions sent as saved_measures are kept inside them, the one source of truth. */
function storedParams(input: MeasureInput, previous: string | null): string | null {
  const params = input.params === undefined ? previous : input.params;
  if (input.saved_measures === undefined) return params;
  return JSON.stringify({ ...parseParams(params), saved_measures: input.saved_measures });
}

async function validate(
  ctx: AppContext,
  full: DatasetFull,
  values: { measure_name: string; viz_type: MeasureVizType; params: string | null },
  exceptId?: number,
): Promise<void> {
  const taken = await takenNames(ctx, full, exceptId);
  assertMeasureName(values.measure_name, taken);
  const drafts = measureDrafts(parseParams(values.params), undefined, values.measure_name.trim());
  assertMeasureDrafts(drafts, taken, values.viz_type, await datasetScope(ctx, full));
}

export async function createMeasure(ctx: AppContext, user: AuthUser, input: MeasureCreateInput) {
  const full = await datasourceForSave(ctx, user, input.datasource_id, input.datasource_type);
  assertCanExtendDataset(user, full);
  const values: MeasureValues = {
    measure_name: input.measure_name.trim(),
    viz_type: input.viz_type ?? 'measure',
    datasource_id: input.datasource_id,
    datasource_type: input.datasource_type,
    params: storedParams(input, null),
    query_context: input.query_context ?? null,
    description: input.description ?? null,
  };
  await validate(ctx, full, { ...values, viz_type: values.viz_type as MeasureVizType });
  const owners = await resolveOwners(ctx, user, input.owners);
  const dashboards = input.dashboards ? await checkDashboards(ctx, user, input.dashboards, []) : [];
  // The creator is always an owner (or an admin), so may tag what they create.
  const id = await insertMeasure(ctx.store.db, values, { owners, dashboards, tags: input.tags }, user.id);
  return { id, result: input };
}

async function loadMeasure(ctx: AppContext, user: AuthUser, id: number) {
  const measure = await getMeasure(ctx.store.db, id);
  if (!measure) throw new HttpError(404, 'Not found');
  const dataset = await visibleDatasource(ctx, user, measure.datasource_type, measure.datasource_id);
  return { measure, dataset, relations: await measureRelations(ctx, [measure.id]) };
}

export async function updateMeasure(ctx: AppContext, user: AuthUser, id: number, input: MeasureInput) {
  const { measure, relations } = await loadMeasure(ctx, user, id);
  assertOwner(user, relations.owners.get(id) ?? [], 'measure');
  const datasourceId = input.datasource_id ?? measure.datasource_id;
  const datasourceType = input.datasource_type ?? measure.datasource_type;
  const full = await datasourceForSave(ctx, user, datasourceId, datasourceType);
  assertCanExtendDataset(user, full);
  const next = {
    measure_name: (input.measure_name ?? measure.measure_name).trim(),
    viz_type: (input.viz_type ?? measure.viz_type) as MeasureVizType,
    params: storedParams(input, measure.params),
  };
  await validate(ctx, full, next, id);
  const current = (await linkedIds(ctx.store.db, LINKS.measureDashboards, [id])).get(id) ?? [];
  const values: Partial<MeasureValues> = { ...next, datasource_id: datasourceId, datasource_type: datasourceType };
  if (input.query_context !== undefined) values.query_context = input.query_context;
  if (input.description !== undefined) values.description = input.description;
  await storeUpdateMeasure(
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

export async function readMeasure(ctx: AppContext, user: AuthUser, id: number, columns?: string[]) {
  const { measure, relations } = await loadMeasure(ctx, user, id);
  const json = measureJson(measure, relations);
  return { id, result: columns && columns.length > 0 ? selectFields(json, columns) : json };
}

export async function listVisibleMeasures(
  ctx: AppContext,
  user: AuthUser,
  options: ListOptions,
  filters: { ownerIds: number[]; tags: TagFilter[] },
  columns?: string[],
) {
  const { count, rows } = await listMeasures(ctx.store.db, options, { ...filters, visible: datasetVisibility(user) });
  const relations: MeasureRelations = await measureRelations(
    ctx,
    rows.map((row) => row.id),
  );
  const result = rows.map((row) => {
    const json = measureJson(row, relations);
    return columns && columns.length > 0 ? selectFields(json, columns) : json;
  });
  return { count, ids: rows.map((row) => row.id), result };
}

export async function deleteMeasure(ctx: AppContext, user: AuthUser, id: number): Promise<void> {
  const { relations } = await loadMeasure(ctx, user, id);
  assertOwner(user, relations.owners.get(id) ?? [], 'measure');
  await storeDeleteMeasure(ctx.store.db, id);
}
