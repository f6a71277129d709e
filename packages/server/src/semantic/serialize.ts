// The JSON shapes of measures, cohorts and saved columns in answers, with their owners and dashboards.
import { humanizeDelta, type ObjectTag } from '@nezha/core';
import type { AppContext } from '../app/context.js';
import { parseParams } from '../saved-charts/form-data.js';
import { ownerJson, person } from '../saved-charts/serialize.js';
import { dashboardsByIds } from '../store/charts.js';
import type { CohortRecord } from '../store/cohorts.js';
import type { OwnerRecord } from '../store/dataset-fields.js';
import { LINKS, type LinkSpec, linkedIds, linkedOwners } from '../store/links.js';
import type { MeasureRecord } from '../store/measures.js';
import type { SavedColumnRow } from '../store/schema-charts.js';
import { tagsOfObjects } from '../store/tags.js';
import { parseNameList } from './access.js';
import { draftJson, measureDrafts } from './measure-definitions.js';

export interface EntityRelations {
  owners: Map<number, OwnerRecord[]>;
  dashboards: Map<number, Array<{ id: number; dashboard_title: string }>>;
  /** The tags on each object (its tag links), as chart and dashboard answers carry them. */
  tags: Map<number, ObjectTag[]>;
}
export type MeasureRelations = EntityRelations;

async function relations(
  ctx: AppContext,
  type: 'measure' | 'cohort',
  ownerLink: LinkSpec,
  dashboardLink: LinkSpec,
  ids: number[],
): Promise<EntityRelations> {
  const [owners, links, tags] = await Promise.all([
    linkedOwners(ctx.store.db, ownerLink, ids),
    linkedIds(ctx.store.db, dashboardLink, ids),
    tagsOfObjects(ctx.store.db, type, ids),
  ]);
  const all = await dashboardsByIds(ctx.store.db, [...new Set([...links.values()].flat())]);
  const byId = new Map(all.map(({ id, dashboard_title }) => [id, { id, dashboard_title }]));
  const dashboards = new Map(
    [...links].map(([id, dashboardIds]) => [id, dashboardIds.flatMap((d) => byId.get(d) ?? [])] as const),
  );
  return { owners, dashboards, tags };
}

export const measureRelations = (ctx: AppContext, ids: number[]) =>
  relations(ctx, 'measure', LINKS.measureOwners, LINKS.measureDashboards, ids);

export const cohortRelations = (ctx: AppContext, ids: number[]) =>
  relations(ctx, 'cohort', LINKS.cohortOwners, LINKS.cohortDashboards, ids);

function audit(row: {
  created_on: string;
  changed_on: string;
  changed_by_fk: number | null;
  changed_by_first_name: string | null;
  changed_by_last_name: string | null;
}) {
  return {
    created_on: row.created_on,
    changed_on: row.changed_on,
    changed_on_delta_humanized: humanizeDelta(row.changed_on),
    changed_by: person(row.changed_by_fk, row.changed_by_first_name, row.changed_by_last_name),
  };
}

function parseJsonText(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function measureJson(row: MeasureRecord, related: EntityRelations) {
  return {
    id: row.id,
    measure_id: row.id,
    uuid: row.uuid,
    measure_name: row.measure_name,
    viz_type: row.viz_type,
    datasource_id: row.datasource_id,
    datasource_type: row.datasource_type,
    datasource_name: row.datasource_name,
    params: row.params,
    query_context: row.query_context,
    description: row.description,
    tags: related.tags.get(row.id) ?? [],
    saved_measures: measureDrafts(parseParams(row.params), undefined, row.measure_name).map(draftJson),
    owners: (related.owners.get(row.id) ?? []).map(ownerJson),
    dashboards: related.dashboards.get(row.id) ?? [],
    ...audit(row),
  };
}

export function cohortJson(row: CohortRecord, related: EntityRelations) {
  const dimensions = parseNameList(row.dimensions);
  const options = parseJsonText(row.auto_complete_option);
  return {
    id: row.id,
    cohort_id: row.id,
    uuid: row.uuid,
    cohort_name: row.cohort_name,
    viz_type: row.viz_type,
    datasource_id: row.datasource_id,
    datasource_type: row.datasource_type,
    datasource_name: row.datasource_name,
    params: row.params,
    query_context: row.query_context,
    description: row.description,
    top_series: parseJsonText(row.top_series),
    actor: row.actor,
    has_dimension: row.has_dimension === 1,
    dimensions,
    auto_complete_option: Array.isArray(options) ? options : [],
    tags: related.tags.get(row.id) ?? [],
    owners: (related.owners.get(row.id) ?? []).map(ownerJson),
    dashboards: related.dashboards.get(row.id) ?? [],
    ...audit(row),
  };
}

export function savedColumnJson(row: SavedColumnRow, owners: OwnerRecord[]) {
  return {
    id: row.id,
    uuid: row.uuid,
    column_name: row.column_name,
    table_id: row.table_id,
    type: row.type,
    expression: row.expression,
    filterable: row.filterable === 1,
    groupby: row.groupby === 1,
    method: row.method,
    is_dttm: row.is_dttm === 1,
    form_data: parseJsonText(row.form_data),
    description: row.description,
    owners: owners.map(ownerJson),
    created_on: row.created_on,
    changed_on: row.changed_on,
    changed_on_delta_humanized: humanizeDelta(row.changed_on),
  };
}
