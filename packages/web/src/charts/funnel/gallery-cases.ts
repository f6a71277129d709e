// Gallery cases of the funnel viz type: form data on the dev gallery's sample data, and the recipe on the
// example datasets that e2e/viz-gallery.e2e.test.ts draws in explore.
import { sumNum } from '../gallery/example-metrics.js';
import type { VizGalleryCases } from '../gallery/gallery-case.js';
import { simple } from '../gallery/sample-metrics.js';

const cases: VizGalleryCases = {
  samples: [
    {
      id: 'funnel',
      title: 'Funnel — shop conversion',
      dataset: 'funnel',
      formData: {
        groupby: ['stage'],
        metric: simple('SUM', 'users', 'Users'),
        label_type: 'key_percent',
        show_legend: false,
      },
    },
  ],
  example: { table: 'birth_names', formData: { groupby: ['state'], metric: sumNum, row_limit: 8 } },
};

export default cases;
