// The header's actions: publish toggle, favourite, refresh (manual and automatic, staggered), save as (copy) and
// permalinks to share.

import { chartsToAutoRefresh, type DataMaskState, isNativeFilter, staggerDelays } from '@nezha/core';
import { isApiError } from '../../../api/api-error';
import { addDangerToast, addSuccessToast } from '../../../components/toasts/state/message-toasts';
import { t } from '../../../i18n/i18n';
import { copyDashboard, createDashboardPermalink, putDashboard, setDashboardFavorite } from '../../api/dashboard-api';
import { URL_PARAMS } from '../../url-state';
import { dashboardStateActions } from '../dashboard-state';
import type { DashboardThunk } from '../index';
import { FAVORITE_FAILED, NO_PUBLISH_PERMISSION, NOW_HIDDEN, NOW_PUBLISHED, UNFAVORITE_FAILED } from '../messages';
import { forceRefreshCharts } from './chart-visibility';
import { metadataForSave } from './dashboard-metadata';

export function togglePublished(): DashboardThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const { dashboardInfo, dashboardState } = getState();
    if (!dashboardInfo.id) return;
    const published = !dashboardState.isPublished;
    try {
      await putDashboard(dashboardInfo.id, { published });
      dispatch(dashboardStateActions.publishedToggled(published));
      dispatch(addSuccessToast(t(published ? NOW_PUBLISHED : NOW_HIDDEN)));
    } catch (error) {
      dispatch(addDangerToast(isApiError(error) && error.status !== 403 ? error.message : t(NO_PUBLISH_PERMISSION)));
    }
  };
}

export function toggleFavorite(): DashboardThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const { dashboardInfo, dashboardState } = getState();
    if (!dashboardInfo.id) return;
    const starred = !dashboardState.isStarred;
    try {
      await setDashboardFavorite(dashboardInfo.id, starred);
      dispatch(dashboardStateActions.favoriteToggled(starred));
    } catch {
      dispatch(addDangerToast(t(starred ? FAVORITE_FAILED : UNFAVORITE_FAILED)));
    }
  };
}

/**
 * Refresh: every chart asks again with force. An automatic refresh skips timed_refresh_immune_slices and spreads
 * its requests over the stagger window (stagger_refresh, stagger_time) so the database is not hit all at once.
 */
export function refreshDashboard(options: { intervalMs?: number } = {}): DashboardThunk {
  return (dispatch, getState) => {
    const { dashboardState, dashboardInfo } = getState();
    const auto = options.intervalMs !== undefined;
    const metadata = dashboardInfo.metadata;
    const chartIds = auto
      ? chartsToAutoRefresh(dashboardState.sliceIds, metadata.timed_refresh_immune_slices)
      : dashboardState.sliceIds;
    dispatch(dashboardStateActions.refreshStarted());
    const delays = staggerDelays(chartIds, options.intervalMs ?? 0, {
      staggerRefresh: metadata.stagger_refresh,
      staggerTime: metadata.stagger_time,
    });
    const last = Math.max(0, ...delays.map((delay) => delay.delayMs));
    for (const { chartId, delayMs } of delays) {
      if (delayMs === 0) dispatch(forceRefreshCharts([chartId]));
      else setTimeout(() => dispatch(forceRefreshCharts([chartId])), delayMs);
    }
    setTimeout(() => dispatch(dashboardStateActions.refreshFinished()), last);
  };
}

/** Save as: a copy owned by the user; resolves to the new dashboard's id. */
export function saveDashboardAs(title: string, duplicateSlices: boolean): DashboardThunk<Promise<number | null>> {
  return async (dispatch, getState) => {
    const state = getState();
    if (!state.dashboardInfo.id) return null;
    try {
      const copy = await copyDashboard(state.dashboardInfo.id, {
        dashboard_title: title,
        css: state.dashboardState.css,
        duplicate_slices: duplicateSlices,
        json_metadata: JSON.stringify(metadataForSave(state, {}, { withPositions: true })),
      });
      return copy.id;
    } catch (error) {
      dispatch(addDangerToast(isApiError(error) ? error.message : String(error)));
      return null;
    }
  };
}

/** The masks a permalink keeps: native filters and cross-filters with a value, and charts' own states. */
export function permalinkDataMask(dataMask: DataMaskState): Record<string, unknown> {
  return Object.fromEntries(Object.entries(dataMask).map(([id, mask]) => [id, mask]));
}

/** POST /api/v1/dashboard/{id}/permalink with the current filters and tabs; resolves to the absolute link. */
/**
 * A permalink of the dashboard as it is shown. With `focusedChartId` it is a chart's share link, which the server
 * lets only holders of can_share_chart create; a dashboard's own link never carries a focused chart.
 */
export function createPermalink(anchor?: string, focusedChartId?: number): DashboardThunk<Promise<string>> {
  return async (_dispatch, getState) => {
    const { dashboardInfo, dashboardState, dataMask, nativeFilters } = getState();
    const filterIds = new Set(nativeFilters.filters.filter(isNativeFilter).map((filter) => filter.id));
    const masks = Object.fromEntries(
      Object.entries(dataMask).filter(
        ([id, mask]) => filterIds.has(id) || Object.keys(mask.filterState ?? {}).length > 0 || mask.ownState,
      ),
    );
    const urlParams = [...new URLSearchParams(window.location.search).entries()].filter(
      ([key]) => key !== 'native_filters' && key !== 'edit' && key !== URL_PARAMS.focusedChart,
    );
    if (focusedChartId !== undefined) urlParams.push([URL_PARAMS.focusedChart, String(focusedChartId)]);
    const path = await createDashboardPermalink(dashboardInfo.id ?? 0, {
      urlParams,
      dataMask: masks,
      activeTabs: dashboardState.activeTabs,
      ...(anchor ? { anchor } : {}),
    });
    return new URL(path, window.location.origin).toString();
  };
}
