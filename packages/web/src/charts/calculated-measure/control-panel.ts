// Calculated measure controls: named expressions over saved measures (names, numbers, + - * /, parentheses).

import { i18nKey } from '../../i18n/i18n';
import { adhocFilters, DATASOURCE_SECTION, groupby, querySection, rowLimit, TIME_SECTION } from '../shared/controls';
import type { ControlPanelConfig } from '../types';

const controlPanel: ControlPanelConfig = {
  sections: [
    DATASOURCE_SECTION,
    TIME_SECTION,
    querySection([
      {
        name: 'measures',
        type: 'calculated_measures',
        label: i18nKey('Calculated measures'),
        description: i18nKey('Arithmetic over saved measures: their names, numbers, + - * / and parentheses'),
        default: [],
        validators: ['calculatedMeasures'],
      },
      groupby(),
      adhocFilters(),
      rowLimit(100),
    ]),
  ],
};

export default controlPanel;
