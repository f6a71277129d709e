// Gallery cases of the radar viz type: form data on the dev gallery's sample data, and the recipe on the
// example datasets that e2e/viz-gallery.e2e.test.ts draws in explore.
import { adhocMetric } from '../gallery/example-metrics.js';
import type { VizGalleryCases } from '../gallery/gallery-case.js';
import { avgMax, simple } from '../gallery/sample-metrics.js';

const cases: VizGalleryCases = {
  samples: [
    {
      id: 'radar',
      title: 'Radar — weather profile per city',
      dataset: 'weather',
      formData: {
        groupby: ['city'],
        metrics: [
          avgMax,
          simple('AVG', 'wind', 'Avg wind'),
          simple('SUM', 'precipitation', 'Total rain'),
          simple('MAX', 'temp_max', 'Hottest day'),
        ],
        row_limit: 4,
        number_format: '.1f',
      },
    },
  ],
  example: {
    table: 'cars',
    formData: {
      groupby: ['Origin'],
      metrics: [
        adhocMetric('AVG', 'Miles_per_Gallon', 'Miles per gallon'),
        adhocMetric('AVG', 'Horsepower', 'Horsepower'),
        adhocMetric('AVG', 'Acceleration', 'Acceleration (s)'),
        adhocMetric('AVG', 'Cylinders', 'Cylinders'),
      ],
      number_format: '.1f',
    },
  },
};

export default cases;
