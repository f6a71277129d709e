// Saving a chart (spec §2 save dialog, §7, §8): save as new or overwrite, onto an existing or a new dashboard,
// with the spec's success toasts and 'Failed to save slice'.
import type { AdhocFilter, QueryFormData } from '@nezha/core';
import { chartsActions } from '../../../chart-data/charts-slice';
import { buildChartQuery } from '../../../chart-data/run-chart-query';
import { addSuccessToast } from '../../../components/toasts/state/message-toasts';
import { t } from '../../../i18n/i18n';
import {
  type ChartSavePayload,
  createChart,
  createDashboard,
  fetchChartDashboardIds,
  fetchDashboardChoices,
  updateChart,
} from '../../api/chart-api';
import type { DashboardChoice, Datasource, SavedColumn, SavedMeasure, Slice } from '../../api/types';
import { exploreActions, exploreChartId, type SaveAction } from '../explore-slice';
import type { ExploreThunk } from '../index';
import { ADDED_TO_DASHBOARD, DASHBOARD_CREATED, format, OVERWRITTEN, SAVED } from '../messages';
import { saveModalActions } from '../save-modal-slice';

/** Where the chart goes besides being saved: nowhere, an existing dashboard, or one created for it. */
export type SaveTarget =
  | { kind: 'none' }
  | { kind: 'existing'; dashboard: DashboardChoice }
  | { kind: 'new'; title: string };

export interface SaveChartRequest {
  action: SaveAction;
  sliceName: string;
  target: SaveTarget;
}

/** Keys that describe this session of explore, not the chart. */
const UNSAVED_KEYS = ['force', 'dashboardId', 'can_make_sample_query'] as const;

/** The form data as saved: dashboard filters inherited by explore are not the chart's own (spec §8). */
export function formDataForSave(formData: QueryFormData): QueryFormData {
  const saved: QueryFormData = { ...formData };
  for (const key of UNSAVED_KEYS) delete saved[key];
  if (Array.isArray(saved.adhoc_filters)) {
    saved.adhoc_filters = (saved.adhoc_filters as AdhocFilter[]).filter((filter) => !filter.isExtra);
  }
  return saved;
}

const asList = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];

/**
 * The semantic entities the chart uses, by id (spec §7 saved_measures, saved_cols, saved_cohorts): measures named
 * as metrics, saved columns named as columns or filter subjects, cohorts of cohort filters.
 */
export function semanticReferences(
  formData: QueryFormData,
  layer: { savedMeasures: readonly SavedMeasure[]; savedColumns: readonly SavedColumn[] },
) {
  const metricNames = new Set(
    ['metrics', 'metric', 'percent_metrics', 'timeseries_limit_metric', 'series_limit_metric', 'saved_measures']
      .flatMap((key) => asList(formData[key]))
      .filter((metric): metric is string => typeof metric === 'string'),
  );
  const filters = asList(formData.adhoc_filters) as AdhocFilter[];
  const columnNames = new Set(
    [
      ...['groupby', 'columns', 'all_columns', 'x_axis', 'granularity_sqla', 'saved_cols'].flatMap((key) =>
        asList(formData[key]),
      ),
      ...filters.map((filter) => filter.subject),
    ].filter((column): column is string => typeof column === 'string'),
  );
  return {
    saved_measures: layer.savedMeasures
      .filter((measure) =>
        [measure.measure_name, ...(measure.saved_measures ?? []).map((d) => d.name)].some(
          (n) => n && metricNames.has(n),
        ),
      )
      .map((measure) => measure.id),
    saved_cols: layer.savedColumns.filter((column) => columnNames.has(column.column_name)).map((column) => column.id),
    saved_cohorts: [
      ...new Set(
        filters
          .filter(
            (filter) => filter.expressionType === 'COHORT' && filter.cohort !== null && filter.cohort !== undefined,
          )
          .map((filter) => Number(filter.cohort))
          .filter((id) => Number.isInteger(id) && id > 0),
      ),
    ],
  };
}

export function chartSavePayload(
  formData: QueryFormData,
  sliceName: string,
  datasource: Pick<Datasource, 'id' | 'type'>,
  dashboards: number[],
  layer: { savedMeasures: readonly SavedMeasure[]; savedColumns: readonly SavedColumn[] } = {
    savedMeasures: [],
    savedColumns: [],
  },
): ChartSavePayload {
  const saved = formDataForSave(formData);
  return {
    ...semanticReferences(saved, layer),
    params: JSON.stringify(saved),
    slice_name: sliceName,
    viz_type: saved.viz_type,
    datasource_id: datasource.id,
    datasource_type: datasource.type,
    dashboards: [...new Set(dashboards)],
    query_context: JSON.stringify(buildChartQuery(saved)),
    query_context_generation: true,
  };
}

/** The toasts of a successful save, in the spec's words. */
export function saveMessages(
  request: SaveChartRequest,
  dashboard: DashboardChoice | null,
  isNewSlice: boolean,
): string[] {
  const messages = [format(isNewSlice ? SAVED : OVERWRITTEN, t('Chart'), request.sliceName)];
  if (dashboard && request.target.kind === 'new') {
    messages.push(format(DASHBOARD_CREATED, dashboard.dashboard_title, request.sliceName));
  } else if (dashboard) {
    messages.push(format(ADDED_TO_DASHBOARD, request.sliceName, dashboard.dashboard_title));
  }
  return messages;
}

export interface SaveChartResult {
  sliceId: number;
  dashboard: DashboardChoice | null;
}

export function saveChart(request: SaveChartRequest): ExploreThunk<Promise<SaveChartResult>> {
  return async (dispatch, getState) => {
    const { explore } = getState();
    const { datasource, slice } = explore;
    const overwrite = request.action === 'overwrite' && slice !== null;
    try {
      if (!datasource) throw new Error('No datasource to save the chart on');
      let dashboard: DashboardChoice | null = null;
      if (request.target.kind === 'new') dashboard = await createDashboard(request.target.title);
      else if (request.target.kind === 'existing') dashboard = request.target.dashboard;
      const current = overwrite ? await fetchChartDashboardIds(slice.slice_id) : [];
      const payload = chartSavePayload(
        explore.form_data,
        request.sliceName,
        datasource,
        [...current, ...(dashboard ? [dashboard.id] : [])],
        explore,
      );
      const saved = overwrite ? await updateChart(slice.slice_id, payload) : await createChart(payload);
      const savedSlice: Slice = {
        slice_id: saved.id,
        slice_name: request.sliceName,
        viz_type: payload.viz_type,
        datasource_id: datasource.id,
        datasource_type: datasource.type,
        owners: overwrite ? slice.owners : [getState().session.user?.userId ?? 0],
        dashboards: dashboard ? [...(slice?.dashboards ?? []), dashboard] : (slice?.dashboards ?? []),
        form_data: formDataForSave(explore.form_data),
      };
      const previousId = exploreChartId(explore.form_data, slice);
      dispatch(exploreActions.sliceSaved({ slice: savedSlice, action: request.action }));
      if (previousId !== saved.id) dispatch(chartsActions.chartIdUpdated({ from: previousId, to: saved.id }));
      dispatch(saveModalActions.saveSucceeded({ kind: 'slice', data: saved }));
      dispatch(saveModalActions.saveModalVisibilitySet(false));
      for (const message of saveMessages(request, dashboard, !overwrite)) dispatch(addSuccessToast(message));
      return { sliceId: saved.id, dashboard };
    } catch (error) {
      dispatch(saveModalActions.saveFailed({ kind: 'slice' }));
      throw error;
    }
  };
}

/** The save dialog's dashboard choices: the user's own dashboards. */
export function loadDashboardChoices(): ExploreThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const userId = getState().session.user?.userId ?? 0;
    try {
      dispatch(saveModalActions.dashboardsFetched(await fetchDashboardChoices(userId)));
    } catch {
      dispatch(saveModalActions.dashboardsFetchFailed(userId));
    }
  };
}
