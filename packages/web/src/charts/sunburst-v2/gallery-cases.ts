// Gallery cases of the sunburst_v2 viz type: form data on the dev gallery's sample data, and the recipe on the
// example datasets that e2e/viz-gallery.e2e.test.ts draws in explore.
import { sumNum } from '../gallery/example-metrics.js';
import type { VizGalleryCases } from '../gallery/gallery-case.js';
import { births } from '../gallery/sample-metrics.js';

const cases: VizGalleryCases = {
  samples: [
    {
      id: 'sunburst_v2',
      title: 'Sunburst — births by gender and name',
      dataset: 'birth_names',
      formData: { columns: ['gender', 'name'], metric: births, show_total: true },
    },
  ],
  example: { table: 'birth_names', formData: { columns: ['gender', 'state'], metric: sumNum } },
};

export default cases;
