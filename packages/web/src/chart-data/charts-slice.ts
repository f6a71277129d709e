// The charts slice (spec §3 chart state, §4 chart status): one entry per chart id, shared by explore and dashboards.
import type { ChartDataQueryPayload, QueryFormData } from '@nezha/core';
import { createSlice, type PayloadAction, prepareAutoBatched } from '@reduxjs/toolkit';
import { CHART_STOPPED, format, NETWORK_ERROR, RENDER_FAILED } from '../explore/state/messages';

export type ChartStatus = 'loading' | 'success' | 'rendered' | 'failed' | 'stopped';

/**
 * One query's answer: the fields of the wire's full answer (other result types carry only some of them), or the
 * error the server gave for it.
 */
export type QueryResponse = Partial<Omit<ChartDataQueryPayload, 'error' | 'stacktrace' | 'status'>> & {
  error?: string | null;
  stacktrace?: string | null;
  errors?: Array<{ message: string; error_type?: string }>;
  [key: string]: unknown;
};

export interface ChartState {
  id: number;
  /** null is the empty status: nothing asked yet, or reset. */
  chartStatus: ChartStatus | null;
  chartAlert: string | null;
  chartStackTrace: string | null;
  chartUpdateStartTime: number;
  chartUpdateEndTime: number | null;
  latestQueryFormData: Partial<QueryFormData>;
  sliceFormData: Partial<QueryFormData> | null;
  queriesResponse: QueryResponse[] | null;
  triggerQuery: boolean;
  lastRendered: number;
  /** Annotation layer name → the key of its request still running. */
  annotationQuery: Record<string, string>;
  annotationData: Record<string, unknown>;
  annotationError: Record<string, string>;
}

export type ChartsState = Record<number, ChartState>;

export const initialChartsState: ChartsState = {};

export function emptyChart(id: number, formData: Partial<QueryFormData> = {}): ChartState {
  return {
    id,
    chartStatus: null,
    chartAlert: null,
    chartStackTrace: null,
    chartUpdateStartTime: 0,
    chartUpdateEndTime: null,
    latestQueryFormData: formData,
    sliceFormData: null,
    queriesResponse: null,
    triggerQuery: false,
    lastRendered: 0,
    annotationQuery: {},
    annotationData: {},
    annotationError: {},
  };
}

/** The alert of a failed update: the first response's error, else the spec's network error. */
export function failureAlert(queriesResponse: readonly QueryResponse[] | null | undefined): string {
  const first = queriesResponse?.[0];
  return first?.error || first?.errors?.[0]?.message || NETWORK_ERROR;
}

/** Annotation failures that only say there was nothing to draw count as success (spec §8). */
export function isNoDataAnnotationError(error: string | null | undefined): boolean {
  return !!error && /no data/i.test(error);
}

type ChartAction<T = object> = PayloadAction<{ id: number } & T>;
type StartedPayload = { id: number; startTime: number; latestQueryFormData: Partial<QueryFormData> };
type SucceededPayload = { id: number; queriesResponse: QueryResponse[]; endTime: number };
type RenderedPayload = { id: number; renderedAt: number };

function chartOf(state: ChartsState, id: number): ChartState {
  state[id] ??= emptyChart(id);
  return state[id];
}

const chartsSlice = createSlice({
  name: 'charts',
  initialState: initialChartsState,
  reducers: {
    /** A chart enters the state: explore on load, a dashboard for each of its charts. */
    chartAdded(
      state,
      action: ChartAction<{
        formData: Partial<QueryFormData>;
        triggerQuery: boolean;
        sliceFormData?: Partial<QueryFormData>;
      }>,
    ) {
      const { id, formData, triggerQuery, sliceFormData } = action.payload;
      state[id] = { ...emptyChart(id, formData), triggerQuery, sliceFormData: sliceFormData ?? null };
    },
    chartRemoved(state, action: PayloadAction<number>) {
      delete state[action.payload];
    },
    /** A new chart got its id from the save (the explore key 0 becomes the slice id). */
    chartIdUpdated(state, action: PayloadAction<{ from: number; to: number }>) {
      const { from, to } = action.payload;
      const chart = state[from];
      if (!chart) return;
      delete state[from];
      state[to] = { ...chart, id: to };
    },
    // A dashboard starts, answers and draws fifty charts in a burst: these three notify subscribers once per frame
    // (Redux Toolkit's auto-batching) rather than once per chart.
    chartUpdateStarted: {
      prepare: prepareAutoBatched<StartedPayload>(),
      reducer(state, action: PayloadAction<StartedPayload>) {
        const chart = chartOf(state, action.payload.id);
        chart.chartStatus = 'loading';
        chart.chartAlert = null;
        chart.chartStackTrace = null;
        chart.chartUpdateStartTime = action.payload.startTime;
        chart.chartUpdateEndTime = null;
        chart.latestQueryFormData = action.payload.latestQueryFormData;
        chart.triggerQuery = false;
      },
    },
    chartUpdateSucceeded: {
      prepare: prepareAutoBatched<SucceededPayload>(),
      reducer(state, action: PayloadAction<SucceededPayload>) {
        const chart = chartOf(state, action.payload.id);
        chart.chartStatus = 'success';
        chart.chartAlert = null;
        chart.queriesResponse = action.payload.queriesResponse;
        chart.chartUpdateEndTime = action.payload.endTime;
      },
    },
    chartUpdateFailed(state, action: ChartAction<{ queriesResponse: QueryResponse[] | null; endTime: number }>) {
      const chart = chartOf(state, action.payload.id);
      const { queriesResponse } = action.payload;
      chart.chartStatus = 'failed';
      chart.chartAlert = failureAlert(queriesResponse);
      chart.chartStackTrace = queriesResponse?.[0]?.stacktrace ?? null;
      chart.queriesResponse = queriesResponse;
      chart.chartUpdateEndTime = action.payload.endTime;
    },
    chartUpdateStopped(state, action: ChartAction<{ endTime: number }>) {
      const chart = chartOf(state, action.payload.id);
      chart.chartStatus = 'stopped';
      chart.chartAlert = CHART_STOPPED;
      chart.chartUpdateEndTime = action.payload.endTime;
    },
    chartRenderingSucceeded: {
      prepare: prepareAutoBatched<RenderedPayload>(),
      reducer(state, action: PayloadAction<RenderedPayload>) {
        const chart = chartOf(state, action.payload.id);
        chart.chartStatus = 'rendered';
        chart.lastRendered = action.payload.renderedAt;
      },
    },
    chartRenderingFailed(state, action: ChartAction<{ error: string; stackTrace?: string | null }>) {
      const chart = chartOf(state, action.payload.id);
      chart.chartStatus = 'failed';
      chart.chartAlert = format(RENDER_FAILED, action.payload.error);
      chart.chartStackTrace = action.payload.stackTrace ?? null;
    },
    queryTriggered(state, action: ChartAction<{ value: boolean }>) {
      const chart = chartOf(state, action.payload.id);
      chart.triggerQuery = action.payload.value;
      chart.chartStatus = 'loading';
    },
    /** Datasources arrived: failed charts with a stack trace (a rendering crash) get another chance. */
    datasourcesSet(state) {
      for (const chart of Object.values(state)) {
        if (chart.chartStatus === 'failed' && chart.chartStackTrace) {
          chart.chartStatus = null;
          chart.chartStackTrace = null;
          chart.chartAlert = null;
        }
      }
    },
    /** Starting a layer's query replaces the earlier request of the same name (the thunk aborts that one). */
    annotationQueryStarted(state, action: ChartAction<{ name: string; requestKey: string }>) {
      const chart = chartOf(state, action.payload.id);
      chart.annotationQuery[action.payload.name] = action.payload.requestKey;
    },
    annotationQuerySucceeded(state, action: ChartAction<{ name: string; data: unknown }>) {
      const chart = chartOf(state, action.payload.id);
      const { name, data } = action.payload;
      chart.annotationData[name] = data;
      delete chart.annotationError[name];
      delete chart.annotationQuery[name];
    },
    annotationQueryFailed(state, action: ChartAction<{ name: string; error?: string | null }>) {
      const chart = chartOf(state, action.payload.id);
      const { name, error } = action.payload;
      delete chart.annotationQuery[name];
      if (isNoDataAnnotationError(error)) {
        chart.annotationData[name] = [];
        delete chart.annotationError[name];
        return;
      }
      chart.annotationError[name] = error || NETWORK_ERROR;
      delete chart.annotationData[name];
    },
  },
});

export const chartsActions = chartsSlice.actions;
export const chartsReducer = chartsSlice.reducer;
