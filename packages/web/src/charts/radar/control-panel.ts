// Radar controls: groups, metrics (the spokes, each with an optional max), labels and shape.

import { i18nKey } from '../../i18n/i18n';
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
      label: i18nKey('Chart Options'),
      kind: 'customize',
      expanded: true,
      controls: [
        colorScheme(),
        ...legendControls(),
        checkbox('show_labels', i18nKey('Show labels'), false),
        select(
          'label_type',
          i18nKey('Label type'),
          [
            ['value', i18nKey('Value')],
            ['key_value', i18nKey('Category and Value')],
          ],
          'value',
        ),
        numberFormat(),
        timeFormat(),
        checkbox('is_circle', i18nKey('Circle radar shape'), false),
        {
          name: 'column_config',
          type: 'column_config',
          label: i18nKey('Customize metrics'),
          description: i18nKey('Per metric: radarMetricMaxValue (the spoke’s maximum; empty means the data maximum)'),
          default: {},
        },
      ],
    },
  ],
};

export default controlPanel;
