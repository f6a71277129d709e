// Radar controls: groups, metrics (the spokes, each with an optional max), labels and shape.
import {
  adhocFilters,
  checkbox,
  colorScheme,
  DATASOURCE_SECTION,
  groupby,
  legendControls,
  metrics,
  numberFormat,
  querySection,
  rowLimit,
  select,
  seriesLimitMetric,
  TIME_SECTION,
  timeFormat,
} from '../shared/controls';
import type { ControlPanelConfig } from '../types';

const controlPanel: ControlPanelConfig = {
  sections: [
    DATASOURCE_SECTION,
    TIME_SECTION,
    querySection([groupby(), metrics(), adhocFilters(), seriesLimitMetric(), rowLimit(10)]),
    {
      label: 'Chart Options',
      kind: 'customize',
      expanded: true,
      controls: [
        colorScheme(),
        ...legendControls(),
        checkbox('show_labels', 'Show labels', false),
        select(
          'label_type',
          'Label type',
          [
            ['value', 'Value'],
            ['key_value', 'Category and Value'],
          ],
          'value',
        ),
        numberFormat(),
        timeFormat(),
        checkbox('is_circle', 'Circle radar shape', false),
        {
          name: 'column_config',
          type: 'column_config',
          label: 'Customize metrics',
          description: 'Per metric: radarMetricMaxValue (the spoke’s maximum; empty means the data maximum)',
          default: {},
        },
      ],
    },
  ],
};

export default controlPanel;
