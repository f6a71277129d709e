// The galleries' cases, one entry per viz type: each viz type's folder keeps its own in gallery-cases.ts, and this
// index collects them for the dev gallery (ChartGallery), its pipeline test and e2e/viz-gallery.e2e.test.ts. A new
// drawable viz type adds its folder's file here; gallery-cases.test.ts fails until it does.
import bigNumber from '../big-number/gallery-cases.js';
import bigNumberTotal from '../big-number-total/gallery-cases.js';
import boxPlot from '../box-plot/gallery-cases.js';
import bubbleV2 from '../bubble-v2/gallery-cases.js';
import echartsArea from '../echarts-area/gallery-cases.js';
import echartsTimeseriesBar from '../echarts-timeseries-bar/gallery-cases.js';
import echartsTimeseriesLine from '../echarts-timeseries-line/gallery-cases.js';
import echartsTimeseriesScatter from '../echarts-timeseries-scatter/gallery-cases.js';
import echartsTimeseriesSmooth from '../echarts-timeseries-smooth/gallery-cases.js';
import echartsTimeseriesStep from '../echarts-timeseries-step/gallery-cases.js';
import funnel from '../funnel/gallery-cases.js';
import gauge from '../gauge/gallery-cases.js';
import graphChart from '../graph-chart/gallery-cases.js';
import heatmapV2 from '../heatmap-v2/gallery-cases.js';
import histogramV2 from '../histogram-v2/gallery-cases.js';
import mixedTimeseries from '../mixed-timeseries/gallery-cases.js';
import pie from '../pie/gallery-cases.js';
import pivotTableV2 from '../pivot-table-v2/gallery-cases.js';
import radar from '../radar/gallery-cases.js';
import sankeyV2 from '../sankey-v2/gallery-cases.js';
import sunburstV2 from '../sunburst-v2/gallery-cases.js';
import table from '../table/gallery-cases.js';
import treemapV2 from '../treemap-v2/gallery-cases.js';
import waterfall from '../waterfall/gallery-cases.js';
import wordCloud from '../word-cloud/gallery-cases.js';
import worldMap from '../world-map/gallery-cases.js';
import type { ExampleCase, GalleryCase, VizGalleryCases } from './gallery-case.js';

export type { ExampleCase, GalleryCase, VizGalleryCases } from './gallery-case.js';

/** Each drawable viz type's gallery cases, by viz type. */
export const GALLERY_CASES_BY_VIZ_TYPE: Readonly<Record<string, VizGalleryCases>> = {
  table,
  pivot_table_v2: pivotTableV2,
  big_number: bigNumber,
  big_number_total: bigNumberTotal,
  echarts_timeseries_line: echartsTimeseriesLine,
  echarts_timeseries_bar: echartsTimeseriesBar,
  echarts_area: echartsArea,
  echarts_timeseries_scatter: echartsTimeseriesScatter,
  echarts_timeseries_smooth: echartsTimeseriesSmooth,
  echarts_timeseries_step: echartsTimeseriesStep,
  mixed_timeseries: mixedTimeseries,
  pie,
  funnel,
  gauge,
  treemap_v2: treemapV2,
  sunburst_v2: sunburstV2,
  heatmap_v2: heatmapV2,
  histogram_v2: histogramV2,
  box_plot: boxPlot,
  radar,
  waterfall,
  bubble_v2: bubbleV2,
  sankey_v2: sankeyV2,
  graph_chart: graphChart,
  word_cloud: wordCloud,
  world_map: worldMap,
};

/** The dev gallery's charts, viz type by viz type. */
export const GALLERY_CASES: GalleryCase[] = Object.entries(GALLERY_CASES_BY_VIZ_TYPE).flatMap(([vizType, cases]) =>
  cases.samples.map((sample) => ({ ...sample, vizType })),
);

/** The recipe e2e/viz-gallery.e2e.test.ts draws in explore, by viz type. */
export const EXAMPLE_CASES: Readonly<Record<string, ExampleCase>> = Object.fromEntries(
  Object.entries(GALLERY_CASES_BY_VIZ_TYPE).map(([vizType, cases]) => [vizType, cases.example]),
);
