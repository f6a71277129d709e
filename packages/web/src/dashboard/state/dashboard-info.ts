// The dashboardInfo slice (spec §3 dashboard info): the dashboard's identity, properties, json_metadata, what the
// user may do with it, the filter bar orientation and the cross-filters flag as last saved.
import {
  type ChartConfiguration,
  type DashboardMetadata,
  defaultDashboardMetadata,
  type FilterBarOrientation,
  type GlobalChartConfiguration,
  type NativeFilterConfigItem,
} from '@nezha/core';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { dashboardLoaded, dashboardSaved } from './dashboard-events';
import type { DashboardOwner, DashboardRole } from './types';

export interface DashboardInfoState {
  id: number | null;
  slug: string | null;
  dashboard_title: string;
  owners: DashboardOwner[];
  roles: DashboardRole[];
  certified_by: string | null;
  certification_details: string | null;
  changed_on: string | null;
  changed_by_name: string | null;
  metadata: DashboardMetadata;
  filterBarOrientation: FilterBarOrientation;
  crossFiltersEnabled: boolean;
  last_modified_time: number;
  dash_edit_perm: boolean;
  dash_save_perm: boolean;
  dash_share_perm: boolean;
}

export const initialDashboardInfo: DashboardInfoState = {
  id: null,
  slug: null,
  dashboard_title: '',
  owners: [],
  roles: [],
  certified_by: null,
  certification_details: null,
  changed_on: null,
  changed_by_name: null,
  metadata: defaultDashboardMetadata(),
  filterBarOrientation: 'VERTICAL',
  crossFiltersEnabled: false,
  last_modified_time: 0,
  dash_edit_perm: false,
  dash_save_perm: false,
  dash_share_perm: false,
};

export interface DashboardPropertiesPatch {
  dashboard_title?: string;
  slug?: string | null;
  owners?: DashboardOwner[];
  roles?: DashboardRole[];
  certified_by?: string | null;
  certification_details?: string | null;
  metadata?: DashboardMetadata;
}

const dashboardInfoSlice = createSlice({
  name: 'dashboardInfo',
  initialState: initialDashboardInfo,
  reducers: {
    /** The properties dialog applied (title, slug, owners, roles, certification, JSON metadata). */
    dashboardPropertiesChanged(state, action: PayloadAction<DashboardPropertiesPatch>) {
      Object.assign(state, action.payload);
    },
    /** PUT json_metadata answered: orientation saved on change (spec §4 "Filter bar"). */
    filterBarOrientationSaved(
      state,
      action: PayloadAction<{ orientation: FilterBarOrientation; lastModifiedTime?: number }>,
    ) {
      state.filterBarOrientation = action.payload.orientation;
      state.metadata.filter_bar_orientation = action.payload.orientation;
      if (action.payload.lastModifiedTime) state.last_modified_time = action.payload.lastModifiedTime;
    },
    crossFiltersEnabledSaved(state, action: PayloadAction<{ enabled: boolean; lastModifiedTime?: number }>) {
      state.crossFiltersEnabled = action.payload.enabled;
      state.metadata.cross_filters_enabled = action.payload.enabled;
      if (action.payload.lastModifiedTime) state.last_modified_time = action.payload.lastModifiedTime;
    },
    crossFilterScopingSaved(
      state,
      action: PayloadAction<{
        chartConfiguration: ChartConfiguration;
        globalChartConfiguration: GlobalChartConfiguration;
        lastModifiedTime?: number;
      }>,
    ) {
      state.metadata.chart_configuration = action.payload.chartConfiguration;
      state.metadata.global_chart_configuration = action.payload.globalChartConfiguration;
      if (action.payload.lastModifiedTime) state.last_modified_time = action.payload.lastModifiedTime;
    },
    /** The legacy filter mapping dialog applied (json_metadata.filter_scopes); saved with the dashboard. */
    filterScopesChanged(state, action: PayloadAction<Record<string, unknown>>) {
      state.metadata.filter_scopes = action.payload;
    },
    nativeFilterConfigurationSaved(
      state,
      action: PayloadAction<{ items: NativeFilterConfigItem[]; lastModifiedTime?: number }>,
    ) {
      state.metadata.native_filter_configuration = action.payload.items;
      if (action.payload.lastModifiedTime) state.last_modified_time = action.payload.lastModifiedTime;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(dashboardLoaded, (_state, { payload }) => ({
        id: payload.id,
        slug: payload.slug,
        dashboard_title: payload.dashboard_title,
        owners: payload.owners,
        roles: payload.roles,
        certified_by: payload.certified_by,
        certification_details: payload.certification_details,
        changed_on: payload.changed_on,
        changed_by_name: payload.changed_by_name,
        metadata: payload.metadata,
        filterBarOrientation: payload.metadata.filter_bar_orientation,
        crossFiltersEnabled: payload.crossFiltersEnabled,
        last_modified_time: payload.last_modified_time,
        dash_edit_perm: payload.dash_edit_perm,
        dash_save_perm: payload.dash_save_perm,
        dash_share_perm: payload.dash_share_perm,
      }))
      .addCase(dashboardSaved, (state, action) => {
        state.last_modified_time = action.payload.lastModifiedTime;
      });
  },
});

export const dashboardInfoActions = dashboardInfoSlice.actions;
export const dashboardInfoReducer = dashboardInfoSlice.reducer;
