// Table controls: aggregate or raw mode with their columns, sorting, paging, search, totals and formatting.
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
        'Query mode',
        [
          ['aggregate', 'Aggregate'],
          ['raw', 'Raw records'],
        ],
        'aggregate',
      ),
      groupby('groupby', 'Dimensions', { visibility: aggregate }),
      { ...metrics({ visibility: aggregate, validators: [] }) },
      { ...metrics({ visibility: aggregate, validators: [], label: 'Percentage metrics' }), name: 'percent_metrics' },
      { name: 'all_columns', type: 'columns', label: 'Columns', multi: true, visibility: raw },
      adhocFilters(),
      { ...seriesLimitMetric(), visibility: aggregate },
      { name: 'order_by_cols', type: 'order_by', label: 'Ordering', multi: true, visibility: raw },
      checkbox('order_desc', 'Sort descending', true, { visibility: aggregate }),
      checkbox('server_pagination', 'Server pagination', false),
      select(
        'server_page_length',
        'Server page length',
        [10, 20, 50, 100, 200].map((size): [number, string] => [size, String(size)]),
        10,
        { visibility: (formData) => formData.server_pagination === true },
      ),
      rowLimit(10000),
      checkbox('show_totals', 'Show summary', false, { visibility: aggregate }),
    ]),
    {
      label: 'Options',
      kind: 'customize',
      expanded: true,
      controls: [
        timeFormat('table_timestamp_format', 'Timestamp format'),
        select(
          'page_length',
          'Page length',
          [
            [0, 'All'],
            [10, '10'],
            [20, '20'],
            [50, '50'],
            [100, '100'],
            [200, '200'],
          ],
          0,
          { visibility: (formData) => formData.server_pagination !== true },
        ),
        checkbox('include_search', 'Search box', false),
        checkbox('show_cell_bars', 'Cell bars', true),
        checkbox('align_pn', 'Align +/-', false),
        checkbox('color_pn', 'Add colors to cell bars for +/-', true),
        checkbox('allow_rearrange_columns', 'Allow sorting columns', true),
        numberControl('row_height', 'Row height', 32),
        {
          name: 'column_config',
          type: 'column_config',
          label: 'Customize columns',
          description: 'Per column: d3NumberFormat, d3TimeFormat, horizontalAlign, showCellBars, columnWidth',
          default: {},
        },
        {
          name: 'conditional_formatting',
          type: 'conditional_formatting',
          label: 'Conditional formatting',
          description: 'Colour numeric cells by threshold rules',
          default: [],
        },
      ],
    },
  ],
  formDataOverrides: (formData) => ({ ...formData, groupby: formData.groupby ?? formData.columns ?? null }),
};

export default controlPanel;
