// Sunburst controls: hierarchy (columns), primary and secondary metric, colours and labels.
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
      groupby('columns', 'Hierarchy', { validators: ['nonEmpty'] }),
      metric('metric', 'Primary metric'),
      metric('secondary_metric', 'Secondary metric', {
        validators: [],
        description:
          'When a secondary metric is provided, a linear color scale is used: the ratio of the primary metric to the secondary one.',
      }),
      adhocFilters(),
      rowLimit(10000),
    ]),
    {
      label: 'Chart Options',
      kind: 'customize',
      expanded: true,
      controls: [
        colorScheme(),
        linearColorScheme(),
        checkbox('show_labels', 'Show labels', true),
        numberControl('show_labels_threshold', 'Percentage threshold', 5),
        checkbox('show_total', 'Show total', false),
        select('label_type', 'Label type', LABEL_TYPES, 'key'),
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
