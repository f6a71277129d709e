// The dashboard's state for the app store: its reducers, the root state it reads and its thunk types.

import type { DataMaskState } from '@nezha/core';
import type { ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ChartsState } from '../../chart-data/charts-slice';
import type { MessageToastsState } from '../../components/toasts/state/message-toasts';
import type { SessionState } from '../../session/state/session';
import { type ChartRequestsState, chartRequestsReducer } from './chart-requests';
import { type DashboardInfoState, dashboardInfoReducer } from './dashboard-info';
import { type DashboardLayoutState, dashboardLayoutReducer } from './dashboard-layout';
import { type DashboardStateSlice, dashboardStateReducer } from './dashboard-state';
import { dataMaskReducer } from './data-mask';
import { type NativeFiltersState, nativeFiltersReducer } from './native-filters';
import { type SliceEntitiesState, sliceEntitiesReducer } from './slice-entities';

/** Spread into the app store's reducers; chart states live in the shared `charts` slice (`chart-data/`). */
export const dashboardReducers = {
  dashboardInfo: dashboardInfoReducer,
  dashboardState: dashboardStateReducer,
  dashboardLayout: dashboardLayoutReducer,
  nativeFilters: nativeFiltersReducer,
  dataMask: dataMaskReducer,
  sliceEntities: sliceEntitiesReducer,
  chartRequests: chartRequestsReducer,
};

/** Layout history and datasources are large: the store's development checks must not walk them on every action. */
export const DASHBOARD_LARGE_STATE_PATHS = ['dashboardLayout', 'sliceEntities', 'chartRequests'];

export interface DashboardRootState {
  dashboardInfo: DashboardInfoState;
  dashboardState: DashboardStateSlice;
  dashboardLayout: DashboardLayoutState;
  nativeFilters: NativeFiltersState;
  dataMask: DataMaskState;
  sliceEntities: SliceEntitiesState;
  chartRequests: ChartRequestsState;
  charts: ChartsState;
  session: SessionState;
  messageToasts: MessageToastsState;
}

export type DashboardThunk<R = void> = ThunkAction<R, DashboardRootState, unknown, UnknownAction>;
export type DashboardDispatch = ThunkDispatch<DashboardRootState, unknown, UnknownAction>;
