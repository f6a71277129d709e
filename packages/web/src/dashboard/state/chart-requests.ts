// What the dashboard asked for its charts, kept in the store rather than in module variables: the key each chart was
// last asked with (so only a real change of filters or own state asks again), the request each chart waits for (a
// line for an older one is stale), the requests gathered into the next batch, and which charts are in view.
import type { QueryContext } from '@nezha/core';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { chartsActions } from '../../chart-data/charts-slice';

export interface PendingChartRequest {
  chartId: number;
  /** Names this request; an answer for another token is stale. */
  token: string;
  force: boolean;
  payload: QueryContext;
}

export interface ChartRequestsState {
  /** Chart id → the key (form data and own state) it was last asked with. */
  asked: Record<number, string>;
  /** Chart id → the token of the request it waits for. */
  current: Record<number, string>;
  /** Requests gathered in the open batch window, in order. */
  queue: PendingChartRequest[];
  /** Charts whose card is in view (IntersectionObserver, open tabs). */
  visible: Record<number, true>;
  /** Charts refreshed while out of view: they refresh when they scroll in. */
  forceWhenVisible: Record<number, true>;
}

export const initialChartRequestsState: ChartRequestsState = {
  asked: {},
  current: {},
  queue: [],
  visible: {},
  forceWhenVisible: {},
};

const chartRequestsSlice = createSlice({
  name: 'chartRequests',
  initialState: initialChartRequestsState,
  reducers: {
    /** A chart's request joins the batch being gathered (the listener opens the window on the first one). */
    queued(state, action: PayloadAction<PendingChartRequest & { key: string }>) {
      const { key, ...pending } = action.payload;
      state.asked[pending.chartId] = key;
      state.current[pending.chartId] = pending.token;
      state.queue.push(pending);
    },
    /** Send what is gathered now, without waiting for the window to close. */
    sendNow() {},
    /** The listener took the gathered requests to send them. */
    batchTaken(state) {
      state.queue = [];
    },
    visibilityChanged(state, action: PayloadAction<{ id: number; inView: boolean }>) {
      const { id, inView } = action.payload;
      if (!inView) {
        delete state.visible[id];
        return;
      }
      state.visible[id] = true;
      delete state.forceWhenVisible[id];
    },
    refreshWhenVisible(state, action: PayloadAction<number>) {
      state.forceWhenVisible[action.payload] = true;
    },
    /** Leaving the dashboard (or opening another): running streams end and everything asked is forgotten. */
    reset(state) {
      return { ...initialChartRequestsState, visible: state.visible, forceWhenVisible: state.forceWhenVisible };
    },
    /** Leaving the dashboard: no chart is in view any more. */
    visibilityReset(state) {
      state.visible = {};
      state.forceWhenVisible = {};
    },
  },
  extraReducers: (builder) => {
    // A stopped chart waits for nothing: its late answer is dropped.
    builder.addCase(chartsActions.chartUpdateStopped, (state, action) => {
      delete state.current[action.payload.id];
    });
  },
});

export const chartRequestsActions = chartRequestsSlice.actions;
export const chartRequestsReducer = chartRequestsSlice.reducer;
