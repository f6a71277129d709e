// Edit-mode changes to the layout: each goes through the dashboardLayout reducer, then the charts on the dashboard,
// the undo-limit warning and the spec's drop warnings follow.

import {
  chartsInLayout,
  type DashboardLayout,
  type DropResult,
  dropComponent,
  isBackAtStart,
  isNativeFilter,
  maxUndoHistoryMessage,
  UNDO_LIMIT,
} from '@nezha/core';
import type { UnknownAction } from '@reduxjs/toolkit';
import { chartsActions } from '../../../chart-data/charts-slice';
import { addDangerToast, addWarningToast } from '../../../components/toasts/state/message-toasts';
import { t } from '../../../i18n/i18n';
import type { ChartListEntry } from '../../api/dashboard-api';
import { dashboardLayoutActions, dashboardLayoutReducer } from '../dashboard-layout';
import { dashboardStateActions } from '../dashboard-state';
import type { DashboardDispatch, DashboardRootState, DashboardThunk } from '../index';
import { NO_CHART_DEFINITION } from '../messages';
import { sliceEntitiesActions } from '../slice-entities';
import type { DashboardSlice } from '../types';

/** Keeps sliceIds equal to the charts placed on the layout (spec §4 "sliceIds add/remove"). */
function syncSliceIds(dispatch: DashboardDispatch, before: DashboardLayout, after: DashboardLayout) {
  if (before === after) return;
  const was = new Set(chartsInLayout(before));
  const now = new Set(chartsInLayout(after));
  for (const id of now) if (!was.has(id)) dispatch(dashboardStateActions.sliceAdded(id));
  for (const id of was) if (!now.has(id)) dispatch(dashboardStateActions.sliceRemoved(id));
}

function warnWhenUndoLimitReached(dispatch: DashboardDispatch, getState: () => DashboardRootState) {
  const { dashboardLayout, dashboardState } = getState();
  if (dashboardLayout.maxUndoHistoryExceeded && !dashboardState.maxUndoHistoryExceeded) {
    dispatch(dashboardStateActions.maxUndoHistoryExceededSet(true));
    dispatch(addWarningToast(maxUndoHistoryMessage(UNDO_LIMIT)));
  }
}

/** Applies one layout action; one that changes nothing (a refused drop) is not dispatched, so no unsaved flag. */
export function editLayout(action: UnknownAction): DashboardThunk<boolean> {
  return (dispatch, getState) => {
    const before = getState().dashboardLayout;
    if (dashboardLayoutReducer(before, action).present === before.present) return false;
    dispatch(action);
    syncSliceIds(dispatch, before.present, getState().dashboardLayout.present);
    warnWhenUndoLimitReached(dispatch, getState);
    return true;
  };
}

/** A drop: the spec's warning when refused or when a chart changes filter scope, then the edit itself. */
export function dropLayoutComponent(drop: DropResult): DashboardThunk<boolean> {
  return (dispatch, getState) => {
    const state = getState();
    const filterScopes = state.nativeFilters.filters.filter(isNativeFilter).map((filter) => filter.scope);
    const { warning } = dropComponent(state.dashboardLayout.present, drop, { filterScopes });
    if (warning) dispatch(addWarningToast(warning));
    return dispatch(editLayout(dashboardLayoutActions.componentDropped(drop, filterScopes)));
  };
}

/** A chart from the builder pane becomes known to the dashboard before it is dropped. */
export function sliceFromListEntry(entry: ChartListEntry): DashboardSlice | null {
  let params: unknown;
  try {
    params = entry.params ? JSON.parse(entry.params) : null;
  } catch {
    params = null;
  }
  if (!params || typeof params !== 'object' || Array.isArray(params)) return null;
  const formData = params as DashboardSlice['form_data'];
  const datasource =
    formData.datasource || (entry.datasource_id ? `${entry.datasource_id}__${entry.datasource_type ?? 'table'}` : '');
  return {
    slice_id: entry.id,
    slice_name: entry.slice_name,
    viz_type: entry.viz_type,
    form_data: { ...formData, datasource, viz_type: formData.viz_type || entry.viz_type, slice_id: entry.id },
    description: entry.description,
    datasource_id: entry.datasource_id,
    datasource_type: entry.datasource_type,
    datasource_name: entry.datasource_name_text,
    url: entry.url,
    modified: entry.changed_on_delta_humanized,
  };
}

export function dropChartFromPane(entry: ChartListEntry, drop: DropResult): DashboardThunk<boolean> {
  return (dispatch, getState) => {
    const slice = sliceFromListEntry(entry);
    if (!slice) {
      dispatch(addDangerToast(t(NO_CHART_DEFINITION)));
      return false;
    }
    const known = getState().sliceEntities.slices[slice.slice_id];
    if (!known) {
      dispatch(sliceEntitiesActions.sliceEntityAdded(slice));
      dispatch(chartsActions.chartAdded({ id: slice.slice_id, formData: slice.form_data, triggerQuery: true }));
    }
    return dispatch(dropLayoutComponent(drop));
  };
}

export function deleteLayoutComponent(id: string, parentId?: string | null): DashboardThunk<boolean> {
  return (dispatch) =>
    dispatch(editLayout(dashboardLayoutActions.componentDeleted({ id, parentId: parentId ?? null })));
}

/** Undo; back at the saved state (and no colour change) the dashboard has no unsaved changes left. */
export function undoLayout(): DashboardThunk {
  return (dispatch, getState) => {
    const before = getState().dashboardLayout.present;
    dispatch(dashboardLayoutActions.layoutUndone());
    const { dashboardLayout, dashboardState } = getState();
    syncSliceIds(dispatch, before, dashboardLayout.present);
    if (isBackAtStart(dashboardLayout) && !dashboardState.updatedColorScheme) {
      dispatch(dashboardStateActions.unsavedChangesSet(false));
    } else {
      dispatch(dashboardStateActions.unsavedChangesSet(true));
    }
  };
}

export function redoLayout(): DashboardThunk {
  return (dispatch, getState) => {
    const before = getState().dashboardLayout.present;
    dispatch(dashboardLayoutActions.layoutRedone());
    syncSliceIds(dispatch, before, getState().dashboardLayout.present);
  };
}
