// The JSON shapes of charts: Superset's /api/v1/chart/ list items and detail, with the spec's Chart fields
// (slice_id, slice_url, form_data, saved_measures, columns_in_chart, …), and the explore view's `slice`.
import { humanizeDelta, type ObjectTag } from '@nezha/core';
import type { AppContext } from '../app/context.js';
import { exploreUrl } from '../datasets/serialize.js';
import { type ChartRecord, dashboardsByIds } from '../store/charts.js';
import { getCohorts } from '../store/cohorts.js';
import type { OwnerRecord } from '../store/dataset-fields.js';
import { LINKS, linkedIds, linkedOwners } from '../store/links.js';
import { getMeasures } from '../store/measures.js';
import { getSavedColumns } from '../store/saved-columns.js';
import { tagsOfObjects } from '../store/tags.js';
import { cohortsInChart, columnsInChart, parseParams, sliceFormData } from './form-data.js';

export interface ChartRelations {
  owners: OwnerRecord[];
  dashboards: Array<{ id: number; dashboard_title: string; json_metadata: string | null }>;
  savedMeasures: Array<{ id: number; measure_name: string }>;
  savedColumns: Array<{ id: number; column_name: string }>;
  savedCohorts: Array<{ id: number; cohort_name: string }>;
  tags: ObjectTag[];
}

export function person(
  id: number | null,
  first: string | null,
  last: string | null,
): { id: number; first_name: string; last_name: string } | null {
  return id === null ? null : { id, first_name: first ?? '', last_name: last ?? '' };
}

export function fullName(first: string | null, last: string | null): string | null {
  return first === null && last === null ? null : `${first ?? ''} ${last ?? ''}`.trim();
}

export const ownerJson = ({ id, first_name, last_name }: OwnerRecord) => ({ id, first_name, last_name });

export const sliceUrl = (id: number) => `/explore/?slice_id=${id}`;

function datasourceFields(chart: ChartRecord) {
  const isTable = chart.datasource_type === 'table' && chart.datasource_id !== null;
  return {
    datasource_id: chart.datasource_id,
    datasource_type: chart.datasource_type,
    datasource_name: chart.datasource_name,
    datasource_name_text:
      chart.datasource_name === null
        ? null
        : chart.datasource_schema
          ? `${chart.datasource_schema}.${chart.datasource_name}`
          : chart.datasource_name,
    datasource_url:
      isTable && chart.datasource_name !== null
        ? exploreUrl({ id: chart.datasource_id as number, default_endpoint: null })
        : null,
  };
}

function authorFields(chart: ChartRecord) {
  return {
    created_on: chart.created_on,
    changed_on: chart.changed_on,
    changed_on_utc: chart.changed_on,
    changed_on_delta_humanized: humanizeDelta(chart.changed_on),
    created_by: person(chart.created_by_fk, chart.created_by_first_name, chart.created_by_last_name),
    changed_by: person(chart.changed_by_fk, chart.changed_by_first_name, chart.changed_by_last_name),
    changed_by_name: fullName(chart.changed_by_first_name, chart.changed_by_last_name),
    last_saved_at: chart.changed_on,
    last_saved_by: person(chart.changed_by_fk, chart.changed_by_first_name, chart.changed_by_last_name),
  };
}

/** One item of GET /api/v1/chart/. */
export function chartListItem(
  chart: ChartRecord,
  owners: OwnerRecord[],
  dashboards: Array<{ id: number; dashboard_title: string }>,
  tags: ObjectTag[] = [],
) {
  return {
    id: chart.id,
    uuid: chart.uuid,
    slice_name: chart.slice_name,
    url: sliceUrl(chart.id),
    viz_type: chart.viz_type,
    params: chart.params,
    description: chart.description,
    cache_timeout: chart.cache_timeout,
    certified_by: chart.certified_by,
    certification_details: chart.certification_details,
    is_managed_externally: false,
    thumbnail_url: null,
    tags,
    owners: owners.map(ownerJson),
    dashboards: dashboards.map(({ id, dashboard_title }) => ({ id, dashboard_title })),
    ...datasourceFields(chart),
    ...authorFields(chart),
  };
}

/** GET /api/v1/chart/{id}: Superset's chart entity with the spec's Chart fields. */
export function chartDetail(chart: ChartRecord, relations: ChartRelations) {
  const formData = sliceFormData(chart);
  return {
    id: chart.id,
    uuid: chart.uuid,
    slice_id: chart.id,
    slice_name: chart.slice_name,
    slice_url: sliceUrl(chart.id),
    url: sliceUrl(chart.id),
    viz_type: chart.viz_type,
    ...datasourceFields(chart),
    params: chart.params,
    form_data: formData,
    query_context: chart.query_context,
    description: chart.description,
    cache_timeout: chart.cache_timeout,
    certified_by: chart.certified_by,
    certification_details: chart.certification_details,
    is_managed_externally: false,
    owners: relations.owners.map(ownerJson),
    dashboards: relations.dashboards,
    saved_measures: relations.savedMeasures,
    saved_cols: relations.savedColumns,
    saved_cohorts: relations.savedCohorts,
    modified: humanizeDelta(chart.changed_on),
    thumbnail_url: null,
    tags: relations.tags,
    columns_in_chart: columnsInChart(parseParams(chart.params)),
    cohorts_in_chart: cohortsInChart(parseParams(chart.params)),
    ...authorFields(chart),
  };
}

/** Superset's slice.data, as the explore bootstrap carries it: owners by id. */
export function sliceData(chart: ChartRecord, relations: ChartRelations) {
  const detail = chartDetail(chart, relations);
  return {
    ...detail,
    changed_on_humanized: humanizeDelta(chart.changed_on),
    datasource: chart.datasource_name,
    edit_url: `/chart/edit/${chart.id}`,
    owners: relations.owners.map((owner) => owner.id),
  };
}

export async function chartRelations(ctx: AppContext, chart: ChartRecord): Promise<ChartRelations> {
  const db = ctx.store.db;
  const ids = [chart.id];
  const [owners, dashboardIds, measureIds, columnIds, cohortIds, tags] = await Promise.all([
    linkedOwners(db, LINKS.sliceOwners, ids),
    linkedIds(db, LINKS.sliceDashboards, ids),
    linkedIds(db, LINKS.sliceMeasures, ids),
    linkedIds(db, LINKS.sliceSavedColumns, ids),
    linkedIds(db, LINKS.sliceCohorts, ids),
    tagsOfObjects(db, 'chart', ids),
  ]);
  const [dashboards, measures, columns, cohorts] = await Promise.all([
    dashboardsByIds(db, dashboardIds.get(chart.id) ?? []),
    getMeasures(db, measureIds.get(chart.id) ?? []),
    getSavedColumns(db, columnIds.get(chart.id) ?? []),
    getCohorts(db, cohortIds.get(chart.id) ?? []),
  ]);
  return {
    owners: owners.get(chart.id) ?? [],
    dashboards: dashboards.map(({ id, dashboard_title, json_metadata }) => ({ id, dashboard_title, json_metadata })),
    savedMeasures: measures.map(({ id, measure_name }) => ({ id, measure_name })),
    savedColumns: columns.map(({ id, column_name }) => ({ id, column_name })),
    savedCohorts: cohorts.map(({ id, cohort_name }) => ({ id, cohort_name })),
    tags: tags.get(chart.id) ?? [],
  };
}
