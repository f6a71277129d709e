// Sankey controls: source and target columns, one metric.

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
  TIME_SECTION,
} from '../shared/controls';
import type { ControlPanelConfig } from '../types';

const controlPanel: ControlPanelConfig = {
  sections: [
    DATASOURCE_SECTION,
    TIME_SECTION,
    querySection([
      groupby('source', i18nKey('Source'), { multi: false, validators: ['nonEmpty'] }),
      groupby('target', i18nKey('Target'), { multi: false, validators: ['nonEmpty'] }),
      metric(),
      adhocFilters(),
      rowLimit(10000),
      checkbox('sort_by_metric', i18nKey('Sort by metric'), false),
    ]),
    { label: i18nKey('Chart Options'), kind: 'customize', expanded: true, controls: [colorScheme(), numberFormat()] },
  ],
};

export default controlPanel;
