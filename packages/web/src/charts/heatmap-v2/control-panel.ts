// Heatmap controls: x and y columns, one metric, sorting, normalisation and colours.
import {
  adhocFilters,
  checkbox,
  DATASOURCE_SECTION,
  groupby,
  linearColorScheme,
  metric,
  numberFormat,
  querySection,
  rowLimit,
  select,
  TIME_SECTION,
  timeFormat,
  timeGrain,
  xAxis,
} from '../shared/controls';
import type { ControlPanelConfig } from '../types';

const SORT_CHOICES: Array<[string, string]> = [
  ['alpha_asc', 'Axis ascending'],
  ['alpha_desc', 'Axis descending'],
  ['value_asc', 'Metric ascending'],
  ['value_desc', 'Metric descending'],
];

const controlPanel: ControlPanelConfig = {
  sections: [
    DATASOURCE_SECTION,
    TIME_SECTION,
    querySection([
      xAxis(),
      timeGrain(),
      groupby('groupby', 'Y-axis', { multi: false, validators: ['nonEmpty'] }),
      metric(),
      adhocFilters(),
      rowLimit(10000),
      select('sort_x_axis', 'Sort X Axis', SORT_CHOICES, 'alpha_asc'),
      select('sort_y_axis', 'Sort Y Axis', SORT_CHOICES, 'alpha_asc'),
      select(
        'normalize_across',
        'Normalize across',
        [
          ['heatmap', 'heatmap'],
          ['x', 'x'],
          ['y', 'y'],
        ],
        'heatmap',
        { description: 'Color will be shaded based the normalized (0% to 100%) value of a given cell.' },
      ),
    ]),
    {
      label: 'Chart Options',
      kind: 'customize',
      expanded: true,
      controls: [
        linearColorScheme(),
        { name: 'value_bounds', type: 'bounds', label: 'Value bounds', default: [null, null] },
        numberFormat('y_axis_format', 'Value format'),
        timeFormat('x_axis_time_format', 'Time format'),
        checkbox('show_legend', 'Legend', true),
        checkbox('show_percentage', 'Show percentage', true),
        checkbox('show_values', 'Show values', false),
        checkbox('normalized', 'Normalized', false, { description: 'Colour by the rank of each cell' }),
      ],
    },
  ],
  formDataOverrides: (formData) => ({ ...formData, metric: formData.metric ?? formData.metrics?.[0] ?? null }),
};

export default controlPanel;
