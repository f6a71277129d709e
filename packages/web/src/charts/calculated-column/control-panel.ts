// Calculated column controls: a dataset column and the method applied to it (a time part, or DATETIME).
import { SAVED_COLUMN_METHODS } from '@nezha/core';
import { i18nKey } from '../../i18n/i18n';
import { COLUMN_FLAG_CONTROLS } from '../saved-column/control-panel';
import { adhocFilters, DATASOURCE_SECTION, querySection, rowLimit, select, TIME_SECTION } from '../shared/controls';
import type { ControlPanelConfig } from '../types';

const methodLabel = (method: string) =>
  method === 'DATETIME' ? 'Datetime' : method.charAt(0) + method.slice(1).toLowerCase().replace(/_/g, ' ');

const controlPanel: ControlPanelConfig = {
  sections: [
    DATASOURCE_SECTION,
    TIME_SECTION,
    querySection([
      { name: 'column', type: 'column', label: i18nKey('Column'), validators: ['nonEmpty'] },
      select(
        'method',
        i18nKey('Method'),
        [
          [null, i18nKey('None')],
          ...SAVED_COLUMN_METHODS.map((method): [string, string] => [method, methodLabel(method)]),
        ],
        null,
        {
          description: i18nKey(
            'Time parts (hour of day, month of year…) make the column numeric; Datetime makes it temporal',
          ),
        },
      ),
      ...COLUMN_FLAG_CONTROLS,
      adhocFilters(),
      rowLimit(10000),
    ]),
  ],
};

export default controlPanel;
