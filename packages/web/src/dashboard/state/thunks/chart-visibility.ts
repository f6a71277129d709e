// Fast loading: which charts are in view (IntersectionObserver, open tabs), kept in the store's chartRequests.
// Charts in view ask for data at once; the others wait, and a refresh of a chart out of view is remembered until it
// scrolls in.
import { chartRequestsActions } from '../chart-requests';
import type { DashboardRootState, DashboardThunk } from '../index';
import { requestChartData } from './chart-data';

export function isChartVisible(state: DashboardRootState, chartId: number): boolean {
  return state.chartRequests.visible[chartId] === true;
}

/** The chart's card entered or left the viewport; returns whether a refresh was waiting for it. */
export function setChartVisible(chartId: number, inView: boolean): DashboardThunk<boolean> {
  return (dispatch, getState) => {
    const waiting = inView && getState().chartRequests.forceWhenVisible[chartId] === true;
    dispatch(chartRequestsActions.visibilityChanged({ id: chartId, inView }));
    return waiting;
  };
}

/** Force-refreshes the charts in view now; the others refresh when they come into view. */
export function forceRefreshCharts(chartIds: readonly number[]): DashboardThunk {
  return (dispatch, getState) => {
    for (const chartId of chartIds) {
      if (isChartVisible(getState(), chartId)) dispatch(requestChartData(chartId, { force: true }));
      else dispatch(chartRequestsActions.refreshWhenVisible(chartId));
    }
  };
}

/** Leaving the dashboard: no chart is in view any more. */
export const resetChartVisibility = chartRequestsActions.visibilityReset;
