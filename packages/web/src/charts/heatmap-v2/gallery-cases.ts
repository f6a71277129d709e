// Gallery cases of the heatmap_v2 viz type: form data on the dev gallery's sample data, and the recipe on the
// example datasets that e2e/viz-gallery.e2e.test.ts draws in explore.
import { avgHigh, monthly } from '../gallery/example-metrics.js';
import type { VizGalleryCases } from '../gallery/gallery-case.js';
import { avgMax } from '../gallery/sample-metrics.js';

const cases: VizGalleryCases = {
  samples: [
    {
      id: 'heatmap_v2',
      title: 'Heatmap — monthly average max temperature per city',
      dataset: 'weather',
      formData: {
        x_axis: 'ds',
        time_grain_sqla: 'P1M',
        groupby: 'city',
        metric: avgMax,
        x_axis_time_format: '%b %Y',
        y_axis_format: '.1f',
        show_values: true,
        normalize_across: 'heatmap',
      },
    },
  ],
  example: {
    table: 'weather',
    formData: { ...monthly, groupby: 'location', metric: avgHigh, y_axis_format: '.1f' },
  },
};

export default cases;
