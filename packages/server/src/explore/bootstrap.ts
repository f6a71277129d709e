// GET /api/v1/explore/: what the explore view opens with (Superset's GetExploreCommand): the form data from a
// permalink, a form-data key, a chart or a dataset; the datasource JSON; the chart; and the caller's rights.
import { humanizeDelta, parseDatasourceKey } from '@nezha/core';
import type { AppContext } from '../app/context.js';
import { datasourceData } from '../datasets/datasource-data.js';
import { engineOf, exploredDataset } from '../datasets/lookup.js';
import { HttpError } from '../errors/nezha-error.js';
import { isOwnerOrAdmin } from '../saved-charts/access.js';
import { sliceFormData } from '../saved-charts/form-data.js';
import { chartRelations, fullName, sliceData } from '../saved-charts/serialize.js';
import { type AuthUser, userHasPermission } from '../security/current-user.js';
import { type ChartRecord, getChart } from '../store/charts.js';
import type { DatasetFull } from '../store/datasets.js';
import { asFormData, type FormData, positiveId } from './form-data-access.js';
import { readFormDataEntry } from './form-data-cache.js';
import { readExplorePermalink } from './permalinks.js';

export interface ExploreQuery {
  slice_id?: number | undefined;
  datasource_id?: number | undefined;
  datasource_type?: string | undefined;
  permalink_key?: string | undefined;
  form_data_key?: string | undefined;
}

/** The form data the request points at, and Superset's message when a form-data key was not found. */
async function initialFormData(ctx: AppContext, user: AuthUser, query: ExploreQuery) {
  let formData: FormData = {};
  let message: string | null = null;
  if (query.permalink_key) {
    const { state } = await readExplorePermalink(ctx, user, query.permalink_key);
    formData = { ...state.formData };
    const params = state.urlParams;
    if (params && (Array.isArray(params) ? params.length > 0 : Object.keys(params).length > 0)) {
      formData.url_params = Array.isArray(params) ? Object.fromEntries(params) : params;
    }
  } else if (query.form_data_key) {
    const text = await readFormDataEntry(ctx, user, query.form_data_key);
    formData = (text && asFormData(JSON.parse(text))) || {};
  }
  if (Object.keys(formData).length === 0) {
    if (query.slice_id !== undefined) {
      formData.slice_id = query.slice_id;
      if (query.form_data_key) message = 'Form data not found in cache, reverting to chart metadata.';
    } else if (query.datasource_id !== undefined) {
      formData.datasource = `${query.datasource_id}__${query.datasource_type ?? 'table'}`;
      if (query.form_data_key) message = 'Form data not found in cache, reverting to dataset metadata.';
    }
  }
  return { formData, message };
}

/** Superset's dummy datasource when the chart's dataset is gone. */
function missingDataset(type: string) {
  return { type, name: '[Missing Dataset]', columns: [], metrics: [], database: { id: 0, backend: '' } };
}

function chartMetadata(chart: ChartRecord, relations: Awaited<ReturnType<typeof chartRelations>>) {
  const names = (first: string | null, last: string | null) => fullName(first, last) ?? undefined;
  return {
    created_on_humanized: humanizeDelta(chart.created_on),
    changed_on_humanized: humanizeDelta(chart.changed_on),
    owners: relations.owners.map((owner) => `${owner.first_name} ${owner.last_name}`.trim()),
    dashboards: relations.dashboards.map(({ id, dashboard_title }) => ({ id, dashboard_title })),
    created_by: names(chart.created_by_first_name, chart.created_by_last_name),
    changed_by: names(chart.changed_by_first_name, chart.changed_by_last_name),
  };
}

export async function exploreBootstrap(ctx: AppContext, user: AuthUser, query: ExploreQuery) {
  const { formData: initial, message } = await initialFormData(ctx, user, query);
  const sliceId = query.slice_id ?? positiveId(initial.slice_id);
  const chart = sliceId === undefined ? undefined : await getChart(ctx.store.db, sliceId);
  if (sliceId !== undefined && !chart) throw new HttpError(404, 'Chart not found');

  // The chart's saved form data, overlaid with whatever the request brought (Superset's get_form_data).
  const formData: FormData = chart ? { ...sliceFormData(chart), ...initial } : { ...initial };
  const key = typeof formData.datasource === 'string' ? parseDatasourceKey(formData.datasource) : null;
  const datasourceId = query.datasource_id ?? key?.id ?? chart?.datasource_id ?? undefined;
  const datasourceType = query.datasource_type ?? key?.type ?? chart?.datasource_type ?? 'table';
  let full: DatasetFull | undefined;
  if (datasourceId !== undefined && datasourceId !== null && datasourceType === 'table') {
    try {
      full = await exploredDataset(ctx, user, datasourceId);
    } catch (error) {
      // A deleted dataset still opens, as Superset's "[Missing Dataset]"; a refused one does not.
      if (!(error instanceof HttpError && error.status === 404)) throw error;
    }
  }
  if (datasourceId !== undefined && datasourceId !== null) formData.datasource = `${datasourceId}__${datasourceType}`;

  const relations = chart ? await chartRelations(ctx, chart) : undefined;
  return {
    result: {
      dataset: full ? datasourceData(full, engineOf(full).dialect) : missingDataset(datasourceType),
      form_data: formData,
      slice: chart && relations ? sliceData(chart, relations) : null,
      message,
      metadata: chart && relations ? chartMetadata(chart, relations) : null,
      can_add: userHasPermission(user, 'can_write', 'Chart'),
      can_download: userHasPermission(user, 'can_csv', 'Superset'),
      can_overwrite: relations ? isOwnerOrAdmin(user, relations.owners) : false,
    },
  };
}
