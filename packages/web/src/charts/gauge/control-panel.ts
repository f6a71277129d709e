// Gauge controls: one metric, optional dimensions, range, angles, intervals and pointer/progress style.
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
      checkbox('sort_by_metric', 'Sort by metric', true),
    ]),
    {
      label: 'Chart Options',
      kind: 'customize',
      expanded: true,
      controls: [
        numberControl('min_val', 'Min', undefined, { description: 'Minimum value on the gauge axis' }),
        numberControl('max_val', 'Max', undefined, { description: 'Maximum value on the gauge axis' }),
        numberControl('start_angle', 'Start angle', 225),
        numberControl('end_angle', 'End angle', -45),
        colorScheme(),
        numberControl('font_size', 'Font size', 15),
        numberFormat(),
        text('value_formatter', 'Value format', '', { description: 'Additional text after the value, e.g. "%"' }),
        checkbox('show_pointer', 'Show pointer', true),
        checkbox('animation', 'Animation', true),
        checkbox('show_axis_line_ticks', 'Show axis line ticks', false),
        checkbox('show_split_line', 'Show split lines', false),
        numberControl('split_number', 'Split number', 10),
        checkbox('show_progress', 'Show progress', true),
        checkbox('overlap', 'Overlap', true, { description: 'Whether the progress bars overlap with several groups' }),
        checkbox('round_cap', 'Round cap', false),
        text('intervals', 'Interval bounds', '', {
          description: 'Comma-separated interval bounds, e.g. 2,4,5 for intervals 0-2, 2-4 and 4-5.',
        }),
        text('interval_color_indices', 'Interval colors', '', {
          description: 'Comma-separated colour picks for the intervals, e.g. 1,2,4 (indices of the colour scheme).',
        }),
      ],
    },
  ],
  formDataOverrides: (formData) => ({ ...formData, metric: formData.metric ?? formData.metrics?.[0] ?? null }),
};

export default controlPanel;
