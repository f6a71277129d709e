// Gallery cases of the box_plot viz type: form data on the dev gallery's sample data, and the recipe on the
// example datasets that e2e/viz-gallery.e2e.test.ts draws in explore.
import { avgHigh } from '../gallery/example-metrics.js';
import type { VizGalleryCases } from '../gallery/gallery-case.js';
import { avgMax } from '../gallery/sample-metrics.js';

const cases: VizGalleryCases = {
  samples: [
    {
      id: 'box_plot',
      title: 'Box plot — weekly max temperature per city',
      dataset: 'weather',
      formData: {
        columns: ['ds'],
        groupby: ['city'],
        metrics: [avgMax],
        time_grain_sqla: 'P1W',
        whiskerOptions: 'Tukey',
        number_format: '.1f',
      },
    },
  ],
  example: {
    table: 'weather',
    formData: {
      columns: ['date'],
      time_grain_sqla: 'P1W',
      groupby: ['location'],
      metrics: [avgHigh],
      whiskerOptions: 'Tukey',
      number_format: '.1f',
    },
  },
};

export default cases;
