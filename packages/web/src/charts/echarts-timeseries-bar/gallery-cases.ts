// Gallery cases of the echarts_timeseries_bar viz type: form data on the dev gallery's sample data, and the recipe on the
// example datasets that e2e/viz-gallery.e2e.test.ts draws in explore.
import { monthly, precipitation } from '../gallery/example-metrics.js';
import type { VizGalleryCases } from '../gallery/gallery-case.js';
import { simple } from '../gallery/sample-metrics.js';

const cases: VizGalleryCases = {
  samples: [
    {
      id: 'echarts_timeseries_bar',
      title: 'Bar — monthly precipitation per city, stacked',
      dataset: 'weather',
      formData: {
        x_axis: 'ds',
        time_grain_sqla: 'P1M',
        metrics: [simple('SUM', 'precipitation', 'Precipitation (mm)')],
        groupby: ['city'],
        stack: 'Stack',
        show_value: true,
        only_total: true,
        y_axis_format: ',d',
        x_axis_time_format: '%b %Y',
      },
    },
  ],
  example: {
    table: 'weather',
    formData: { ...monthly, metrics: [precipitation], groupby: ['location'], stack: 'Stack', y_axis_format: ',d' },
  },
};

export default cases;
