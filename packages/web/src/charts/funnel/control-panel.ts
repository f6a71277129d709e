// Funnel controls: steps (dimensions), one metric, percentage basis and labels.

import { i18nKey } from '../../i18n/i18n';
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
      checkbox('sort_by_metric', i18nKey('Sort by metric'), true),
    ]),
    {
      label: i18nKey('Chart Options'),
      kind: 'customize',
      expanded: true,
      controls: [
        colorScheme(),
        select(
          'percent_calculation_type',
          i18nKey('Percent calculation'),
          [
            ['first_step', i18nKey('Calculate from first step')],
            ['prev_step', i18nKey('Calculate from previous step')],
            ['total', i18nKey('Percent of total')],
          ],
          'first_step',
        ),
        checkbox('show_labels', i18nKey('Show labels'), true),
        select('label_type', i18nKey('Label contents'), LABEL_TYPES, 'key'),
        select('tooltip_label_type', i18nKey('Tooltip contents'), LABEL_TYPES, 'key_value_percent'),
        numberFormat(),
        ...legendControls(),
      ],
    },
  ],
  formDataOverrides: (formData) => ({ ...formData, metric: formData.metric ?? formData.metrics?.[0] ?? null }),
};

export default controlPanel;
