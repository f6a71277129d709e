// Treemap controls: hierarchy (dimensions), one metric, labels.

import { i18nKey } from '../../i18n/i18n';
import {
  adhocFilters,
  checkbox,
  colorScheme,
  DATASOURCE_SECTION,
  groupby,
  metric,
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
    querySection([groupby('groupby', i18nKey('Dimensions')), metric(), adhocFilters(), rowLimit(10000)]),
    {
      label: i18nKey('Chart Options'),
      kind: 'customize',
      expanded: true,
      controls: [
        colorScheme(),
        checkbox('show_labels', i18nKey('Show labels'), true),
        checkbox('show_upper_labels', i18nKey('Show upper labels'), true),
        select('label_type', i18nKey('Label type'), LABEL_TYPES, 'key_value'),
        numberFormat(),
        timeFormat(),
      ],
    },
  ],
  formDataOverrides: (formData) => ({ ...formData, metric: formData.metric ?? formData.metrics?.[0] ?? null }),
};

export default controlPanel;
