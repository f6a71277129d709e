// The store's listener middleware: the work that outlives one action (the dashboard's batch window and streams, a
// chart request's abort on the next start or stop) belongs to the store it serves, not to module variables.
import { createListenerMiddleware, type ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import type { DashboardDispatch, DashboardRootState } from '../dashboard/state';
import { startChartBatchListening } from '../dashboard/state/thunks/chart-data';

// The return type is spelled out: inferring it would loop through the store's own RootState.
export function createAppListener(): ListenerMiddlewareInstance {
  const listener = createListenerMiddleware();
  startChartBatchListening(listener.startListening.withTypes<DashboardRootState, DashboardDispatch>());
  return listener;
}
