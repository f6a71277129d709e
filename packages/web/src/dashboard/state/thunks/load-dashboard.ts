// Opening a dashboard: the dashboard, its charts and favourite status, then its datasets; the layout, native
// filters and data mask built with core, edit mode from the URL and the user's permissions.
import {
  chartsInFirstView,
  componentPath,
  componentsInOrder,
  type DashboardLayout,
  type DataMask,
  initialDataMask,
  initialEditMode,
  loadLayout,
  normalizeDashboardMetadata,
  updateDataMask,
} from '@nezha/core';
import { getCsrfToken } from '../../../api/csrf';
import { chartsActions } from '../../../chart-data/charts-slice';
import { registerAllCharts } from '../../../charts';
import { applyDashboardLabelColors } from '../../../charts/shared/label-colors';
import { preloadChartComponents } from '../../../charts/TransformedChart';
import {
  type DashboardPermalinkState,
  fetchDashboard,
  fetchDashboardCharts,
  fetchDashboardDatasets,
  fetchDashboardFavoriteStatus,
} from '../../api/dashboard-api';
import type { DashboardUrlState } from '../../url-state';
import { dashboardLoaded } from '../dashboard-events';
import { dashboardStateActions } from '../dashboard-state';
import type { DashboardThunk } from '../index';
import { sliceEntitiesActions } from '../slice-entities';
import { requestChartData, resetChartData, sendChartDataNow } from './chart-data';

/** As the charts' IntersectionObserver margin: charts this close below the fold load with the first ones. */
const FIRST_VIEW_MARGIN_PX = 200;

/** The first tab of every tabs container, except where the path to a focused component picks another. */
export function initialActiveTabs(layout: DashboardLayout, pathToChild: readonly string[] = []): string[] {
  const active: string[] = [];
  for (const component of componentsInOrder(layout)) {
    if (component.type !== 'TABS' || component.children.length === 0) continue;
    const chosen = component.children.find((tabId) => pathToChild.includes(tabId)) ?? component.children[0]!;
    active.push(chosen);
  }
  return active;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface LoadOptions {
  url: DashboardUrlState;
  permalink?: DashboardPermalinkState;
}

export function loadDashboard(idOrSlug: string, { url, permalink }: LoadOptions): DashboardThunk<Promise<number>> {
  return async (dispatch, getState) => {
    dispatch(resetChartData());
    registerAllCharts();
    // The dashboard, its charts and its datasets are asked for at once (the routes take the slug too); a failed
    // dashboard makes the others moot, so their failures are only noted where they are awaited.
    const chartsRequest = fetchDashboardCharts(idOrSlug);
    const datasetsRequest = fetchDashboardDatasets(idOrSlug);
    chartsRequest.catch(() => undefined);
    datasetsRequest.catch(() => undefined);
    // The chart data batch is a POST: its CSRF token comes meanwhile, not after the charts are known.
    getCsrfToken().catch(() => undefined);
    const detail = await fetchDashboard(idOrSlug);
    // The star is not worth waiting for: it lights up when its answer comes.
    const starred = fetchDashboardFavoriteStatus(detail.id).catch(() => false);
    const slices = await chartsRequest;
    // Chart code (ECharts with it) loads and compiles while the chart queries run, not after they answer.
    preloadChartComponents(slices.map((slice) => slice.viz_type));
    const metadata = normalizeDashboardMetadata(detail.json_metadata);
    applyDashboardLabelColors(metadata, metadata.color_scheme, { reset: true });
    const layout = loadLayout(detail.position_json, {
      title: detail.dashboard_title,
      charts: slices.map((slice) => ({ chartId: slice.slice_id, sliceName: slice.slice_name })),
    });

    // Filter values: a permalink's, else the URL's, else each filter's default.
    const known: Record<string, DataMask> = {};
    const saved = permalink?.dataMask ?? url.nativeFilters ?? {};
    for (const [id, mask] of Object.entries(saved)) if (isRecord(mask)) known[id] = mask as DataMask;
    let dataMask = initialDataMask(metadata.native_filter_configuration, known);
    for (const [id, mask] of Object.entries(known)) {
      if (!dataMask[id] && /^\d+$/.test(id)) dataMask = updateDataMask(dataMask, id, mask);
    }

    const focused = url.focusedChartId
      ? componentsInOrder(layout).find((component) => component.meta.chartId === url.focusedChartId)
      : undefined;
    const directPathToChild = focused ? componentPath(layout, focused.id) : [];
    const flags = getState().session.common?.feature_flags ?? {};
    const activeTabs = permalink?.activeTabs ?? initialActiveTabs(layout, directPathToChild);
    dispatch(
      dashboardLoaded({
        id: detail.id,
        slug: detail.slug,
        dashboard_title: detail.dashboard_title,
        css: detail.css ?? '',
        published: detail.published,
        owners: detail.owners,
        roles: detail.roles,
        certified_by: detail.certified_by,
        certification_details: detail.certification_details,
        changed_on: detail.changed_on,
        changed_by_name: detail.changed_by_name,
        last_modified_time: detail.last_modified_time,
        metadata,
        layout,
        slices,
        dataMask,
        nativeFilters: metadata.native_filter_configuration,
        dash_edit_perm: detail.dash_edit_perm,
        dash_save_perm: detail.dash_save_perm,
        dash_share_perm: detail.dash_share_perm,
        crossFiltersEnabled: flags.DASHBOARD_CROSS_FILTERS !== false && metadata.cross_filters_enabled,
        editMode: initialEditMode(detail, url.edit),
        isStarred: false,
        activeTabs,
        directPathToChild,
      }),
    );
    for (const slice of slices) {
      dispatch(chartsActions.chartAdded({ id: slice.slice_id, formData: slice.form_data, triggerQuery: true }));
    }
    // The charts of the first screen ask for their data now, so the queries run while the grid is being drawn;
    // the others ask when they scroll into view (useChartRequest, which finds these requests already made).
    const firstScreen = typeof window === 'undefined' ? 0 : window.innerHeight + FIRST_VIEW_MARGIN_PX;
    for (const chartId of chartsInFirstView(layout, activeTabs, firstScreen)) dispatch(requestChartData(chartId));
    dispatch(sendChartDataNow());
    void starred.then((isStarred) => {
      if (isStarred && getState().dashboardInfo.id === detail.id) dispatch(dashboardStateActions.favoriteToggled(true));
    });
    dispatch(dashboardStateActions.datasetsStatusSet('loading'));
    datasetsRequest.then(
      (datasources) => {
        dispatch(sliceEntitiesActions.datasourcesLoaded(datasources));
        dispatch(dashboardStateActions.datasetsStatusSet('complete'));
      },
      () => dispatch(dashboardStateActions.datasetsStatusSet('error')),
    );
    return detail.id;
  };
}
