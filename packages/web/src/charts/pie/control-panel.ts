// Pie controls: dimensions, one metric, donut and label options.

import { i18nKey } from '../../i18n/i18n';
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
      checkbox('sort_by_metric', i18nKey('Sort by metric'), true),
    ]),
    {
      label: i18nKey('Chart Options'),
      kind: 'customize',
      expanded: true,
      controls: [
        colorScheme(),
        checkbox('show_labels', i18nKey('Show labels'), true),
        select('label_type', i18nKey('Label type'), LABEL_TYPES, 'key'),
        numberControl('show_labels_threshold', i18nKey('Percentage threshold'), 5, {
          description: i18nKey('Minimum threshold in percentage points for showing labels.'),
        }),
        checkbox('labels_outside', i18nKey('Put labels outside'), true),
        checkbox('label_line', i18nKey('Label line'), false),
        checkbox('show_total', i18nKey('Show total'), false),
        numberFormat(),
        timeFormat(),
        checkbox('donut', i18nKey('Donut'), false),
        numberControl('innerRadius', i18nKey('Inner radius'), 30, {
          visibility: (formData) => formData.donut === true,
        }),
        numberControl('outerRadius', i18nKey('Outer radius'), 70),
        ...legendControls(),
      ],
    },
  ],
  formDataOverrides: (formData) => ({ ...formData, metric: formData.metric ?? formData.metrics?.[0] ?? null }),
};

export default controlPanel;
