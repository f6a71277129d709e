// Registers every viz type. Metadata, control panels, buildQuery and transformProps are light; each chart
// component (and ECharts with it) loads only when a chart of that type is drawn.
import bigNumber from './big-number';
import bigNumberTotal from './big-number-total';
import boxPlot from './box-plot';
import bubble from './bubble-v2';
import area from './echarts-area';
import bar from './echarts-timeseries-bar';
import line from './echarts-timeseries-line';
import scatter from './echarts-timeseries-scatter';
import smooth from './echarts-timeseries-smooth';
import step from './echarts-timeseries-step';
import funnel from './funnel';
import gauge from './gauge';
import graph from './graph-chart';
import heatmap from './heatmap-v2';
import histogram from './histogram-v2';
import mixed from './mixed-timeseries';
import pie from './pie';
import pivotTable from './pivot-table-v2';
import radar from './radar';
import { getChartPlugin, registerChartPlugin } from './registry';
import sankey from './sankey-v2';
import { SEMANTIC_PLUGINS } from './semantic-plugins';
import sunburst from './sunburst-v2';
import table from './table';
import treemap from './treemap-v2';
import type { ChartPlugin } from './types';
import waterfall from './waterfall';
import wordCloud from './word-cloud';
import worldMap from './world-map';

export const ALL_CHART_PLUGINS: readonly ChartPlugin[] = [
  table,
  pivotTable,
  bigNumber,
  bigNumberTotal,
  line,
  bar,
  area,
  scatter,
  smooth,
  step,
  mixed,
  pie,
  funnel,
  gauge,
  treemap,
  sunburst,
  heatmap,
  histogram,
  boxPlot,
  radar,
  waterfall,
  bubble,
  sankey,
  graph,
  wordCloud,
  worldMap,
];

/** Registers every viz type once; later calls do nothing. */
export function registerAllCharts(): void {
  for (const plugin of [...ALL_CHART_PLUGINS, ...SEMANTIC_PLUGINS]) {
    if (!getChartPlugin(plugin.vizType)) registerChartPlugin(plugin);
  }
}
