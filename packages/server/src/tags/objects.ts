// What a tag may point at: for each object type, who may see it (and how it is named and reached) and who may
// tag it. Each rule is asked of the object's own access module, so tags never widen what a caller reaches.
import type { TaggableType, TaggedObjectEntity } from '@nezha/core';
import type { AppContext } from '../app/context.js';
import { editableDashboard, visibleDashboard } from '../dashboards/access.js';
import { readableDataset } from '../datasets/lookup.js';
import { HttpError, NezhaError } from '../errors/nezha-error.js';
import { ownedChart, visibleChart } from '../saved-charts/access.js';
import { readSavedQuery } from '../saved-queries/service.js';
import type { AuthUser } from '../security/current-user.js';
import { userIsAdmin } from '../security/current-user.js';
import { isDatasetOwner } from '../security/dataset-access.js';
import { readCohort } from '../semantic/cohorts.js';
import { readMeasure } from '../semantic/measures.js';
import type { cohortJson, measureJson } from '../semantic/serialize.js';

export type TaggedEntity = Omit<TaggedObjectEntity, 'tags'>;

interface Person {
  id: number;
  first_name: string;
  last_name: string;
}

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');
const people = (owners: readonly Person[]) =>
  owners.map((owner) => ({ id: owner.id, first_name: owner.first_name, last_name: owner.last_name }));

/** A refusal that means "not yours to see/change" (404 hides, 403 refuses), as opposed to a failure. */
function isRefusal(error: unknown): boolean {
  return (
    (error instanceof HttpError && (error.status === 404 || error.status === 403)) ||
    (error instanceof NezhaError && (error.status === 404 || error.status === 403))
  );
}

async function orUndefined<T>(load: () => Promise<T>): Promise<T | undefined> {
  try {
    return await load();
  } catch (error) {
    if (isRefusal(error)) return undefined;
    throw error;
  }
}

interface Kind {
  /** The object as the caller may see it; undefined when it is missing or hidden from the caller. */
  visible(ctx: AppContext, user: AuthUser, id: number): Promise<TaggedEntity | undefined>;
  /** Whether the caller may change the object (and so tag it); false too when the caller cannot see it. */
  writable(ctx: AppContext, user: AuthUser, id: number): Promise<boolean>;
}

const isOwnerOrAdmin = (user: AuthUser, owners: readonly { id: number }[]) =>
  userIsAdmin(user) || owners.some((owner) => owner.id === user.id);

const KINDS: Record<TaggableType, Kind> = {
  chart: {
    visible: async (ctx, user, id) => {
      const loaded = await orUndefined(() => visibleChart(ctx, user, id));
      if (!loaded) return undefined;
      const { chart, owners } = loaded;
      return {
        id,
        type: 'chart',
        name: chart.slice_name,
        url: `/explore/?slice_id=${id}`,
        changed_on: chart.changed_on,
        created_by: chart.created_by_fk,
        creator: fullName(chart.created_by_first_name, chart.created_by_last_name),
        owners: people(owners),
      };
    },
    writable: async (ctx, user, id) => (await orUndefined(() => ownedChart(ctx, user, id))) !== undefined,
  },
  dashboard: {
    visible: async (ctx, user, id) => {
      const loaded = await orUndefined(() => visibleDashboard(ctx, user, id));
      if (!loaded) return undefined;
      const { dashboard, owners } = loaded;
      return {
        id,
        type: 'dashboard',
        name: dashboard.dashboard_title ?? '',
        url: `/nezha/dashboard/${id}/`,
        changed_on: dashboard.changed_on,
        created_by: dashboard.created_by_fk,
        creator: fullName(dashboard.created_by_first_name, dashboard.created_by_last_name),
        owners: people(owners),
      };
    },
    writable: async (ctx, user, id) => (await orUndefined(() => editableDashboard(ctx, user, id))) !== undefined,
  },
  dataset: {
    visible: async (ctx, user, id) => {
      const full = await orUndefined(() => readableDataset(ctx, user, id));
      if (!full) return undefined;
      const { dataset, owners } = full;
      return {
        id,
        type: 'dataset',
        name: dataset.table_name,
        url: `/explore/?datasource_type=table&datasource_id=${id}`,
        changed_on: dataset.changed_on,
        created_by: dataset.created_by_fk,
        creator: fullName(dataset.created_by_first_name, dataset.created_by_last_name),
        owners: people(owners),
      };
    },
    writable: async (ctx, user, id) => {
      const full = await orUndefined(() => readableDataset(ctx, user, id));
      return (
        full !== undefined &&
        isDatasetOwner(
          user,
          full.owners.map((owner) => owner.id),
        )
      );
    },
  },
  // A saved query is its author's alone (Superset's SavedQueryFilter): seeing it and changing it are one right.
  query: {
    visible: async (ctx, user, id) => {
      const query = await orUndefined(() => readSavedQuery(ctx, user, id));
      if (!query) return undefined;
      return {
        id,
        type: 'query',
        name: query.label ?? '',
        url: `/sqllab/?savedQueryId=${id}`,
        changed_on: query.changed_on,
        created_by: query.created_by?.id ?? null,
        creator: query.created_by ? fullName(query.created_by.first_name, query.created_by.last_name) : '',
        owners: query.created_by ? [query.created_by] : [],
      };
    },
    writable: async (ctx, user, id) => (await orUndefined(() => readSavedQuery(ctx, user, id))) !== undefined,
  },
  measure: {
    visible: async (ctx, user, id) => {
      const read = await orUndefined(() => readMeasure(ctx, user, id));
      if (!read) return undefined;
      const measure = read.result as MeasureShape;
      return semanticEntity('measure', id, measure.measure_name, measure);
    },
    writable: async (ctx, user, id) => {
      const read = await orUndefined(() => readMeasure(ctx, user, id));
      return read !== undefined && isOwnerOrAdmin(user, (read.result as MeasureShape).owners);
    },
  },
  cohort: {
    visible: async (ctx, user, id) => {
      const read = await orUndefined(() => readCohort(ctx, user, id));
      if (!read) return undefined;
      const cohort = read.result as CohortShape;
      return semanticEntity('cohort', id, cohort.cohort_name, cohort);
    },
    writable: async (ctx, user, id) => {
      const read = await orUndefined(() => readCohort(ctx, user, id));
      return read !== undefined && isOwnerOrAdmin(user, (read.result as CohortShape).owners);
    },
  },
};

// A measure's and a cohort's read answer, read without `columns`: the whole object.
type MeasureShape = ReturnType<typeof measureJson>;
type CohortShape = ReturnType<typeof cohortJson>;
type SemanticShape = Pick<MeasureShape, 'changed_on' | 'owners'>;

function semanticEntity(type: 'measure' | 'cohort', id: number, name: string, row: SemanticShape): TaggedEntity {
  return {
    id,
    type,
    name,
    // Explore opens a measure or a cohort for editing by its id.
    url: `/explore/?${type}_id=${id}`,
    changed_on: row.changed_on,
    created_by: null,
    creator: '',
    owners: people(row.owners),
  };
}

export function visibleObject(ctx: AppContext, user: AuthUser, type: TaggableType, id: number) {
  return KINDS[type].visible(ctx, user, id);
}

export function mayTag(ctx: AppContext, user: AuthUser, type: TaggableType, id: number) {
  return KINDS[type].writable(ctx, user, id);
}
