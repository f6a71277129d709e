// Saving filter settings through PUT json_metadata (spec §4 "Filter bar", §7): the bar's orientation, the
// cross-filters flag, the native filter configuration and the cross-filter scoping.

import {
  type ChartConfiguration,
  crossFiltersConfiguration,
  type DashboardMetadata,
  type FilterBarOrientation,
  type NativeFilterConfigItem,
  type NativeFilterScope,
} from '@nezha/core';
import { isApiError } from '../../../api/api-error';
import { addDangerToast } from '../../../components/toasts/state/message-toasts';
import { t } from '../../../i18n/i18n';
import { putDashboard } from '../../api/dashboard-api';
import { dashboardInfoActions } from '../dashboard-info';
import type { DashboardRootState, DashboardThunk } from '../index';
import { CROSS_FILTER_SCOPING_FAILED, FILTER_CONFIG_SAVE_FAILED } from '../messages';
import { nativeFiltersActions } from '../native-filters';
import { crossFilterChartIds, scopedFilters } from './dashboard-metadata';

async function putMetadata(state: DashboardRootState, overrides: Partial<DashboardMetadata>) {
  const id = state.dashboardInfo.id;
  if (!id) throw new Error('No dashboard');
  const metadata = { ...state.dashboardInfo.metadata, ...overrides };
  delete metadata.positions;
  const response = await putDashboard(id, { json_metadata: JSON.stringify(metadata) });
  return response.last_modified_time ?? response.result.last_modified_time;
}

const messageOf = (error: unknown) => (isApiError(error) ? error.message : String(error));

export function saveFilterBarOrientation(orientation: FilterBarOrientation): DashboardThunk<Promise<void>> {
  return async (dispatch, getState) => {
    try {
      const lastModifiedTime = await putMetadata(getState(), { filter_bar_orientation: orientation });
      dispatch(
        dashboardInfoActions.filterBarOrientationSaved({
          orientation,
          ...(lastModifiedTime ? { lastModifiedTime } : {}),
        }),
      );
    } catch (error) {
      dispatch(addDangerToast(messageOf(error)));
    }
  };
}

export function saveCrossFiltersEnabled(enabled: boolean): DashboardThunk<Promise<void>> {
  return async (dispatch, getState) => {
    try {
      const lastModifiedTime = await putMetadata(getState(), { cross_filters_enabled: enabled });
      dispatch(
        dashboardInfoActions.crossFiltersEnabledSaved({ enabled, ...(lastModifiedTime ? { lastModifiedTime } : {}) }),
      );
    } catch (error) {
      dispatch(addDangerToast(messageOf(error)));
    }
  };
}

export function saveNativeFilterConfiguration(items: NativeFilterConfigItem[]): DashboardThunk<Promise<boolean>> {
  return async (dispatch, getState) => {
    const state = getState();
    const scoped = scopedFilters(items, state.dashboardLayout.present, state.dashboardState.sliceIds);
    try {
      const lastModifiedTime = await putMetadata(state, { native_filter_configuration: scoped });
      dispatch(nativeFiltersActions.nativeFiltersSaved({ items: scoped, previous: state.nativeFilters.filters }));
      dispatch(
        dashboardInfoActions.nativeFilterConfigurationSaved({
          items: scoped,
          ...(lastModifiedTime ? { lastModifiedTime } : {}),
        }),
      );
      return true;
    } catch (error) {
      dispatch(addDangerToast(t(FILTER_CONFIG_SAVE_FAILED, { error: messageOf(error) })));
      return false;
    }
  };
}

export interface CrossFilterScopingInput {
  globalScope: NativeFilterScope;
  /** Per chart: 'global', or its own scope. */
  chartScopes: Record<number, 'global' | NativeFilterScope>;
}

export function saveCrossFilterScoping(input: CrossFilterScopingInput): DashboardThunk<Promise<boolean>> {
  return async (dispatch, getState) => {
    const state = getState();
    const chartConfiguration: ChartConfiguration = {};
    for (const [chartId, scope] of Object.entries(input.chartScopes)) {
      chartConfiguration[chartId] = { id: Number(chartId), crossFilters: { scope, chartsInScope: [] } };
    }
    const computed = crossFiltersConfiguration(
      state.dashboardLayout.present,
      { chartConfiguration, globalChartConfiguration: { scope: input.globalScope, chartsInScope: [] } },
      crossFilterChartIds(state),
      state.dashboardState.sliceIds,
    );
    try {
      const lastModifiedTime = await putMetadata(state, {
        chart_configuration: computed.chartConfiguration,
        global_chart_configuration: computed.globalChartConfiguration,
      });
      dispatch(
        dashboardInfoActions.crossFilterScopingSaved({
          ...computed,
          ...(lastModifiedTime ? { lastModifiedTime } : {}),
        }),
      );
      return true;
    } catch {
      dispatch(addDangerToast(t(CROSS_FILTER_SCOPING_FAILED)));
      return false;
    }
  };
}
