// Charts: create, read, list, update and delete with Superset's rules (dataset access to see, ownership to change).
import type { AppContext } from '../app/context.js';
import { resolveOwners } from '../datasets/create.js';
import { selectFields } from '../datasets/serialize.js';
import { HttpError } from '../errors/nezha-error.js';
import type { AuthUser } from '../security/current-user.js';
import { datasetVisibility } from '../security/dataset-access.js';
import {
  type ChartListExtras,
  type ChartValues,
  dashboardsByIds,
  deleteCharts,
  getCharts,
  insertChart,
  listCharts,
  updateChart as storeUpdateChart,
} from '../store/charts.js';
import { LINKS, linkedIds, linkedOwners } from '../store/links.js';
import type { ListOptions } from '../store/list.js';
import { tagsOfObjects } from '../store/tags.js';
import { datasourceForSave, forbiddenEdit, isOwnerOrAdmin, ownedChart, visibleChart } from './access.js';
import { parseParams } from './form-data.js';
import type { ChartCreateInput, ChartInput } from './inputs.js';
import { checkDashboards, checkSemanticLinks } from './links.js';
import { chartDetail, chartListItem, chartRelations } from './serialize.js';

/** Certification details mean nothing without a certifier, so they are dropped with it (spec §5). */
function certification(input: ChartInput, previousBy: string | null = null) {
  const by = input.certified_by === undefined ? previousBy : input.certified_by || null;
  if (input.certified_by === undefined && input.certification_details === undefined) return {};
  return {
    certified_by: by,
    certification_details: by ? (input.certification_details ?? null) : null,
  };
}

function fieldValues(input: ChartInput): Partial<ChartValues> {
  const values: Partial<ChartValues> = {};
  if (input.slice_name !== undefined) values.slice_name = input.slice_name;
  if (input.viz_type) values.viz_type = input.viz_type;
  if (input.datasource_id !== undefined) values.datasource_id = input.datasource_id;
  if (input.datasource_type !== undefined) values.datasource_type = input.datasource_type;
  if (input.params !== undefined) values.params = input.params;
  if (input.query_context !== undefined) values.query_context = input.query_context;
  if (input.description !== undefined) values.description = input.description;
  if (input.cache_timeout !== undefined) values.cache_timeout = input.cache_timeout;
  return values;
}

export async function createChart(ctx: AppContext, user: AuthUser, input: ChartCreateInput) {
  const dataset = await datasourceForSave(ctx, user, input.datasource_id, input.datasource_type);
  const owners = await resolveOwners(ctx, user, input.owners);
  const dashboards = input.dashboards ? await checkDashboards(ctx, user, input.dashboards, []) : [];
  const semantic = await checkSemanticLinks(ctx, input, dataset.dataset.id);
  const paramsVizType = parseParams(input.params).viz_type;
  const values: ChartValues = {
    slice_name: input.slice_name,
    viz_type: input.viz_type || (typeof paramsVizType === 'string' && paramsVizType ? paramsVizType : 'table'),
    datasource_id: input.datasource_id,
    datasource_type: input.datasource_type,
    params: input.params ?? null,
    query_context: input.query_context ?? null,
    description: input.description ?? null,
    cache_timeout: input.cache_timeout ?? null,
    certified_by: null,
    certification_details: null,
    ...certification(input),
  };
  const id = await insertChart(ctx.store.db, values, { owners, dashboards, ...semantic }, user.id);
  return { id, result: input };
}

export async function updateChart(ctx: AppContext, user: AuthUser, id: number, input: ChartInput) {
  const { chart } = await ownedChart(ctx, user, id);
  const moved = input.datasource_id !== undefined || input.datasource_type !== undefined;
  // A chart keeps its dataset unless the request names another, which the caller must then be able to reach.
  const datasetId = moved
    ? (
        await datasourceForSave(
          ctx,
          user,
          input.datasource_id ?? chart.datasource_id ?? 0,
          input.datasource_type ?? chart.datasource_type ?? 'table',
        )
      ).dataset.id
    : (chart.datasource_id ?? 0);
  const current = (await linkedIds(ctx.store.db, LINKS.sliceDashboards, [id])).get(id) ?? [];
  const dashboards = input.dashboards ? await checkDashboards(ctx, user, input.dashboards, current) : undefined;
  const semantic = await checkSemanticLinks(ctx, input, datasetId);
  const owners = input.owners === undefined ? undefined : await resolveOwners(ctx, user, input.owners);
  await storeUpdateChart(
    ctx.store.db,
    id,
    { ...fieldValues(input), ...certification(input, chart.certified_by) },
    { owners, dashboards, ...semantic },
    user.id,
  );
  return { id, result: input };
}

export async function readChart(ctx: AppContext, user: AuthUser, id: number, columns?: string[]) {
  const { chart } = await visibleChart(ctx, user, id);
  const detail = chartDetail(chart, await chartRelations(ctx, chart));
  return { id, result: columns && columns.length > 0 ? selectFields(detail, columns) : detail };
}

export async function listVisibleCharts(
  ctx: AppContext,
  user: AuthUser,
  options: ListOptions,
  extras: Omit<ChartListExtras, 'visible'>,
  columns?: string[],
) {
  const { count, rows } = await listCharts(ctx.store.db, options, { ...extras, visible: datasetVisibility(user) });
  const ids = rows.map((row) => row.id);
  const [owners, dashboardLinks, tags] = await Promise.all([
    linkedOwners(ctx.store.db, LINKS.sliceOwners, ids),
    linkedIds(ctx.store.db, LINKS.sliceDashboards, ids),
    tagsOfObjects(ctx.store.db, 'chart', ids),
  ]);
  const dashboards = new Map(
    (await dashboardsByIds(ctx.store.db, [...new Set([...dashboardLinks.values()].flat())])).map((d) => [d.id, d]),
  );
  const result = rows.map((row) => {
    const item = chartListItem(
      row,
      owners.get(row.id) ?? [],
      (dashboardLinks.get(row.id) ?? []).flatMap((dashboardId) => dashboards.get(dashboardId) ?? []),
      tags.get(row.id) ?? [],
    );
    return columns && columns.length > 0 ? selectFields(item, columns) : item;
  });
  return { count, ids, result };
}

export async function deleteChart(ctx: AppContext, user: AuthUser, id: number): Promise<void> {
  await ownedChart(ctx, user, id);
  await deleteCharts(ctx.store.db, [id]);
}

/** All or nothing: any missing or unseen id is a 404, any not owned a 403, and nothing is deleted. */
export async function bulkDeleteCharts(ctx: AppContext, user: AuthUser, ids: number[]): Promise<string> {
  const unique = [...new Set(ids)];
  const rows = await getCharts(ctx.store.db, unique);
  if (rows.length !== unique.length) throw new HttpError(404, 'Not found');
  for (const id of unique) {
    const loaded = await visibleChart(ctx, user, id);
    if (!isOwnerOrAdmin(user, loaded.owners)) throw forbiddenEdit('chart');
  }
  await deleteCharts(ctx.store.db, unique);
  return `Deleted ${unique.length} chart${unique.length === 1 ? '' : 's'}`;
}
