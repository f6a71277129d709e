// The control panel of the ECharts time series viz types; each viz type picks its series type and defaults.

import { i18nKey } from '../../../i18n/i18n';
import type { ControlConfig, ControlPanelConfig } from '../../types';
import {
  ADVANCED_ANALYTICS_SECTION,
  ANNOTATION_SECTION,
  adhocFilters,
  checkbox,
  colorScheme,
  DATASOURCE_SECTION,
  groupby,
  legendControls,
  metrics,
  numberControl,
  numberFormat,
  orderDesc,
  querySection,
  rowLimit,
  select,
  seriesLimit,
  seriesLimitMetric,
  TIME_SECTION,
  text,
  timeFormat,
  timeGrain,
  xAxis,
} from '../controls';
import type { SeriesType } from './series';

export interface TimeseriesPanelOptions {
  seriesType: SeriesType;
  /** Line-like charts may switch between line types; bar and scatter keep theirs. */
  seriesTypeChoices?: boolean;
  stack?: boolean;
  area?: boolean;
  bar?: boolean;
}

const SERIES_TYPE_CHOICES: Array<[string, string]> = [
  ['line', i18nKey('Line')],
  ['scatter', i18nKey('Scatter')],
  ['smooth', i18nKey('Smooth line')],
  ['bar', i18nKey('Bar')],
  ['start', i18nKey('Step - start')],
  ['middle', i18nKey('Step - middle')],
  ['end', i18nKey('Step - end')],
];

export function timeseriesCustomizeControls(options: TimeseriesPanelOptions): ControlConfig[] {
  const lineLike = !options.bar && options.seriesType !== 'scatter';
  return [
    colorScheme(),
    ...(options.seriesTypeChoices
      ? [select('seriesType', i18nKey('Series style'), SERIES_TYPE_CHOICES, options.seriesType)]
      : []),
    ...(options.bar
      ? [
          select(
            'orientation',
            i18nKey('Bar orientation'),
            [
              ['vertical', i18nKey('Vertical')],
              ['horizontal', i18nKey('Horizontal')],
            ],
            'vertical',
          ),
        ]
      : []),
    checkbox('show_value', i18nKey('Show value'), false, { description: i18nKey('Show series values on the chart') }),
    select(
      'stack',
      i18nKey('Stacked style'),
      [
        [null, i18nKey('None')],
        ['Stack', i18nKey('Stack')],
        ['Expand', i18nKey('Expand (100%)')],
      ],
      options.stack ? 'Stack' : null,
    ),
    checkbox('only_total', i18nKey('Only total'), true, {
      description: i18nKey('Only show the total value on the stacked chart'),
      visibility: (formData) => Boolean(formData.stack) && Boolean(formData.show_value),
    }),
    ...(lineLike
      ? [
          checkbox('area', i18nKey('Area chart'), options.area ?? false, {
            description: i18nKey('Draw an area under the curves'),
          }),
          numberControl('opacity', i18nKey('Area opacity'), 0.2, { visibility: (formData) => formData.area === true }),
        ]
      : []),
    ...(options.bar
      ? []
      : [
          checkbox('markerEnabled', i18nKey('Marker'), options.seriesType === 'scatter'),
          numberControl('markerSize', i18nKey('Marker size'), 6),
        ]),
    checkbox('zoomable', i18nKey('Data zoom'), false),
    checkbox('minorSplitLine', i18nKey('Minor split line'), false),
    ...legendControls(),
    text('x_axis_title', i18nKey('X axis title')),
    numberControl('x_axis_title_margin', i18nKey('X axis title margin'), 30),
    timeFormat('x_axis_time_format', i18nKey('Time format')),
    select(
      'xAxisLabelRotation',
      i18nKey('Rotate x axis label'),
      [
        [0, '0°'],
        [45, '45°'],
        [90, '90°'],
      ],
      0,
    ),
    text('y_axis_title', i18nKey('Y axis title')),
    numberControl('y_axis_title_margin', i18nKey('Y axis title margin'), 40),
    select(
      'y_axis_title_position',
      i18nKey('Y axis title position'),
      [
        ['Left', i18nKey('Left')],
        ['Top', i18nKey('Top')],
      ],
      'Left',
    ),
    numberFormat('y_axis_format', i18nKey('Y axis format')),
    checkbox('logAxis', i18nKey('Logarithmic y-axis'), false),
    checkbox('truncateYAxis', i18nKey('Truncate Y axis'), true, {
      description: i18nKey('Off, the y-axis starts at zero. Truncated, it spans the data, or the bounds below.'),
    }),
    { name: 'y_axis_bounds', type: 'bounds', label: i18nKey('Y axis bounds'), default: [null, null] },
    checkbox('rich_tooltip', i18nKey('Rich tooltip'), true, {
      description: i18nKey('Shows a list of all series available at that point in time'),
    }),
    checkbox('tooltipSortByMetric', i18nKey('Tooltip sort by metric'), false),
    timeFormat('tooltipTimeFormat', i18nKey('Tooltip time format')),
  ];
}

export function timeseriesControlPanel(options: TimeseriesPanelOptions): ControlPanelConfig {
  return {
    sections: [
      DATASOURCE_SECTION,
      TIME_SECTION,
      querySection([
        xAxis(),
        timeGrain(),
        metrics(),
        groupby(),
        select(
          'contributionMode',
          i18nKey('Contribution mode'),
          [
            [null, i18nKey('None')],
            ['row', i18nKey('Row')],
            ['column', i18nKey('Series')],
          ],
          null,
        ),
        adhocFilters(),
        seriesLimit(),
        seriesLimitMetric(),
        orderDesc(),
        rowLimit(),
        checkbox('truncate_metric', i18nKey('Truncate metric'), true),
        checkbox('show_empty_columns', i18nKey('Show empty columns'), true),
      ]),
      ADVANCED_ANALYTICS_SECTION,
      ANNOTATION_SECTION,
      {
        label: i18nKey('Chart Options'),
        kind: 'customize',
        expanded: true,
        controls: timeseriesCustomizeControls(options),
      },
    ],
    // A single metric (pie, big number…) becomes the series' metrics.
    formDataOverrides: (formData) => ({
      ...formData,
      ...(formData.metrics?.length || !formData.metric ? {} : { metrics: [formData.metric] }),
    }),
  };
}
