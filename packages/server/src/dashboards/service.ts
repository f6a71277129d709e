// Dashboards: create, read, list, update (publish toggle, full save, metadata alone) and delete, with the save
// rules of spec §5 and the permissions of §6.
import { normalizeDashboardMetadata, UNTITLED_DASHBOARD_TITLE } from '@nezha/core';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../app/context.js';
import { resolveOwners } from '../datasets/create.js';
import { selectFields } from '../datasets/serialize.js';
import { HttpError } from '../errors/nezha-error.js';
import { ValidationError } from '../errors/validation-error.js';
import { forbiddenEdit, isOwnerOrAdmin } from '../saved-charts/access.js';
import type { AuthUser } from '../security/current-user.js';
import { getCharts } from '../store/charts.js';
import {
  DASHBOARD_LINKS,
  type DashboardLinks,
  type DashboardListExtras,
  type DashboardRecord,
  type DashboardValues,
  dashboardChartIds,
  dashboardRoles,
  deleteDashboards,
  existingRoleIds,
  getDashboards,
  insertDashboard,
  listDashboards,
  slugTaken,
  updateDashboard as storeUpdateDashboard,
} from '../store/dashboards.js';
import { linkedOwners } from '../store/links.js';
import type { ListOptions } from '../store/list.js';
import type { MetadataSchema } from '../store/schema.js';
import { tagsOfObjects } from '../store/tags.js';
import {
  dashboardRbacOn,
  dashboardVisibility,
  editableDashboard,
  forbiddenPublish,
  loadDashboard,
  permissionsFor,
  visibleDashboard,
} from './access.js';
import type { DashboardInput } from './inputs.js';
import { parseJsonObject, placeLayout, readMetadataInput } from './layout.js';
import { dashboardDetail, dashboardListItem, lastModifiedTime } from './serialize.js';

type Db = Kysely<MetadataSchema> | Transaction<MetadataSchema>;

interface PreparedSave {
  values: Partial<DashboardValues>;
  links: DashboardLinks;
}

/** Spec §5: an empty title is saved as "[ untitled dashboard ]". */
export const dashboardTitle = (title: string | null | undefined) => title?.trim() || UNTITLED_DASHBOARD_TITLE;

/** Certification details mean nothing without a certifier, so they are dropped with it (spec §5). */
function certification(input: DashboardInput, previousBy: string | null) {
  if (input.certified_by === undefined && input.certification_details === undefined) return {};
  const by = input.certified_by === undefined ? previousBy : input.certified_by?.trim() || null;
  return { certified_by: by, certification_details: by ? input.certification_details || null : null };
}

/** Roles must exist; they can be set only with DashboardRbac on (spec §6); an empty list changes nothing without it. */
async function checkRoles(ctx: AppContext, roles: number[] | undefined): Promise<number[] | undefined> {
  if (roles === undefined) return undefined;
  // Ids that name no role are refused as Superset refuses them, whether or not the flag is on.
  const unique = [...new Set(roles)];
  if ((await existingRoleIds(ctx.store.db, unique)).length !== unique.length) {
    throw new ValidationError({ roles: ['Some roles do not exist'] }, 422);
  }
  if (!dashboardRbacOn(ctx)) {
    if (roles.length === 0) return undefined;
    throw new ValidationError({ roles: ['Roles can be set only when the DASHBOARD_RBAC feature flag is on.'] });
  }
  return unique;
}

async function prepareSave(
  ctx: AppContext,
  user: AuthUser,
  input: DashboardInput,
  current: DashboardRecord | undefined,
): Promise<PreparedSave> {
  const values: Partial<DashboardValues> = {};
  if (input.dashboard_title !== undefined || !current) values.dashboard_title = dashboardTitle(input.dashboard_title);
  if (input.slug !== undefined) values.slug = input.slug?.trim() || null;
  if (input.css !== undefined) values.css = input.css ?? null;
  if (input.published !== undefined && input.published !== null) values.published = input.published ? 1 : 0;
  Object.assign(values, certification(input, current?.certified_by ?? null));

  let positions: unknown;
  if (input.json_metadata !== undefined) {
    const read = readMetadataInput(input.json_metadata);
    values.json_metadata = JSON.stringify(read.metadata);
    if (read.positions) positions = read.positions;
  } else if (!current) {
    values.json_metadata = JSON.stringify(normalizeDashboardMetadata({}));
  }
  // Superset's frontend sends the layout inside json_metadata; other clients send position_json. The former wins.
  if (positions === undefined && input.position_json !== undefined) {
    positions = input.position_json === null ? null : (parseJsonObject(input.position_json) ?? {});
  }
  const links: DashboardLinks = {
    owners: input.owners !== undefined || !current ? await resolveOwners(ctx, user, input.owners) : undefined,
    roles: await checkRoles(ctx, input.roles),
  };
  if (positions === null) {
    values.position_json = null;
  } else if (positions !== undefined) {
    const title = values.dashboard_title ?? current?.dashboard_title ?? UNTITLED_DASHBOARD_TITLE;
    const placed = await placeLayout(ctx.store.db, positions, title);
    values.position_json = placed.positionJson;
    links.charts = placed.chartIds;
  }
  return { values, links };
}

async function assertSlugFree(db: Db, slug: string | null | undefined, exceptId?: number): Promise<void> {
  if (slug && (await slugTaken(db, slug, exceptId))) throw new ValidationError({ slug: ['Must be unique'] }, 422);
}

/** What a save wrote, in the shape it was stored: the answer of POST and PUT. */
function savedFields({ values, links }: PreparedSave) {
  const { published, ...rest } = values;
  return {
    ...rest,
    ...(published === undefined ? {} : { published: published === 1 }),
    ...(links.owners ? { owners: links.owners } : {}),
    ...(links.roles ? { roles: links.roles } : {}),
  };
}

export async function createDashboard(ctx: AppContext, user: AuthUser, input: DashboardInput) {
  const prepared = await prepareSave(ctx, user, input, undefined);
  const values: DashboardValues = {
    dashboard_title: UNTITLED_DASHBOARD_TITLE,
    slug: null,
    position_json: null,
    json_metadata: null,
    css: null,
    published: 0,
    certified_by: null,
    certification_details: null,
    ...prepared.values,
  };
  const id = await ctx.store.db.transaction().execute(async (trx) => {
    await assertSlugFree(trx, values.slug);
    return insertDashboard(trx, values, prepared.links, user.id);
  });
  return { id, result: savedFields(prepared) };
}

/**
 * PUT /api/v1/dashboard/{id} in its three forms (spec §7): `published` alone, `json_metadata` alone, or a full
 * save. All answer what was written plus last_modified_time; the charts follow a layout when one is given.
 */
export async function updateDashboard(ctx: AppContext, user: AuthUser, id: number, input: DashboardInput) {
  const given = Object.entries(input).filter(([, value]) => value !== undefined);
  const publishOnly = given.length === 1 && given[0]?.[0] === 'published';
  const { dashboard } = await editableDashboard(ctx, user, id, publishOnly ? forbiddenPublish : undefined);
  const prepared = await prepareSave(ctx, user, input, dashboard);
  const changedOn = await ctx.store.db.transaction().execute(async (trx) => {
    await assertSlugFree(trx, prepared.values.slug, id);
    return storeUpdateDashboard(trx, id, prepared.values, prepared.links, user.id);
  });
  const last = lastModifiedTime(changedOn);
  return { id, result: { ...savedFields(prepared), last_modified_time: last }, last_modified_time: last };
}

async function chartNames(ctx: AppContext, id: number): Promise<string[]> {
  const ids = (await dashboardChartIds(ctx.store.db, [id])).get(id) ?? [];
  return (await getCharts(ctx.store.db, ids)).map((chart) => chart.slice_name);
}

export async function readDashboard(ctx: AppContext, user: AuthUser, idOrSlug: string) {
  const loaded = await visibleDashboard(ctx, user, idOrSlug);
  const { dashboard } = loaded;
  const tags = (await tagsOfObjects(ctx.store.db, 'dashboard', [dashboard.id])).get(dashboard.id) ?? [];
  const detail = dashboardDetail(
    dashboard,
    { ...loaded, tags },
    await chartNames(ctx, dashboard.id),
    permissionsFor(ctx, user, loaded.owners),
  );
  return { id: dashboard.id, result: detail };
}

export async function listVisibleDashboards(
  ctx: AppContext,
  user: AuthUser,
  options: ListOptions,
  extras: Omit<DashboardListExtras, 'visible'>,
  columns?: string[],
) {
  const visible = await dashboardVisibility(ctx, user);
  const { count, rows } = await listDashboards(ctx.store.db, options, { ...extras, visible });
  const ids = rows.map((row) => row.id);
  const [owners, roles, tags] = await Promise.all([
    linkedOwners(ctx.store.db, DASHBOARD_LINKS.owners, ids),
    dashboardRoles(ctx.store.db, ids),
    tagsOfObjects(ctx.store.db, 'dashboard', ids),
  ]);
  const result = rows.map((row) => {
    const item = dashboardListItem(row, {
      owners: owners.get(row.id) ?? [],
      roles: roles.get(row.id) ?? [],
      tags: tags.get(row.id) ?? [],
    });
    return columns && columns.length > 0 ? selectFields(item, columns) : item;
  });
  return { count, ids, result };
}

export async function deleteDashboard(ctx: AppContext, user: AuthUser, id: number): Promise<void> {
  await editableDashboard(ctx, user, id);
  await deleteDashboards(ctx.store.db, [id]);
}

/** All or nothing: any missing or unseen id is a 404, any not owned a 403, and nothing is deleted. */
export async function bulkDeleteDashboards(ctx: AppContext, user: AuthUser, ids: number[]): Promise<string> {
  const unique = [...new Set(ids)];
  if ((await getDashboards(ctx.store.db, unique)).length !== unique.length) throw new HttpError(404, 'Not found');
  for (const id of unique) {
    const loaded = await loadDashboard(ctx, id);
    if (!loaded) throw new HttpError(404, 'Not found');
    if (!isOwnerOrAdmin(user, loaded.owners)) {
      await visibleDashboard(ctx, user, id);
      throw forbiddenEdit('dashboard');
    }
  }
  await deleteDashboards(ctx.store.db, unique);
  return `Deleted ${unique.length} dashboard${unique.length === 1 ? '' : 's'}`;
}
