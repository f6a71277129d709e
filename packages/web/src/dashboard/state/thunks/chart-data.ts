// Chart data for the dashboard: every pending request of the charts in view goes through one
// POST /api/v1/dashboard/{id}/chart_data NDJSON stream, and each line is dispatched the moment it arrives, so
// the browser's six-connection limit does not serialise a large dashboard. With domain sharding on, a batch is split
// across the configured hosts, one call per host in turn.
//
// Nothing here is module state: what was asked, what each chart waits for and the batch being gathered are in the
// store (`chart-requests.ts`); the batch window and the running streams belong to a listener of the store.
import { ownStateFor, type QueryFormData } from '@nezha/core';
import { type ListenerEffectAPI, nanoid, type TypedStartListening } from '@reduxjs/toolkit';
import { isApiError } from '../../../api/api-error';
import { runAnnotationQuery } from '../../../chart-data/annotation-query';
import { streamDashboardChartData } from '../../../chart-data/chart-data-api';
import { dashboardChartQuery } from '../../../chart-data/chart-query';
import { chartsActions, type QueryResponse } from '../../../chart-data/charts-slice';
import { chartDataHosts } from '../../../chart-data/domain-sharding';
import { getChartPlugin } from '../../../charts/registry';
import { readAnnotationLayers, requiresQuery } from '../../../charts/shared/annotations/annotation-layer';
import { NETWORK_ERROR } from '../../../explore/state/messages';
import { readNdjson } from '../../api/ndjson';
import { chartRequestsActions, type PendingChartRequest } from '../chart-requests';
import type { DashboardDispatch, DashboardRootState, DashboardThunk } from '../index';
import { effectiveFormData } from '../selectors';

export { dashboardChartQuery } from '../../../chart-data/chart-query';

/** The server takes at most this many queries per call. */
const MAX_BATCH = 500;
/** Requests made within this many ms of each other share one stream. */
const BATCH_WINDOW_MS = 15;

export function chartRequestKey(formData: QueryFormData, ownState: Record<string, unknown> | undefined): string {
  return JSON.stringify([formData, ownState ?? null]);
}

/** Whether the chart must ask again: never asked, or asked with other filters or another own state. */
export function chartNeedsData(state: DashboardRootState, chartId: number): boolean {
  const formData = effectiveFormData(state, chartId);
  // Nezha cannot draw a viz type without a plugin: its chart shows the unsupported panel and asks nothing.
  if (!formData || !getChartPlugin(formData.viz_type)) return false;
  const chart = state.charts[chartId];
  if (chart?.triggerQuery) return true;
  return state.chartRequests.asked[chartId] !== chartRequestKey(formData, ownStateFor(state.dataMask, chartId));
}

function failure(message: string, errors?: QueryResponse['errors']): QueryResponse[] {
  return [{ error: message, errors: errors ?? [] }];
}

interface BatchLine {
  key: string;
  status: number;
  result?: QueryResponse[];
  errors?: Array<{ message: string; error_type?: string }>;
  message?: string;
}

type BatchApi = ListenerEffectAPI<DashboardRootState, DashboardDispatch>;

async function streamBatch(
  api: BatchApi,
  dashboardId: number,
  batch: PendingChartRequest[],
  force: boolean,
  signal: AbortSignal,
  origin: string | null,
) {
  const { dispatch } = api;
  const answered = new Set<number>();
  const finish = (chartId: number, token: string, action: () => void) => {
    answered.add(chartId);
    if (api.getState().chartRequests.current[chartId] === token) action();
  };
  const tokens = new Map(batch.map((item) => [item.chartId, item.token]));
  const failAll = (message: string) => {
    for (const item of batch) {
      finish(item.chartId, item.token, () =>
        dispatch(
          chartsActions.chartUpdateFailed({ id: item.chartId, queriesResponse: failure(message), endTime: Date.now() }),
        ),
      );
    }
  };
  try {
    const stream = await streamDashboardChartData(
      dashboardId,
      batch.map((item) => ({ key: String(item.chartId), payload: item.payload })),
      { force, signal, origin },
    );
    await readNdjson(stream, (value) => {
      const line = value as BatchLine;
      const chartId = Number(line.key);
      const token = tokens.get(chartId);
      if (token === undefined) return;
      finish(chartId, token, () => {
        if (line.status === 200 && Array.isArray(line.result)) {
          dispatch(
            chartsActions.chartUpdateSucceeded({ id: chartId, queriesResponse: line.result, endTime: Date.now() }),
          );
        } else {
          const message = line.errors?.[0]?.message ?? line.message ?? NETWORK_ERROR;
          dispatch(
            chartsActions.chartUpdateFailed({
              id: chartId,
              queriesResponse: failure(message, line.errors),
              endTime: Date.now(),
            }),
          );
        }
      });
    });
  } catch (error) {
    if (signal.aborted) return;
    // The call itself failed: every chart of the batch fails with the server's message.
    if (isApiError(error) && error.status !== undefined) {
      failAll(error.clientError.errors?.[0]?.message ?? error.message ?? NETWORK_ERROR);
      return;
    }
  }
  // A chart the stream never answered (the connection dropped) fails with the spec's network error.
  if (signal.aborted) return;
  for (const item of batch) {
    if (answered.has(item.chartId)) continue;
    finish(item.chartId, item.token, () =>
      dispatch(
        chartsActions.chartUpdateFailed({
          id: item.chartId,
          queriesResponse: failure(NETWORK_ERROR),
          endTime: Date.now(),
        }),
      ),
    );
  }
}

/** The calls a batch makes: up to MAX_BATCH queries each, split across the sharded hosts when there are several. */
function callsOf(items: PendingChartRequest[]): Array<{ batch: PendingChartRequest[]; origin: string | null }> {
  const hosts = chartDataHosts();
  const calls: Array<{ batch: PendingChartRequest[]; origin: string | null }> = [];
  for (let start = 0; start < items.length; start += MAX_BATCH) {
    const chunk = items.slice(start, start + MAX_BATCH);
    const parts = Math.max(1, Math.min(hosts.size, chunk.length));
    for (let part = 0; part < parts; part++) {
      calls.push({ batch: chunk.filter((_, index) => index % parts === part), origin: hosts.take() });
    }
  }
  return calls;
}

/** Takes the gathered requests and starts their calls; forced ones go in their own call. */
function sendGathered(api: BatchApi): Promise<unknown> | null {
  const { queue } = api.getState().chartRequests;
  const dashboardId = api.getState().dashboardInfo.id;
  if (queue.length === 0) return null;
  api.dispatch(chartRequestsActions.batchTaken());
  if (!dashboardId) return null;
  const controller = new AbortController();
  api
    .condition(chartRequestsActions.reset.match)
    .then(() => controller.abort())
    .catch(() => {
      // the streams ended first: the listener's own end cancels the wait
    });
  const groups: Array<[PendingChartRequest[], boolean]> = [
    [queue.filter((item) => !item.force), false],
    [queue.filter((item) => item.force), true],
  ];
  const streams = groups.flatMap(([items, force]) =>
    callsOf(items).map(({ batch, origin }) => streamBatch(api, dashboardId, batch, force, controller.signal, origin)),
  );
  return Promise.all(streams);
}

/**
 * The batch window: the first request queued opens it, the ones within BATCH_WINDOW_MS join, then the gathered
 * requests go out. `sendNow` sends what is gathered within its own dispatch: the fetch starts before the store
 * update's React render (queued in a microtask) draws fifty chart cards, so the queries run while the page draws
 * (opening a dashboard: measured 330 ms earlier on fifty charts). Leaving the dashboard (`reset`) ends the streams.
 */
export function startChartBatchListening(startListening: TypedStartListening<DashboardRootState, DashboardDispatch>) {
  const unsubscribeNow = startListening({
    actionCreator: chartRequestsActions.sendNow,
    // Nothing awaited before the fetch: the listener middleware calls the effect inside the dispatch.
    effect: async (_action, api) => {
      await sendGathered(api);
    },
  });
  const unsubscribeWindow = startListening({
    actionCreator: chartRequestsActions.queued,
    effect: async (_action, api) => {
      if (api.getOriginalState().chartRequests.queue.length > 0) return;
      // A `sendNow` meanwhile has taken the queue; what is left (queued after it) goes when the window closes.
      await api.delay(BATCH_WINDOW_MS);
      await sendGathered(api);
    },
  });
  return () => {
    unsubscribeNow();
    unsubscribeWindow();
  };
}

/** Asks for a chart's data with the current filters; joins the batch being gathered. */
export function requestChartData(chartId: number, options: { force?: boolean } = {}): DashboardThunk {
  return (dispatch, getState) => {
    const state = getState();
    const formData = effectiveFormData(state, chartId);
    if (!formData || !getChartPlugin(formData.viz_type)) return;
    const ownState = ownStateFor(state.dataMask, chartId);
    const force = options.force ?? false;
    dispatch(chartsActions.chartUpdateStarted({ id: chartId, startTime: Date.now(), latestQueryFormData: formData }));
    // Annotation layers drawn from other charts' data ask beside the chart; a failed one only warns on it.
    for (const layer of readAnnotationLayers(formData.annotation_layers).filter(requiresQuery)) {
      void dispatch(runAnnotationQuery(chartId, layer, formData, { force }));
    }
    dispatch(
      chartRequestsActions.queued({
        chartId,
        token: nanoid(),
        force,
        key: chartRequestKey(formData, ownState),
        payload: dashboardChartQuery(formData, ownState, force),
      }),
    );
  };
}

/** Sends the requests gathered so far at once, without waiting for the batch window to close. */
export function sendChartDataNow(): DashboardThunk {
  return (dispatch) => {
    dispatch(chartRequestsActions.sendNow());
  };
}

/** Stops waiting for a chart: its late answer is dropped and it shows the stopped status. */
export function stopChartData(chartId: number): DashboardThunk {
  return (dispatch) => {
    dispatch(chartsActions.chartUpdateStopped({ id: chartId, endTime: Date.now() }));
  };
}

/** Leaving the dashboard (or opening another) ends every stream and forgets what was asked. */
export const resetChartData = chartRequestsActions.reset;
