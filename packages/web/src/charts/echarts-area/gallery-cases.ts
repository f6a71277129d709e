// Gallery cases of the echarts_area viz type: form data on the dev gallery's sample data, and the recipe on the
// example datasets that e2e/viz-gallery.e2e.test.ts draws in explore.
import { sumNum } from '../gallery/example-metrics.js';
import type { VizGalleryCases } from '../gallery/gallery-case.js';
import { births } from '../gallery/sample-metrics.js';

const cases: VizGalleryCases = {
  samples: [
    {
      id: 'echarts_area',
      title: 'Area — births per year by gender, stacked',
      dataset: 'birth_names',
      formData: {
        x_axis: 'ds',
        time_grain_sqla: 'P1Y',
        metrics: [births],
        groupby: ['gender'],
        opacity: 0.6,
        x_axis_time_format: '%Y',
      },
    },
  ],
  example: {
    table: 'birth_names',
    formData: { x_axis: 'ds', time_grain_sqla: 'P1Y', metrics: [sumNum], groupby: ['gender'], stack: 'Stack' },
  },
};

export default cases;
