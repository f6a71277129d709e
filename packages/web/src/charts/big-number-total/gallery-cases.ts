// Gallery cases of the big_number_total viz type: form data on the dev gallery's sample data, and the recipe on the
// example datasets that e2e/viz-gallery.e2e.test.ts draws in explore.
import { sumNum } from '../gallery/example-metrics.js';
import type { VizGalleryCases } from '../gallery/gallery-case.js';
import { births } from '../gallery/sample-metrics.js';

const cases: VizGalleryCases = {
  samples: [
    {
      id: 'big_number_total',
      title: 'Big number — total births',
      dataset: 'birth_names',
      formData: { metric: births, subheader: 'births, 2000–2008', y_axis_format: 'SMART_NUMBER' },
    },
  ],
  example: { table: 'birth_names', formData: { metric: sumNum, subheader: 'babies, 1965–2008' } },
};

export default cases;
