// Explore transitions of spec §4, one test per rule.
import type { QueryFormData } from '@nezha/core';
import type { UnknownAction } from '@reduxjs/toolkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { getChartPlugin, registerChartPlugin } from '../../charts/registry';
import { SEMANTIC_PLUGINS } from '../../charts/semantic-plugins';
import {
  exploreActions as a,
  type ExploreHydration,
  type ExploreState,
  exploreReducer,
  initialExploreChart,
  initialExploreState,
} from './explore-slice';
import { initialSaveModalState, saveModalActions as s, saveModalReducer } from './save-modal-slice';
import { avgTempMax, registerTestPlugins, SEATTLE, TEST_LINE, TEST_PIE, TEST_TABLE, WEATHER } from './test-fixtures';

beforeAll(registerTestPlugins);

const hydration = (formData: Partial<QueryFormData> = {}): ExploreHydration => ({
  formData: { datasource: '3__table', viz_type: TEST_LINE, ...formData },
  datasource: WEATHER,
  slice: null,
  metadata: null,
  message: null,
  can_add: true,
  can_download: true,
  can_overwrite: false,
  force: false,
  standalone: false,
  sqlMaxRow: null,
});

const reduce = (state: ExploreState, ...actions: UnknownAction[]) => actions.reduce(exploreReducer, state);
const loaded = (formData: Partial<QueryFormData> = {}) =>
  reduce(initialExploreState, a.exploreHydrated(hydration(formData)));

describe('explore', () => {
  it('a chart loads with chartStatus null and triggerQuery true when a chart id is given', () => {
    const formData = { datasource: '3__table', viz_type: TEST_LINE };
    const slice = { slice_id: 12, slice_name: 'Temps', owners: [1] };
    expect(initialExploreChart(formData, slice)).toMatchObject({ id: 12, triggerQuery: true });
    expect(initialExploreChart({ ...formData, measure_id: 4 }, null)).toMatchObject({ id: 0, triggerQuery: true });
    expect(initialExploreChart({ ...formData, cohort_id: 5 }, null).triggerQuery).toBe(true);
  });

  it('a new chart from a dataset does not query until asked', () => {
    expect(initialExploreChart({ datasource: '3__table', viz_type: TEST_LINE }, null)).toMatchObject({
      id: 0,
      triggerQuery: false,
    });
  });

  it('hydration fills controls with defaults and validates them', () => {
    const state = loaded();
    expect(state.status).toBe('ready');
    expect(state.form_data.row_limit).toBe(10000);
    expect(state.controls.metrics?.validationErrors).toEqual(['cannot be empty']);
    // The panel without a time section gets the spec's: time column and time range ('Last day').
    expect(state.form_data.time_range).toBe('Last day');
    expect(state.controls.granularity_sqla).toBeDefined();
  });

  it('a chart without a viz type opens as the default table', () => {
    const state = reduce(initialExploreState, a.exploreHydrated(hydration({ viz_type: '' })));
    expect(state.form_data.viz_type).toBe('table');
  });

  it('changing a control revalidates it', () => {
    const state = reduce(loaded(), a.controlChanged({ controlName: 'metrics', value: [avgTempMax] }));
    expect(state.form_data.metrics).toEqual([avgTempMax]);
    expect(state.controls.metrics).toEqual({ value: [avgTempMax], validationErrors: [] });
    const bad = reduce(state, a.controlChanged({ controlName: 'row_limit', value: '12.5' }));
    expect(bad.controls.row_limit?.validationErrors).toEqual(['is expected to be an integer']);
  });

  it('changing a customize control rerenders; a query control does not', () => {
    const customize = reduce(loaded(), a.controlChanged({ controlName: 'show_legend', value: false }));
    expect(customize.triggerRender).toBe(true);
    const query = reduce(customize, a.renderTriggered(), a.controlChanged({ controlName: 'groupby', value: ['x'] }));
    expect(query.triggerRender).toBe(false);
  });

  it('validation errors block the rerender', () => {
    const state = reduce(loaded(), a.controlChanged({ controlName: 'line_color', value: 'not a colour' }));
    expect(state.controls.line_color?.validationErrors).toEqual(['Invalid color: not a colour']);
    expect(state.triggerRender).toBe(false);
  });

  it('a control made visible by another is judged again', () => {
    const state = reduce(
      loaded({ series_limit: 2.5 }),
      a.controlChanged({ controlName: 'groupby', value: ['location'] }),
    );
    expect(state.controls.series_limit?.validationErrors).toEqual(['is expected to be an integer']);
  });

  it('changing chart type transforms form data and controls, keeping shared values', () => {
    const state = reduce(
      loaded({ metrics: [avgTempMax], groupby: ['weather'], slice_id: 3, show_legend: false }),
      a.controlChanged({ controlName: 'viz_type', value: TEST_PIE }),
    );
    expect(state.form_data).toMatchObject({
      viz_type: TEST_PIE,
      metric: avgTempMax,
      groupby: ['weather'],
      slice_id: 3,
    });
    expect(state.form_data.metrics).toBeUndefined();
    expect(Object.keys(state.controls)).toContain('metric');
    expect(state.controls.metric?.validationErrors).toEqual([]);
    expect(state.hiddenFormData).toMatchObject({ metrics: [avgTempMax], show_legend: false });
  });

  it("changing chart type applies the new plugin's formDataOverrides", () => {
    const state = reduce(loaded(), a.controlChanged({ controlName: 'viz_type', value: TEST_TABLE }));
    expect(state.form_data.query_mode).toBe('aggregate');
    expect(state.form_data.server_page_length).toBe(10);
  });

  it('switching back restores what the other chart type stashed', () => {
    const state = reduce(
      loaded({ metrics: [avgTempMax], show_legend: false }),
      a.controlChanged({ controlName: 'viz_type', value: TEST_PIE }),
      a.controlChanged({ controlName: 'viz_type', value: TEST_LINE }),
    );
    expect(state.form_data.show_legend).toBe(false);
    expect(state.form_data.metrics).toEqual([avgTempMax]);
  });

  it('switching datasource remaps controls and records the transferred ones', () => {
    const state = reduce(
      loaded({ metrics: [avgTempMax, 'count'], groupby: ['location', 'weather'], x_axis: 'date' }),
      a.datasourceSwitched(SEATTLE),
    );
    expect(state.form_data.datasource).toBe('4__table');
    expect(state.form_data.metrics).toEqual([avgTempMax]);
    expect(state.form_data.groupby).toEqual(['weather']);
    expect(state.controlsTransferred).toEqual(['x_axis', 'metrics', 'groupby']);
    expect(state.datasource?.id).toBe(4);
  });

  it('stash hides form fields and restores them', () => {
    const hidden = reduce(
      loaded({ series_limit: 10 }),
      a.formDataStashed({ fieldNames: ['series_limit'], isHidden: true }),
    );
    expect(hidden.form_data.series_limit).toBeUndefined();
    expect(hidden.hiddenFormData.series_limit).toBe(10);
    const shown = reduce(hidden, a.formDataStashed({ fieldNames: ['series_limit'], isHidden: false }));
    expect(shown.form_data.series_limit).toBe(10);
  });

  it('renaming a metric carries its column config over', () => {
    const renamed = { ...avgTempMax, label: 'Average high', hasCustomLabel: true };
    const state = reduce(
      loaded({ metrics: [avgTempMax], column_config: { 'AVG(temp_max)': { d3NumberFormat: '.1f' } } }),
      a.controlChanged({ controlName: 'metrics', value: [renamed] }),
    );
    expect(state.form_data.column_config).toEqual({ 'Average high': { d3NumberFormat: '.1f' } });
  });

  it('the favourite star follows the toggle', () => {
    const starred = reduce(loaded(), a.starToggled(true));
    expect(starred.isStarred).toBe(true);
    expect(reduce(starred, a.starToggled(false)).isStarred).toBe(false);
  });

  it('a too fine time grain for the resolved range is a validation error', () => {
    const state = reduce(
      loaded({ time_grain_sqla: 'PT1M' }),
      a.timeRangeResolved({ since: '2024-01-01T00:00:00', until: '2024-03-01T00:00:00' }),
    );
    expect(state.controls.time_grain_sqla?.validationErrors).toEqual([
      'Time grain "Minute" is not allowed for this time range. ',
    ]);
  });

  it('a saved chart becomes the slice being edited, which its owner may overwrite', () => {
    const state = reduce(
      loaded(),
      a.sliceSaved({ slice: { slice_id: 8, slice_name: 'Highs', owners: [1] }, action: 'saveas' }),
    );
    expect(state).toMatchObject({ sliceName: 'Highs', saveAction: 'saveas', can_overwrite: true });
    expect(state.form_data.slice_id).toBe(8);
  });
});

describe('saveModal', () => {
  it('visibility toggles', () => {
    const shown = saveModalReducer(initialSaveModalState, s.saveModalVisibilitySet(true));
    expect(shown.isVisible).toBe(true);
    expect(saveModalReducer(shown, s.saveModalVisibilitySet(false)).isVisible).toBe(false);
  });

  it('a save ends in SUCCESS for its kind and keeps the saved data', () => {
    const state = saveModalReducer(initialSaveModalState, s.saveSucceeded({ kind: 'slice', data: { id: 1 } }));
    expect(state.saveStatus).toEqual({ slice: 'SUCCESS' });
    expect(state.data).toEqual({ id: 1 });
  });

  it("a failed chart save ends in FAILED with 'Failed to save slice'", () => {
    const state = saveModalReducer(initialSaveModalState, s.saveFailed({ kind: 'slice' }));
    expect(state.saveStatus).toEqual({ slice: 'FAILED' });
    expect(state.saveModalAlert).toBe('Failed to save slice');
  });

  it('saves of measures, cohorts and columns end in their own status', () => {
    const state = [
      s.saveSucceeded({ kind: 'measure', data: null }),
      s.saveFailed({ kind: 'cohort' }),
      s.saveSucceeded({ kind: 'column', data: null }),
    ].reduce(saveModalReducer, initialSaveModalState);
    expect(state.saveStatus).toEqual({ measure: 'SUCCESS', cohort: 'FAILED', column: 'SUCCESS' });
  });

  it('a failure to fetch the dashboards names the user', () => {
    const state = saveModalReducer(initialSaveModalState, s.dashboardsFetchFailed(7));
    expect(state.saveModalAlert).toBe('fetching dashboards failed for 7');
  });
});

describe('explore editing a semantic entity', () => {
  beforeAll(() => {
    for (const plugin of SEMANTIC_PLUGINS) if (!getChartPlugin(plugin.vizType)) registerChartPlugin(plugin);
  });

  it('a saved measure, cohort or column id asks for the query on load', () => {
    expect(initialExploreChart({ datasource: '3__table', viz_type: 'cohort', cohort_id: 4 }, null).triggerQuery).toBe(
      true,
    );
    expect(
      initialExploreChart({ datasource: '3__table', viz_type: 'saved_column', saved_column_id: 2 }, null).triggerQuery,
    ).toBe(true);
  });

  it('saving the entity makes explore edit it under its name', () => {
    const state = reduce(loaded(), a.semanticEntitySaved({ idField: 'measure_id', id: 8, name: 'avg_high' }));
    expect(state.form_data.measure_id).toBe(8);
    expect(state.sliceName).toBe('avg_high');
  });

  it('switching to another kind leaves the edited entity behind; the same kind keeps it', () => {
    const editing = reduce(
      loaded({ viz_type: TEST_LINE }),
      a.controlChanged({ controlName: 'viz_type', value: 'measure' }),
      a.semanticEntitySaved({ idField: 'measure_id', id: 8, name: 'avg_high' }),
    );
    const sameKind = reduce(editing, a.controlChanged({ controlName: 'viz_type', value: 'measure_line' }));
    expect(sameKind.form_data.measure_id).toBe(8);
    const chart = reduce(editing, a.controlChanged({ controlName: 'viz_type', value: TEST_LINE }));
    expect(chart.form_data.measure_id).toBeUndefined();
    expect(chart.sliceName).toBe('');
  });

  it('measure names are validated against the saved measures once the semantic layer loads', () => {
    const measures = [{ name: 'avg_high', expressionType: 'SIMPLE', aggregate: 'AVG', column: 'temp_max' }];
    const state = reduce(
      loaded({ viz_type: TEST_LINE }),
      a.controlChanged({ controlName: 'viz_type', value: 'measure' }),
      a.controlChanged({ controlName: 'measures', value: measures }),
      a.semanticLayerLoaded({
        savedMeasures: [{ id: 1, measure_name: 'avg_high', saved_measures: [] }],
        savedColumns: [],
        cohorts: [],
      }),
    );
    expect(state.controls.measures?.validationErrors).toEqual([
      'Measure name cannot be duplicated, including with saved measures',
    ]);
  });
});
