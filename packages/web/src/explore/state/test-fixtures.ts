// Test plugins and a datasource for explore's state tests (registered once per test file).
import { buildQueryContext, type QueryFormData } from '@nezha/core';
import { definePlugin } from '../../charts/define-plugin';
import { getChartPlugin, registerChartPlugin } from '../../charts/registry';
import type { ChartPlugin, ChartPluginInfo, ControlPanelSection } from '../../charts/types';
import type { Datasource } from '../api/types';

const component = () => Promise.resolve({ default: () => null });

function plugin(vizType: string, sections: ControlPanelSection[], extra: Partial<ChartPluginInfo> = {}): ChartPlugin {
  return definePlugin({
    vizType,
    metadata: { name: vizType, description: '', category: 'Test', behaviors: [], tags: [], thumbnail: '' },
    controlPanel: { sections },
    buildQuery: (formData) => buildQueryContext(formData),
    transformProps: () => ({}),
    load: component,
    ...extra,
  });
}

const customize: ControlPanelSection = {
  label: 'Customize',
  kind: 'customize',
  expanded: true,
  controls: [
    { name: 'show_legend', type: 'checkbox', label: 'Legend', default: true },
    { name: 'line_color', type: 'text', label: 'Line colour', validators: ['color'] },
  ],
};

export const TEST_LINE = 'test_line';
export const TEST_PIE = 'test_pie';
export const TEST_TABLE = 'test_table';

export function registerTestPlugins(): void {
  if (getChartPlugin(TEST_LINE)) return;
  registerChartPlugin(
    plugin(
      TEST_LINE,
      [
        {
          label: 'Query',
          kind: 'query',
          expanded: true,
          controls: [
            { name: 'x_axis', type: 'x_axis', label: 'X-axis' },
            { name: 'time_grain_sqla', type: 'time_grain', label: 'Time grain', default: 'P1D' },
            { name: 'metrics', type: 'metrics', label: 'Metrics', validators: ['nonEmpty'] },
            { name: 'groupby', type: 'groupby', label: 'Dimensions', default: [] },
            { name: 'adhoc_filters', type: 'adhoc_filters', label: 'Filters', default: [] },
            { name: 'row_limit', type: 'row_limit', label: 'Row limit', default: 10000 },
            {
              name: 'series_limit',
              type: 'series_limit',
              label: 'Series limit',
              visibility: (formData: QueryFormData) => Array.isArray(formData.groupby) && formData.groupby.length > 0,
            },
          ],
        },
        customize,
      ],
      {
        metadata: {
          name: 'Line',
          description: '',
          category: 'Evolution',
          behaviors: [],
          tags: [],
          thumbnail: '',
          isTimeseries: true,
        },
      },
    ),
  );
  registerChartPlugin(
    plugin(TEST_PIE, [
      {
        label: 'Query',
        kind: 'query',
        expanded: true,
        controls: [
          { name: 'metric', type: 'metric', label: 'Metric', validators: ['nonEmpty'] },
          { name: 'groupby', type: 'groupby', label: 'Dimensions', default: [] },
          { name: 'adhoc_filters', type: 'adhoc_filters', label: 'Filters', default: [] },
        ],
      },
    ]),
  );
  const tableSections: ControlPanelSection[] = [
    {
      label: 'Query',
      kind: 'query',
      expanded: true,
      controls: [
        { name: 'metrics', type: 'metrics', label: 'Metrics' },
        { name: 'groupby', type: 'groupby', label: 'Dimensions', default: [] },
        { name: 'adhoc_filters', type: 'adhoc_filters', label: 'Filters', default: [] },
        { name: 'server_page_length', type: 'number', label: 'Page length', default: 10 },
      ],
    },
  ];
  registerChartPlugin(
    plugin(TEST_TABLE, tableSections, {
      controlPanel: {
        sections: tableSections,
        formDataOverrides: (formData) => ({ ...formData, query_mode: 'aggregate' }),
      },
    }),
  );
}

export const WEATHER: Datasource = {
  id: 3,
  type: 'table',
  uid: '3__table',
  name: 'main.weather',
  database: { id: 1, backend: 'duckdb' },
  columns: [
    { column_name: 'date', type: 'DATE', type_generic: 2, is_dttm: true, filterable: true, groupby: true },
    { column_name: 'location', type: 'VARCHAR', type_generic: 1, filterable: true, groupby: true },
    { column_name: 'weather', type: 'VARCHAR', type_generic: 1, filterable: true, groupby: true },
    { column_name: 'temp_max', type: 'DOUBLE', type_generic: 0, filterable: true, groupby: true },
  ],
  metrics: [{ metric_name: 'count', expression: 'COUNT(*)' }],
  sensitive_columns: [],
};

/** A second datasource with only some of the weather columns. */
export const SEATTLE: Datasource = {
  ...WEATHER,
  id: 4,
  uid: '4__table',
  name: 'main.seattle_weather',
  columns: WEATHER.columns.filter((column) => column.column_name !== 'location'),
  metrics: [],
};

export const avgTempMax = {
  expressionType: 'SIMPLE' as const,
  column: { column_name: 'temp_max' },
  aggregate: 'AVG' as const,
};
