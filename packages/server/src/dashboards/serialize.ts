// The JSON shapes of dashboards: Superset's /api/v1/dashboard/ list items and detail (with the caller's derived
// permissions), and the chart objects of /{id}/charts.
import { type DashboardPermissions, humanizeDelta, type ObjectTag } from '@nezha/core';
import { exploreUrl } from '../datasets/serialize.js';
import { sliceFormData } from '../saved-charts/form-data.js';
import { fullName, ownerJson, person, sliceUrl } from '../saved-charts/serialize.js';
import type { ChartRecord } from '../store/charts.js';
import type { DashboardRecord } from '../store/dashboards.js';
import type { OwnerRecord } from '../store/dataset-fields.js';

export const dashboardUrl = (dashboard: Pick<DashboardRecord, 'id' | 'slug'>) =>
  `/nezha/dashboard/${dashboard.slug || dashboard.id}/`;

export const dashboardPermalinkUrl = (key: string) => `/nezha/dashboard/p/${key}/`;

/** Superset's last_modified_time: changed_on in whole seconds since the epoch. */
export function lastModifiedTime(changedOn: string): number {
  return Math.floor(Date.parse(changedOn) / 1000);
}

export interface DashboardRelations {
  owners: OwnerRecord[];
  roles: Array<{ id: number; name: string }>;
  /** Superset's `tags` field: the dashboard's tags. */
  tags?: ObjectTag[];
}

function commonFields(dashboard: DashboardRecord, relations: DashboardRelations) {
  return {
    id: dashboard.id,
    uuid: dashboard.uuid,
    slug: dashboard.slug,
    url: dashboardUrl(dashboard),
    dashboard_title: dashboard.dashboard_title,
    published: dashboard.published === 1,
    status: dashboard.published === 1 ? 'published' : 'draft',
    css: dashboard.css,
    position_json: dashboard.position_json,
    json_metadata: dashboard.json_metadata,
    certified_by: dashboard.certified_by,
    certification_details: dashboard.certification_details,
    owners: relations.owners.map(ownerJson),
    roles: relations.roles.map(({ id, name }) => ({ id, name })),
    created_on: dashboard.created_on,
    created_on_delta_humanized: humanizeDelta(dashboard.created_on),
    created_by: person(dashboard.created_by_fk, dashboard.created_by_first_name, dashboard.created_by_last_name),
    changed_on: dashboard.changed_on,
    changed_on_utc: dashboard.changed_on,
    changed_on_delta_humanized: humanizeDelta(dashboard.changed_on),
    changed_by: person(dashboard.changed_by_fk, dashboard.changed_by_first_name, dashboard.changed_by_last_name),
    changed_by_name: fullName(dashboard.changed_by_first_name, dashboard.changed_by_last_name),
    thumbnail_url: null,
    tags: relations.tags ?? [],
    is_managed_externally: false,
    external_url: null,
  };
}

/** One item of GET /api/v1/dashboard/. */
export function dashboardListItem(dashboard: DashboardRecord, relations: DashboardRelations) {
  return commonFields(dashboard, relations);
}

/** GET /api/v1/dashboard/{id_or_slug}: the entity, its charts' names and what the caller may do with it. */
export function dashboardDetail(
  dashboard: DashboardRecord,
  relations: DashboardRelations,
  chartNames: string[],
  permissions: DashboardPermissions,
) {
  return {
    ...commonFields(dashboard, relations),
    charts: chartNames,
    last_modified_time: lastModifiedTime(dashboard.changed_on),
    ...permissions,
  };
}

/** One chart of GET /api/v1/dashboard/{id_or_slug}/charts: what the dashboard needs to lay out and query it. */
export function dashboardChart(chart: ChartRecord) {
  const isTable = chart.datasource_type === 'table' && chart.datasource_id !== null;
  return {
    id: chart.id,
    uuid: chart.uuid,
    slice_id: chart.id,
    slice_name: chart.slice_name,
    slice_url: sliceUrl(chart.id),
    url: sliceUrl(chart.id),
    viz_type: chart.viz_type,
    form_data: sliceFormData(chart),
    query_context: chart.query_context,
    description: chart.description,
    description_markeddown: chart.description ?? '',
    cache_timeout: chart.cache_timeout,
    certified_by: chart.certified_by,
    certification_details: chart.certification_details,
    datasource_id: chart.datasource_id,
    datasource_type: chart.datasource_type,
    datasource_name: chart.datasource_name,
    datasource_url:
      isTable && chart.datasource_name !== null
        ? exploreUrl({ id: chart.datasource_id as number, default_endpoint: null })
        : null,
    database_id: chart.database_id,
    changed_on: chart.changed_on,
    modified: humanizeDelta(chart.changed_on),
    is_managed_externally: false,
  };
}
