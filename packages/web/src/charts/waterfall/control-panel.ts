// Waterfall controls: x-axis, optional breakdown, one metric, colours and axes.

import { i18nKey } from '../../i18n/i18n';
import {
  adhocFilters,
  checkbox,
  color,
  DATASOURCE_SECTION,
  groupby,
  metric,
  numberFormat,
  querySection,
  rowLimit,
  TIME_SECTION,
  text,
  timeFormat,
  timeGrain,
  xAxis,
} from '../shared/controls';
import type { ControlPanelConfig } from '../types';

const controlPanel: ControlPanelConfig = {
  sections: [
    DATASOURCE_SECTION,
    TIME_SECTION,
    querySection([
      xAxis(),
      timeGrain(),
      groupby('groupby', i18nKey('Breakdowns'), {
        multi: false,
        description: i18nKey('Breaks each x value down by this column'),
      }),
      metric(),
      adhocFilters(),
      rowLimit(10000),
    ]),
    {
      label: i18nKey('Chart Options'),
      kind: 'customize',
      expanded: true,
      controls: [
        checkbox('show_value', i18nKey('Show value'), false),
        checkbox('show_legend', i18nKey('Show legend'), false),
        color('increase_color', i18nKey('Increase'), { r: 90, g: 193, b: 137, a: 1 }),
        color('decrease_color', i18nKey('Decrease'), { r: 224, g: 67, b: 85, a: 1 }),
        color('total_color', i18nKey('Total'), { r: 102, g: 102, b: 102, a: 1 }),
        text('x_axis_label', i18nKey('X axis label')),
        timeFormat('x_axis_time_format', i18nKey('Time format')),
        text('y_axis_label', i18nKey('Y axis label')),
        numberFormat('y_axis_format', i18nKey('Y axis format')),
      ],
    },
  ],
  formDataOverrides: (formData) => ({ ...formData, metric: formData.metric ?? formData.metrics?.[0] ?? null }),
};

export default controlPanel;
