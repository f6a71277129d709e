// Running a chart's query (spec §4 chart status, §7 chart data): the one query builder, POST /api/v1/chart/data, and
// stop. A run aborts itself when its chart starts another run or is stopped: a listener it adds to the store for its
// lifetime, so no map of running requests outlives the store.
import type { QueryFormData } from '@nezha/core';
import { addListener, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import { isApiError } from '../api/api-error';
import { postChartData } from './chart-data-api';
import { buildChartQuery } from './chart-query';
import { type ChartsState, chartsActions, type QueryResponse } from './charts-slice';

/** The thunks of chart data touch the charts slice only: Explore and dashboards both run them. */
export type ChartDataThunk<R = void> = ThunkAction<R, { charts: ChartsState }, unknown, UnknownAction>;

export { buildChartQuery } from './chart-query';

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Aborts `controller` on the first action `matches` accepts, until the returned function is called. Without the
 * store's listener middleware (a bare test store) nothing is listened to.
 */
export function abortOn(
  dispatch: (action: UnknownAction) => unknown,
  matches: (action: UnknownAction) => boolean,
  controller: AbortController,
): () => void {
  const unsubscribe = dispatch(
    addListener({ predicate: (action) => matches(action), effect: () => controller.abort() }) as UnknownAction,
  );
  return typeof unsubscribe === 'function' ? (unsubscribe as () => void) : () => {};
}

/** The failure as the chart state keeps it: one response carrying the error (and a stack trace for crashes). */
export function failureResponse(error: unknown): QueryResponse[] {
  if (isApiError(error)) return [{ error: error.message, errors: error.clientError.errors ?? [] }];
  if (error instanceof Error) return [{ error: error.message, stacktrace: error.stack ?? null }];
  return [{ error: null }];
}

export interface RunOptions {
  force?: boolean;
  dashboardId?: number;
}

export function runChartQuery(
  chartId: number,
  formData: QueryFormData,
  options: RunOptions = {},
): ChartDataThunk<Promise<void>> {
  return async (dispatch) => {
    // Starting aborts the run before (its listener sees this action); only then does this run listen.
    dispatch(chartsActions.chartUpdateStarted({ id: chartId, startTime: Date.now(), latestQueryFormData: formData }));
    const controller = new AbortController();
    const stopListening = abortOn(
      dispatch,
      (action) =>
        (chartsActions.chartUpdateStarted.match(action) || chartsActions.chartUpdateStopped.match(action)) &&
        action.payload.id === chartId,
      controller,
    );
    try {
      const queryContext = buildChartQuery(formData, { force: options.force ?? false });
      const sliceId = typeof formData.slice_id === 'number' ? formData.slice_id : undefined;
      const queriesResponse = await postChartData(queryContext, {
        ...(sliceId ? { sliceId } : {}),
        ...(options.dashboardId ? { dashboardId: options.dashboardId } : {}),
        force: options.force ?? false,
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      dispatch(chartsActions.chartUpdateSucceeded({ id: chartId, queriesResponse, endTime: Date.now() }));
    } catch (error) {
      // A stopped query already says so; its late answer or abort changes nothing (spec §8).
      if (isAbort(error) || controller.signal.aborted) return;
      dispatch(
        chartsActions.chartUpdateFailed({ id: chartId, queriesResponse: failureResponse(error), endTime: Date.now() }),
      );
    } finally {
      stopListening();
    }
  };
}

/** Stops the chart's query: the running request sees the stop and aborts. */
export function stopChartQuery(chartId: number): ChartDataThunk {
  return (dispatch) => {
    dispatch(chartsActions.chartUpdateStopped({ id: chartId, endTime: Date.now() }));
  };
}
