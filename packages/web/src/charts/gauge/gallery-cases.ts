// Gallery cases of the gauge viz type: form data on the dev gallery's sample data, and the recipe on the
// example datasets that e2e/viz-gallery.e2e.test.ts draws in explore.
import { avgHigh } from '../gallery/example-metrics.js';
import type { VizGalleryCases } from '../gallery/gallery-case.js';
import { avgMax } from '../gallery/sample-metrics.js';

const cases: VizGalleryCases = {
  samples: [
    {
      id: 'gauge',
      title: 'Gauge — average max temperature per city',
      dataset: 'weather',
      formData: {
        groupby: ['city'],
        metric: avgMax,
        min_val: 0,
        max_val: 25,
        value_formatter: '°C',
        number_format: '.1f',
        row_limit: 3,
        overlap: false,
      },
    },
  ],
  example: {
    table: 'weather',
    formData: { groupby: ['location'], metric: avgHigh, min_val: 0, max_val: 25, number_format: '.1f' },
  },
};

export default cases;
