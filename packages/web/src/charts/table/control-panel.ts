// Table controls: aggregate or raw mode with their columns, sorting, paging, search, totals and formatting.

import { i18nKey } from '../../i18n/i18n';
import {
  adhocFilters,
  checkbox,
  DATASOURCE_SECTION,
  groupby,
  metrics,
  numberControl,
  querySection,
  rowLimit,
  select,
  seriesLimitMetric,
  TIME_SECTION,
  timeFormat,
} from '../shared/controls';
import type { ControlPanelConfig } from '../types';
import { queryMode } from './build-query';

const aggregate = (formData: Parameters<typeof queryMode>[0]) => queryMode(formData) === 'aggregate';
const raw = (formData: Parameters<typeof queryMode>[0]) => queryMode(formData) === 'raw';

const controlPanel: ControlPanelConfig = {
  sections: [
    DATASOURCE_SECTION,
    TIME_SECTION,
    querySection([
      select(
        'query_mode',
        i18nKey('Query mode'),
        [
          ['aggregate', i18nKey('Aggregate')],
          ['raw', i18nKey('Raw records')],
        ],
        'aggregate',
      ),
      groupby('groupby', i18nKey('Dimensions'), { visibility: aggregate }),
      { ...metrics({ visibility: aggregate, validators: [] }) },
      {
        ...metrics({ visibility: aggregate, validators: [], label: i18nKey('Percentage metrics') }),
        name: 'percent_metrics',
      },
      { name: 'all_columns', type: 'columns', label: i18nKey('Columns'), multi: true, visibility: raw },
      adhocFilters(),
      { ...seriesLimitMetric(), visibility: aggregate },
      { name: 'order_by_cols', type: 'order_by', label: i18nKey('Ordering'), multi: true, visibility: raw },
      checkbox('order_desc', i18nKey('Sort descending'), true, { visibility: aggregate }),
      checkbox('server_pagination', i18nKey('Server pagination'), false),
      select(
        'server_page_length',
        i18nKey('Server page length'),
        [10, 20, 50, 100, 200].map((size): [number, string] => [size, String(size)]),
        10,
        { visibility: (formData) => formData.server_pagination === true },
      ),
      rowLimit(10000),
      checkbox('show_totals', i18nKey('Show summary'), false, { visibility: aggregate }),
    ]),
    {
      label: i18nKey('Options'),
      kind: 'customize',
      expanded: true,
      controls: [
        timeFormat('table_timestamp_format', i18nKey('Timestamp format')),
        select(
          'page_length',
          i18nKey('Page length'),
          [
            [0, i18nKey('All')],
            [10, '10'],
            [20, '20'],
            [50, '50'],
            [100, '100'],
            [200, '200'],
          ],
          0,
          { visibility: (formData) => formData.server_pagination !== true },
        ),
        checkbox('include_search', i18nKey('Search box'), false),
        checkbox('show_cell_bars', i18nKey('Cell bars'), true),
        checkbox('align_pn', i18nKey('Align +/-'), false),
        checkbox('color_pn', i18nKey('Add colors to cell bars for +/-'), true),
        checkbox('allow_rearrange_columns', i18nKey('Allow sorting columns'), true),
        numberControl('row_height', i18nKey('Row height'), 32),
        {
          name: 'column_config',
          type: 'column_config',
          label: i18nKey('Customize columns'),
          description: i18nKey('Per column: d3NumberFormat, d3TimeFormat, horizontalAlign, showCellBars, columnWidth'),
          default: {},
        },
        {
          name: 'conditional_formatting',
          type: 'conditional_formatting',
          label: i18nKey('Conditional formatting'),
          description: i18nKey('Colour numeric cells by threshold rules'),
          default: [],
        },
      ],
    },
  ],
  formDataOverrides: (formData) => ({ ...formData, groupby: formData.groupby ?? formData.columns ?? null }),
};

export default controlPanel;
