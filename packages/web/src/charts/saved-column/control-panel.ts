// Saved column controls: the SQL expression (guarded like custom SQL), whether charts may filter and group by it.

import { i18nKey } from '../../i18n/i18n';
import { adhocFilters, checkbox, DATASOURCE_SECTION, querySection, rowLimit, TIME_SECTION } from '../shared/controls';
import type { ControlConfig, ControlPanelConfig } from '../types';

/** Whether charts may filter on / group by the column (the saved column's filterable and groupby). */
export const COLUMN_FLAG_CONTROLS: ControlConfig[] = [
  checkbox('filterable', i18nKey('Filterable'), true, {
    description: i18nKey('Charts and dashboards may filter on this column'),
  }),
  checkbox('groupable', i18nKey('Groupable'), true, { description: i18nKey('Charts may group by this column') }),
];

const controlPanel: ControlPanelConfig = {
  sections: [
    DATASOURCE_SECTION,
    TIME_SECTION,
    querySection([
      {
        name: 'expression',
        type: 'sql_expression',
        label: i18nKey('Expression'),
        description: i18nKey('A SQL expression over the columns of the dataset, such as UPPER(name)'),
        default: '',
        validators: ['expression'],
      },
      ...COLUMN_FLAG_CONTROLS,
      adhocFilters(),
      rowLimit(100),
    ]),
  ],
};

export default controlPanel;
