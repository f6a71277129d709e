// A time series viz type from its name, series type and defaults; the viz folder supplies metadata and load.
import { definePlugin } from '../../define-plugin';
import type { ChartMetadata, ChartPlugin, ChartPluginSpec } from '../../types';
import { buildTimeseriesQuery } from './build-query';
import { type TimeseriesPanelOptions, timeseriesControlPanel } from './control-panel';
import { type TimeseriesChartProps, transformTimeseriesProps } from './transform-props';

export interface TimeseriesPluginOptions extends TimeseriesPanelOptions {
  vizType: string;
  metadata: Omit<ChartMetadata, 'behaviors' | 'category' | 'isTimeseries'>;
  load: ChartPluginSpec<TimeseriesChartProps>['load'];
}

export function createTimeseriesPlugin(options: TimeseriesPluginOptions): ChartPlugin<TimeseriesChartProps> {
  const defaults = { seriesType: options.seriesType, area: options.area ?? false, stack: options.stack ?? false };
  return definePlugin({
    vizType: options.vizType,
    metadata: {
      ...options.metadata,
      category: 'Evolution',
      behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
      isTimeseries: true,
    },
    controlPanel: timeseriesControlPanel(options),
    buildQuery: buildTimeseriesQuery,
    transformProps: (chartProps) => transformTimeseriesProps(chartProps, defaults),
    load: options.load,
  });
}
