// The Redux store of the app: one slice per state object.
import { configureStore } from '@reduxjs/toolkit';
import { messageToastsReducer } from '../components/toasts/state/message-toasts';
import { filterDataApi } from '../dashboard/filters/filter-data-api';
import { DASHBOARD_LARGE_STATE_PATHS, dashboardReducers } from '../dashboard/state';
import { EXPLORE_LARGE_STATE_PATHS, exploreReducers } from '../explore/state';
import { reportsReducer } from '../reports/state/reports';
import { sessionReducer } from '../session/state/session';
import { SQLLAB_LARGE_ACTIONS, SQLLAB_LARGE_STATE_PATHS, sqlLabReducers } from '../sqllab/state';
import { createAppListener } from './listener';

export function createAppStore() {
  const listener = createAppListener();
  return configureStore({
    reducer: {
      messageToasts: messageToastsReducer,
      session: sessionReducer,
      reports: reportsReducer,
      ...sqlLabReducers,
      ...exploreReducers,
      ...dashboardReducers,
      [filterDataApi.reducerPath]: filterDataApi.reducer,
    },
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        immutableCheck: {
          ignoredPaths: [...SQLLAB_LARGE_STATE_PATHS, ...EXPLORE_LARGE_STATE_PATHS, ...DASHBOARD_LARGE_STATE_PATHS],
        },
        serializableCheck: {
          ignoredPaths: [...SQLLAB_LARGE_STATE_PATHS, ...EXPLORE_LARGE_STATE_PATHS, ...DASHBOARD_LARGE_STATE_PATHS],
          ignoredActions: SQLLAB_LARGE_ACTIONS,
        },
      })
        .prepend(listener.middleware)
        .concat(filterDataApi.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
