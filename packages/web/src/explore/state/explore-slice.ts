// The explore slice (spec §3 explore state, §4 "Explore"): form data, controls and the chart being edited.
import { DEFAULT_VIZ_TYPE, type QueryFormData, type QueryFormMetric } from '@nezha/core';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Cohort, Datasource, ExploreMetadata, SavedColumn, SavedMeasure, Slice } from '../api/types';
import { isRenderTrigger, panelControlsFor } from '../controls/control-panel';
import { buildControlsState, type ControlsState, controlStateOf } from '../controls/control-state';
import type { ValidationContext } from '../controls/control-validation';
import { carryColumnConfig, changeVizType, remapToDatasource, stashFormData } from './form-data-transforms';
import { ID_FIELD, semanticKindOf } from './semantic-kinds';

export type SaveAction = 'saveas' | 'overwrite';

export interface ExploreState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  error: string | null;
  /** The bootstrap's notice (e.g. form data not found in cache). */
  message: string | null;
  form_data: QueryFormData;
  controls: ControlsState;
  datasource: Datasource | null;
  slice: Slice | null;
  sliceName: string;
  metadata: ExploreMetadata | null;
  isStarred: boolean;
  saveAction: SaveAction | null;
  can_add: boolean;
  can_download: boolean;
  can_overwrite: boolean;
  force: boolean;
  hiddenFormData: Partial<QueryFormData>;
  controlsTransferred: string[];
  /** Set when a customize control changed: the chart draws again from its last results. */
  triggerRender: boolean;
  standalone: boolean;
  sqlMaxRow: number | null;
  timeRangeBounds: { since: string | null; until: string | null } | null;
  /** The dataset's semantic layer: saved measures, saved and calculated columns, cohorts. */
  savedMeasures: SavedMeasure[];
  savedColumns: SavedColumn[];
  cohorts: Cohort[];
}

export const initialExploreState: ExploreState = {
  status: 'idle',
  error: null,
  message: null,
  form_data: { datasource: '', viz_type: DEFAULT_VIZ_TYPE },
  controls: {},
  datasource: null,
  slice: null,
  sliceName: '',
  metadata: null,
  isStarred: false,
  saveAction: null,
  can_add: false,
  can_download: false,
  can_overwrite: false,
  force: false,
  hiddenFormData: {},
  controlsTransferred: [],
  triggerRender: false,
  standalone: false,
  sqlMaxRow: null,
  timeRangeBounds: null,
  savedMeasures: [],
  savedColumns: [],
  cohorts: [],
};

export interface ExploreHydration {
  formData: QueryFormData;
  datasource: Datasource;
  slice: Slice | null;
  metadata: ExploreMetadata | null;
  message: string | null;
  can_add: boolean;
  can_download: boolean;
  can_overwrite: boolean;
  force: boolean;
  standalone: boolean;
  sqlMaxRow: number | null;
}

const contextOf = (state: ExploreState): ValidationContext => {
  const names = semanticNames(state);
  return {
    sqlMaxRow: state.sqlMaxRow,
    timeRangeBounds: state.timeRangeBounds,
    takenMeasureNames: [...(state.datasource?.metrics ?? []).map((metric) => metric.metric_name), ...names],
    measureNames: names,
    sensitiveColumns: state.datasource?.sensitive_columns ?? [],
  };
};

/** The names of the dataset's saved measures and their definitions, but for the measure being edited. */
function semanticNames(state: ExploreState): string[] {
  const editing = Number(state.form_data.measure_id);
  return state.savedMeasures
    .filter((measure) => measure.id !== editing)
    .flatMap((measure) => [measure.measure_name, ...(measure.saved_measures ?? []).map((draft) => draft.name ?? '')])
    .filter((name) => name !== '');
}

/** Recomputes every control from the form data (after a change that may touch many of them). */
function rebuild(state: ExploreState, formData: QueryFormData): void {
  const built = buildControlsState(formData, contextOf(state));
  state.form_data = built.formData;
  state.controls = built.controls;
}

const exploreSlice = createSlice({
  name: 'explore',
  initialState: initialExploreState,
  reducers: {
    exploreLoadStarted(state) {
      state.status = 'loading';
      state.error = null;
    },
    exploreLoadFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    exploreHydrated(state, action: PayloadAction<ExploreHydration>) {
      const payload = action.payload;
      Object.assign(state, {
        ...initialExploreState,
        status: 'ready',
        message: payload.message,
        datasource: payload.datasource,
        slice: payload.slice,
        sliceName: payload.slice?.slice_name ?? '',
        metadata: payload.metadata,
        can_add: payload.can_add,
        can_download: payload.can_download,
        can_overwrite: payload.can_overwrite,
        force: payload.force,
        standalone: payload.standalone,
        sqlMaxRow: payload.sqlMaxRow,
      });
      rebuild(state, { ...payload.formData, viz_type: payload.formData.viz_type || DEFAULT_VIZ_TYPE });
    },
    /**
     * A control changed: its value is revalidated; a customize control re-renders the chart unless the new
     * value is invalid. The chart type and metrics have their own consequences.
     */
    controlChanged(state, action: PayloadAction<{ controlName: string; value: unknown }>) {
      const { controlName, value } = action.payload;
      if (controlName === 'viz_type' && typeof value === 'string') {
        const changed = changeVizType(state.form_data, state.hiddenFormData, value);
        state.hiddenFormData = changed.hiddenFormData;
        // The same kind keeps editing its entity; another kind (or a chart) is a new thing to save.
        const kind = semanticKindOf(state.form_data.viz_type);
        if (kind && kind === semanticKindOf(value)) {
          const id = state.form_data[ID_FIELD[kind]];
          if (id !== undefined) changed.formData[ID_FIELD[kind]] = id;
        } else if (kind) {
          delete changed.hiddenFormData[ID_FIELD[kind]];
          state.sliceName = state.slice?.slice_name ?? '';
        }
        rebuild(state, changed.formData);
        state.triggerRender = false;
        return;
      }
      const formData: QueryFormData = { ...state.form_data, [controlName]: value };
      if (controlName === 'metrics' && Array.isArray(value)) {
        const carried = carryColumnConfig(
          state.form_data.metrics as QueryFormMetric[] | null | undefined,
          value as QueryFormMetric[],
          state.form_data.column_config as Record<string, unknown> | null | undefined,
        );
        if (carried) formData.column_config = carried;
      }
      state.form_data = formData;
      const panel = panelControlsFor(formData.viz_type);
      const control = panel.get(controlName);
      if (!control) return;
      // Visibility may depend on the new value: every control is revalidated, not just this one.
      for (const [name, other] of panel) {
        state.controls[name] = controlStateOf(
          other,
          formData,
          formData[name] ?? state.controls[name]?.value,
          contextOf(state),
        );
      }
      const hasErrors = (state.controls[controlName]?.validationErrors.length ?? 0) > 0;
      state.triggerRender = isRenderTrigger(control) && !hasErrors;
    },
    /** Switching datasource remaps column and metric controls and records the ones that kept values. */
    datasourceSwitched(state, action: PayloadAction<Datasource>) {
      const remapped = remapToDatasource(state.form_data, action.payload);
      state.datasource = action.payload;
      state.controlsTransferred = remapped.controlsTransferred;
      rebuild(state, remapped.formData);
    },
    /** The same datasource edited and saved ("Edit dataset"): new labels and metrics, the chosen controls kept. */
    datasourceSaved(state, action: PayloadAction<Datasource>) {
      state.datasource = action.payload;
      rebuild(state, state.form_data);
    },
    formDataStashed(state, action: PayloadAction<{ fieldNames: string[]; isHidden: boolean }>) {
      const { fieldNames, isHidden } = action.payload;
      const stashed = stashFormData(state.form_data, state.hiddenFormData, fieldNames, isHidden);
      state.form_data = stashed.formData;
      state.hiddenFormData = stashed.hiddenFormData;
    },
    renderTriggered(state) {
      state.triggerRender = false;
    },
    sliceNameChanged(state, action: PayloadAction<string>) {
      state.sliceName = action.payload;
    },
    /** The favourite star follows a successful POST (starred) or DELETE (unstarred), and the status read on load. */
    starToggled(state, action: PayloadAction<boolean>) {
      state.isStarred = action.payload;
    },
    forceSet(state, action: PayloadAction<boolean>) {
      state.force = action.payload;
    },
    /** The time range resolved: the time grain is judged against its length. */
    timeRangeResolved(state, action: PayloadAction<{ since: string | null; until: string | null } | null>) {
      state.timeRangeBounds = action.payload;
      const panel = panelControlsFor(state.form_data.viz_type);
      for (const [name, control] of panel) {
        if (control.config.type !== 'time_grain') continue;
        state.controls[name] = controlStateOf(control, state.form_data, state.form_data[name], contextOf(state));
      }
    },
    semanticLayerLoaded(
      state,
      action: PayloadAction<{ savedMeasures: SavedMeasure[]; savedColumns: SavedColumn[]; cohorts: Cohort[] }>,
    ) {
      Object.assign(state, action.payload);
      // Measure names are judged against the saved ones: the messages follow the layer.
      if (state.status === 'ready') rebuild(state, state.form_data);
    },
    /** A measure, cohort or saved column was saved from explore: explore now edits that entity. */
    semanticEntitySaved(state, action: PayloadAction<{ idField: string; id: number; name: string }>) {
      const { idField, id, name } = action.payload;
      state.form_data = { ...state.form_data, [idField]: id };
      state.sliceName = name;
    },
    sliceSaved(state, action: PayloadAction<{ slice: Slice; action: SaveAction }>) {
      const { slice } = action.payload;
      state.slice = slice;
      state.sliceName = slice.slice_name;
      state.saveAction = action.payload.action;
      state.can_overwrite = true;
      state.form_data = { ...state.form_data, slice_id: slice.slice_id };
    },
  },
});

export const exploreActions = exploreSlice.actions;
export const exploreReducer = exploreSlice.reducer;

/** The chart key of explore: the saved chart's id, else 0 for a chart not saved yet. */
export function exploreChartId(formData: Partial<QueryFormData>, slice: Slice | null): number {
  const id = slice?.slice_id ?? formData.slice_id;
  return typeof id === 'number' && id > 0 ? id : 0;
}

/** Spec §4: a chart loads with an empty status and asks for its query when a chart, measure or cohort id is given. */
export function initialExploreChart(formData: QueryFormData, slice: Slice | null) {
  const given = [
    slice?.slice_id,
    formData.slice_id,
    formData.measure_id,
    formData.cohort_id,
    formData.saved_column_id,
  ].some((id) => (typeof id === 'number' && id > 0) || (typeof id === 'string' && /^\d+$/.test(id)));
  return {
    id: exploreChartId(formData, slice),
    formData,
    triggerQuery: given,
    ...(slice?.form_data ? { sliceFormData: slice.form_data } : {}),
  };
}
