// Explore's state for the app store: the reducer map, the root state it reads and the thunk type.
import type { ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { type ChartsState, chartsReducer } from '../../chart-data/charts-slice';
import type { SessionState } from '../../session/state/session';
import { type ExploreState, exploreReducer } from './explore-slice';
import { type SaveModalState, saveModalReducer } from './save-modal-slice';

/** Spread into the app store's reducers; `charts` is shared with dashboards. */
export const exploreReducers = { explore: exploreReducer, charts: chartsReducer, saveModal: saveModalReducer };

/** Query results can be large: the store's development checks must not walk them on every action. */
export const EXPLORE_LARGE_STATE_PATHS = ['charts'];

export interface ExploreRootState {
  explore: ExploreState;
  charts: ChartsState;
  saveModal: SaveModalState;
  session: SessionState;
}

export type ExploreThunk<R = void> = ThunkAction<R, ExploreRootState, unknown, UnknownAction>;
export type ExploreDispatch = ThunkDispatch<ExploreRootState, unknown, UnknownAction>;
