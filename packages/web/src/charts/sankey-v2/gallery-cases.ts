// Gallery cases of the sankey_v2 viz type: form data on the dev gallery's sample data, and the recipe on the
// example datasets that e2e/viz-gallery.e2e.test.ts draws in explore.
import type { VizGalleryCases } from '../gallery/gallery-case.js';
import { simple } from '../gallery/sample-metrics.js';

const cases: VizGalleryCases = {
  samples: [
    {
      id: 'sankey_v2',
      title: 'Sankey — energy flows',
      dataset: 'energy',
      formData: { source: 'source', target: 'target', metric: simple('SUM', 'value', 'TWh') },
    },
    {
      id: 'error',
      title: 'Render failure — a Sankey with a loop',
      dataset: 'loop',
      formData: { source: 'source', target: 'target', metric: simple('SUM', 'value') },
    },
  ],
  example: { table: 'cars', formData: { source: 'Origin', target: 'Cylinders', metric: 'count' } },
};

export default cases;
