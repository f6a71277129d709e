// Big number with trendline controls: the time axis, one metric, comparison, trendline and formats.
import {
  ADVANCED_ANALYTICS_SECTION,
  adhocFilters,
  checkbox,
  color,
  DATASOURCE_SECTION,
  metric,
  numberControl,
  numberFormat,
  querySection,
  select,
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
      metric(),
      adhocFilters(),
      select(
        'aggregation',
        'Aggregation method for the big number',
        [
          ['LAST_VALUE', 'Last value'],
          ['sum', 'Total (Sum)'],
          ['mean', 'Average (Mean)'],
          ['min', 'Minimum'],
          ['max', 'Maximum'],
          ['median', 'Median'],
        ],
        'LAST_VALUE',
      ),
    ]),
    {
      label: 'Options',
      kind: 'customize',
      expanded: true,
      controls: [
        numberControl('compare_lag', 'Comparison period lag', undefined, {
          description: 'Based on granularity, number of time periods to compare against',
          validators: ['integer'],
        }),
        text('compare_suffix', 'Comparison suffix', '', {
          description: 'Suffix to apply after the percentage display',
        }),
        checkbox('show_timestamp', 'Show timestamp', false),
        checkbox('show_trend_line', 'Show trend line', true),
        checkbox('start_y_axis_at_zero', 'Start y-axis at 0', true),
        color('color_picker', 'Color', { r: 0, g: 122, b: 135, a: 1 }),
        numberControl('header_font_size', 'Big number font size', 0.4),
        numberControl('subheader_font_size', 'Subheader font size', 0.15),
        numberFormat('y_axis_format', 'Number format'),
        timeFormat('time_format', 'Date format'),
      ],
    },
    ADVANCED_ANALYTICS_SECTION,
  ],
  formDataOverrides: (formData) => ({ ...formData, metric: formData.metric ?? formData.metrics?.[0] ?? null }),
};

export default controlPanel;
