// Big number with trendline controls: the time axis, one metric, comparison, trendline and formats.

import { i18nKey } from '../../i18n/i18n';
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
        i18nKey('Aggregation method for the big number'),
        [
          ['LAST_VALUE', i18nKey('Last value')],
          ['sum', i18nKey('Total (Sum)')],
          ['mean', i18nKey('Average (Mean)')],
          ['min', i18nKey('Minimum')],
          ['max', i18nKey('Maximum')],
          ['median', i18nKey('Median')],
        ],
        'LAST_VALUE',
      ),
    ]),
    {
      label: i18nKey('Options'),
      kind: 'customize',
      expanded: true,
      controls: [
        numberControl('compare_lag', i18nKey('Comparison period lag'), undefined, {
          description: i18nKey('Based on granularity, number of time periods to compare against'),
          validators: ['integer'],
        }),
        text('compare_suffix', i18nKey('Comparison suffix'), '', {
          description: i18nKey('Suffix to apply after the percentage display'),
        }),
        checkbox('show_timestamp', i18nKey('Show timestamp'), false),
        checkbox('show_trend_line', i18nKey('Show trend line'), true),
        checkbox('start_y_axis_at_zero', i18nKey('Start y-axis at 0'), true),
        color('color_picker', i18nKey('Color'), { r: 0, g: 122, b: 135, a: 1 }),
        numberControl('header_font_size', i18nKey('Big number font size'), 0.4),
        numberControl('subheader_font_size', i18nKey('Subheader font size'), 0.15),
        numberFormat('y_axis_format', i18nKey('Number format')),
        timeFormat('time_format', i18nKey('Date format')),
      ],
    },
    ADVANCED_ANALYTICS_SECTION,
  ],
  formDataOverrides: (formData) => ({ ...formData, metric: formData.metric ?? formData.metrics?.[0] ?? null }),
};

export default controlPanel;
