// The save modal slice (spec §3 "Save modal"): visibility, dashboard choices, its alert and the last save's outcome.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { i18nKey } from '../../i18n/i18n';
import type { DashboardChoice } from '../api/types';
import { FETCH_DASHBOARDS_FAILED, format, SAVE_SLICE_FAILED } from './messages';

/** What a save can be of: a chart (slice), a measure, a cohort or a saved column. */
export type SaveKind = 'slice' | 'measure' | 'cohort' | 'column';

/** The alert of a failed save, a catalogue key (SaveModalAlert shows it with t()). */
const SAVE_FAILED: Record<SaveKind, string> = {
  slice: SAVE_SLICE_FAILED,
  measure: i18nKey('Failed to save measure'),
  cohort: i18nKey('Failed to save cohort'),
  column: i18nKey('Failed to save column'),
};
export type SaveStatus = 'SUCCESS' | 'FAILED';

export interface SaveModalState {
  isVisible: boolean;
  dashboards: DashboardChoice[];
  saveModalAlert: string | null;
  /** The saved entity of the last successful save. */
  data: unknown;
  /** SAVE_<KIND>_SUCCESS or _FAILED of the spec, by kind. */
  saveStatus: Partial<Record<SaveKind, SaveStatus>>;
}

export const initialSaveModalState: SaveModalState = {
  isVisible: false,
  dashboards: [],
  saveModalAlert: null,
  data: null,
  saveStatus: {},
};

const saveModalSlice = createSlice({
  name: 'saveModal',
  initialState: initialSaveModalState,
  reducers: {
    saveModalVisibilitySet(state, action: PayloadAction<boolean>) {
      state.isVisible = action.payload;
      if (!action.payload) state.saveModalAlert = null;
    },
    dashboardsFetched(state, action: PayloadAction<DashboardChoice[]>) {
      state.dashboards = action.payload;
    },
    dashboardsFetchFailed(state, action: PayloadAction<string | number>) {
      state.saveModalAlert = format(FETCH_DASHBOARDS_FAILED, action.payload);
    },
    saveSucceeded(state, action: PayloadAction<{ kind: SaveKind; data: unknown }>) {
      state.saveStatus[action.payload.kind] = 'SUCCESS';
      state.data = action.payload.data;
      state.saveModalAlert = null;
    },
    saveFailed(state, action: PayloadAction<{ kind: SaveKind }>) {
      const { kind } = action.payload;
      state.saveStatus[kind] = 'FAILED';
      state.saveModalAlert = SAVE_FAILED[kind];
    },
    saveModalAlertRemoved(state) {
      state.saveModalAlert = null;
    },
  },
});

export const saveModalActions = saveModalSlice.actions;
export const saveModalReducer = saveModalSlice.reducer;
