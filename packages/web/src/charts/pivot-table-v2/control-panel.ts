// Pivot table controls: row and column dimensions, metrics and their layout, aggregation, totals and order.
import {
  adhocFilters,
  checkbox,
  DATASOURCE_SECTION,
  groupby,
  metrics,
  numberFormat,
  orderDesc,
  querySection,
  rowLimit,
  select,
  seriesLimit,
  seriesLimitMetric,
  TIME_SECTION,
  timeFormat,
} from '../shared/controls';
import type { ControlPanelConfig } from '../types';
import { AGGREGATOR_NAMES } from './aggregators';

const ORDER_CHOICES: Array<[string, string]> = [
  ['key_a_to_z', 'key a-z'],
  ['key_z_to_a', 'key z-a'],
  ['value_a_to_z', 'value ascending'],
  ['value_z_to_a', 'value descending'],
];

const controlPanel: ControlPanelConfig = {
  sections: [
    DATASOURCE_SECTION,
    TIME_SECTION,
    querySection([
      groupby('groupbyRows', 'Rows'),
      groupby('groupbyColumns', 'Columns'),
      metrics(),
      select(
        'metricsLayout',
        'Apply metrics on',
        [
          ['COLUMNS', 'Columns'],
          ['ROWS', 'Rows'],
        ],
        'COLUMNS',
      ),
      adhocFilters(),
      seriesLimit('series_limit'),
      seriesLimitMetric('series_limit_metric'),
      orderDesc(),
      rowLimit(10000),
    ]),
    {
      label: 'Options',
      kind: 'customize',
      expanded: true,
      controls: [
        select(
          'aggregateFunction',
          'Aggregation function',
          AGGREGATOR_NAMES.map((name): [string, string] => [name, name]),
          'Sum',
        ),
        checkbox('rowTotals', 'Show rows total', false),
        checkbox('rowSubTotals', 'Show rows subtotal', false),
        checkbox('colTotals', 'Show columns total', false),
        checkbox('colSubTotals', 'Show columns subtotal', false),
        checkbox('transposePivot', 'Transpose pivot', false),
        checkbox('combineMetric', 'Combine metrics', false, {
          description: 'Display metrics side by side within each column',
        }),
        numberFormat('valueFormat', 'Value format'),
        timeFormat('date_format', 'Date format'),
        select('rowOrder', 'Rows sort by', ORDER_CHOICES, 'key_a_to_z'),
        select('colOrder', 'Cols sort by', ORDER_CHOICES, 'key_a_to_z'),
        {
          name: 'conditional_formatting',
          type: 'conditional_formatting',
          label: 'Conditional formatting',
          description: 'Colour cells of a metric by threshold rules',
          default: [],
        },
      ],
    },
  ],
  formDataOverrides: (formData) => ({ ...formData, groupbyRows: formData.groupbyRows ?? formData.groupby ?? null }),
};

export default controlPanel;
