// Gallery cases of the histogram_v2 viz type: form data on the dev gallery's sample data, and the recipe on the
// example datasets that e2e/viz-gallery.e2e.test.ts draws in explore.
import type { VizGalleryCases } from '../gallery/gallery-case.js';

const cases: VizGalleryCases = {
  samples: [
    {
      id: 'histogram_v2',
      title: 'Histogram — daily max temperature per city',
      dataset: 'weather',
      formData: {
        column: 'temp_max',
        groupby: ['city'],
        bins: 12,
        x_axis_title: '°C',
        x_axis_format: '.1f',
        row_limit: 10000,
      },
    },
  ],
  example: {
    table: 'weather',
    formData: { column: 'temp_max', groupby: ['location'], bins: 20, row_limit: 10000 },
  },
};

export default cases;
