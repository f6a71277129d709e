// Histogram controls: the binned column, groupby, bins, cumulative/normalised counts and axes.

import { i18nKey } from '../../i18n/i18n';
import {
  adhocFilters,
  checkbox,
  colorScheme,
  DATASOURCE_SECTION,
  groupby,
  legendControls,
  numberFormat,
  querySection,
  rowLimit,
  select,
  TIME_SECTION,
  text,
} from '../shared/controls';
import type { ControlPanelConfig } from '../types';

const controlPanel: ControlPanelConfig = {
  sections: [
    DATASOURCE_SECTION,
    TIME_SECTION,
    querySection([
      { name: 'column', type: 'columns', label: i18nKey('Column'), multi: false, validators: ['nonEmpty'] },
      groupby(),
      adhocFilters(),
      rowLimit(10000),
    ]),
    {
      label: i18nKey('Chart Options'),
      kind: 'customize',
      expanded: true,
      controls: [
        colorScheme(),
        select(
          'bins',
          i18nKey('Bins'),
          [5, 10, 15, 20, 25, 30, 50].map((bins): [number, string] => [bins, String(bins)]),
          5,
        ),
        checkbox('normalize', i18nKey('Normalize'), false, {
          description: i18nKey('Shares of all rows instead of counts'),
        }),
        checkbox('cumulative', i18nKey('Cumulative'), false),
        checkbox('show_value', i18nKey('Show value'), false),
        ...legendControls(),
        text('x_axis_title', i18nKey('X axis title')),
        numberFormat('x_axis_format', i18nKey('X axis format')),
        text('y_axis_title', i18nKey('Y axis title')),
        numberFormat('y_axis_format', i18nKey('Y axis format')),
      ],
    },
  ],
  formDataOverrides: (formData) => ({ ...formData, column: formData.column ?? formData.all_columns?.[0] ?? null }),
};

export default controlPanel;
