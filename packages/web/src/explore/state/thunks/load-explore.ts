// Opening explore: GET /api/v1/explore/ by slice id, datasource, permalink or form data key, then the chart entry,
// the favourite status and the dataset's semantic layer.

import { DEFAULT_VIZ_TYPE, parseDatasourceKey, type QueryFormData } from '@nezha/core';
import { isApiError } from '../../../api/api-error';
import { getCsrfToken } from '../../../api/csrf';
import { getGuestToken } from '../../../api/guest-token';
import { chartsActions } from '../../../chart-data/charts-slice';
import { preloadChartComponents } from '../../../charts/TransformedChart';
import { addDangerToast, addWarningToast } from '../../../components/toasts/state/message-toasts';
import {
  fetchChartFavoriteStatus,
  fetchCohorts,
  fetchExploreBootstrap,
  fetchSavedColumns,
  fetchSavedMeasures,
} from '../../api/explore-api';
import { fetchSemanticEntity } from '../../api/semantic-api';
import type { Datasource, ExploreBootstrap } from '../../api/types';
import { controlsWithErrors } from '../../controls/control-state';
import { exploreActions, initialExploreChart } from '../explore-slice';
import type { ExploreUrlState } from '../explore-url';
import { changeVizType } from '../form-data-transforms';
import type { ExploreThunk } from '../index';
import { runExploreChart } from './run-explore-chart';

/** The bootstrap's dataset as explore uses it; a missing dataset keeps the id of the form data's key. */
export function datasourceOf(dataset: ExploreBootstrap['dataset'], formData: Partial<QueryFormData>): Datasource {
  const key = typeof formData.datasource === 'string' ? parseDatasourceKey(formData.datasource) : null;
  const id = dataset.id ?? key?.id ?? 0;
  const type = dataset.type || key?.type || 'table';
  return {
    ...dataset,
    id,
    type,
    uid: dataset.uid ?? `${id}__${type}`,
    name: dataset.name,
    database: dataset.database ?? { id: 0, backend: '' },
    columns: dataset.columns ?? [],
    metrics: dataset.metrics ?? [],
  };
}

/** The form data explore starts from: the server's, the URL's overrides, its parameters and dashboard. */
export function initialFormData(
  bootstrap: ExploreBootstrap,
  url: ExploreUrlState,
  datasource: Datasource,
): QueryFormData {
  const base = { ...bootstrap.form_data, ...(url.formData ?? {}) } as Partial<QueryFormData>;
  let formData: QueryFormData = {
    ...base,
    datasource: typeof base.datasource === 'string' && base.datasource ? base.datasource : datasource.uid,
    viz_type: base.viz_type || bootstrap.slice?.viz_type || DEFAULT_VIZ_TYPE,
  };
  if (Object.keys(url.urlParams).length > 0) {
    formData.url_params = { ...((formData.url_params as Record<string, string> | undefined) ?? {}), ...url.urlParams };
  }
  if (url.dashboardId) formData.dashboardId = url.dashboardId;
  if (url.vizType && url.vizType !== formData.viz_type) formData = changeVizType(formData, {}, url.vizType).formData;
  return formData;
}

function messageOf(error: unknown): string {
  return isApiError(error) ? error.message : error instanceof Error ? error.message : String(error);
}

const ID_FIELDS = { measure: 'measure_id', cohort: 'cohort_id', column: 'saved_column_id' } as const;

/**
 * A URL naming a saved measure, cohort or column opens its dataset with the form data it was saved with, its id
 * (so that Save overwrites it) and its name.
 */
async function withSemanticEntity(url: ExploreUrlState): Promise<{ url: ExploreUrlState; name: string | null }> {
  const target = url.semanticEntity;
  if (!target) return { url, name: null };
  const entity = await fetchSemanticEntity(target.kind, target.id);
  let params: Partial<QueryFormData> = {};
  try {
    const parsed: unknown = entity.params ? JSON.parse(entity.params) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) params = parsed as Partial<QueryFormData>;
  } catch {
    // Unreadable params open the entity's viz type with its defaults.
  }
  const formData = {
    ...params,
    viz_type: entity.vizType,
    datasource: `${entity.datasourceId}__${entity.datasourceType}`,
    [ID_FIELDS[target.kind]]: target.id,
  } as Partial<QueryFormData>;
  return {
    url: { ...url, datasourceId: entity.datasourceId, datasourceType: entity.datasourceType, formData },
    name: entity.name,
  };
}

export function loadExplore(
  given: ExploreUrlState,
  options: { sqlMaxRow: number | null },
): ExploreThunk<Promise<void>> {
  return async (dispatch, getState) => {
    dispatch(exploreActions.exploreLoadStarted());
    // The chart's query is a POST: its token arrives beside the bootstrap instead of after it.
    const csrf = getGuestToken() ? Promise.resolve() : getCsrfToken().catch(() => undefined);
    let bootstrap: ExploreBootstrap;
    let url = given;
    let entityName: string | null = null;
    try {
      ({ url, name: entityName } = await withSemanticEntity(given));
      bootstrap = await fetchExploreBootstrap({
        ...(url.sliceId ? { sliceId: url.sliceId } : {}),
        ...(url.datasourceId ? { datasourceId: url.datasourceId } : {}),
        ...(url.datasourceType ? { datasourceType: url.datasourceType } : {}),
        ...(url.permalinkKey ? { permalinkKey: url.permalinkKey } : {}),
        ...(url.formDataKey ? { formDataKey: url.formDataKey } : {}),
      });
      // Known before the state changes, the token lets the chart's request leave before React draws the page.
      await csrf;
    } catch (error) {
      dispatch(exploreActions.exploreLoadFailed(messageOf(error)));
      return;
    }
    const datasource = datasourceOf(bootstrap.dataset, bootstrap.form_data);
    const formData = initialFormData(bootstrap, url, datasource);
    // The chart's code downloads while its query runs, instead of after the data came back.
    preloadChartComponents([formData.viz_type]);
    dispatch(
      exploreActions.exploreHydrated({
        formData,
        datasource,
        slice: bootstrap.slice,
        metadata: bootstrap.metadata,
        message: bootstrap.message,
        can_add: bootstrap.can_add,
        can_download: bootstrap.can_download,
        can_overwrite: bootstrap.can_overwrite,
        force: url.force,
        standalone: url.standalone,
        sqlMaxRow: options.sqlMaxRow,
      }),
    );
    if (entityName) dispatch(exploreActions.sliceNameChanged(entityName));
    if (bootstrap.message) dispatch(addWarningToast(bootstrap.message));
    const hydrated = getState().explore;
    const chart = initialExploreChart(hydrated.form_data, hydrated.slice);
    dispatch(chartsActions.chartAdded(chart));
    // The query starts now, while the page draws its panels, rather than from an effect after that first (long)
    // render. Controls with errors leave it to the page, which runs it once they are fixed.
    if (chart.triggerQuery && controlsWithErrors(hydrated.form_data.viz_type, hydrated.controls).length === 0) {
      void dispatch(
        runExploreChart(chart.id, hydrated.form_data, { force: hydrated.force, dashboardId: url.dashboardId }),
      );
    }
    await Promise.all([
      hydrated.slice ? dispatch(loadFavoriteStatus(hydrated.slice.slice_id)) : Promise.resolve(),
      datasource.id > 0 ? dispatch(loadSemanticLayer(datasource.id)) : Promise.resolve(),
    ]);
  };
}

function loadFavoriteStatus(chartId: number): ExploreThunk<Promise<void>> {
  return async (dispatch) => {
    try {
      dispatch(exploreActions.starToggled(await fetchChartFavoriteStatus(chartId)));
    } catch {
      // The star stays off; starring again reports its own failure.
    }
  };
}

/** Measures, saved columns and cohorts are extras: a failure leaves them empty and says so once. */
export function loadSemanticLayer(datasetId: number): ExploreThunk<Promise<void>> {
  return async (dispatch) => {
    const settled = await Promise.allSettled([
      fetchSavedMeasures(datasetId),
      fetchSavedColumns(datasetId),
      fetchCohorts(datasetId),
    ]);
    const [measures, columns, cohorts] = settled;
    dispatch(
      exploreActions.semanticLayerLoaded({
        savedMeasures: measures.status === 'fulfilled' ? measures.value : [],
        savedColumns: columns.status === 'fulfilled' ? columns.value : [],
        cohorts: cohorts.status === 'fulfilled' ? cohorts.value : [],
      }),
    );
    const failed = settled.find((result) => result.status === 'rejected');
    if (failed && failed.status === 'rejected' && !(isApiError(failed.reason) && failed.reason.status === 403)) {
      dispatch(addDangerToast(messageOf(failed.reason), { noDuplicate: true }));
    }
  };
}
