// Gauge controls: one metric, optional dimensions, range, angles, intervals and pointer/progress style.

import { i18nKey } from '../../i18n/i18n';
import {
  adhocFilters,
  checkbox,
  colorScheme,
  DATASOURCE_SECTION,
  groupby,
  metric,
  numberControl,
  numberFormat,
  querySection,
  rowLimit,
  TIME_SECTION,
  text,
} from '../shared/controls';
import type { ControlPanelConfig } from '../types';

const controlPanel: ControlPanelConfig = {
  sections: [
    DATASOURCE_SECTION,
    TIME_SECTION,
    querySection([
      groupby(),
      metric(),
      adhocFilters(),
      rowLimit(10),
      checkbox('sort_by_metric', i18nKey('Sort by metric'), true),
    ]),
    {
      label: i18nKey('Chart Options'),
      kind: 'customize',
      expanded: true,
      controls: [
        numberControl('min_val', i18nKey('Min'), undefined, {
          description: i18nKey('Minimum value on the gauge axis'),
        }),
        numberControl('max_val', i18nKey('Max'), undefined, {
          description: i18nKey('Maximum value on the gauge axis'),
        }),
        numberControl('start_angle', i18nKey('Start angle'), 225),
        numberControl('end_angle', i18nKey('End angle'), -45),
        colorScheme(),
        numberControl('font_size', i18nKey('Font size'), 15),
        numberFormat(),
        text('value_formatter', i18nKey('Value format'), '', {
          description: i18nKey('Additional text after the value, e.g. "%"'),
        }),
        checkbox('show_pointer', i18nKey('Show pointer'), true),
        checkbox('animation', i18nKey('Animation'), true),
        checkbox('show_axis_line_ticks', i18nKey('Show axis line ticks'), false),
        checkbox('show_split_line', i18nKey('Show split lines'), false),
        numberControl('split_number', i18nKey('Split number'), 10),
        checkbox('show_progress', i18nKey('Show progress'), true),
        checkbox('overlap', i18nKey('Overlap'), true, {
          description: i18nKey('Whether the progress bars overlap with several groups'),
        }),
        checkbox('round_cap', i18nKey('Round cap'), false),
        text('intervals', i18nKey('Interval bounds'), '', {
          description: i18nKey('Comma-separated interval bounds, e.g. 2,4,5 for intervals 0-2, 2-4 and 4-5.'),
        }),
        text('interval_color_indices', i18nKey('Interval colors'), '', {
          description: i18nKey(
            'Comma-separated colour picks for the intervals, e.g. 1,2,4 (indices of the colour scheme).',
          ),
        }),
      ],
    },
  ],
  formDataOverrides: (formData) => ({ ...formData, metric: formData.metric ?? formData.metrics?.[0] ?? null }),
};

export default controlPanel;
