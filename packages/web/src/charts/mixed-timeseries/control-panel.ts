// Mixed chart controls: a shared x-axis, then query A and query B each with metrics, dimensions, filters and
// series style.

import { i18nKey } from '../../i18n/i18n';
import {
  ANNOTATION_SECTION,
  adhocFilters,
  checkbox,
  DATASOURCE_SECTION,
  groupby,
  metrics,
  numberFormat,
  orderDesc,
  rowLimit,
  select,
  seriesLimit,
  seriesLimitMetric,
  TIME_SECTION,
  text,
  timeGrain,
  xAxis,
} from '../shared/controls';
import { timeseriesCustomizeControls } from '../shared/timeseries/control-panel';
import type { ControlConfig, ControlPanelConfig } from '../types';

const SERIES_TYPES: Array<[string, string]> = [
  ['line', i18nKey('Line')],
  ['scatter', i18nKey('Scatter')],
  ['smooth', i18nKey('Smooth line')],
  ['bar', i18nKey('Bar')],
  ['start', i18nKey('Step - start')],
  ['middle', i18nKey('Step - middle')],
  ['end', i18nKey('Step - end')],
];

function queryControls(suffix: '' | '_b'): ControlConfig[] {
  return [
    { ...metrics(), name: `metrics${suffix}` },
    groupby(`groupby${suffix}`),
    adhocFilters(`adhoc_filters${suffix}`),
    seriesLimit(`limit${suffix}`),
    seriesLimitMetric(`timeseries_limit_metric${suffix}`),
    orderDesc(`order_desc${suffix}`),
  ];
}

function styleControls(suffix: '' | 'B', label: string, defaultType: string, defaultAxis: number): ControlConfig[] {
  return [
    select(`seriesType${suffix}`, `${label} series style`, SERIES_TYPES, defaultType),
    select(
      `yAxisIndex${suffix}`,
      `${label} y-axis`,
      [
        [0, i18nKey('Primary')],
        [1, i18nKey('Secondary')],
      ],
      defaultAxis,
    ),
    checkbox(`show_value${suffix}`, `${label}: show value`, false),
    checkbox(`stack${suffix}`, `${label}: stack series`, false),
    checkbox(`area${suffix}`, `${label}: area chart`, false),
    checkbox(`markerEnabled${suffix}`, `${label}: marker`, false),
  ];
}

const shared = timeseriesCustomizeControls({ seriesType: 'line' }).filter((control) =>
  [
    'color_scheme',
    'zoomable',
    'show_legend',
    'legendType',
    'legendOrientation',
    'x_axis_title',
    'x_axis_time_format',
    'xAxisLabelRotation',
    'rich_tooltip',
    'tooltipTimeFormat',
  ].includes(control.name),
);

const controlPanel: ControlPanelConfig = {
  sections: [
    DATASOURCE_SECTION,
    TIME_SECTION,
    {
      label: i18nKey('Shared query fields'),
      kind: 'query',
      expanded: true,
      controls: [xAxis(), timeGrain(), rowLimit()],
    },
    { label: i18nKey('Query A'), kind: 'query', expanded: true, controls: queryControls('') },
    { label: i18nKey('Query B'), kind: 'query', expanded: false, controls: queryControls('_b') },
    ANNOTATION_SECTION,
    {
      label: i18nKey('Chart Options'),
      kind: 'customize',
      expanded: true,
      controls: [
        ...shared,
        ...styleControls('', 'Query A', 'line', 0),
        ...styleControls('B', 'Query B', 'bar', 1),
        text('y_axis_title', i18nKey('Primary y-axis title')),
        numberFormat('y_axis_format', i18nKey('Primary y-axis format')),
        checkbox('logAxis', i18nKey('Logarithmic y-axis'), false),
        text('yAxisTitleSecondary', i18nKey('Secondary y-axis title')),
        numberFormat('y_axis_format_secondary', i18nKey('Secondary y-axis format')),
        checkbox('logAxisSecondary', i18nKey('Logarithmic secondary y-axis'), false),
      ],
    },
  ],
};

export default controlPanel;
