// Gallery cases of the echarts_timeseries_scatter viz type: form data on the dev gallery's sample data, and the recipe on the
// example datasets that e2e/viz-gallery.e2e.test.ts draws in explore.
import { adhocMetric } from '../gallery/example-metrics.js';
import type { VizGalleryCases } from '../gallery/gallery-case.js';
import { simple } from '../gallery/sample-metrics.js';

const cases: VizGalleryCases = {
  samples: [
    {
      id: 'echarts_timeseries_scatter',
      title: 'Scatter — daily wind, the two windiest cities',
      dataset: 'weather',
      formData: {
        x_axis: 'ds',
        time_grain_sqla: 'P1D',
        metrics: [simple('MAX', 'wind', 'Wind (km/h)')],
        groupby: ['city'],
        adhoc_filters: [],
        limit: 2,
        markerSize: 5,
      },
    },
  ],
  example: {
    table: 'weather',
    formData: {
      x_axis: 'date',
      time_grain_sqla: 'P1W',
      metrics: [adhocMetric('MAX', 'wind', 'Max wind (m/s)')],
      groupby: ['location'],
    },
  },
};

export default cases;
