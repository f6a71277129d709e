// Pivot table controls: row and column dimensions, metrics and their layout, aggregation, totals and order.

import { i18nKey } from '../../i18n/i18n';
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
  ['key_a_to_z', i18nKey('key a-z')],
  ['key_z_to_a', i18nKey('key z-a')],
  ['value_a_to_z', i18nKey('value ascending')],
  ['value_z_to_a', i18nKey('value descending')],
];

const controlPanel: ControlPanelConfig = {
  sections: [
    DATASOURCE_SECTION,
    TIME_SECTION,
    querySection([
      groupby('groupbyRows', i18nKey('Rows')),
      groupby('groupbyColumns', i18nKey('Columns')),
      metrics(),
      select(
        'metricsLayout',
        i18nKey('Apply metrics on'),
        [
          ['COLUMNS', i18nKey('Columns')],
          ['ROWS', i18nKey('Rows')],
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
      label: i18nKey('Options'),
      kind: 'customize',
      expanded: true,
      controls: [
        select(
          'aggregateFunction',
          i18nKey('Aggregation function'),
          AGGREGATOR_NAMES.map((name): [string, string] => [name, name]),
          'Sum',
        ),
        checkbox('rowTotals', i18nKey('Show rows total'), false),
        checkbox('rowSubTotals', i18nKey('Show rows subtotal'), false),
        checkbox('colTotals', i18nKey('Show columns total'), false),
        checkbox('colSubTotals', i18nKey('Show columns subtotal'), false),
        checkbox('transposePivot', i18nKey('Transpose pivot'), false),
        checkbox('combineMetric', i18nKey('Combine metrics'), false, {
          description: i18nKey('Display metrics side by side within each column'),
        }),
        numberFormat('valueFormat', i18nKey('Value format')),
        timeFormat('date_format', i18nKey('Date format')),
        select('rowOrder', i18nKey('Rows sort by'), ORDER_CHOICES, 'key_a_to_z'),
        select('colOrder', i18nKey('Cols sort by'), ORDER_CHOICES, 'key_a_to_z'),
        {
          name: 'conditional_formatting',
          type: 'conditional_formatting',
          label: i18nKey('Conditional formatting'),
          description: i18nKey('Colour cells of a metric by threshold rules'),
          default: [],
        },
      ],
    },
  ],
  formDataOverrides: (formData) => ({ ...formData, groupbyRows: formData.groupbyRows ?? formData.groupby ?? null }),
};

export default controlPanel;
