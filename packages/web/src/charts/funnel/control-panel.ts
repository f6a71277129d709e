// Funnel controls: steps (dimensions), one metric, percentage basis and labels.
import {
  adhocFilters,
  checkbox,
  colorScheme,
  DATASOURCE_SECTION,
  groupby,
  legendControls,
  metric,
  numberFormat,
  querySection,
  rowLimit,
  select,
  TIME_SECTION,
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
      rowLimit(10),
      checkbox('sort_by_metric', 'Sort by metric', true),
    ]),
    {
      label: 'Chart Options',
      kind: 'customize',
      expanded: true,
      controls: [
        colorScheme(),
        select(
          'percent_calculation_type',
          'Percent calculation',
          [
            ['first_step', 'Calculate from first step'],
            ['prev_step', 'Calculate from previous step'],
            ['total', 'Percent of total'],
          ],
          'first_step',
        ),
        checkbox('show_labels', 'Show labels', true),
        select('label_type', 'Label contents', LABEL_TYPES, 'key'),
        select('tooltip_label_type', 'Tooltip contents', LABEL_TYPES, 'key_value_percent'),
        numberFormat(),
        ...legendControls(),
      ],
    },
  ],
  formDataOverrides: (formData) => ({ ...formData, metric: formData.metric ?? formData.metrics?.[0] ?? null }),
};

export default controlPanel;
