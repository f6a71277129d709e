// Waterfall controls: x-axis, optional breakdown, one metric, colours and axes.
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
      groupby('groupby', 'Breakdowns', { multi: false, description: 'Breaks each x value down by this column' }),
      metric(),
      adhocFilters(),
      rowLimit(10000),
    ]),
    {
      label: 'Chart Options',
      kind: 'customize',
      expanded: true,
      controls: [
        checkbox('show_value', 'Show value', false),
        checkbox('show_legend', 'Show legend', false),
        color('increase_color', 'Increase', { r: 90, g: 193, b: 137, a: 1 }),
        color('decrease_color', 'Decrease', { r: 224, g: 67, b: 85, a: 1 }),
        color('total_color', 'Total', { r: 102, g: 102, b: 102, a: 1 }),
        text('x_axis_label', 'X axis label'),
        timeFormat('x_axis_time_format', 'Time format'),
        text('y_axis_label', 'Y axis label'),
        numberFormat('y_axis_format', 'Y axis format'),
      ],
    },
  ],
  formDataOverrides: (formData) => ({ ...formData, metric: formData.metric ?? formData.metrics?.[0] ?? null }),
};

export default controlPanel;
