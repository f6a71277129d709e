// Pie controls: dimensions, one metric, donut and label options.
import {
  adhocFilters,
  checkbox,
  colorScheme,
  DATASOURCE_SECTION,
  groupby,
  legendControls,
  metric,
  numberControl,
  numberFormat,
  querySection,
  rowLimit,
  select,
  TIME_SECTION,
  timeFormat,
} from '../shared/controls';
import { LABEL_TYPES } from '../shared/value-labels';
import type { ControlPanelConfig } from '../types';

const controlPanel: ControlPanelConfig = {
  sections: [
    DATASOURCE_SECTION,
    TIME_SECTION,
    querySection([
      groupby(),
      metric(),
      adhocFilters(),
      rowLimit(100),
      checkbox('sort_by_metric', 'Sort by metric', true),
    ]),
    {
      label: 'Chart Options',
      kind: 'customize',
      expanded: true,
      controls: [
        colorScheme(),
        checkbox('show_labels', 'Show labels', true),
        select('label_type', 'Label type', LABEL_TYPES, 'key'),
        numberControl('show_labels_threshold', 'Percentage threshold', 5, {
          description: 'Minimum threshold in percentage points for showing labels.',
        }),
        checkbox('labels_outside', 'Put labels outside', true),
        checkbox('label_line', 'Label line', false),
        checkbox('show_total', 'Show total', false),
        numberFormat(),
        timeFormat(),
        checkbox('donut', 'Donut', false),
        numberControl('innerRadius', 'Inner radius', 30, { visibility: (formData) => formData.donut === true }),
        numberControl('outerRadius', 'Outer radius', 70),
        ...legendControls(),
      ],
    },
  ],
  formDataOverrides: (formData) => ({ ...formData, metric: formData.metric ?? formData.metrics?.[0] ?? null }),
};

export default controlPanel;
