// Sunburst controls: hierarchy (columns), primary and secondary metric, colours and labels.

import { i18nKey } from '../../i18n/i18n';
import {
  adhocFilters,
  checkbox,
  colorScheme,
  DATASOURCE_SECTION,
  groupby,
  linearColorScheme,
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
      groupby('columns', i18nKey('Hierarchy'), { validators: ['nonEmpty'] }),
      metric('metric', i18nKey('Primary metric')),
      metric('secondary_metric', i18nKey('Secondary metric'), {
        validators: [],
        description: i18nKey(
          'When a secondary metric is provided, a linear color scale is used: the ratio of the primary metric to the secondary one.',
        ),
      }),
      adhocFilters(),
      rowLimit(10000),
    ]),
    {
      label: i18nKey('Chart Options'),
      kind: 'customize',
      expanded: true,
      controls: [
        colorScheme(),
        linearColorScheme(),
        checkbox('show_labels', i18nKey('Show labels'), true),
        numberControl('show_labels_threshold', i18nKey('Percentage threshold'), 5),
        checkbox('show_total', i18nKey('Show total'), false),
        select('label_type', i18nKey('Label type'), LABEL_TYPES, 'key'),
        numberFormat(),
        timeFormat(),
      ],
    },
  ],
  formDataOverrides: (formData) => ({
    ...formData,
    columns: formData.columns ?? formData.groupby ?? null,
    metric: formData.metric ?? formData.metrics?.[0] ?? null,
  }),
};

export default controlPanel;
