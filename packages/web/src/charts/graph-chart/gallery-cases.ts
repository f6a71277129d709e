// Gallery cases of the graph_chart viz type: form data on the dev gallery's sample data, and the recipe on the
// example datasets that e2e/viz-gallery.e2e.test.ts draws in explore.
import type { VizGalleryCases } from '../gallery/gallery-case.js';
import { simple } from '../gallery/sample-metrics.js';

const cases: VizGalleryCases = {
  samples: [
    {
      id: 'graph_chart',
      title: 'Graph — flight routes by region',
      dataset: 'routes',
      formData: {
        source: 'origin',
        target: 'destination',
        source_category: 'origin_region',
        target_category: 'destination_region',
        metric: simple('SUM', 'flights', 'Flights'),
        layout: 'force',
        edgeLength: 120,
        repulsion: 500,
      },
    },
  ],
  example: {
    table: 'flights',
    formData: { source: 'ORIGIN_AIRPORT', target: 'DESTINATION_AIRPORT', metric: 'count', row_limit: 60 },
  },
};

export default cases;
