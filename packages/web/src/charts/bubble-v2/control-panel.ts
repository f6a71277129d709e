// Bubble controls: entity, series, the x/y/size metrics, bubble size and both axes.
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
      groupby('series', 'Dimension', { multi: false, description: 'Colours the bubbles by this column' }),
      groupby('entity', 'Entity', { multi: false, validators: ['nonEmpty'], description: 'One bubble per value' }),
      metric('x', 'X Axis'),
      metric('y', 'Y Axis'),
      metric('size', 'Bubble Size'),
      adhocFilters(),
      { name: 'orderby', type: 'order_by', label: 'Ordering', multi: true, default: [] },
      { ...rowLimit(10000), name: 'limit' },
    ]),
    {
      label: 'Chart Options',
      kind: 'customize',
      expanded: true,
      controls: [
        colorScheme(),
        ...legendControls(),
        select(
          'max_bubble_size',
          'Max bubble size',
          [5, 10, 15, 25, 50, 75, 100].map((size): [string, string] => [String(size), String(size)]),
          '25',
        ),
        numberFormat('tooltipSizeFormat', 'Bubble size number format'),
        numberControl('opacity', 'Bubble opacity', 0.6),
        text('x_axis_label', 'X axis title'),
        numberFormat('xAxisFormat', 'X axis format'),
        checkbox('logXAxis', 'Logarithmic x-axis', false),
        text('y_axis_label', 'Y axis title'),
        numberFormat('y_axis_format', 'Y axis format'),
        checkbox('logYAxis', 'Logarithmic y-axis', false),
      ],
    },
  ],
};

export default controlPanel;
