// Histogram controls: the binned column, groupby, bins, cumulative/normalised counts and axes.
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
      { name: 'column', type: 'columns', label: 'Column', multi: false, validators: ['nonEmpty'] },
      groupby(),
      adhocFilters(),
      rowLimit(10000),
    ]),
    {
      label: 'Chart Options',
      kind: 'customize',
      expanded: true,
      controls: [
        colorScheme(),
        select(
          'bins',
          'Bins',
          [5, 10, 15, 20, 25, 30, 50].map((bins): [number, string] => [bins, String(bins)]),
          5,
        ),
        checkbox('normalize', 'Normalize', false, { description: 'Shares of all rows instead of counts' }),
        checkbox('cumulative', 'Cumulative', false),
        checkbox('show_value', 'Show value', false),
        ...legendControls(),
        text('x_axis_title', 'X axis title'),
        numberFormat('x_axis_format', 'X axis format'),
        text('y_axis_title', 'Y axis title'),
        numberFormat('y_axis_format', 'Y axis format'),
      ],
    },
  ],
  formDataOverrides: (formData) => ({ ...formData, column: formData.column ?? formData.all_columns?.[0] ?? null }),
};

export default controlPanel;
