// Gallery cases of the echarts_timeseries_line viz type: form data on the dev gallery's sample data, and the recipe on the
// example datasets that e2e/viz-gallery.e2e.test.ts draws in explore.
import { avgHigh, monthly } from '../gallery/example-metrics.js';
import type { VizGalleryCases } from '../gallery/gallery-case.js';
import { simple, weatherSeries } from '../gallery/sample-metrics.js';

const cases: VizGalleryCases = {
  samples: [
    {
      id: 'echarts_timeseries_line',
      title: 'Line — weekly max temperature per city',
      dataset: 'weather',
      formData: { ...weatherSeries, rich_tooltip: true, markerEnabled: false },
    },
    {
      id: 'empty',
      title: 'Empty state — a query without rows',
      dataset: 'empty',
      formData: { x_axis: 'ds', time_grain_sqla: 'P1D', metrics: [simple('MAX', 'temp_max')], groupby: ['city'] },
    },
  ],
  example: {
    table: 'weather',
    formData: { ...monthly, metrics: [avgHigh], groupby: ['location'], y_axis_format: '.1f' },
  },
};

export default cases;
