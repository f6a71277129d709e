// Gallery cases of the waterfall viz type: form data on the dev gallery's sample data, and the recipe on the
// example datasets that e2e/viz-gallery.e2e.test.ts draws in explore.
import { adhocMetric, monthly } from '../gallery/example-metrics.js';
import type { VizGalleryCases } from '../gallery/gallery-case.js';
import { simple } from '../gallery/sample-metrics.js';

const cases: VizGalleryCases = {
  samples: [
    {
      id: 'waterfall',
      title: 'Waterfall — monthly sales and costs',
      dataset: 'finance',
      formData: {
        x_axis: 'month',
        time_grain_sqla: 'P1M',
        metric: simple('SUM', 'amount', 'Amount'),
        x_axis_time_format: '%b',
        show_value: true,
        show_legend: true,
      },
    },
  ],
  example: {
    table: 'seattle_weather',
    formData: {
      ...monthly,
      metric: adhocMetric('SUM', 'precipitation', 'Precipitation (mm)'),
      // The time range filters the time column (granularity_sqla), not the x-axis.
      granularity_sqla: 'date',
      time_range: '2015-01-01 : 2016-01-01',
    },
  },
};

export default cases;
