// Measure controls: the definitions (name + aggregate over a column, or custom SQL), optional group by, filters.

import { i18nKey } from '../../i18n/i18n';
import { adhocFilters, DATASOURCE_SECTION, groupby, querySection, rowLimit, TIME_SECTION } from '../shared/controls';
import type { ControlConfig, ControlPanelConfig } from '../types';

export const MEASURES_CONTROL: ControlConfig = {
  name: 'measures',
  type: 'measures',
  label: i18nKey('Measures'),
  description: i18nKey('Each measure has a name and either an aggregate over a column or a custom SQL expression'),
  default: [],
  validators: ['measures'],
};

const controlPanel: ControlPanelConfig = {
  sections: [
    DATASOURCE_SECTION,
    TIME_SECTION,
    querySection([MEASURES_CONTROL, groupby(), adhocFilters(), rowLimit(100)]),
  ],
};

export default controlPanel;
