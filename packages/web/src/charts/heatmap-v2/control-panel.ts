// Heatmap controls: x and y columns, one metric, sorting, normalisation and colours.

import { i18nKey } from '../../i18n/i18n';
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
  ['alpha_asc', i18nKey('Axis ascending')],
  ['alpha_desc', i18nKey('Axis descending')],
  ['value_asc', i18nKey('Metric ascending')],
  ['value_desc', i18nKey('Metric descending')],
];

const controlPanel: ControlPanelConfig = {
  sections: [
    DATASOURCE_SECTION,
    TIME_SECTION,
    querySection([
      xAxis(),
      timeGrain(),
      groupby('groupby', i18nKey('Y-axis'), { multi: false, validators: ['nonEmpty'] }),
      metric(),
      adhocFilters(),
      rowLimit(10000),
      select('sort_x_axis', i18nKey('Sort X Axis'), SORT_CHOICES, 'alpha_asc'),
      select('sort_y_axis', i18nKey('Sort Y Axis'), SORT_CHOICES, 'alpha_asc'),
      select(
        'normalize_across',
        i18nKey('Normalize across'),
        [
          ['heatmap', i18nKey('heatmap')],
          ['x', i18nKey('x')],
          ['y', i18nKey('y')],
        ],
        'heatmap',
        { description: i18nKey('Color will be shaded based the normalized (0% to 100%) value of a given cell.') },
      ),
    ]),
    {
      label: i18nKey('Chart Options'),
      kind: 'customize',
      expanded: true,
      controls: [
        linearColorScheme(),
        { name: 'value_bounds', type: 'bounds', label: i18nKey('Value bounds'), default: [null, null] },
        numberFormat('y_axis_format', i18nKey('Value format')),
        timeFormat('x_axis_time_format', i18nKey('Time format')),
        checkbox('show_legend', i18nKey('Legend'), true),
        checkbox('show_percentage', i18nKey('Show percentage'), true),
        checkbox('show_values', i18nKey('Show values'), false),
        checkbox('normalized', i18nKey('Normalized'), false, {
          description: i18nKey('Colour by the rank of each cell'),
        }),
      ],
    },
  ],
  formDataOverrides: (formData) => ({ ...formData, metric: formData.metric ?? formData.metrics?.[0] ?? null }),
};

export default controlPanel;
