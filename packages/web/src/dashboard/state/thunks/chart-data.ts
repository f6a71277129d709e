// Chart data for the dashboard: every pending request of the charts in view goes through one
// POST /api/v1/dashboard/{id}/chart_data NDJSON stream, and each line is dispatched the moment it arrives, so
// the browser's six-connection limit does not serialise a large dashboard.
import { buildQueryContext, ownStateFor, type QueryContext, type QueryFormData } from '@nezha/core';
import { getCsrfToken, peekCsrfToken } from '../../../api/csrf';
import { getGuestToken } from '../../../api/guest-token';
import { getChartPlugin } from '../../../charts/registry';
import { readAnnotationLayers, requiresQuery } from '../../../charts/shared/annotations/annotation-layer';
import { chartsActions, type QueryResponse } from '../../../explore/state/charts-slice';
import { NETWORK_ERROR } from '../../../explore/state/messages';
import { runAnnotationQuery } from '../../../explore/state/thunks/annotation-query';
import { readNdjson } from '../../api/ndjson';
import type { DashboardDispatch, DashboardRootState, DashboardThunk } from '../index';
import { effectiveFormData } from '../selectors';

/** The server takes at most this many queries per call. */
const MAX_BATCH = 500;
/** Requests made within this many ms of each other share one stream. */
const BATCH_WINDOW_MS = 15;

interface Pending {
  chartId: number;
  token: number;
  payload: QueryContext;
}

let queue: Pending[] = [];
let forcedQueue: Pending[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let nextToken = 1;
/** The request each chart waits for; a line for an older one is stale and dropped. */
const current = new Map<number, number>();
/** What each chart was last asked with, so that only a real change of filters or own state asks again. */
const requestedKeys = new Map<number, string>();
const controllers = new Set<AbortController>();

/** The chart's query context, built by its plugin's buildQuery (with its own state, e.g. a table's page). */
export function dashboardChartQuery(
  formData: QueryFormData,
  ownState: Record<string, unknown> | undefined,
  force: boolean,
): QueryContext {
  const plugin = getChartPlugin(formData.viz_type);
  const context = plugin ? plugin.buildQuery(formData, ownState ? { ownState } : {}) : buildQueryContext(formData);
  return { ...context, force, result_format: 'json', result_type: 'full' };
}

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
  return requestedKeys.get(chartId) !== chartRequestKey(formData, ownStateFor(state.dataMask, chartId));
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

async function streamBatch(dispatch: DashboardDispatch, dashboardId: number, batch: Pending[], force: boolean) {
  const controller = new AbortController();
  controllers.add(controller);
  const answered = new Set<number>();
  const finish = (chartId: number, token: number, action: () => void) => {
    answered.add(chartId);
    if (current.get(chartId) === token) action();
  };
  const tokens = new Map(batch.map((item) => [item.chartId, item.token]));
  try {
    // A known token lets the request start now, before whatever render the page has queued.
    // The embedded page's guest sends its token instead of a session's CSRF token.
    const guest = getGuestToken();
    const credential: Record<string, string> = guest
      ? { 'X-GuestToken': guest }
      : { 'X-CSRFToken': peekCsrfToken() ?? (await getCsrfToken()) };
    const response = await fetch(`/api/v1/dashboard/${dashboardId}/chart_data${force ? '?force=true' : ''}`, {
      method: 'POST',
      credentials: 'same-origin',
      signal: controller.signal,
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/x-ndjson',
        ...credential,
      },
      body: JSON.stringify({ queries: batch.map((item) => ({ key: String(item.chartId), payload: item.payload })) }),
    });
    if (!response.ok || !response.body) {
      let message = NETWORK_ERROR;
      try {
        const body = (await response.json()) as { message?: string; errors?: Array<{ message: string }> };
        message = body.errors?.[0]?.message ?? body.message ?? message;
      } catch {
        // the status alone says it
      }
      for (const item of batch) {
        finish(item.chartId, item.token, () =>
          dispatch(
            chartsActions.chartUpdateFailed({
              id: item.chartId,
              queriesResponse: failure(message),
              endTime: Date.now(),
            }),
          ),
        );
      }
      return;
    }
    await readNdjson(response.body, (value) => {
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
    if (controller.signal.aborted) return;
    void error;
  } finally {
    controllers.delete(controller);
  }
  // A chart the stream never answered (the connection dropped) fails with the spec's network error.
  for (const item of batch) {
    if (answered.has(item.chartId) || controller.signal.aborted) continue;
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

function flush(dispatch: DashboardDispatch, getState: () => DashboardRootState) {
  timer = null;
  const dashboardId = getState().dashboardInfo.id;
  const groups: Array<[Pending[], boolean]> = [
    [queue, false],
    [forcedQueue, true],
  ];
  queue = [];
  forcedQueue = [];
  if (!dashboardId) return;
  for (const [items, force] of groups) {
    for (let start = 0; start < items.length; start += MAX_BATCH) {
      void streamBatch(dispatch, dashboardId, items.slice(start, start + MAX_BATCH), force);
    }
  }
}

/** Asks for a chart's data with the current filters; joins the batch being gathered. */
export function requestChartData(chartId: number, options: { force?: boolean } = {}): DashboardThunk {
  return (dispatch, getState) => {
    const state = getState();
    const formData = effectiveFormData(state, chartId);
    if (!formData || !getChartPlugin(formData.viz_type)) return;
    const ownState = ownStateFor(state.dataMask, chartId);
    requestedKeys.set(chartId, chartRequestKey(formData, ownState));
    const token = nextToken++;
    current.set(chartId, token);
    const force = options.force ?? false;
    dispatch(chartsActions.chartUpdateStarted({ id: chartId, startTime: Date.now(), latestQueryFormData: formData }));
    // Annotation layers drawn from other charts' data ask beside the chart; a failed one only warns on it.
    for (const layer of readAnnotationLayers(formData.annotation_layers).filter(requiresQuery)) {
      void dispatch(runAnnotationQuery(chartId, layer, formData, { force }));
    }
    const pending: Pending = { chartId, token, payload: dashboardChartQuery(formData, ownState, force) };
    (force ? forcedQueue : queue).push(pending);
    timer ??= setTimeout(() => flush(dispatch, getState), BATCH_WINDOW_MS);
  };
}

/** Sends the requests gathered so far at once, without waiting for the batch window to close. */
export function sendChartDataNow(): DashboardThunk {
  return (dispatch, getState) => {
    if (timer === null) return;
    clearTimeout(timer);
    flush(dispatch, getState);
  };
}

/** Stops waiting for a chart: its late answer is dropped and it shows the stopped status. */
export function stopChartData(chartId: number): DashboardThunk {
  return (dispatch) => {
    current.delete(chartId);
    dispatch(chartsActions.chartUpdateStopped({ id: chartId, endTime: Date.now() }));
  };
}

/** Leaving the dashboard (or opening another) ends every stream and forgets what was asked. */
export function resetChartData(): void {
  for (const controller of controllers) controller.abort();
  controllers.clear();
  if (timer) clearTimeout(timer);
  timer = null;
  queue = [];
  forcedQueue = [];
  current.clear();
  requestedKeys.clear();
}
