// Gallery cases of the pie viz type: form data on the dev gallery's sample data, and the recipe on the
// example datasets that e2e/viz-gallery.e2e.test.ts draws in explore.
import type { VizGalleryCases } from '../gallery/gallery-case.js';
import { births } from '../gallery/sample-metrics.js';

const cases: VizGalleryCases = {
  samples: [
    {
      id: 'pie',
      title: 'Pie — births by name (donut, key and percent labels, total)',
      dataset: 'birth_names',
      formData: {
        groupby: ['name'],
        metric: births,
        row_limit: 10,
        donut: true,
        innerRadius: 40,
        label_type: 'key_percent',
        show_total: true,
        legendOrientation: 'right',
      },
    },
  ],
  example: { table: 'seattle_weather', formData: { groupby: ['weather'], metric: 'count', show_labels: true } },
};

export default cases;
