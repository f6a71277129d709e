// The control panel of the ECharts time series viz types; each viz type picks its series type and defaults.
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
  ['line', 'Line'],
  ['scatter', 'Scatter'],
  ['smooth', 'Smooth line'],
  ['bar', 'Bar'],
  ['start', 'Step - start'],
  ['middle', 'Step - middle'],
  ['end', 'Step - end'],
];

export function timeseriesCustomizeControls(options: TimeseriesPanelOptions): ControlConfig[] {
  const lineLike = !options.bar && options.seriesType !== 'scatter';
  return [
    colorScheme(),
    ...(options.seriesTypeChoices
      ? [select('seriesType', 'Series style', SERIES_TYPE_CHOICES, options.seriesType)]
      : []),
    ...(options.bar
      ? [
          select(
            'orientation',
            'Bar orientation',
            [
              ['vertical', 'Vertical'],
              ['horizontal', 'Horizontal'],
            ],
            'vertical',
          ),
        ]
      : []),
    checkbox('show_value', 'Show value', false, { description: 'Show series values on the chart' }),
    select(
      'stack',
      'Stacked style',
      [
        [null, 'None'],
        ['Stack', 'Stack'],
        ['Expand', 'Expand (100%)'],
      ],
      options.stack ? 'Stack' : null,
    ),
    checkbox('only_total', 'Only total', true, {
      description: 'Only show the total value on the stacked chart',
      visibility: (formData) => Boolean(formData.stack) && Boolean(formData.show_value),
    }),
    ...(lineLike
      ? [
          checkbox('area', 'Area chart', options.area ?? false, {
            description: 'Draw an area under the curves',
          }),
          numberControl('opacity', 'Area opacity', 0.2, { visibility: (formData) => formData.area === true }),
        ]
      : []),
    ...(options.bar
      ? []
      : [
          checkbox('markerEnabled', 'Marker', options.seriesType === 'scatter'),
          numberControl('markerSize', 'Marker size', 6),
        ]),
    checkbox('zoomable', 'Data zoom', false),
    checkbox('minorSplitLine', 'Minor split line', false),
    ...legendControls(),
    text('x_axis_title', 'X axis title'),
    numberControl('x_axis_title_margin', 'X axis title margin', 30),
    timeFormat('x_axis_time_format', 'Time format'),
    select(
      'xAxisLabelRotation',
      'Rotate x axis label',
      [
        [0, '0°'],
        [45, '45°'],
        [90, '90°'],
      ],
      0,
    ),
    text('y_axis_title', 'Y axis title'),
    numberControl('y_axis_title_margin', 'Y axis title margin', 40),
    select(
      'y_axis_title_position',
      'Y axis title position',
      [
        ['Left', 'Left'],
        ['Top', 'Top'],
      ],
      'Left',
    ),
    numberFormat('y_axis_format', 'Y axis format'),
    checkbox('logAxis', 'Logarithmic y-axis', false),
    checkbox('truncateYAxis', 'Truncate Y axis', true, {
      description: 'Off, the y-axis starts at zero. Truncated, it spans the data, or the bounds below.',
    }),
    { name: 'y_axis_bounds', type: 'bounds', label: 'Y axis bounds', default: [null, null] },
    checkbox('rich_tooltip', 'Rich tooltip', true, {
      description: 'Shows a list of all series available at that point in time',
    }),
    checkbox('tooltipSortByMetric', 'Tooltip sort by metric', false),
    timeFormat('tooltipTimeFormat', 'Tooltip time format'),
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
          'Contribution mode',
          [
            [null, 'None'],
            ['row', 'Row'],
            ['column', 'Series'],
          ],
          null,
        ),
        adhocFilters(),
        seriesLimit(),
        seriesLimitMetric(),
        orderDesc(),
        rowLimit(),
        checkbox('truncate_metric', 'Truncate metric', true),
        checkbox('show_empty_columns', 'Show empty columns', true),
      ]),
      ADVANCED_ANALYTICS_SECTION,
      ANNOTATION_SECTION,
      { label: 'Chart Options', kind: 'customize', expanded: true, controls: timeseriesCustomizeControls(options) },
    ],
    // A single metric (pie, big number…) becomes the series' metrics.
    formDataOverrides: (formData) => ({
      ...formData,
      ...(formData.metrics?.length || !formData.metric ? {} : { metrics: [formData.metric] }),
    }),
  };
}
