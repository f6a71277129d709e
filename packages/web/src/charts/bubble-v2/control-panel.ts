// Bubble controls: entity, series, the x/y/size metrics, bubble size and both axes.

import { i18nKey } from '../../i18n/i18n';
import {
  adhocFilters,
  checkbox,
  colorScheme,
  DATASOURCE_SECTION,
  groupby,
  legendControls,
  metric,
  numberControl,
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
      groupby('series', i18nKey('Dimension'), {
        multi: false,
        description: i18nKey('Colours the bubbles by this column'),
      }),
      groupby('entity', i18nKey('Entity'), {
        multi: false,
        validators: ['nonEmpty'],
        description: i18nKey('One bubble per value'),
      }),
      metric('x', i18nKey('X Axis')),
      metric('y', i18nKey('Y Axis')),
      metric('size', i18nKey('Bubble Size')),
      adhocFilters(),
      { name: 'orderby', type: 'order_by', label: i18nKey('Ordering'), multi: true, default: [] },
      { ...rowLimit(10000), name: 'limit' },
    ]),
    {
      label: i18nKey('Chart Options'),
      kind: 'customize',
      expanded: true,
      controls: [
        colorScheme(),
        ...legendControls(),
        select(
          'max_bubble_size',
          i18nKey('Max bubble size'),
          [5, 10, 15, 25, 50, 75, 100].map((size): [string, string] => [String(size), String(size)]),
          '25',
        ),
        numberFormat('tooltipSizeFormat', i18nKey('Bubble size number format')),
        numberControl('opacity', i18nKey('Bubble opacity'), 0.6),
        text('x_axis_label', i18nKey('X axis title')),
        numberFormat('xAxisFormat', i18nKey('X axis format')),
        checkbox('logXAxis', i18nKey('Logarithmic x-axis'), false),
        text('y_axis_label', i18nKey('Y axis title')),
        numberFormat('y_axis_format', i18nKey('Y axis format')),
        checkbox('logYAxis', i18nKey('Logarithmic y-axis'), false),
      ],
    },
  ],
};

export default controlPanel;
