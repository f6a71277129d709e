// Gallery cases of the word_cloud viz type: form data on the dev gallery's sample data, and the recipe on the
// example datasets that e2e/viz-gallery.e2e.test.ts draws in explore.
import { sumNum } from '../gallery/example-metrics.js';
import type { VizGalleryCases } from '../gallery/gallery-case.js';
import { births } from '../gallery/sample-metrics.js';

const cases: VizGalleryCases = {
  samples: [
    {
      id: 'word_cloud',
      title: 'Word cloud — most popular names',
      dataset: 'birth_names',
      formData: { series: 'name', metric: births, size_from: 12, size_to: 64, rotation: 'square', row_limit: 100 },
    },
  ],
  example: { table: 'birth_names', formData: { series: 'name', metric: sumNum, row_limit: 100 } },
};

export default cases;
