// Gallery cases of the echarts_timeseries_step viz type: form data on the dev gallery's sample data, and the recipe on the
// example datasets that e2e/viz-gallery.e2e.test.ts draws in explore.
import { adhocMetric } from '../gallery/example-metrics.js';
import type { VizGalleryCases } from '../gallery/gallery-case.js';
import { simple } from '../gallery/sample-metrics.js';

const cases: VizGalleryCases = {
  samples: [
    {
      id: 'echarts_timeseries_step',
      title: 'Stepped line — monthly max wind per city',
      dataset: 'weather',
      formData: {
        x_axis: 'ds',
        time_grain_sqla: 'P1M',
        metrics: [simple('MAX', 'wind', 'Max wind')],
        groupby: ['city'],
        limit: 3,
        seriesType: 'start',
      },
    },
  ],
  example: {
    table: 'stocks',
    formData: {
      x_axis: 'date',
      time_grain_sqla: 'P3M',
      metrics: [adhocMetric('AVG', 'price', 'Price (USD)')],
      groupby: ['symbol'],
      seriesType: 'start',
    },
  },
};

export default cases;
