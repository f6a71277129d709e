// The empty SQL Lab state: no tabs, no runs, the Results pane in front.
import { SOUTH_PANE_RESULTS } from './defaults';
import type { QueryHistoryState, SqlLabState } from './types';

export const initialQueryHistoryState: QueryHistoryState = {
  search: '',
  page: 0,
  pageSize: 25,
  count: 0,
  result: [],
  loading: false,
  error: null,
};

export function createInitialSqlLabState(now = 0): SqlLabState {
  return {
    queryEditors: [],
    unsavedQueryEditor: {},
    tabHistory: [],
    destroyedQueryEditors: {},
    queries: {},
    tables: [],
    queryCostEstimates: {},
    databases: {},
    offline: false,
    activeSouthPaneTab: SOUTH_PANE_RESULTS,
    editorTabLastUpdatedAt: now,
    lastUpdatedActiveTab: '',
    datasource: null,
    isDatasourceLoading: false,
    errorMessage: null,
    queriesLastUpdate: now,
    queryHistory: initialQueryHistoryState,
    copilotConversations: {},
  };
}
